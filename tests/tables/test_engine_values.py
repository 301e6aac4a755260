"""The engines' shared ``replace`` (games/tables/engine/values.py)."""

from __future__ import annotations

import dataclasses

import pytest

from games.classic.engine import new_game as classic_game
from games.sanma.engine import Options, new_game
from games.tables.engine.values import replace


@pytest.mark.parametrize(
    "state", [new_game(Options(), 7), classic_game(seed=7)], ids=["sanma", "classic"]
)
def test_replace_gives_what_dataclasses_replace_gives_and_leaves_the_value_alone(state):
    hand = getattr(state, "hand", state)  # Sanma's hand, Classic's whole state
    turn = (hand.turn + 1) % 3
    changed = replace(hand, turn=turn)
    assert changed == dataclasses.replace(hand, turn=turn)
    assert changed.turn == turn and hand.turn != turn  # the value itself is unchanged
    assert type(changed) is type(hand)
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.turn = 0  # still frozen
