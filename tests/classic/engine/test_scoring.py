"""Scoring and settlement on worked examples (the same ones as docs/classic.md)."""

from __future__ import annotations

import pytest

from games.classic.engine import legal_actions
from games.classic.engine.hand import Meld
from games.classic.engine.rules import replace
from games.classic.engine.scoring import (
    LIMIT,
    RULES,
    Win,
    deltas,
    round_points,
    score_loser,
    score_winner,
    settle,
)
from games.classic.engine.tiles import EAST, NORTH, SOUTH, WEST, kind

from .helpers import act, table, tiles

JUNK = "1C 4C 7C 1D 4D 7D 1B 4B 7B E S W N"
CLAIMED = Win(tile=None, self_drawn=False, only_tile=False)


def keys(score):
    return [e.key for e in score.elements]


def claimed(code: str, only: bool = False) -> Win:
    return Win(tile=kind(code), self_drawn=False, only_tile=only)


def drawn(code: str, only: bool = False) -> Win:
    return Win(tile=kind(code), self_drawn=True, only_tile=only)


def test_every_rule_names_its_source():
    assert all(rule.source for rule in RULES.values())
    assert RULES["mahjong"].points == 20
    assert RULES["pong-major-open"].points == 4  # an exposed Pong of white dragons: 4


@pytest.mark.parametrize(
    "points, rounded", [(0, 0), (4, 0), (5, 10), (24, 20), (25, 30), (32, 30)]
)
def test_the_sum_is_rounded_to_the_nearest_ten(points, rounded):
    assert round_points(points) == rounded


def test_worked_example_a_dragon_pong_won_on_a_discard():
    """South wins on a discarded 4C: 20 + exposed red dragons 4 + concealed 5D 4 = 28,
    rounded 30, doubled once for the dragons: 60."""
    pong = Meld("pong", kind("R"), claimed_from=2)
    concealed = tiles("2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D")
    score = score_winner(concealed, [pong], [], SOUTH, EAST, claimed("4C"))
    assert keys(score) == [
        "mahjong",
        "pong-major-open",
        "set-dragon",
        "chi",
        "pong-simple-concealed",
        "chi",
    ]
    assert (score.points, score.rounded, score.doublings, score.value) == (28, 30, 1, 60)


def test_worked_example_a_played_through_the_engine_with_every_payment():
    """The same hand at a table: seat 1 (South) wins on seat 3's discard. Seat 3 pays
    60 x 4 = 240 alone. The losers' sums are not rounded: East (seat 0, concealed 1C
    Pong) has 8, North (seat 3, exposed 5B Pong) 2, West 0. East gets 8 from West and
    8 - 2 = 6 from North, doubled because East loses and wins double; West pays North 2."""
    pong = Meld("pong", kind("R"), claimed_from=2)
    open_pong = Meld("pong", kind("5B"), claimed_from=0)
    hands = [
        "1C 1C 1C 3D 6D 9D 2B 5B 8B S W N E",
        "2C 3C 5D 5D 5D 7B 8B 9B 9D 9D",
        "1D 4D 7D 1B 4B 7B E S W N 6C 8C 9C",
        "3C 4C 6C 9C 2D 3D 6B 9B 9B 8D S",
    ]
    state = table(hands, turn=3, melds={1: [pong], 3: [open_pong]})
    state = act(act(state, "3 d:4C"), "1 ron")
    result = state.last_result
    assert result.winner == 1 and result.discarder == 3 and result.winning_tile == "4C"
    assert [s.value for s in result.scores] == [8, 60, 0, 2]
    paid = {(p.payer, p.payee, p.reason): p.amount for p in result.payments}
    assert paid == {
        (3, 1, "winner"): 240,
        (2, 0, "losers"): 16,
        (3, 0, "losers"): 12,
        (2, 3, "losers"): 2,
    }
    assert result.deltas == (28, 240, -18, -250) and sum(result.deltas) == 0
    # Each payment keeps what it is made of, for the result card: North's three shares
    # of 60 (East's double), the losers' differences doubled where East pays or wins.
    made_of = {(p.payer, p.payee): (p.base, p.shares, p.factor) for p in result.payments}
    assert made_of == {
        (3, 1): (60, (2, 1, 1), 4),
        (2, 0): (8, (2,), 2),
        (3, 0): (6, (2,), 2),
        (2, 3): (2, (1,), 1),
    }
    assert state.scores == result.deltas
    assert result.hands[1] == ("2C", "3C", "4C", "5D", "5D", "5D", "9D", "9D", "7B", "8B", "9B")


def test_worked_example_b_east_draws_a_limit_hand_and_is_paid_double():
    """East, in the East round, draws North to his only wait: 20 + concealed East Pong
    8 + drawn 2 + only tile 2 = 32 -> 30; doubled for the own wind, the round wind, the
    concealed hand won from the wall, one suit with honours and the three Chis in a row
    1-9: 30 x 32 = 960, over the limit: 300. Every other seat pays East double: 600."""
    winner = "E E E 1C 2C 3C 4C 5C 6C 7C 8C 9C N"
    others = ["1D 4D 7D 1B 4B 7B 2D 5D 8D 2B 5B 8B S"] * 3
    state = table([winner, *others], live="N", phase="draw")
    state = act(act(state, "0 draw"), "0 tsumo")
    score = state.last_result.scores[0]
    assert sorted(keys(score)) == sorted(
        [
            "mahjong",
            "pong-major-concealed",
            "set-own-wind",
            "set-round-wind",
            "one-suit-honours",
            "concealed-drawn",
            "straight",
            "self-drawn",
            "only-tile",
            "chi",
            "chi",
            "chi",
        ]
    )
    assert (score.points, score.rounded, score.doublings) == (32, 30, 5)
    assert score.value == LIMIT == 300 and score.limited
    assert state.last_result.deltas == (1800, -600, -600, -600)


def test_a_discarded_tile_completing_a_pong_makes_it_exposed():
    hand = tiles("2C 3C 4C 5D 5D 5D 7B 8B 9B 6D 7D 8D 9D 9D")
    on_discard = score_winner(hand, [], [], SOUTH, EAST, claimed("5D"))
    self_drawn = score_winner(hand, [], [], SOUTH, EAST, drawn("5D"))
    assert "pong-simple-open" in keys(on_discard)
    assert "pong-simple-concealed" in keys(self_drawn)


def test_the_hand_is_read_the_way_it_scores_most():
    """5D 6D 7D three times are three Chis or three Pongs; as Pongs (one exposed by the
    claimed 7D) they score 40, as Chis 20."""
    hand = tiles("5D 5D 5D 6D 6D 6D 7D 7D 7D 2C 2C 2C 9B 9B")
    score = score_winner(hand, [], [], SOUTH, EAST, claimed("7D"))
    assert keys(score).count("pong-simple-concealed") == 3
    assert keys(score).count("pong-simple-open") == 1
    assert (score.points, score.value) == (20 + 2 + 4 + 4 + 4 + 10, 40 * 2)


def test_each_doubling_of_the_whole_hand():
    one_suit = tiles("1B 2B 3B 4B 5B 6B 7B 8B 9B 2B 3B 4B 5B 5B")
    assert "one-suit" in keys(score_winner(one_suit, [], [], SOUTH, EAST, claimed("5B")))
    # One suit 3, the Chis 1-2-3, 4-5-6, 7-8-9 in a row 1, nothing but Chis and a plain
    # pair 1 (the zero-point hand); no concealed hand on a discard.
    assert score_winner(one_suit, [], [], SOUTH, EAST, claimed("5B")).doublings == 3 + 1 + 1
    honours = tiles("E E E S S S W W W N N Wh Wh Wh")
    score = score_winner(honours, [], [], SOUTH, EAST, drawn("N"))
    assert "honours-only" in keys(score) and "one-suit-honours" not in keys(score)
    assert score.value == LIMIT  # a special hand now (Kajongg), no longer 3 doublings
    first = score_winner(honours, [], [], SOUTH, EAST, drawn("N"), edition=1)
    assert "all-honours" in keys(first) and RULES["all-honours"].doublings == 3
    mixed = tiles("1B 2B 3B 4B 5B 6B G G G 7B 8B 9B W W")
    assert "one-suit-honours" in keys(score_winner(mixed, [], [], SOUTH, EAST, drawn("W")))


def test_a_claimed_set_loses_the_concealed_hand_doubling_but_a_concealed_kan_does_not():
    hand = tiles("2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D")
    chi = Meld("chi", kind("1B"), claimed_from=0)
    kan = Meld("kan", kind("3D"), concealed=True)
    assert "concealed-drawn" not in keys(score_winner(hand, [chi], [], SOUTH, EAST, drawn("4C")))
    with_kan = score_winner(hand, [kan], [], SOUTH, EAST, drawn("4C"))
    assert "concealed-drawn" in keys(with_kan) and "kan-simple-concealed" in keys(with_kan)


def test_a_claimed_winning_tile_gets_no_concealed_hand_doubling():
    """Kajongg: the set a claimed winning tile completes lies open, so the hand is no
    longer concealed; the card names no concealed hand then. The first edition gave it
    (and its card now says no set was claimed *before* Mah Jong)."""
    hand = tiles("2C 3C 4C 5D 5D 5D 7B 8B 9B 6D 7D 8D 9D 9D")
    on_discard = score_winner(hand, [], [], SOUTH, EAST, claimed("4C"))
    assert not {"concealed-drawn", "concealed-hand"} & set(keys(on_discard))
    assert "concealed-drawn" in keys(score_winner(hand, [], [], SOUTH, EAST, drawn("4C")))
    first = score_winner(hand, [], [], SOUTH, EAST, claimed("4C"), edition=1)
    assert "concealed-hand" in keys(first)
    assert RULES["concealed-hand"].label == "Concealed hand: no set claimed before Mah Jong"


@pytest.mark.parametrize(
    "meld, points",
    [
        (Meld("kan", kind("5D"), claimed_from=1), 8),
        (Meld("kan", kind("9B"), claimed_from=1), 16),
        (Meld("kan", kind("5D"), concealed=True), 16),
        (Meld("kan", kind("G"), concealed=True), 32),
        (Meld("pong", kind("1C"), claimed_from=1), 4),
        (Meld("pong", kind("6C"), claimed_from=1), 2),
        (Meld("chi", kind("6C"), claimed_from=1), 0),
    ],
)
def test_set_points(meld, points):
    score = score_loser((), [meld], [], SOUTH, EAST)
    assert score.points == points


def test_wind_pongs_double_for_the_own_and_the_round_wind():
    east_in_east = score_loser(tiles("E E E"), [], [], EAST, EAST)
    assert east_in_east.doublings == 2
    west_for_south = score_loser(tiles("W W W"), [], [], SOUTH, EAST)
    assert west_for_south.doublings == 0 and west_for_south.points == 8


def test_pairs_of_dragons_and_of_the_own_or_round_wind_score():
    assert score_loser(tiles("R R"), [], [], SOUTH, EAST).points == 2
    assert score_loser(tiles("S S"), [], [], SOUTH, EAST).points == 2
    assert score_loser(tiles("E E"), [], [], SOUTH, EAST).points == 2
    assert score_loser(tiles("E E"), [], [], EAST, EAST).points == 4
    assert score_loser(tiles("N N"), [], [], SOUTH, EAST).points == 0
    # A loser counts one pair only: the best.
    assert score_loser(tiles("R R G G"), [], [], SOUTH, EAST).points == 2


def test_flowers_and_seasons():
    """4 points each; the own flower or season one doubling each; all four of a kind
    two doublings."""
    own_both = score_loser((), [], tiles("F2 S2"), SOUTH, EAST)
    assert (own_both.points, own_both.doublings) == (8, 2)
    foreign = score_loser((), [], tiles("F1 S3"), SOUTH, EAST)
    assert (foreign.points, foreign.doublings) == (8, 0)
    bouquet = score_loser((), [], tiles("F1 F2 F3 F4"), NORTH, EAST)
    assert "all-flowers" in keys(bouquet)
    assert (bouquet.points, bouquet.doublings) == (16, 3)  # own flower F4 and the bouquet
    assert bouquet.value == 16 * 8  # a loser's sum is not rounded


def test_winner_bonus_points():
    pongs = tiles("2C 2C 2C 5D 5D 5D 7B 7B 7B 9D 9D 9D 3B 3B")
    score = score_winner(pongs, [], [], SOUTH, EAST, drawn("3B", only=True))
    assert {"no-chi", "self-drawn", "only-tile"} <= set(keys(score))
    assert score.points == 20 + 10 + 2 + 2 + 4 + 4 + 4 + 8


def test_the_zero_point_hand_is_a_doubling():
    """Only Chis and a pair that scores nothing: 20 for Mah Jong, one doubling: 40
    („Null-Punkte-Hand“ among the seed's doublings; Kajongg: 1 doubling, flowers do not
    count). The first edition gave 10 points instead: 30 -> 30."""
    chis = tiles("2C 3C 4C 5D 6D 7D 7B 8B 9B 9D 9D")
    chi = Meld("chi", kind("1B"), claimed_from=0)
    score = score_winner(chis, [chi], [], SOUTH, EAST, claimed("4C"))
    assert "zero-point" in keys(score) and (score.points, score.doublings) == (20, 1)
    assert score.value == 20 * 2
    with_flower = score_winner(chis, [chi], tiles("F1"), SOUTH, EAST, claimed("4C"))
    assert "zero-point" in keys(with_flower) and with_flower.value == 20 * 2  # 24 -> 20
    dragon_pair = tiles("2C 3C 4C 5D 6D 7D 7B 8B 9B R R")
    assert "zero-point" not in keys(score_winner(dragon_pair, [chi], [], SOUTH, EAST, CLAIMED))
    first = score_winner(chis, [chi], [], SOUTH, EAST, claimed("4C"), edition=1)
    assert "no-score" in keys(first) and first.value == 30


def test_losers_score_only_what_needs_no_mah_jong():
    hand = tiles("R R R 1B 2B 3B 4B 5B 6B 7B 8B 9B 9B")
    score = score_loser(hand, [], [], SOUTH, EAST)
    assert keys(score) == ["pong-major-concealed", "set-dragon"]  # no suit, no concealed hand
    assert score.value == 8 * 2  # not rounded: the rules round the winner's sum only


def test_a_losers_lone_pong_is_not_rounded_away():
    score = score_loser((), [Meld("pong", kind("5B"), claimed_from=0)], [], SOUTH, EAST)
    assert (score.points, score.value) == (2, 2)
    first = score_loser((), [Meld("pong", kind("5B"), claimed_from=0)], [], SOUTH, EAST, 1)
    assert first.value == 0


def test_the_limit_caps_every_hand():
    hand = tiles("R R R G G G Wh Wh Wh E E E S S")
    score = score_winner(hand, [], tiles("F1 S1"), EAST, EAST, drawn("S"))
    assert score.value == LIMIT and score.limited


def test_settlement_of_a_self_drawn_win():
    values = [20, 50, 0, 30]  # seat 1 won; seat 0 leads
    payments = settle(values, winner=1, discarder=None, leader=0)
    assert deltas(payments) == (-80, 200, -120, 0)
    paid = {(p.payer, p.payee): p.amount for p in payments}
    assert paid[(0, 1)] == 100 and paid[(2, 1)] == 50 and paid[(3, 1)] == 50
    # Losers: East 20 vs 0 -> 40 (double), East 20 vs 30 -> East pays 20, 30 vs 0 -> 30.
    assert paid[(2, 0)] == 40 and paid[(0, 3)] == 20 and paid[(2, 3)] == 30
    assert sum(deltas(payments)) == 0


@pytest.mark.parametrize("leader, times", [(0, 4), (1, 6)])
def test_the_discarder_pays_alone_four_times_or_six_to_the_leading_wind(leader, times):
    payments = settle([0, 50, 0, 0], winner=1, discarder=2, leader=leader)
    to_winner = [p for p in payments if p.reason == "winner"]
    assert len(to_winner) == 1 and to_winner[0].payer == 2
    assert to_winner[0].amount == 50 * times


def test_seat_winds_decide_own_flowers():
    assert score_loser((), [], tiles("F3"), WEST, EAST).doublings == 1
    assert score_loser((), [], tiles("F3"), NORTH, EAST).doublings == 0


# ---------------------------------------------------------------- the second edition
# Each figure worked out from the table in docs/classic.md#scoring.


def _win(code: str | None, **how) -> Win:
    tile = None if code is None else kind(code)
    return Win(tile=tile, self_drawn=how.pop("self_drawn", False), only_tile=False, **how)


@pytest.mark.parametrize(
    "hand, melds, win, key, points, doublings",
    [
        # „alles einfache Steine“: 20 + concealed 6B Pong 4 = 24 -> 20, x2 = 40.
        ("2C 3C 4C 5D 6D 7D 3B 4B 5B 6B 6B 6B 8D 8D", [], _win("4C"), "all-simples", 24, 1),
        # „drei Chiis in Reihe“: 1-9 of characters; 20 + exposed 5D Pong 2 = 22 -> 20, x2.
        ("1C 2C 3C 4C 5C 6C 7C 8C 9C 5D 5D 5D 7B 7B", [], _win("5D"), "straight", 22, 1),
        # „… oder gleicher Nummern“: 2-3-4 in all three suits; 20 + exposed 9D Pong 4.
        ("2C 3C 4C 2D 3D 4D 2B 3B 4B 9D 9D 9D 5B 5B", [], _win("9D"), "same-chis", 24, 1),
        # „Trumpf- und Ecksteine in jeder Figur“: 20 + exposed North Pong 4 = 24 -> 20, x2.
        ("1C 2C 3C 7D 8D 9D 1B 2B 3B N N N 9C 9C", [], _win("N"), "outside", 24, 1),
        # Three concealed Pongs (the discard completes the pair): 20 + 3 x 4 = 32 -> 30, x2.
        (
            "2C 2C 2C 4D 4D 4D 6B 6B 6B 7C 8C 9C 5D 5D",
            [],
            _win("5D"),
            "three-concealed-pongs",
            32,
            1,
        ),
    ],
)
def test_each_new_doubling_on_a_hand_built_hand(hand, melds, win, key, points, doublings):
    score = score_winner(tiles(hand), melds, [], SOUTH, EAST, win)
    assert key in keys(score)
    assert RULES[key].doublings == 1 and RULES[key].source
    assert (score.points, score.doublings) == (points, doublings)
    assert score.value == round_points(points) * 2**doublings


def test_only_terminals_and_honours():
    """Exposed Pongs of 1C and 9D 4 + 4, concealed West and North 8 + 8, no Chi 10: 54 ->
    50; one doubling: 100 (West and North are nobody's wind here)."""
    melds = [Meld("pong", kind("1C"), claimed_from=0), Meld("pong", kind("9D"), claimed_from=0)]
    score = score_winner(tiles("W W W N N N 9B 9B"), melds, [], SOUTH, EAST, _win("9B"))
    assert "all-majors" in keys(score) and "outside" not in keys(score)
    assert (score.points, score.doublings, score.value) == (54, 1, 100)


def test_little_three_dragons():
    """Exposed red and green Pongs 4 + 4, pair of white 2: 30; one doubling each dragon
    Pong and one for the little three dragons: 30 x 8 = 240."""
    melds = [Meld("pong", kind("R"), claimed_from=0), Meld("pong", kind("G"), claimed_from=0)]
    score = score_winner(tiles("2C 3C 4C 6D 7D 8D Wh Wh"), melds, [], SOUTH, EAST, _win("4C"))
    assert "little-three-dragons" in keys(score)
    assert (score.points, score.doublings, score.value) == (30, 3, 240)


def test_big_three_dragons_and_the_four_winds_count_for_losers_too():
    dragons = [Meld("pong", kind(c), claimed_from=0) for c in ("R", "G", "Wh")]
    score = score_loser((), dragons, [], SOUTH, EAST)
    assert "big-three-dragons" in keys(score) and score.doublings == 3 + 2
    winds = [Meld("pong", kind(c), claimed_from=0) for c in ("E", "S", "W")]
    little = score_loser(tiles("N N"), winds, [], SOUTH, EAST)
    # 12 points; East is the round wind, South the own: 2, little four winds 1: 12 x 8.
    assert "little-four-winds" in keys(little)
    assert (little.points, little.doublings, little.value) == (12, 3, 96)
    big = score_loser(tiles("N N N"), winds, [], SOUTH, EAST)
    assert "big-four-winds" in keys(big) and "little-four-winds" not in keys(big)


@pytest.mark.parametrize("flag, key", [("last_tile", "last-of-wall"), ("dead_end", "dead-end")])
def test_the_last_tile_and_the_dead_end_double_a_drawn_win(flag, key):
    hand = tiles("2C 3C 4C 5D 6D 7D 3B 4B 5B 6B 6B 6B 8D 8D")
    plain = score_winner(hand, [], [], SOUTH, EAST, _win("4C", self_drawn=True))
    special = score_winner(hand, [], [], SOUTH, EAST, _win("4C", self_drawn=True, **{flag: True}))
    assert key in keys(special) and special.doublings == plain.doublings + 1


def test_the_last_discard_doubles():
    hand = tiles("2C 3C 4C 5D 6D 7D 3B 4B 5B 6B 6B 6B 8D 8D")
    score = score_winner(hand, [], [], SOUTH, EAST, _win("4C", last_tile=True))
    assert "last-discard" in keys(score) and score.doublings == 2  # and all simples


KANS = [Meld("kan", kind(c), claimed_from=1) for c in ("2C", "5D", "8B", "3C")]


@pytest.mark.parametrize(
    "hand, melds, win, key",
    [
        ("1C 9C 1D 9D 1B 9B E S W N Wh G R R", [], _win("R"), "thirteen-orphans"),
        ("1C 1C 1C 2C 3C 4C 5C 6C 7C 8C 9C 9C 9C 5C", [], _win("5C"), "nine-gates"),
        ("1B 1B 1B 3B 4B 5B 6B 7B 8B 9B 9B 9B 2B 2B", [], _win("2B"), "squirming-snake"),
        (
            "1C 2C 3C 3C 4C 5C 6C 7C 8C 7C 8C 9C 5C 5C",
            [],
            _win("5C", self_drawn=True),
            "concealed-one-suit",
        ),
        ("E E E S S S W W W N N Wh Wh Wh", [], _win("N"), "honours-only"),
        ("1C 1C 1C 9C 9C 9C 1D 1D 1D 9B 9B 9B 9D 9D", [], _win("9D"), "all-terminals"),
        ("7B 7B", KANS, _win("7B"), "four-kans"),
        (
            "2C 2C 2C 4D 4D 4D 6B 6B 6B 8C 8C 8C 5D 5D",
            [],
            _win("5D", self_drawn=True),
            "hidden-treasure",
        ),
        ("R R R G G G Wh Wh Wh 2C 3C 4C 5D 5D", [], _win("4C"), "three-great-scholars"),
        ("E E E S S S W W W N N N 5D 5D", [], _win("5D"), "four-blessings"),
        ("2B 3B 4B 2B 3B 4B 6B 6B 6B G G G 8B 8B", [], _win("8B"), "imperial-jade"),
        (
            "2C 3C 4C 4D 5D 6D 7B 8B 9B 6B 6B 6B 9D 9D",
            [],
            _win("5D", self_drawn=True, dead_end=True),
            "plum-blossom",
        ),
        (
            "1D 2D 3D 4C 5C 6C 7B 8B 9B 6B 6B 6B 8D 8D",
            [],
            _win("1D", self_drawn=True, last_tile=True),
            "moon-from-the-sea",
        ),
        (
            "2C 3C 4C 4D 5D 6D 7B 8B 9B 6B 6B 6B 8D 8D",
            [],
            _win("4C", self_drawn=True, kan_upon_kan=True),
            "twofold-fortune",
        ),
        (
            "2C 3C 4C 4D 5D 6D 7B 8B 9B 6B 6B 6B 8D 8D",
            [],
            _win(None, self_drawn=True, heavenly=True),
            "heavenly",
        ),
        ("2C 3C 4C 4D 5D 6D 7B 8B 9B 6B 6B 6B 8D 8D", [], _win("4C", earthly=True), "earthly"),
    ],
)
def test_each_special_hand_is_worth_the_limit(hand, melds, win, key):
    score = score_winner(tiles(hand), melds, [], SOUTH, EAST, win)
    assert key in keys(score)
    assert RULES[key].limit and RULES[key].source
    assert score.value == LIMIT and score.limited
    with pytest.raises(ValueError) if key == "thirteen-orphans" else _nothing():
        old = score_winner(tiles(hand), melds, [], SOUTH, EAST, win, edition=1)
        assert key not in keys(old)


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_thirteen_orphans_is_offered_and_won_on_a_discard_through_the_engine():
    orphans = "1C 9C 1D 9D 1B 9B E S W N Wh G R"
    state = table([JUNK + " R", orphans, JUNK, JUNK], turn=0)
    state = act(state, "0 d:R")
    assert "1 ron" in [str(a) for a in legal_actions(state, 1)]
    state = act(state, "1 ron")
    result = state.last_result
    assert result.winner == 1 and "thirteen-orphans" in keys(result.scores[1])
    assert result.scores[1].value == LIMIT
    assert result.deltas[1] == LIMIT * (2 + 1 + 1)  # seat 0 leads and discarded: pays all
    assert sum(result.deltas) == 0


def test_thirteen_orphans_drawn_through_the_engine():
    state = table(["1C 9C 1D 9D 1B 9B E S W N Wh G R", JUNK, JUNK, JUNK], live="1C", phase="draw")
    state = act(act(state, "0 draw"), "0 tsumo")
    assert "thirteen-orphans" in keys(state.last_result.scores[0])


def test_heavenly_and_earthly_hands_through_the_engine():
    complete = "2C 3C 4C 4D 5D 6D 7B 8B 9B 6B 6B 6B 8D 8D"
    east = table([complete, JUNK, JUNK, JUNK], discarded=frozenset())
    east = act(east, "0 tsumo")
    assert "heavenly" in keys(east.last_result.scores[0])
    waiting = "2C 3C 4C 4D 5D 6D 7B 8B 9B 6B 6B 6B 8D"
    first = replace(table([JUNK + " 8D", waiting, JUNK, JUNK], discarded=frozenset()), opening=())
    first = act(act(first, "0 d:8D"), "1 ron")
    assert "earthly" in keys(first.last_result.scores[1])
    assert first.last_result.scores[1].value == LIMIT


def test_a_win_on_a_kan_replacement_is_from_the_dead_end():
    hand = "5B 5B 5B 5B 2C 3C 4C 6D 7D 8D 9D 9D 3B 4B"
    state = table([hand, JUNK, JUNK, JUNK], dead="2B")
    state = act(act(state, "0 kan:5B"), "0 tsumo")
    assert "dead-end" in keys(state.last_result.scores[0])
