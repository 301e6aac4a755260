"""The discard helper at Sanma (docs/tables.md#the-discard-helper): its waits and the
copies left equal an independent count from the seat's view, and hidden tiles never
change a number."""

from __future__ import annotations

from games.sanma import bots
from games.sanma.engine import Action, apply, legal_actions, new_game, view, waiting_for
from games.sanma.engine.analysis import helper
from games.sanma.engine.state import Options
from tests.sanma.engine.helpers import play, position
from tests.tables.independent import SANMA_KINDS, expected, shown_by

HAND = "1D 2D 3D 4D 5D 6D 7B 8B 9B 2B 3B N N"


def test_a_hand_built_position():
    state = position(
        (HAND, "1B 1B 9C 9C 9C E E E S S S W W", "Wh Wh Wh G G G R R R 1C 1C 1C W"),
        draws="9D",
        indicators="4B",
    )
    shown = helper(view(state, 0))
    assert shown_by(shown) == {"9D": {"1B": 4, "4B": 3}}  # the indicator 4B is seen
    assert shown.for_tile("9D").left == 7
    assert shown.for_tile("N") is None


def test_ponds_melds_and_indicators_count_as_seen():
    # The dealer throws 9D; seat 1 throws 1B, seat 2 throws 4B: the dealer, again in
    # turn, has drawn 5B and sees one 1B and one 4B in the ponds and a 4B indicator.
    state = position(
        (HAND, "1B 1C 1C 9C 9C 9C E E E S S S W", "4B Wh Wh Wh G G G R R R 1C 1C W"),
        draws="9D E W 5B",
        indicators="4B",
    )
    state = play(state, "0 d:9D", "1 d:1B", "0 pass", "2 d:4B")
    me = view(state, 0)
    assert me.drawn == "5B"
    shown = helper(me)
    assert shown_by(shown)["5B"] == {"1B": 3, "4B": 2}
    assert shown_by(shown) == expected(
        me, SANMA_KINDS, special=True, orphans=False, also_open=me.dora
    )


def test_seven_pairs_waits():
    state = position(("1D 1D 3D 3D 5D 5D 7B 7B 9B 9B E E R", "", ""), draws="G")
    shown = shown_by(helper(view(state, 0)))
    assert shown["G"] == {"R": 3} and shown["R"] == {"G": 3}  # the one in hand is seen


def _positions(seed: int, limit: int):
    """States of a game the normal bots play where a seat is to discard."""
    state = new_game(Options(length="east"), seed)
    for index in range(limit):
        if state.phase == "game-end":
            return
        seat = min(waiting_for(state))
        if any(a.move == "d" for a in legal_actions(state, seat)):
            yield state, seat
        state = apply(
            state, bots.choose("normal", view(state, seat), bots.rng_for(seed, index, seat))
        )


def test_waits_and_counts_equal_an_independent_count():
    checked = ready = 0
    for seed in (3, 11):
        for state, seat in _positions(seed, 300):
            me = view(state, seat)
            found = shown_by(helper(me))
            assert found == expected(
                me, SANMA_KINDS, special=True, orphans=False, also_open=me.dora
            )
            checked += 1
            ready += bool(found)
    assert checked > 100 and ready > 0


def test_hidden_tiles_never_change_a_number():
    # The same seat's view from two walls: the others' hands and the live wall differ.
    draws = "9D"
    one = position(
        (HAND, "1B 1B 9C 9C 9C E E E S S S W W", "Wh Wh Wh G G G R R R 1C 1C 1C W"), draws=draws
    )
    other = position(
        (HAND, "Wh Wh Wh G G G R R R 1C 1C 1C W", "1B 1B 9C 9C 9C E E E S S S W W"),
        draws=draws + " 1B 4B 4B",
    )
    assert view(one, 0) == view(other, 0)
    assert helper(view(one, 0)) == helper(view(other, 0))
    assert one.hand.wall != other.hand.wall


def test_only_what_the_seat_may_discard():
    state = position((HAND, "", ""), draws="9D")
    other = view(state, 1)  # not in turn: nothing to discard, nothing to help with
    assert helper(other).ready == ()
    assert Action(0, "d", "9D") in legal_actions(state, 0)
