"""The tenhou.net/6 export: Tenhou's three-player conventions, and a round trip."""

from __future__ import annotations

import json

from games.sanma.engine import Options, replay
from games.sanma.export import export, export_json, read, tenhou_tile

from .engine.helpers import counted_yakuman_offered, position
from .engine.helpers import play as play_texts
from .engine.players import play


def test_tiles_use_tenhous_numbers_with_red_fives_apart():
    assert [tenhou_tile(t, True) for t in (0, 32, 36, 52, 53, 88, 108, 120, 132)] == [
        11,
        19,
        21,
        52,
        25,
        53,
        41,
        44,
        47,
    ]
    assert tenhou_tile(52, False) == 25


def test_a_game_reads_back_to_the_same_decisions_and_result():
    for seed in range(8):
        options = Options(
            length=("east", "east-south", "one-hand")[seed % 3], red_fives=seed % 2 == 0
        )
        state, log = play(options, seed, greedy=True)
        doc = json.loads(export_json(options, seed, log))
        read_options, read_seed, actions = read(doc)
        again = replay(read_options, read_seed, actions)
        assert again.game_result == state.game_result and again.scores == state.scores
        assert export(read_options, read_seed, actions) == doc


def test_three_player_conventions():
    options = Options(length="east")
    state, log = play(options, 3, greedy=True)
    doc = export(options, 3, log, names=("Ann", "Bot", "Cy"))
    assert doc["name"] == ["Ann", "Bot", "Cy", ""]
    assert len(doc["sc"]) == 8 and doc["sc"][6:] == [0, 0]
    assert [doc["sc"][2 * s + 1] for s in range(3)] == list(state.game_result.points)
    for hand in doc["log"]:
        meta, scores = hand[0], hand[1]
        assert meta[0] in (0, 1, 2) and scores[3] == 0
        assert hand[13:16] == [[], [], []]  # the empty North seat
        for seat in range(3):
            for item in hand[6 + 3 * seat]:
                assert item in (0, 60, "f44") or isinstance(item, int) or item[0] in "r0123456789"


def test_a_running_game_exports_only_its_finished_hands_and_no_seed():
    options = Options(length="east")
    state, log = play(options, 5, greedy=True)
    first_next = next(i for i, a in enumerate(log) if a.move == "next")
    doc = export(options, 5, log[: first_next + 3])
    assert len(doc["log"]) == 1 and "sanma" not in doc and "sc" not in doc


def test_a_ron_on_a_set_aside_north_is_written_as_tenhou_does():
    seat1 = "N 1D 5D 9D E S G 1C 9C 9B 2B 3B 7B"
    seat2 = "R R R 2D 3D 4D 6D 7D 8D 3B 4B 5B N"
    dealer = "1C 9C 1B 9B E S W G R Wh 2D 6D 9D"
    state = play_texts(position((dealer, seat1, seat2), draws="W 1B"), "0 d:W", "1 nuki", "2 ron")
    assert state.hand.result.wins[0].seat == 2
    # A stacked wall has no seed to export from, so check the result entry alone:
    # winner, who paid, no liability, the value and the yaku with their han.
    from games.sanma.export import _result_entry

    entry = _result_entry(state.hand.result, state.hand)
    assert entry[0] == "和了" and entry[1][1] < 0 and entry[1][2] == -entry[1][1]
    assert entry[2][:3] == [2, 1, 2]
    assert "役牌 中(1飜)" in entry[2]


def test_final_scores_are_in_full_points_with_the_results():
    options = Options(length="one-hand")
    state, log = play(options, 2, greedy=True)
    doc = export(options, 2, log)
    result = state.game_result
    assert doc["sc"][:6] == [
        result.scores[0],
        result.points[0],
        result.scores[1],
        result.points[1],
        result.scores[2],
        result.points[2],
    ]
    assert sum(doc["sc"][0:6:2]) == 105_000  # 3 x 35,000: no sticks are lost


def test_the_rule_names_the_length_and_red_fives_only_when_there_are_any():
    names = {
        (length, red): export(Options(length=length, red_fives=red), 1, [])["rule"]["disp"]
        for length in ("one-hand", "east", "east-south")
        for red in (True, False)
    }
    assert names[("east", True)] == "三般東喰赤" and names[("east", False)] == "三般東喰"
    assert (
        names[("east-south", True)] == "三般南喰赤" and names[("east-south", False)] == "三般南喰"
    )
    for red in (True, False):
        one = names[("one-hand", red)]
        assert one.startswith("三") and "東" not in one and "南" not in one
        assert one.endswith("赤") == red


def test_a_counted_yakuman_is_named_so_and_its_yaku_keep_their_han():
    state = play_texts(counted_yakuman_offered(), "1 ron")
    win = state.hand.result.wins[0]
    assert win.seat == 1 and win.han == 13 and win.limit == "kazoe yakuman"
    assert not any(han >= 13 for _, han in win.yaku)
    from games.sanma.export import _result_entry

    entry = _result_entry(state.hand.result, state.hand)
    assert entry[2][3] == "数え役満32000点"
    assert "清一色(6飜)" in entry[2] and "ドラ(3飜)" in entry[2]
    assert not any("役満)" in item for item in entry[2][4:])


def test_a_yakuman_yaku_is_still_marked_as_one():
    # Seat 1 rons the dealer's Red dragon for daisangen.
    seat1 = "Wh Wh Wh G G G R R 2D 3D 4D 7B 7B"
    seat2 = "1D 2D 3D 4D 6D 7D 8D 9D E S W N 9B"
    dealer = "1C 9C 1B 9B R 2B 3B 6B Wh E S N N"
    state = play_texts(position((dealer, seat1, seat2), draws="S"), "0 d:R", "1 ron")
    win = state.hand.result.wins[0]
    assert win.limit == "yakuman"
    from games.sanma.export import _result_entry

    entry = _result_entry(state.hand.result, state.hand)
    assert entry[2][3] == "役満32000点" and "大三元(役満)" in entry[2]
