"""Every rule on hand-built positions (docs/sanma.md)."""

from __future__ import annotations

import pytest

from games.sanma.engine import IllegalAction, Options, apply, view, waiting_for
from games.sanma.engine.actions import Action
from games.sanma.engine.tiles import dora_of_indicator, parse_code

from .helpers import counted_yakuman_offered, drain, moves, play, position

# A dealer hand that never wins, never calls what the others discard here, and holds ten
# different terminals and honours (the nine-terminals abort is open to it).
DEALER = "1C 9C 1B 9B E S W G R Wh 2D 6D 9D"
# Tenpai on 2B / 5B: 123456789D 234B + 5B, or 1-9D 345B... (ittsu in every reading).
ITTSU = "1D 2D 3D 4D 5D 6D 7D 8D 9D 2B 3B 4B 5B"
# Tenpai on 2B / 5B with a pair of South: pinfu for the West seat.
PINFU = "3B 4B 6D 7D 8D 2D 3D 4D 6B 7B 8B S S"
QUIET = "2B 6B 7B 8B 2D 3D 4D 6D 7D 8D 1D 5D 9B"  # two away, calls nothing here


def kind(c: str) -> int:
    return parse_code(c)[0]


def test_a_new_hand_is_dealt_and_the_dealer_has_drawn():
    state = position((DEALER, ITTSU, QUIET), draws="N")
    v = view(state, 0)
    # The dealer holds its drawn tile: it must discard ("draw" in the engine's own state).
    assert state.phase == "draw"
    assert (v.phase, v.round, v.turn, v.wall, v.honba, v.sticks) == ("discard", "E1", 0, 54, 0, 0)
    assert len(v.hand) == 13 and v.drawn == "N"
    assert [s.hand_size for s in v.seats] == [14, 13, 13]
    assert [s.wind for s in v.seats] == ["E", "S", "W"]
    assert v.dora == ("1D",)


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [("1C", "9C"), ("9C", "1C"), ("9D", "1D"), ("8B", "9B"), ("N", "E"), ("R", "Wh"), ("Wh", "G")],
)
def test_dora_follows_its_indicator_with_the_characters_wrapping(indicator, dora):
    assert dora_of_indicator(kind(indicator)) == kind(dora)


def test_a_9_of_characters_pair_is_two_dora_under_a_1_of_characters_indicator():
    hand = "9C 9C 2D 3D 4D 5D 6D 7D 2B 3B 4B 6B 7B"
    state = position((DEALER, hand, QUIET), draws="W 1C 1B E 5B", indicators="1C")
    state = play(state, "0 d:W", "1 d:1C", "2 d:1B", "0 d:E")
    assert "tsumo" in moves(state, 1)
    win = play(state, "1 tsumo").hand.result.wins[0]
    assert ("Dora", 2) in win.yaku


def test_tsumo_is_paid_by_the_two_others_only():
    state = position((DEALER, ITTSU, QUIET), draws="W 1C 9B 9C 5B", indicators="E")
    state = play(state, "0 d:W", "1 d:1C", "2 d:9B", "0 d:9C", "1 tsumo")
    result = state.hand.result
    win = result.wins[0]
    assert (win.han, win.fu) == (3, 30)  # menzen tsumo 1 + ittsu 2
    # 1,000 / 2,000 as everywhere, but nobody pays the missing fourth share.
    assert result.deltas == (-2000, 3000, -1000)
    assert sum(p.amount for p in result.payments) == win.cost["total"] == 3000


def test_a_double_ron_pays_both_and_honba_and_sticks_go_to_the_nearer_winner():
    dealer = "5B 1C 9C 1B 9B E W G R Wh 2D 6D 9D"
    state = position((dealer, ITTSU, PINFU), draws="N", honba=1, sticks=1)
    state = play(state, "0 d:5B")
    assert state.phase == "call" and waiting_for(state) == {1, 2}
    assert view(state, 1).waiting_for == (1,)  # the other's chance to call stays secret
    state = play(state, "1 ron")
    assert state.phase == "call" and waiting_for(state) == {2}
    state = play(state, "2 ron")
    result = state.hand.result
    first, second = result.wins
    assert (first.seat, second.seat) == (1, 2)
    assert result.deltas[1] == first.cost["main"] + 200 + 1000
    assert result.deltas[2] == second.cost["main"]
    assert result.deltas[0] == -(first.cost["main"] + 200 + second.cost["main"])
    assert state.hand.sticks == 0 and not result.dealer_stays
    state = play(state, "2 next")
    assert (state.hand.round_name, state.hand.honba) == ("E2", 0)


def test_discard_furiten_blocks_ron_but_not_tsumo():
    state = position((DEALER, ITTSU, QUIET), draws="W 2B G 5B 5B")
    state = play(state, "0 d:W", "1 d:2B")  # declines the tsumo on 2B: now furiten
    assert view(state, 1).furiten == "discard"
    state = play(state, "2 d:G", "0 d:5B")
    assert state.phase == "draw" and state.hand.turn == 1  # no call was offered
    assert "tsumo" in moves(state, 1)


def test_temporary_furiten_lasts_until_the_seats_own_discard():
    dealer = "5B 2B 1C 9C 1B 9B E W G R Wh 2D 9D"
    seat1 = "2B 1D 5D 9D E S G R Wh 1C 9C 9B N"
    state = position((dealer, seat1, PINFU), draws="W 1B 6D 5D")
    state = play(state, "0 d:5B")
    assert moves(state, 2) == {"ron", "pass"}
    state = play(state, "2 pass")
    assert view(state, 2).furiten == "temporary"
    state = play(state, "1 d:2B")
    assert state.phase == "draw" and state.hand.turn == 2  # 2B was not offered
    state = play(state, "2 d:6D")
    assert view(state, 2).furiten is None
    state = play(state, "0 d:2B")
    assert "ron" in moves(state, 2)


def test_riichi_furiten_lasts_for_the_rest_of_the_hand():
    dealer = "5B 2B 1C 9C 1B 9B E W G R Wh 2D 9D"
    seat1 = "1D 5D 9D E S G R Wh 1C 9C 9B N 2B"
    state = position((dealer, seat1, PINFU), draws="W 1B 9C 6D 6D 5D 9D")
    state = play(state, "0 d:W", "1 d:1B", "2 riichi:9C", "0 d:5B")
    assert moves(state, 2) == {"ron", "pass"}
    state = play(state, "2 pass", "1 d:6D", "2 d:5D")
    assert view(state, 2).furiten == "riichi"
    state = play(state, "0 d:2B")
    assert state.phase == "draw" and state.hand.turn == 1  # no ron in riichi furiten


def test_riichi_needs_a_closed_tenpai_hand_1000_points_and_tiles_left():
    state = position((DEALER, ITTSU, QUIET), draws="W 1C", scores=(35000, 900, 69100))
    state = play(state, "0 d:W")
    assert not {m for m in moves(state, 1) if m.startswith("riichi")}  # 900 points
    state = position((DEALER, ITTSU, QUIET), draws="W 1C")
    state = play(state, "0 d:W")
    assert "riichi:1C" in moves(state, 1) and "riichi:2D" not in moves(state, 1)
    late = drain(state, stop=lambda s: s.hand.live_tiles == 2 and s.hand.turn == 1)
    assert late.phase == "draw" and not any(m.startswith("riichi") for m in moves(late, 1))


def test_an_open_hand_cannot_declare_riichi():
    seat1 = "W W 1D 2D 3D 4D 5D 6D 7D 8D 9D 2B 3B"
    state = position((DEALER, seat1, QUIET), draws="1C 1B 5B 4B")
    state = play(state, "0 d:W", "1 pon")
    assert state.phase == "discard" and "d:W" not in moves(state, 1)  # no swap-calling
    state = play(state, "1 d:1D", "2 d:1B", "0 d:5B")
    assert state.phase == "draw" and state.hand.turn == 1 and state.hand.seats[1].drawn
    assert not any(m.startswith("riichi") for m in moves(state, 1))


def test_a_riichi_discard_won_on_costs_no_stick_and_ippatsu_and_double_riichi_count():
    state = position(
        (DEALER, "2B 1D 5D 9D E S G R Wh 1C 9C 9B N", PINFU), draws="W 1B 9C 6D 1D 5B"
    )
    state = play(state, "0 d:W", "1 d:1B", "2 riichi:9C")
    assert state.scores == (35000, 35000, 34000) and state.hand.sticks == 1
    state = play(state, "0 d:6D", "1 d:1D")
    assert "tsumo" in moves(state, 2)
    win = play(state, "2 tsumo").hand.result.wins[0]
    names = dict(win.yaku)
    assert names["Double Riichi"] == 2 and names["Ippatsu"] == 1
    assert win.ura_indicators  # a riichi winner's ura dora are shown


def test_a_riichi_on_a_discard_that_is_won_on_costs_nothing():
    seat1 = "1D 2D 3D 4D 5D 6D 7D 8D 9D 2B 3B 4B 9B"  # riichi on 5B: waits 9B
    state = position((DEALER, seat1, PINFU), draws="W 5B")
    state = play(state, "0 d:W", "1 riichi:5B")
    assert state.phase == "call"
    state = play(state, "2 ron")
    assert state.hand.result.deltas[1] == -state.hand.result.wins[0].points
    assert state.hand.sticks == 0


def test_north_in_riichi_only_the_drawn_one_and_never_right_after_a_pon():
    seat1 = "N 1D 2D 3D 4D 5D 6D 7D 8D 9D 2B 3B 4B"
    state = position((DEALER, seat1, QUIET), draws="W 9B")
    state = play(state, "0 d:W")
    assert "nuki" in moves(state, 1)  # a North held in hand, not in riichi
    seat1 = "W W N 1D 2D 3D 4D 5D 6D 7D 8D 9D 2B"
    state = play(position((DEALER, seat1, QUIET), draws="W"), "0 d:W", "1 pon")
    assert "nuki" not in moves(state, 1)
    state = position((DEALER, ITTSU, QUIET), draws="W 1C 1B 9C N 9B 9D")
    state = play(state, "0 d:W", "1 riichi:1C", "2 d:1B", "0 d:9C")
    assert "nuki" in moves(state, 1)  # the North just drawn
    state = play(state, "1 nuki")
    assert state.hand.seats[1].norths and state.hand.rinshan
    assert not state.hand.seats[1].ippatsu  # a North ends every ippatsu


def test_a_north_in_hand_cannot_be_set_aside_in_riichi():
    seat1 = "N 1D 2D 3D 4D 5D 6D 7D 8D 9D 2B 3B 4B"  # riichi on 9B: waits N
    state = position((DEALER, seat1, QUIET), draws="W 9B 1B 9C 1C")
    state = play(state, "0 d:W", "1 riichi:9B", "2 d:1B", "0 d:9C")
    assert view(state, 1).waits == ("N",)
    assert "nuki" not in moves(state, 1)


def test_a_set_aside_north_can_be_won_on_and_it_is_no_robbed_kan():
    seat1 = "N 1D 5D 9D E S G 1C 9C 9B 2B 3B 7B"
    seat2 = "R R R 2D 3D 4D 6D 7D 8D 3B 4B 5B N"  # tanki on North, red dragons
    state = position((DEALER, seat1, seat2), draws="W 1B")
    state = play(state, "0 d:W", "1 nuki")
    assert state.phase == "call" and view(state, 2).offer.kind == "north"
    assert moves(state, 2) == {"ron", "pass"}
    assert view(state, 2).preview is not None
    state = play(state, "2 ron")
    win = state.hand.result.wins[0]
    assert win.from_seat == 1 and "Chankan" not in dict(win.yaku)
    assert state.hand.result.deltas[1] == -win.points


def test_passing_a_north_completes_it_with_a_replacement_and_makes_furiten():
    seat1 = "N 1D 5D 9D E S G 1C 9C 9B 2B 3B 7B"
    seat2 = "R R R 2D 3D 4D 6D 7D 8D 3B 4B 5B N"
    state = position((DEALER, seat1, seat2), draws="W 1B", replacements="9D")
    live = state.hand.live_tiles
    state = play(state, "0 d:W", "1 nuki", "2 pass")
    assert state.phase == "draw" and state.hand.turn == 1
    assert state.hand.seats[1].drawn // 4 == kind("9D")
    assert state.hand.live_tiles == live - 2  # one draw, one replacement
    assert state.hand.seats[2].temporary_furiten


def test_the_last_live_tile_is_haitei_even_after_a_north():
    # Draw i goes to seat i % 3; one replacement moves the last live tile to index 92,
    # the 54th draw, which is seat 2's.
    seat2 = "2D 3D 4D 6D 7D 8D 2B 3B 4B 6B 7B 8B 5D"
    state = position(
        (DEALER, QUIET.replace("2D 3D 4D", "1B 9B 9C"), seat2),
        draws="N",
        replacements="E",
        at={92: "5D"},
    )
    state = play(state, "0 nuki", "0 d:E")
    state = drain(state, stop=lambda s: s.hand.live_tiles == 0 and s.phase == "draw")
    assert state.hand.turn == 2 and "tsumo" in moves(state, 2)
    win = play(state, "2 tsumo").hand.result.wins[0]
    assert "Haitei Raoyue" in dict(win.yaku) and "Rinshan Kaihou" not in dict(win.yaku)


def test_noten_payments_with_one_and_with_two_tenpai():
    one = drain(play(position((DEALER, ITTSU, QUIET)), "0 d:2D"))
    result = one.hand.result
    assert (result.reason, result.tenpai, result.deltas) == (
        "exhaustive",
        (1,),
        (-1000, 2000, -1000),
    )
    two = drain(play(position((DEALER, ITTSU, PINFU)), "0 d:2D"))
    result = two.hand.result
    assert (result.tenpai, result.deltas) == ((1, 2), (-2000, 1000, 1000))
    assert not result.dealer_stays
    nxt = play(two, "0 next")
    assert (nxt.hand.round_name, nxt.hand.honba) == ("E2", 1)


def test_nagashi_mangan_is_a_mangan_tsumo_without_honba():
    seat1 = "2D 3D 4D 5D 6D 7D 2B 3B 4B 5B 6B 7B 8B"
    honours = ["1C", "9C", "1D", "9D", "1B", "9B", "E", "S", "W", "N", "Wh", "G", "R"]
    dealer = DEALER.replace("W G R Wh", "3B 5D 6D 7D")
    pool = [c for c in honours for _ in range(4)]
    for c in [*dealer.split(), *QUIET.split(), "1D"]:
        if c in pool:
            pool.remove(c)
    at = {39 + i: pool[(i - 1) // 3] for i in range(1, 54, 3)}
    state = position((dealer, seat1, QUIET), at=at, honba=2)
    state = drain(state)
    result = state.hand.result
    assert (result.reason, result.nagashi) == ("nagashi", (1,))
    assert result.deltas == (-4000, 6000, -2000)


def test_nine_terminals_may_abort_before_any_call_or_north():
    state = position((DEALER, ITTSU, QUIET), draws="E", sticks=1, honba=1)
    assert "abort" in moves(state, 0)
    aborted = play(state, "0 abort")
    assert (aborted.hand.result.kind, aborted.hand.result.deltas) == ("abort", (0, 0, 0))
    # The result names who aborted; every seat sees that hand, and only that one.
    assert aborted.hand.result.aborter == 0
    seen = view(aborted, 1).hand_result
    assert seen is not None and seen.aborter == 0
    assert sorted(seen.shown_hands[0]) == sorted([*DEALER.split(), "E"])
    assert seen.shown_hands[1] is None and seen.shown_hands[2] is None
    nxt = play(aborted, "1 next")
    assert (nxt.hand.round_name, nxt.hand.honba, nxt.hand.sticks) == ("E1", 2, 1)
    # A North set aside by the dealer takes the chance away from the others.
    seat1 = "1C 9C 1B 9B E S W G R Wh 2D 6D N"
    state = position(("N 2B 3B 4B 6B 7B 8B 2D 3D 4D 6D 7D 8D", seat1, QUIET), draws="1D 5D 9D")
    state = play(state, "0 nuki", "0 d:1D")
    assert "abort" not in moves(state, 1)


def test_four_kans_by_two_players_abort_after_the_discard():
    dealer = "E E E E S S S S 2D 6D 9D 1C 9C"
    seat1 = "W W W W G G G G 1D 5D 9B 1B 3B"
    state = position(
        (dealer, seat1, QUIET),
        draws="4B 7B 8D",
        replacements="1C 9C 9D 9B 6B 6D",
        indicators="1D 2D 3D 4D 5D",
    )
    state = play(state, "0 kan:E")
    assert len(view(state, 0).dora) == 2  # a closed kan shows its indicator at once
    state = play(state, "0 kan:S", "0 d:9D", "1 kan:W", "1 kan:G")
    assert len(view(state, 1).dora) == 5
    state = play(state, "1 d:9B")
    assert (state.hand.result.kind, state.hand.result.reason) == ("abort", "four-kans")


def test_an_open_kan_shows_its_indicator_with_the_next_discard():
    seat1 = "W W W 1D 2D 3D 4D 5D 6D 7D 8D 9D 2B"
    state = position((DEALER, seat1, QUIET), draws="1C", replacements="9C")
    state = play(state, "0 d:W", "1 kan")
    assert len(view(state, 1).dora) == 1 and state.hand.rinshan
    state = play(state, "1 d:9C")
    assert len(view(state, 1).dora) == 2


def test_the_dealer_keeps_the_deal_after_a_win_and_honba_counts_up():
    dealer = "1D 2D 3D 4D 5D 6D 7D 8D 9D 2B 3B 4B 5B"
    state = position((dealer, DEALER.replace("2D 6D 9D", "3D 7D 1D"), QUIET), draws="5B")
    state = play(state, "0 tsumo")
    assert dict(state.hand.result.wins[0].yaku).get("Tenhou") == 13
    assert state.hand.result.deltas == (32000, -16000, -16000)  # dealer yakuman, tsumo loss
    nxt = play(state, "1 next")
    assert (nxt.hand.round_name, nxt.hand.honba, nxt.hand.dealer) == ("E1", 1, 0)


def test_the_game_ends_when_someone_goes_below_zero():
    state = position((DEALER, ITTSU, QUIET), scores=(35000, 35000, 500))
    state = drain(play(state, "0 d:2D"))
    assert state.scores[2] == -500
    over = play(state, "0 next")
    assert over.phase == "game-end" and over.game_result.placements == (1, 0, 2)
    assert legal_actions_empty(over)


def legal_actions_empty(state) -> bool:
    from games.sanma.engine import legal_actions

    return all(not legal_actions(state, s) for s in range(3))


def test_placement_points_ties_by_seat_order_and_leftover_sticks_to_first():
    state = position(
        (DEALER, QUIET, "1C 9C 1B 9B E S W G R Wh 2D 6D 9D".replace("9D", "5D")),
        hand_in_round=2,
        sticks=2,
        scores=(34000, 34000, 35000),
    )
    # hand_in_round 2: seat 2 deals E3, the last hand of an East game.
    state = drain(state)
    assert state.hand.result.tenpai == ()
    over = play(state, "0 next")
    result = over.game_result
    assert result.placements == (2, 0, 1)
    assert result.scores == (34000, 34000, 37000)
    assert result.points == (-1.0 + 0, -1.0 - 15, 2.0 + 15)


def test_a_one_hand_game_has_no_placement_points():
    state = position((DEALER, ITTSU, QUIET), options=Options(length="one-hand"))
    over = play(drain(play(state, "0 d:2D")), "0 next")
    assert over.game_result.points == (-1.0, 2.0, -1.0)


def test_illegal_actions_are_refused_with_a_clear_error():
    state = position((DEALER, ITTSU, QUIET), draws="W")
    illegal = ("1 d:W", "0 d:5B", "0 ron", "0 riichi:W", "2 pass", "0 next")
    # Well formed, but no move of the rules: refused when applied.
    unknown = ("0 d:5Q", "3 pass", "0 pon:5D", "0 kan:5Dr", "0 d", "0 jump")
    for text in (*illegal, *unknown):
        with pytest.raises(IllegalAction):
            apply(state, Action.parse(text))
    for text in ("", "4 pass", "0 d 5D", "0 d:5Dred"):  # not an action's form at all
        with pytest.raises(IllegalAction):
            Action.parse(text)


def test_in_riichi_a_closed_kan_that_changes_the_waits_is_not_offered():
    # 234 of circles and 1234445677 of bamboo wait on 4 and 7 of bamboo, the 4 only as
    # 44 + 456: with all four 4s in a kan, only the 7 is left (docs/sanma.md#riichi).
    seat1 = "2D 3D 4D 1B 2B 3B 4B 4B 4B 5B 6B 7B 7B"
    state = position((DEALER, seat1, QUIET), draws="W 1C 1B 9C 4B")
    state = play(state, "0 d:W", "1 riichi:1C", "2 d:1B", "0 d:9C")
    assert view(state, 1).waits == ("4B", "7B") and view(state, 1).drawn == "4B"
    assert "kan:4B" not in moves(state, 1)
    with pytest.raises(IllegalAction):
        apply(state, Action.parse("1 kan:4B"))
    # Out of riichi the same kan is open to it.
    state = position((DEALER, seat1, QUIET), draws="W 4B")
    assert "kan:4B" in moves(play(state, "0 d:W"), 1)


def test_in_riichi_a_closed_kan_of_the_drawn_tile_that_keeps_the_waits_is_offered():
    seat1 = "2D 3D 4D 6D 7D 8D 3B 3B 3B 5B 6B 9D 9D"  # waits 4 and 7 of bamboo
    state = position((DEALER, seat1, QUIET), draws="W 1C 1B 9C 3B")
    state = play(state, "0 d:W", "1 riichi:1C", "2 d:1B", "0 d:9C")
    assert "kan:3B" in moves(state, 1)
    state = play(state, "1 kan:3B")
    assert view(state, 1).waits == ("4B", "7B") and state.hand.seats[1].riichi


def test_a_counted_yakuman_is_one_for_the_preview_and_the_result_card():
    state = counted_yakuman_offered()
    preview = view(state, 1).preview
    assert preview.han == 13 and preview.limit == "kazoe yakuman"
    state = play(state, "1 ron")
    shown = view(state, 0).hand_result.wins[0]  # what the result card shows
    assert shown.limit == "kazoe yakuman" and shown.points == 32000
