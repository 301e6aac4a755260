"""The bots: fair (they get a seat's view only), deterministic, always legal, and each
level plays as its description says."""

from __future__ import annotations

import pytest
from mahjong.shanten import Shanten

from games.classic.bots import LEVELS, choose, decision_rng
from games.classic.bots import expert as expert_bot
from games.classic.bots.common import acceptance, read
from games.classic.engine import legal_actions, view
from games.classic.engine.hand import Meld
from games.classic.engine.tiles import kind
from games.classic.engine.wall import SplitMix64
from tests.classic.engine.helpers import act, table

JUNK = "1C 4C 7C 1D 4D 7D 1B 4B 7B E S W N"
COMPLETE = "2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D E E E"


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_bot_declares_mahjong_when_it_can(level):
    state = table([COMPLETE, JUNK, JUNK, JUNK])
    assert str(choose(level, view(state, 0), SplitMix64(1))) == "0 tsumo"
    ready = "2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D E E"
    claim = act(table([JUNK + " E", ready, JUNK, JUNK]), "0 d:E")
    assert str(choose(level, view(claim, 1), SplitMix64(1))) == "1 ron"


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_bot_decides_the_same_way_given_the_same_view_and_generator(level):
    state = table(["2C 3C 5C 6D 7D 9D 1B 1B 4B 5B G G S R", JUNK, JUNK, JUNK])
    seen = view(state, 0)
    picks = {str(choose(level, seen, decision_rng(9, 0, state.version))) for _ in range(5)}
    assert len(picks) == 1
    assert picks.pop() in {str(a) for a in legal_actions(state, 0)}


def test_a_bot_with_nothing_to_decide_says_so():
    state = table([COMPLETE, JUNK, JUNK, JUNK])
    with pytest.raises(ValueError, match="nothing to decide"):
        choose("normal", view(state, 2), SplitMix64(1))
    with pytest.raises(ValueError, match="no bot level"):
        choose("master", view(state, 0), SplitMix64(1))


def test_normal_keeps_the_discard_that_leaves_most_tiles_to_draw():
    """2C 3C waits on 1C and 4C; 2C 4C only on 3C. With a tile to spare, Normal keeps the
    open-ended pair and throws from the closed one."""
    hand = "2C 3C 6D 8D 5D 5D 5D 1B 2B 3B 7B 8B 9B G"
    state = table([hand, JUNK, JUNK, JUNK])
    assert str(LEVELS["normal"](view(state, 0), SplitMix64(3))) == "0 d:G"


def test_expert_claims_a_pong_of_dragons_and_normal_a_pong_only_when_it_helps():
    hand = "R R 2C 3C 4C 6D 7D 8D 2B 3B 5B 5B 9B"
    state = act(table([JUNK + " R", hand, JUNK, JUNK]), "0 d:R")
    assert str(LEVELS["expert"](view(state, 1), SplitMix64(1))) == "1 pon"
    honours = "1C 2C 3C 6D 7D 8D 2B 3B 4B 5B 6B W W"
    state = act(table([JUNK + " W", honours, JUNK, JUNK]), "0 d:W")
    assert str(LEVELS["normal"](view(state, 1), SplitMix64(1))) == "1 pass"  # already ready


def test_expert_folds_against_three_sets_with_a_hand_far_from_ready():
    """Seat 2 shows three Pongs; the expert's hand is far from ready, so it throws the
    9B of which every other copy lies open, where Normal plays for its own hand."""
    shown = [Meld("pong", kind(c), claimed_from=1) for c in ("9B", "G", "3C")]
    hand = "1C 5C 9C 2D 6D 9D 3B 5B 7B E S W N 9B"
    state = table([hand, JUNK, "5D 5D 5D 1D", JUNK], melds={2: shown})
    assert str(LEVELS["expert"](view(state, 0), SplitMix64(1))) == "0 d:9B"
    assert str(LEVELS["normal"](view(state, 0), SplitMix64(1))) != "0 d:9B"


def test_expert_reads_tiles_in_sight_as_safer():
    pongs = {
        2: [Meld("pong", kind("9B"), claimed_from=1), Meld("pong", kind("G"), claimed_from=0)]
    }
    state = table([JUNK + " 9C", JUNK, "3C 3C 3C 5D 5D 5D 1D", JUNK], melds=pongs)
    seen = view(state, 0)
    mine = read(seen)
    danger = {c: expert_bot._danger(kind(c), mine, seen) for c in ("9B", "5B", "E")}
    assert danger["9B"] < danger["5B"]  # three 9B lie open: only one is unseen
    assert expert_bot._threat(seen, mine) > 0


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_bot_wins_thirteen_orphans_drawn_or_claimed(level):
    """The one special hand that is no four sets and a pair: the bots win it too."""
    orphans = "1C 9C 1D 9D 1B 9B E S W N Wh G R"
    junk = "2C 4C 7C 2D 4D 7D 2B 4B 7B 3C 3D 3B 5C"
    drawn = table([orphans + " R", junk, junk, junk])
    assert str(choose(level, view(drawn, 0), SplitMix64(1))) == "0 tsumo"
    claim = act(table([junk + " R", orphans, junk, junk]), "0 d:R")
    assert str(choose(level, view(claim, 1), SplitMix64(1))) == "1 ron"


@pytest.mark.parametrize("size", [13, 10, 7, 4])
def test_a_discard_s_acceptance_is_every_unseen_tile_that_lowers_the_library_shanten(size):
    """``acceptance`` counts the unseen tiles that lower the library's regular shanten,
    every one of them whenever the count reaches the mark it is asked to reach (where
    it stops short is ``unseen_accepted``'s, tests/tables/test_shapes.py)."""
    rng = SplitMix64(7000 + size)
    for _ in range(250):
        counts = [0] * 34
        while sum(counts) < size:
            k = rng.below(34)
            if counts[k] < 4:
                counts[k] += 1
        visible = tuple(min(4, c + rng.below(3)) for c in counts)
        base = Shanten.calculate_shanten_for_regular_hand(counts)
        exact = 0
        for k in range(34):
            more = [*counts[:k], counts[k] + 1, *counts[k + 1 :]]
            if visible[k] < 4 and Shanten.calculate_shanten_for_regular_hand(more) < base:
                exact += 4 - visible[k]
        assert acceptance(list(counts), visible) == exact
        assert acceptance(list(counts), visible, at_least=exact) == exact
