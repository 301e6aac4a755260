"""The discard helper at Classic (docs/classic.md#the-discard-helper): waits and copies
left equal an independent count from the seat's view, the distance to Mah Jong, and
hidden tiles never change a number."""

from __future__ import annotations

import random
from dataclasses import replace

from games.classic import bots
from games.classic.engine import apply, legal_actions, new_game, view, waiting_for
from games.classic.engine.helper import helper
from games.classic.engine.rules import Options
from tests.classic.engine.helpers import table
from tests.tables.independent import CLASSIC_KINDS, expected, shown_by

HAND = "1D 2D 3D 4D 5D 6D 7B 8B 9B 2B 3B N N 9D"
OTHERS = [
    "1B 1B 9C 9C 9C E E E S S S W W",
    "Wh Wh Wh G G G R R R 1C 1C 1C W",
    "4B 4B 5C 5C 5C 6C 6C 6C 7C 7C 7C 8C 8C",
]


def test_a_hand_built_position():
    state = table([HAND, *OTHERS])
    shown = helper(view(state, 0), edition=2)
    assert shown_by(shown) == {"9D": {"1B": 4, "4B": 4}}  # the others' 1B and 4B are hidden
    assert shown.distance == 0


def test_distance_to_mah_jong():
    state = table(["1D 2D 3D 4D 5D 6D 7B 8B 9B 2B 3B N N 9D", *OTHERS])
    assert helper(view(state, 0), edition=2).distance == 0
    state = table(["1D 2D 3D 4D 5D 6D 7B 8B 9B 2B 3B 4B N N", *OTHERS])
    assert helper(view(state, 0), edition=2).distance == -1  # a winning hand
    state = table(["1C 9C 1D 9D 1B 9B E S W N Wh G 5D 5B", *OTHERS])
    far = helper(view(state, 0), edition=2)
    assert far.distance == 1 and far.ready == ()  # thirteen orphans is one tile away...
    assert helper(view(state, 0), edition=1).distance > 1  # ... not in the first edition


def test_thirteen_orphans_waits_from_the_second_edition():
    orphans = "1C 9C 1D 9D 1B 9B E S W N Wh G R 5D"
    state = table([orphans, *OTHERS])
    second = shown_by(helper(view(state, 0), edition=2))
    assert set(second["5D"]) == {
        "1C",
        "9C",
        "1D",
        "9D",
        "1B",
        "9B",
        "E",
        "S",
        "W",
        "N",
        "Wh",
        "G",
        "R",
    }
    assert second["5D"]["1C"] == 3
    assert shown_by(helper(view(state, 0), edition=1)) == {}


def _positions(seed: int, limit: int):
    """States of a game the normal bots play where a seat is to discard."""
    state = new_game(Options(), seed)
    for index in range(limit):
        if state.phase == "game-end":
            return
        seat = min(waiting_for(state))
        if any(a.move == "d" for a in legal_actions(state, seat)):
            yield state, seat
        rng = bots.decision_rng(seed, seat, index)
        state = apply(state, bots.choose("normal", view(state, seat), rng))


def test_waits_and_counts_equal_an_independent_count():
    checked = ready = 0
    for seed in (5, 17):
        for state, seat in _positions(seed, 500):
            me = view(state, seat)
            found = shown_by(helper(me, edition=2))
            orphans = not me.seats[seat].melds
            assert found == expected(me, CLASSIC_KINDS, special=False, orphans=orphans)
            checked += 1
            ready += bool(found)
    assert checked > 100 and ready > 0


def test_hidden_tiles_never_change_a_number():
    """The same seat's view with the others' hands and the wall shuffled among
    themselves: every number of the helper stays."""
    for state, seat in _positions(7, 300):
        hidden = list(state.wall)
        for other, player in enumerate(state.players):
            if other != seat:
                hidden += player.hand
        random.Random(len(hidden)).shuffle(hidden)
        players = list(state.players)
        wall = tuple(hidden[: len(state.wall)])
        rest = hidden[len(state.wall) :]
        for other, player in enumerate(state.players):
            if other != seat:
                players[other] = replace(player, hand=tuple(sorted(rest[: len(player.hand)])))
                rest = rest[len(player.hand) :]
        shuffled = replace(state, wall=wall, players=tuple(players))
        assert shuffled != state or not hidden
        assert view(shuffled, seat) == view(state, seat)
        assert helper(view(shuffled, seat), 2) == helper(view(state, seat), 2)
