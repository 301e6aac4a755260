"""The rules of Classic Mahjong, one edge at a time, on hand-made tables."""

from __future__ import annotations

import pytest

from games.classic.engine import (
    Action,
    IllegalAction,
    Options,
    apply,
    legal_actions,
    new_game,
    waiting_for,
)
from games.classic.engine.hand import Meld
from games.classic.engine.rules import replace
from games.classic.engine.tiles import kind
from games.classic.engine.wall import SplitMix64, build_wall, hand_seed

from .helpers import act, all_tiles, full, table

# Thirteen tiles that wait on nothing useful unless a test says so.
JUNK = "1C 4C 7C 1D 4D 7D 1B 4B 7B E S W N"


def verbs(state, seat):
    return [str(a) for a in legal_actions(state, seat)]


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize("flowers", [False, True])
def test_east_gets_fourteen_tiles_and_the_others_thirteen(flowers):
    state = new_game(Options(flowers=flowers), seed=7)
    sizes = [len(p.hand) for p in state.players]
    assert sizes == [14, 13, 13, 13]
    assert all(k < 34 for p in state.players for k in p.hand)  # bonus tiles set aside
    assert all_tiles(state) == full(state)
    assert state.phase == "discard" and state.turn == 0
    assert 1 <= state.dice[0] <= 6 and 1 <= state.dice[1] <= 6


def test_the_wall_keeps_a_dead_end_of_fourteen():
    state = new_game(Options(flowers=False), seed=7)
    assert len(state.wall) == 136 - 53
    assert state.live_tiles == 136 - 53 - 14


def test_the_wall_is_broken_where_the_dice_say():
    """The stack counted by the dice from the right end of East's side is lifted; its
    lower tile is the first replacement, its upper the second; live tiles come from the
    stacks left of the break, upper tile first."""
    seed, number = 99, 0
    dice, wall = build_wall(seed, number, with_bonus=False)
    rng = SplitMix64(hand_seed(seed, number))
    order = [k for k in range(34) for _ in range(4)]
    rng.shuffle(order)
    assert (rng.below(6) + 1, rng.below(6) + 1) == dice
    stacks = [(order[2 * i], order[2 * i + 1]) for i in range(68)]
    broken = 17 - sum(dice)
    assert wall[-1] == stacks[broken][1] and wall[-2] == stacks[broken][0]
    assert wall[:4] == (*stacks[broken - 1], *stacks[broken - 2])
    assert wall[-3] == stacks[broken + 1][0]


def test_the_same_seed_deals_the_same_walls_and_each_hand_a_new_one():
    a, b = build_wall(5, 0, True), build_wall(5, 0, True)
    assert a == b
    assert build_wall(5, 1, True) != a
    assert build_wall(6, 0, True) != a


def test_flowers_in_the_deal_are_set_aside_and_replaced_from_the_dead_end():
    for seed in range(40):
        state = new_game(Options(flowers=True), seed)
        if any(p.bonus for p in state.players):
            break
    dealt = 53 + sum(len(p.bonus) for p in state.players)
    assert len(state.wall) == 144 - dealt
    assert all(k >= 34 for p in state.players for k in p.bonus)


# ---------------------------------------------------------------- the turn


def test_the_turn_is_draw_then_discard_then_the_next_seat():
    state = table([JUNK + " 9C", JUNK, JUNK, JUNK], live="5C")
    assert waiting_for(state) == {0}
    state = act(state, "0 d:9C")
    assert state.phase == "draw" and state.turn == 1
    assert verbs(state, 1) == ["1 draw"]
    state = act(state, "1 draw")
    assert state.phase == "discard" and kind("5C") in state.players[1].hand
    assert len(state.players[1].hand) == 14


def test_a_drawn_flower_is_set_aside_and_replaced_from_the_dead_end():
    state = table([JUNK + " 9C", JUNK, JUNK, JUNK], live="F2", dead="6B", flowers=True)
    state = act(act(state, "0 d:9C"), "1 draw")
    assert state.players[1].bonus == (kind("F2"),)
    assert state.drawn_tile == kind("6B") and kind("6B") in state.players[1].hand


def test_an_action_out_of_turn_is_refused_with_a_reason():
    state = table([JUNK + " 9C", JUNK, JUNK, JUNK])
    with pytest.raises(IllegalAction, match="not allowed now"):
        act(state, "1 d:E")
    with pytest.raises(IllegalAction, match="not allowed now"):
        act(state, "0 d:5B")  # not in the hand


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "not an action"),
        ("7 draw", "not an action"),
        ("0 discard 5B", "not an action"),
        ("0 jump", "not allowed now"),
        ("0 d", "not allowed now"),
        ("0 d:0B", "not allowed now"),
        ("0 pon:5B", "not allowed now"),
    ],
)
def test_bad_action_text_gets_a_clear_message(text, message):
    with pytest.raises(IllegalAction, match=message):
        act(new_game(Options(), seed=1), text)


def test_actions_read_back_from_their_text():
    for action in (
        Action(0, "d", "Wh"),
        Action(2, "chi", "3D"),
        Action(1, "pon"),
        Action(3, "kan", "9B"),
        Action(0, "next"),
    ):
        assert Action.parse(str(action)) == action
    assert str(Action(2, "chi", "3D")) == "2 chi:3D"


# ---------------------------------------------------------------- claims


def test_chi_only_from_the_player_before_you():
    hands = [JUNK + " 5B", "2B 3B " + JUNK[:-4], "2B 3B " + JUNK[:-4], JUNK]
    state = act(table(hands), "0 d:4B")
    assert "1 chi:2B" in verbs(state, 1)
    assert not any("chi" in v for v in verbs(state, 2))


def test_no_chi_of_honours_and_no_chi_round_the_corner():
    state = act(table([JUNK + " 1B", "8B 9B " + JUNK[:-4], JUNK, JUNK]), "0 d:1B")
    assert not any("chi" in v for v in verbs(state, 1))
    honours = table(
        [
            "E S W N Wh G R 1C 2C 3C 4C 5C 6C 7C",
            "E S W N G G " + "1D 2D 3D 4D 5D 6D 7D",
            JUNK,
            JUNK,
        ]
    )
    state = act(honours, "0 d:Wh")
    assert "1 pon" not in verbs(state, 1)  # one Wh only
    state = act(honours, "0 d:G")
    assert "1 pon" in verbs(state, 1) and not any("chi" in v for v in verbs(state, 1))


def test_every_chi_the_hand_allows_is_offered():
    state = act(table([JUNK + " 5B", "3B 4B 6B 7B " + JUNK[:-8], JUNK, JUNK]), "0 d:5B")
    assert [v for v in verbs(state, 1) if "chi" in v] == ["1 chi:3B", "1 chi:4B", "1 chi:5B"]


def test_a_discard_nobody_can_claim_asks_nobody():
    state = act(table([JUNK + " 9C", JUNK, JUNK, JUNK]), "0 d:9C")
    assert state.phase == "draw"


def test_pong_beats_chi_and_the_ponging_seat_plays_on():
    hands = [JUNK + " 5B", "4B 6B " + JUNK[:-4], JUNK, "5B 5B " + JUNK[:-4]]
    state = act(table(hands), "0 d:5B")
    assert state.phase == "call" and waiting_for(state) == {1, 3}
    state = act(act(state, "1 chi:4B"), "3 pon")
    assert state.turn == 3 and state.phase == "discard"
    assert state.players[3].melds == (Meld("pong", kind("5B"), claimed_from=0, called=kind("5B")),)
    assert kind("5B") not in state.players[0].discards  # the claimed tile left the pond
    assert len(state.players[3].hand) == 11  # and three on the table: a discard is due
    assert not any(a.move == "kan" for a in legal_actions(state, 3))


def test_kan_beats_chi_and_draws_a_replacement():
    hands = [JUNK + " 5B", "4B 6B " + JUNK[:-4], "5B 5B 5B " + JUNK[:-6], JUNK]
    state = act(table(hands, dead="8C"), "0 d:5B")
    state = act(act(state, "2 kan"), "1 chi:4B")
    assert state.turn == 2 and state.players[2].melds[0].shape == "kan"
    assert state.drawn_tile == kind("8C")
    assert len(state.players[2].hand) == 11  # ten left, and the replacement


def test_mahjong_beats_pong():
    winner = "2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D E E"
    hands = [JUNK + " E", winner, JUNK, "E E " + JUNK[:-4]]
    state = act(table(hands), "0 d:E")
    state = act(act(state, "3 pon"), "1 ron")
    assert state.phase == "hand-end" and state.last_result.winner == 1
    assert state.last_result.discarder == 0


def test_of_two_mahjong_claims_the_next_in_turn_after_the_discarder_wins():
    ready = "2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D 6C 7C"
    hands = [ready, JUNK, "1C 1C 1C 2D 3D 4D 7B 8B 9B E E 6C 7C", JUNK + " 5C"]
    state = act(table(hands, turn=3), "3 d:5C")
    assert waiting_for(state) == {0, 2}
    state = act(act(state, "0 ron"), "2 ron")
    assert state.last_result.winner == 0  # seat 0 comes right after seat 3


def test_three_mahjong_claims_end_the_hand_in_a_draw():
    hands = [
        JUNK + " 5C",
        "2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D 6C 7C",
        "1C 1C 1C 2D 3D 4D 7B 8B 9B E E 6C 7C",
        "3C 4C 2D 3D 4D 6D 7D 8D 2B 2B 2B N N",
    ]
    state = act(table(hands), "0 d:5C")
    for seat in (1, 2, 3):
        state = act(state, f"{seat} ron")
    assert state.last_result.outcome == "draw"
    assert state.last_result.draw_reason == "three-mahjong"
    assert state.scores == (0, 0, 0, 0)


def test_all_passing_sends_the_turn_on():
    hands = [JUNK + " 5B", "4B 6B " + JUNK[:-4], JUNK, JUNK]
    state = act(act(table(hands), "0 d:5B"), "1 pass")
    assert state.phase == "draw" and state.turn == 1
    assert state.players[0].discards[-1] == kind("5B")


# ---------------------------------------------------------------- kans


def test_a_concealed_kan_lies_open_and_draws_from_the_dead_end():
    state = table(["6D 6D 6D 6D " + JUNK[:-6], JUNK, JUNK, JUNK], dead="4B 6B")
    before = len(state.wall)
    state = act(state, "0 kan:6D")
    assert state.players[0].melds == (Meld("kan", kind("6D"), concealed=True),)
    assert state.drawn_tile == kind("4B") and len(state.wall) == before - 1
    assert len(state.players[0].hand) == 11
    assert "0 kan:6D" not in verbs(state, 0)


def test_an_exposed_pong_grows_into_a_kan_with_the_fourth_tile():
    pong = Meld("pong", kind("R"), claimed_from=2)
    state = table(
        ["R " + JUNK[:-2], JUNK, JUNK, JUNK], melds={0: [pong]}, dead="4B", after_draw=True
    )
    state = act(state, "0 kan:R")
    assert state.players[0].melds == (Meld("kan", kind("R"), claimed_from=2, added=True),)
    assert state.drawn_tile == kind("4B")


def test_no_kan_of_the_own_accord_right_after_a_claim():
    state = table(["6D 6D 6D 6D " + JUNK[:-6], JUNK, JUNK, JUNK], after_draw=False)
    assert "0 kan:6D" not in verbs(state, 0)


# ---------------------------------------------------------------- mah jong


def test_mahjong_is_offered_for_four_sets_and_one_pair_or_thirteen_orphans():
    complete = "2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D E E E"
    assert "0 tsumo" in verbs(table([complete, JUNK, JUNK, JUNK]), 0)
    seven_pairs = "1C 1C 3C 3C 5D 5D 7D 7D 2B 2B 4B 4B E E"
    assert "0 tsumo" not in verbs(table([seven_pairs, JUNK, JUNK, JUNK]), 0)
    orphans = "1C 9C 1D 9D 1B 9B E S W N Wh G R R"
    assert "0 tsumo" in verbs(table([orphans, JUNK, JUNK, JUNK]), 0)
    # Tables of the first edition keep their rules: no thirteen orphans there.
    assert "0 tsumo" not in verbs(table([orphans, JUNK, JUNK, JUNK], edition=1), 0)


def test_mahjong_counts_the_sets_on_the_table():
    pong = Meld("pong", kind("R"), claimed_from=2)
    state = table(["2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D", JUNK, JUNK, JUNK], melds={0: [pong]})
    assert "0 tsumo" in verbs(state, 0)
    state = act(state, "0 tsumo")
    assert state.last_result.winner == 0 and state.last_result.discarder is None


# ---------------------------------------------------------------- draws


def test_the_wall_down_to_the_dead_end_is_a_draw():
    state = table([JUNK + " 9C", JUNK, JUNK, JUNK], live="", live_filler=0)
    assert state.live_tiles == 0
    state = act(state, "0 d:9C")
    assert state.phase == "hand-end"
    assert state.last_result.draw_reason == "wall" and state.scores == (0, 0, 0, 0)
    assert state.last_result.hands is None  # a draw shows no hand


def test_the_same_wind_thrown_by_all_four_at_the_start_is_a_draw():
    hands = ["E " + JUNK[:-2] + " 5C", "E 1C 2C 3C 5D 6D 7D 1B 2B 3B 9D 9D 9B", JUNK, JUNK]
    hands[2] = "E 1C 2C 3C 5D 6D 7D 1B 2B 3B 9D 8B 9B"
    hands[3] = "E 1C 2C 4C 5D 6D 7D 1B 2B 3B 9D 8B 9B"
    state = replace(table(hands, live="5C 5C 5C"), opening=(), discarded=frozenset())
    state = act(state, "0 d:E")
    for seat in (1, 2, 3):
        state = act(act(state, f"{seat} draw"), f"{seat} d:E")
    assert state.last_result.draw_reason == "four-winds"


def test_different_winds_at_the_start_play_on():
    hands = ["E " + JUNK[:-2] + " 5C", "S 1C 2C 3C 5D 6D 7D 1B 2B 3B 9D 9D 9B", JUNK, JUNK]
    state = replace(table(hands, live="5C"), opening=(), discarded=frozenset())
    state = act(act(act(state, "0 d:E"), "1 draw"), "1 d:S")
    assert state.phase == "draw" and state.opening == (kind("E"), kind("S"))


def test_nine_terminals_and_honours_may_be_declared_on_the_first_turn_only():
    nine = "1C 9C 1D 9D 1B E S W N 3B 4B 5B 6B"
    state = replace(
        table([JUNK + " 5C", nine, JUNK, JUNK], live="2C"), opening=(), discarded=frozenset()
    )
    state = act(state, "0 d:5C")
    assert "1 abort" in verbs(state, 1)  # before the first draw
    after_draw = act(state, "1 draw")
    assert "1 abort" in verbs(after_draw, 1)  # and after it
    declared = act(after_draw, "1 abort")
    assert declared.last_result.draw_reason == "nine-terminals"
    # The result names who declared it and keeps the hand shown, the draw included.
    assert declared.last_result.aborter == 1
    assert sorted(declared.last_result.aborting_hand) == sorted([*nine.split(), "2C"])
    assert declared.last_result.hands is None  # no other hand is shown
    later = act(act(after_draw, "1 d:2C"), "2 draw")
    later = act(act(later, "2 d:E"), "3 draw")
    assert not any(a.move == "abort" for a in legal_actions(later, 1))


def test_no_nine_terminals_once_a_set_is_on_the_table():
    nine = "1C 9C 1D 9D 1B E S W N 3B 4B 5B 6B"
    pong = Meld("pong", kind("5D"), claimed_from=3)
    state = table([JUNK + " 5C", nine, JUNK, JUNK], melds={2: [pong]}, discarded=frozenset())
    state = act(state, "0 d:5C")
    assert "1 abort" not in verbs(state, 1)


def test_eight_terminals_are_not_enough():
    eight = "1C 9C 1D 9D 1B E S W 3B 4B 5B 6B 6B"
    state = table([JUNK + " 5C", eight, JUNK, JUNK], discarded=frozenset())
    assert "1 abort" not in verbs(act(state, "0 d:5C"), 1)


# ---------------------------------------------------------------- the course of the game


def _won_by(seat: int, dealer: int, **options):
    """A table where ``seat`` wins by drawing, with ``dealer`` as East."""
    winner = "2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D E E E"
    hands = [JUNK, JUNK, JUNK, JUNK]
    hands[seat] = winner
    return act(table(hands, turn=seat, dealer=dealer, **options), f"{seat} tsumo")


def test_official_rule_east_stays_east_after_winning():
    state = act(_won_by(0, dealer=0), "2 next")
    assert state.dealer == 0 and state.leader == 0 and state.round_label == "E1"
    assert state.hand_number == 1 and len(state.players[0].hand) == 14


def test_official_rule_the_deal_passes_when_another_wins():
    state = act(_won_by(2, dealer=0), "0 next")
    assert state.dealer == 1 and state.leader == 1 and state.round_label == "E2"
    assert len(state.players[1].hand) == 14 and state.turn == 1


def test_official_rule_east_stays_after_a_draw():
    state = table([JUNK + " 9C", JUNK, JUNK, JUNK], live_filler=0)
    state = act(act(state, "0 d:9C"), "0 next")
    assert state.dealer == 0 and state.round_label == "E1"


def test_variant_the_deal_passes_every_hand_and_the_winner_leads():
    state = act(_won_by(2, dealer=0, dealer_rule="winner"), "0 next")
    assert state.dealer == 1 and state.leader == 2
    drawn = act(
        replace(
            table([JUNK + " 9C", JUNK, JUNK, JUNK], live_filler=0, dealer_rule="winner"), leader=2
        ),
        "0 d:9C",
    )
    drawn = act(drawn, "0 next")
    assert drawn.dealer == 1 and drawn.leader == 2  # a draw keeps the leading wind


def test_variant_the_leading_wind_wins_and_pays_double():
    winner = "2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D E E E"
    state = table([JUNK, JUNK, winner, JUNK], turn=2, dealer_rule="winner")
    won = act(replace(state, leader=3), "2 tsumo")
    paid = {p.payer: p.amount for p in won.last_result.payments if p.reason == "winner"}
    assert paid[3] == 2 * paid[1] == 2 * paid[0]


def test_the_round_ends_after_the_deal_passed_four_times_and_the_game_with_it():
    winner = "2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D E E E"
    state = act(replace(table([winner, JUNK, JUNK, JUNK], dealer=3), rotations=3), "0 tsumo")
    assert state.phase == "game-end"
    assert state.game_result.placements[0] == 0
    assert legal_actions(state, 0) == [] and waiting_for(state) == set()


def test_a_whole_year_plays_on_into_the_south_round():
    winner = "2C 3C 4C 5D 5D 5D 7B 8B 9B 9D 9D E E E"
    state = table([winner, JUNK, JUNK, JUNK], dealer=3, rounds=4)
    state = act(act(replace(state, rotations=3), "0 tsumo"), "0 next")
    assert state.round_label == "S1" and state.dealer == 0 and state.phase == "discard"


def test_a_year_goes_east_south_west_north_and_then_ends():
    """With the variant rule the deal passes every hand: exactly sixteen hands."""
    state = new_game(Options(rounds=4, dealer_rule="winner", flowers=False), seed=3)
    labels = []
    while state.phase != "game-end":
        labels.append(state.round_label)
        # Everyone throws what they drew: the hand runs down to a draw.
        seat = min(waiting_for(state))
        actions = legal_actions(state, seat)
        pick = next(
            (a for a in actions if a.move in ("draw", "pass", "next")),
            None,
        ) or next(a for a in actions if a.move == "d")
        state = apply(state, pick)
    hands = list(dict.fromkeys(labels))
    assert hands == [f"{w}{n}" for w in "ESWN" for n in range(1, 5)]
    assert state.game_result.hands_played == 16
