"""The table page's one presenter (games/tables/presenters.py), on both games: what the
answer tells of the decisions since the page's version, how a set lies on the table,
the buttons of the moves open now, and who won on whose tile."""

from __future__ import annotations

from games.classic import engine as classic
from games.classic.kind import CLASSIC
from games.sanma.kind import SANMA
from games.tables.engine import MeldView
from games.tables.models import Seat
from games.tables.presenters import events_since, meld_shown, present, run_from, win_headline

# Four bots' seats (never saved): each is named by its game's bot name of the seat.
BOTS = {index: Seat(index=index, bot_level="normal") for index in range(4)}


def test_the_answer_tells_the_others_decisions_but_no_draw_pass_or_own_move():
    log = ["0 d:5B", "1 pass", "2 pon", "2 d:E", "3 draw", "3 d:9C", "0 draw"]
    events = events_since(CLASSIC, log, 0, 0, BOTS)
    assert [(e.seat, e.move, e.tile) for e in events] == [
        (0, "d", "5B"),
        (2, "pon", "5B"),  # a call names the tile it took, so that its set is found
        (2, "d", "E"),
        (3, "d", "9C"),
    ]
    assert [e.step for e in events] == [0, 1, 2, 3]
    assert events[0].text == "" and events[1].text == "Lan: Pong."
    assert events[2].text == "Lan discards East wind."


def test_a_new_hand_starts_the_story_afresh_and_a_long_one_is_not_animated():
    log = ["0 d:5B", "1 d:E", "0 next", "0 d:2D"]
    assert [e.move for e in events_since(SANMA, log, 0, 1, BOTS)] == ["d"]
    assert events_since(SANMA, ["0 d:5B"] * 40, 0, 1, BOTS) == []
    assert events_since(SANMA, log, len(log), 1, BOTS) == []


def test_a_called_tile_lies_sideways_on_the_side_it_came_from():
    """Left from the seat before, in the middle from the seat across, right from the next
    (docs/tables.md#the-table-page); a closed kan shows its ends face down."""
    right = meld_shown(SANMA, MeldView("pon", ("5D", "5D", "5D"), "5D", 1), owner=0)
    assert [t.flags for t in right.tiles] == ["", "", "sideways"] and right.label == "Pon"
    left = meld_shown(SANMA, MeldView("pon", ("5D", "5D", "5D"), "5D", 2), owner=0)
    assert [t.flags for t in left.tiles] == ["sideways", "", ""]
    across = meld_shown(CLASSIC, MeldView("pon", ("E", "E", "E"), "E", 2), owner=0)
    assert [t.flags for t in across.tiles] == ["", "sideways", ""]
    kan = meld_shown(CLASSIC, MeldView("open-kan", ("E",) * 4, "E", 3), owner=0)
    assert [t.flags for t in kan.tiles] == ["sideways", "", "", ""]
    chi = meld_shown(CLASSIC, MeldView("chi", ("3B", "4B", "5B"), "4B", 0), owner=1)
    assert [(t.code, t.flags) for t in chi.tiles] == [("4B", "sideways"), ("3B", ""), ("5B", "")]
    assert chi.label == "Chi"
    closed = meld_shown(CLASSIC, MeldView("closed-kan", ("E",) * 4, None, None), owner=0)
    assert [t.flags for t in closed.tiles] == ["back", "", "", "back"]


def test_moves_that_name_an_own_tile_are_grouped_and_a_chi_shows_its_run():
    assert run_from("3D") == ["3D", "4D", "5D"]
    state = classic.new_game(classic.Options(), 1)
    view = classic.view(state, 0)
    shown = present(CLASSIC, view, [], 0, BOTS, 0)
    discards = {t.move for t in [*shown.hand, *([shown.drawn] if shown.drawn else [])]}
    assert discards == {f"d:{a.tile}" for a in view.legal if a.move == "d"}
    assert shown.panels["me"].seat == 0 and list(shown.panels) == ["me", "right", "across", "left"]
    assert [p.place for p in shown.opponents] == ["left", "across", "right"]


def test_who_won_on_whose_tile_in_each_games_words():
    lines = {
        "own-tsumo": "I drew it.",
        "tsumo": "%(winner)s drew it.",
        "own-ron": "I took it from %(loser)s.",
        "ron-on-you": "%(winner)s took mine.",
        "ron": "%(winner)s took it from %(loser)s.",
    }
    assert win_headline(SANMA, lines, 0, None, 0, BOTS) == "I drew it."
    assert win_headline(SANMA, lines, 1, None, 0, BOTS) == "Kumo drew it."
    assert win_headline(SANMA, lines, 0, 2, 0, BOTS) == "I took it from Sora."
    assert win_headline(SANMA, lines, 1, 0, 0, BOTS) == "Kumo took mine."
    assert win_headline(CLASSIC, lines, 1, 3, 0, BOTS) == "Bao took it from Jun."


def test_the_norths_set_aside_have_a_line_of_their_own_and_the_dora_show_themselves():
    from games.sanma.presenters import dora_of, yaku_rows

    rows = yaku_rows((("Riichi", 1), ("Dora", 3)), norths=2)
    assert rows == [("Riichi", 1), ("Dora", 1), ("Norths set aside", 2)]
    assert yaku_rows((("Dora", 2),), norths=2) == [("Norths set aside", 2)]
    assert [t.code for t in dora_of(("1D", "9C", "N", "R", "5Dr"))] == [
        "2D",
        "1C",
        "E",
        "Wh",
        "6D",
    ]


def test_the_dora_in_the_own_hand_and_the_red_fives_are_marked():
    """Seat 0's first hand of seed 4: the dora indicator 8B makes 9B the dora, and the
    hand holds a red 5B (docs/tables.md#the-table-page)."""
    from games.sanma import engine as sanma

    view = sanma.view(sanma.new_game(sanma.Options(), 4), 0)
    shown = present(SANMA, view, [], 0, BOTS, 0)
    tiles = [*shown.hand, *([shown.drawn] if shown.drawn else [])]
    marked = sorted(t.code for t in tiles if "dora" in t.flags.split())
    assert marked == ["5Br", "9B"]
    assert next(t for t in tiles if t.code == "9B").name == "Bamboo 9, dora"
    state = classic.new_game(classic.Options(), 1)  # Classic has no dora
    shown = present(CLASSIC, classic.view(state, 0), [], 0, BOTS, 0)
    assert not any("dora" in t.flags for t in shown.hand)
