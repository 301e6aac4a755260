"""The Mahjong Master: legal in whole games, deterministic, and aware of placement.

The placement positions: the dealer declares riichi on its first discard (a 5 of
bamboo); the next seat, the master, has drawn a dangerous 3 of circles and holds two
5s of bamboo, the only tiles safe against the riichi. Pushing keeps the hand,
folding gives up its pair.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.sanma import bots
from games.sanma.bots import selfplay
from games.sanma.bots.master import Stakes, placement_weight
from games.sanma.bots.reading import Reading
from games.sanma.engine import Action, Options, apply, new_game, view, waiting_for
from tests.sanma.engine.helpers import position

RIICHI_HAND = "1D 2D 3D 4D 5D 6D 7D 8D 9D 1B 1B 9B 9B"  # draws 5B, riichi discarding it
OTHER_HAND = "1C 1C 9C 9C E E S S W W Wh G R"
TENPAI = "2D 3D 4D 6D 7D 8D 2B 3B 4B 7B 8B 5B 5B"  # all simples, waits on 6B and 9B
ONE_AWAY = "2D 3D 4D 6D 7D 8D 2B 3B 4B 7B 9D 5B 5B"  # one tile from tenpai


def facing_riichi(hand: str, scores: tuple[int, int, int], last_hand: bool):
    """The master's view after the dealer's riichi: East 1 at even scores, or East 3."""
    hand_in_round = 2 if last_hand else 0  # the dealer: seat 2 in East 3, seat 0 in East 1
    dealer, me = hand_in_round, (hand_in_round + 1) % 3
    state = position(
        (RIICHI_HAND, hand, OTHER_HAND),
        draws="5B 3D",
        options=Options(length="east", red_fives=False),
        scores=scores,
        hand_in_round=hand_in_round,
    )
    state = apply(state, Action(dealer, "riichi", "5B"))
    while state.phase == "call":
        state = apply(state, Action(min(waiting_for(state)), "pass"))
    seen = view(state, me)
    assert seen.drawn == "3D" and seen.seats[dealer].riichi
    return seen


def master(seen) -> str:
    return bots.choose("master", seen, bots.rng_for(5, seen.version, seen.seat)).text


EVEN = (35_000, 35_000, 35_000)


def test_early_in_the_game_it_pushes_a_tenpai_hand_against_a_riichi():
    assert master(facing_riichi(TENPAI, EVEN, last_hand=False)) == "riichi:3D"


def test_a_ready_hand_plays_as_the_experts_even_leading_in_the_last_hand():
    # Seat 0 leads; a deal-in to the dealer's riichi would drop it to last place, but a
    # win ends the game with it first: weighing this by placement lost in the ladder.
    seen = facing_riichi(TENPAI, (40_000, 30_000, 37_000), last_hand=True)
    assert master(seen) == "riichi:3D"
    assert bots.choose("expert", seen, bots.rng_for(5, 0, 0)).text == "riichi:3D"


def test_early_in_the_game_it_folds_a_hand_one_away_from_tenpai():
    assert master(facing_riichi(ONE_AWAY, EVEN, last_hand=False)) == "d:5B"


def test_behind_in_the_last_hand_it_pushes_the_weak_hand_a_win_would_lift():
    # Last, 2,000 behind: any win moves it up, a deal-in cannot put it lower.
    seen = facing_riichi(ONE_AWAY, (33_000, 36_000, 36_000), last_hand=True)
    assert master(seen) == "d:3D"


def test_far_behind_with_no_place_to_win_it_folds_as_early_in_the_game():
    seen = facing_riichi(ONE_AWAY, (10_000, 50_000, 45_000), last_hand=True)
    assert master(seen) == "d:5B"


def test_placement_counts_in_the_last_hand_only():
    assert placement_weight("east", "E3") == 1.0
    assert placement_weight("east", "E2") == 0.0
    assert placement_weight("east", "E2", before_last=0.5) == 0.5
    assert placement_weight("east", "E1") == 0.0
    assert placement_weight("east-south", "E3") == 0.0
    assert placement_weight("east-south", "S3") == 1.0
    assert placement_weight("one-hand", "E1") == 0.0  # no placement points there


def test_a_leaders_deal_in_costs_its_place_too():
    seen = facing_riichi(TENPAI, (40_000, 30_000, 37_000), last_hand=True)
    r = Reading(seen)
    last = Stakes(r, placement_weight("east", "E3"))
    early = Stakes(r, 0.0)
    assert early.deal_in(8000, winner=2) == 8000
    # 32,000 against 44,000 and 30,000: first to second, 15 placement points.
    assert last.deal_in(8000, winner=2) == 8000 + 15_000
    # A win cannot improve first place: it is worth its points alone.
    assert last.win(2000) == early.win(2000)


def test_the_same_view_and_generator_give_the_same_action():
    state = new_game(Options(length="east"), 3)
    seen_views = []
    while state.phase != "game-end" and len(seen_views) < 150:
        seat = min(waiting_for(state))
        seen = view(state, seat)
        action = bots.choose("master", seen, bots.rng_for(3, state.actions, seat))
        seen_views.append((seen, action))
        state = apply(state, action)
    for seen, action in seen_views:
        again = bots.choose("master", seen, bots.rng_for(3, seen.version, seen.seat))
        assert again == action
    # In the last hand the scores matter, and the choice still repeats itself.
    last, _ = seen_views[-1]
    moved = replace(last, round="E3", scores=(20_000, 45_000, 40_000))
    first = bots.choose("master", moved, bots.rng_for(9, 1, moved.seat))
    assert bots.choose("master", moved, bots.rng_for(9, 1, moved.seat)) == first


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), red_fives=st.booleans(), other=st.sampled_from(bots.LEVELS))
def test_the_master_only_plays_legal_moves(seed, red_fives, other):
    """Whole East games, two masters and another level, each deciding from its view."""
    lineup = ("master", other, "master")
    state = new_game(Options(length="east", red_fives=red_fives), seed)
    decisions = 0
    while state.phase != "game-end":
        seat = min(waiting_for(state))
        seen = view(state, seat)
        action = bots.choose(lineup[seat], seen, bots.rng_for(seed, state.actions, seat))
        assert action in seen.legal
        state = apply(state, action)  # raises IllegalAction otherwise
        decisions += lineup[seat] == "master"
        assert state.actions < selfplay.MAX_DECISIONS
    assert decisions > 0
