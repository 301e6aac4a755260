"""The Expert against a riichi: it pushes a ready hand and folds one that is not.

The dealer declares riichi on its first discard (a 5 of bamboo); the Expert, next seat,
has drawn a dangerous 3 of circles (dora) and holds two 5s of bamboo, the only tiles
safe against the riichi.
"""

from __future__ import annotations

from games.sanma import bots
from games.sanma.bots import value
from games.sanma.bots.reading import Reading
from games.sanma.engine import Action, Options, apply, view, waiting_for
from tests.sanma.engine.helpers import position

RIICHI_HAND = "1D 2D 3D 4D 5D 6D 7D 8D 9D 1B 1B 9B 9B"  # draws 5B, riichi discarding it
OTHER_HAND = "1C 1C 9C 9C E E S S W W Wh G R"
TENPAI = "2D 3D 4D 6D 7D 8D 2B 3B 4B 7B 8B 5B 5B"  # all simples, waits on 6B and 9B
ONE_AWAY = "2D 3D 3D 6D 7D 8D 2B 3B 4B 7B 9D 5B 5B"  # one tile from tenpai, three dora


def facing_riichi(hand: str):
    state = position(
        (RIICHI_HAND, hand, OTHER_HAND),
        draws="5B 3D",
        indicators="2D",  # the 3s of circles are dora
        options=Options(length="east", red_fives=False),
    )
    state = apply(state, Action(0, "riichi", "5B"))
    while state.phase == "call":
        state = apply(state, Action(min(waiting_for(state)), "pass"))
    seen = view(state, 1)
    assert seen.drawn == "3D" and seen.seats[0].riichi
    return seen


def expert(seen) -> str:
    return bots.choose("expert", seen, bots.rng_for(5, seen.version, seen.seat)).text


def test_it_pushes_a_ready_hand_against_a_riichi():
    assert expert(facing_riichi(TENPAI)) == "riichi:3D"


def test_it_folds_a_valuable_hand_one_away_from_ready():
    seen = facing_riichi(ONE_AWAY)
    assert value.estimate(Reading(seen)) >= 7700  # worth a lot, and still not a deal-in
    assert expert(seen) == "d:5B"
