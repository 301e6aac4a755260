"""The hands the bots steer for besides four sets and a pair (docs/classic.md#bots):
special hands from the second edition, and the first edition's play left as it was."""

from __future__ import annotations

import pytest

from games.classic.bots import LEVELS, choose, decision_rng, plans
from games.classic.bots.common import read
from games.classic.engine import Options, apply, legal_actions, new_game, view, waiting_for
from games.classic.engine.hand import orphans_shanten, shanten_of_counts
from games.classic.engine.tiles import TERMINALS_AND_HONOURS, counts34, is_honour, kind, suit_of
from games.classic.engine.wall import SplitMix64
from tests.classic.engine.helpers import act, table
from tests.classic.engine.test_properties import hidden_changed

JUNK = "2C 4C 7C 2D 4D 7D 2B 4B 7B 3C 3D 3B 5C"
# Eleven kinds of terminals and honours, no pair: two tiles from thirteen orphans, seven
# from any four sets and a pair.
NEAR_ORPHANS = "1C 9C 1D 9D 1B 9B E S W N Wh 5C 6C 5D"
STEERING = ("normal", "expert")


def decisions(level: str, state, seat: int = 0) -> set[str]:
    return {str(LEVELS[level](view(state, seat), SplitMix64(i))) for i in range(6)}


def test_the_distance_to_a_plan_of_every_tile_is_the_library_shanten():
    """The plans' own count, given every suit with Chis and the honours, agrees with the
    ``mahjong`` library on random hands, with and without sets on the table."""
    rng = SplitMix64(35)
    everything = (*((suit, True) for suit in plans.SUITS), (plans.HONOURS, False))
    for _ in range(400):
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        melds = rng.below(4)
        counts = counts34(wall[: 14 - 3 * melds - rng.below(2)])
        assert plans.group_shanten(tuple(counts), everything, melds) == shanten_of_counts(counts)


def counted(text: str) -> tuple[int, ...]:
    return tuple(counts34(kind(c) for c in text.split(" ")))


def test_a_plan_counts_only_its_own_tiles():
    counts = counted("E E E S S W W G G R N 2C 5D 9B")
    assert plans.ALL_HONOURS.distance(counts, 0) == 3  # a Pong, a pair, two partial sets
    counts = counted("1D 2D 3D 4D 5D 6D 7D 8D 9D E E 2C 3C 4C")
    # Three sets and a pair of circles and honours; the Chi of characters counts for
    # nothing, so the fourth set is one tile short of a partial one, as if it were junk.
    assert plans.ONE_SUIT[1].distance(counts, 0) == 1
    assert shanten_of_counts(counts) == -1
    assert plans.ONE_SUIT[0].distance(counts, 0) > 3


@pytest.mark.parametrize("level", STEERING)
def test_two_from_thirteen_orphans_the_bot_keeps_the_orphans(level):
    state = table([NEAR_ORPHANS, JUNK, JUNK, JUNK])
    for text in decisions(level, state):
        thrown = kind(text.split(":")[1])
        assert thrown not in TERMINALS_AND_HONOURS, text
        counts = list(read(view(state, 0)).counts)
        counts[thrown] -= 1
        assert orphans_shanten(counts) == 2


@pytest.mark.parametrize("level", STEERING)
def test_on_the_way_to_thirteen_orphans_the_bot_claims_nothing(level):
    """A Pong of the 5C would bring four sets and a pair closer; thirteen orphans is won
    concealed, so the bot passes; at a first-edition table it still claims."""
    hand = "1C 9C 1D 9D 1B 9B E S W N 5C 5C 6D"
    for edition, expected in ((2, "1 pass"), (1, "1 pon")):
        state = act(table([JUNK + " 5C", hand, JUNK, JUNK], edition=edition), "0 d:5C")
        assert decisions(level, state, 1) == {expected}


@pytest.mark.parametrize("level", STEERING)
def test_a_first_edition_table_knows_no_special_hand(level):
    """Stored first-edition tables score no thirteen orphans: the bot plays for four sets
    and a pair as it always did, and throws an honour."""
    state = table([NEAR_ORPHANS, JUNK, JUNK, JUNK], edition=1)
    assert plans.choose_plan(read(view(state, 0)), 1) is None
    assert all(
        kind(text.split(":")[1]) in TERMINALS_AND_HONOURS for text in decisions(level, state)
    )


@pytest.mark.parametrize("level", STEERING)
def test_honours_the_hand_leans_to_are_kept_for_all_honours(level):
    """A Pong and three pairs of honours, two single honours, three lone suited tiles:
    all honours (the limit) is no further than any hand, so the suited tiles go first,
    where a first-edition bot throws a single honour or keeps a suited tile."""
    hand = "E E E S S W W G G R N 2C 5D 9B"
    state = table([hand, JUNK, JUNK, JUNK])
    assert plans.choose_plan(read(view(state, 0)), 2) is plans.ALL_HONOURS
    assert all(text[-2:] in ("2C", "5D", "9B") for text in decisions(level, state))
    old = table([hand, JUNK, JUNK, JUNK], edition=1)
    assert decisions("normal", old) <= {"0 d:N", "0 d:R"}


@pytest.mark.parametrize("level", STEERING)
def test_a_hand_of_one_suit_throws_the_other_suits(level):
    hand = "1D 2D 3D 5D 6D 6D 8D 9D E E 2C 7B 9C S"
    state = table([hand, JUNK, JUNK, JUNK])
    assert plans.choose_plan(read(view(state, 0)), 2) is plans.ONE_SUIT[1]
    for text in decisions(level, state):  # the honours stay: one suit with honours pays
        thrown = kind(text[-2:])
        assert not is_honour(thrown) and suit_of(thrown) != 1, text


@pytest.mark.parametrize("level", STEERING)
def test_the_bot_wins_at_once_on_a_special_hand(level):
    """Mah Jong is taken whenever offered: all honours, nine gates, all terminals."""
    for hand in (
        "E E E S S S W W W Wh Wh Wh G G",
        "1C 1C 1C 2C 3C 4C 5C 6C 7C 8C 9C 9C 9C 5C",
        "1C 1C 1C 9C 9C 9C 1D 1D 1D 9B 9B 9B 1B 1B",
    ):
        assert str(choose(level, view(table([hand, JUNK, JUNK, JUNK]), 0), SplitMix64(1))) == (
            "0 tsumo"
        )


@pytest.mark.slow
@pytest.mark.parametrize("edition", [1, 2])
def test_steering_bots_play_only_legal_moves_and_never_read_hidden_tiles(edition):
    """Single hands of Normal and Expert (plans and all): every move legal, and each
    decision the same when every tile the seat cannot see is dealt anew."""
    rng = SplitMix64(edition)
    options = Options(rounds=1, edition=edition)
    for seed in range(12):
        state = new_game(options, 3500 + seed)
        levels = ("expert", "normal", "expert", "normal")
        while state.phase not in ("hand-end", "game-end"):
            seat = min(waiting_for(state))
            action = choose(
                levels[seat], view(state, seat), decision_rng(seed, seat, state.version)
            )
            assert action in legal_actions(state, seat), (action, seat)
            hidden = hidden_changed(state, seat, rng)
            again = choose(
                levels[seat], view(hidden, seat), decision_rng(seed, seat, state.version)
            )
            assert again == action
            state = apply(state, action)
        assert sum(state.last_result.deltas) == 0
