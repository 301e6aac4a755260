"""The hand's result cards of both games as a player reads them (docs/sanma.md#the-table-page,
docs/tables.md#the-nine-terminals-card): the seats' rows first with the viewer's marked,
what a winner receives beyond the points, the tenpai hands with their sets, and the
nine-terminals card naming who aborted, with that hand's terminals and honours."""

from __future__ import annotations

import re
from dataclasses import replace

from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.test import RequestFactory

from games.classic.kind import CLASSIC
from games.classic.presenters import present_result
from games.sanma import engine as sanma
from games.sanma.kind import SANMA
from games.sanma.presenters import present_own
from games.tables.models import Seat
from tests.classic.engine.helpers import act, table
from tests.sanma.engine.helpers import drain, play, position

BOTS = {index: Seat(index=index, bot_level="normal") for index in range(4)}
# Sanma hands of tests/sanma/engine/test_rules.py: a dealer with ten different terminals
# and honours, a seat ready on 2B / 5B with ittsu, and one that calls nothing.
DEALER = "1C 9C 1B 9B E S W G R Wh 2D 6D 9D"
ITTSU = "1D 2D 3D 4D 5D 6D 7D 8D 9D 2B 3B 4B 5B"
QUIET = "2B 6B 7B 8B 2D 3D 4D 6D 7D 8D 1D 5D 9B"


def _render(template: str, context: dict) -> str:
    request = RequestFactory().get("/")
    request.user, request.session = AnonymousUser(), {}
    return render_to_string(template, context, request=request)


def _sanma_card(state, viewer: int, view=None) -> tuple[object, str]:
    view = view or sanma.view(state, viewer)
    own = present_own(SANMA, view, BOTS, viewer)
    html = _render("sanma/_result.html", {"own": own, "shown": {"last_step": 0}, "readonly": True})
    return own["result"], html


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def _aborted(html: str) -> str:
    found = re.search(r'<div class="aborted">(.*?)</div>\s*</div>', html, re.S)
    assert found, "no nine-terminals line on the card"
    return found.group(1)


def test_the_sanma_card_shows_the_rows_first_and_what_the_winner_receives_beyond_the_points():
    """A ron with two riichi sticks on the table: the card adds them to the points, the
    sum the Ron button showed; the seats' rows come before the winning hand."""
    state = position((DEALER, ITTSU, QUIET), draws="5B", sticks=2)
    before = sanma.view(play(state, "0 d:5B"), 1).preview
    assert before is not None and before.move == "ron"
    state = play(state, "0 d:5B", "1 ron")
    shown, html = _sanma_card(state, viewer=1)
    win = shown.wins[0]
    assert (win.sticks, win.honba) == (2000, 0)
    assert win.received == win.points + 2000 == before.total
    text = _text(html)
    assert f"Received: {win.points:,} + 2,000 riichi sticks {win.received:,}" in text
    # The rows first (before the winner's line), the viewer's own row marked.
    assert html.index('class="score-rows"') < html.index('class="win"')
    rows = re.findall(r"<tr( class=\"is-you\")?><td>(.*?)</td>", html)
    assert [(who, bool(mine)) for mine, who in rows[:3]] == [
        ("Aki", False),
        ("You", True),
        ("Sora", False),
    ]


def test_a_win_without_sticks_or_honba_has_no_received_line():
    state = position((DEALER, ITTSU, QUIET), draws="5B")
    shown, html = _sanma_card(play(state, "0 d:5B", "1 ron"), viewer=0)
    assert shown.wins[0].received == shown.wins[0].points
    assert "Received" not in html


def test_a_tenpai_hand_at_the_draw_shows_its_sets():
    """South pons the dealer's East and waits on 2B alone: at the exhaustive draw its
    card shows the concealed tiles and the Pon of East."""
    south = "1D 2D 3D 4D 5D 6D 7D 8D 9D 2B 3B E E"
    state = play(position((DEALER, south, QUIET), draws="N"), "0 d:E", "1 pon", "1 d:3B")
    state = drain(state)
    result = state.hand.result
    assert (result.reason, result.tenpai) == ("exhaustive", (1,))
    shown, html = _sanma_card(state, viewer=0)
    (who, tiles, melds), *_ = shown.tenpai
    assert who == "Kumo" and len(tiles) == 10
    assert [[t.code for t in m.tiles] for m in melds] == [["E", "E", "E"]]
    tenpai = re.search(r'<div class="tenpai">(.*?)</div></div>', html, re.S).group(1)
    assert "Kumo: tenpai" in tenpai
    meld = re.search(r'<span class="meld">(.*)</span>', tenpai, re.S).group(1)
    assert meld.count('data-tile="E"') == 3


def test_the_sanma_nine_terminals_card_names_who_aborted_and_shows_the_hand():
    state = position((DEALER, ITTSU, QUIET), draws="E")
    aborted = play(state, "0 abort")
    shown, html = _sanma_card(aborted, viewer=1)
    assert shown.title == "Aborted: nine terminals"
    assert shown.aborted.who == "Aki"
    line = _aborted(html)
    # 1C 9C 1B 9B E S W G R Wh 9D: eleven kinds; 2D and 6D faded, the drawn East marked.
    assert "Aki: 11 different terminals and honours" in _text(line)
    assert line.count('data-tile="') == 14
    assert len(re.findall(r'class="tl small terminal"', line)) == 12
    assert re.findall(r'class="tl small" data-tile="(\w+)"', line) == ["2D", "6D"]
    # The aborting seat reads its own name as "You".
    own, _ = _sanma_card(aborted, viewer=0)
    assert own.aborted.who == "You"


def test_a_result_that_does_not_name_who_aborted_still_shows_its_card():
    """A state cached before results named the seat: the card, without the line."""
    aborted = play(position((DEALER, ITTSU, QUIET), draws="E"), "0 abort")
    view = sanma.view(aborted, 1)
    old = replace(view, hand_result=replace(view.hand_result, aborter=None))
    shown, html = _sanma_card(aborted, viewer=1, view=old)
    assert shown.title == "Aborted: nine terminals" and shown.aborted is None
    assert "Aborted: nine terminals" in html and 'class="aborted"' not in html


def test_the_classic_nine_terminals_card_names_who_declared_it_and_shows_the_hand():
    nine = "1C 9C 1D 9D 1B E S W N 3B 4B 5B 6B"
    junk = "1C 4C 7C 1D 4D 7D 1B 4B 7B E S W N"
    state = replace(
        table([junk + " 5C", nine, junk, junk], live="9B"), opening=(), discarded=frozenset()
    )
    state = act(act(act(state, "0 d:5C"), "1 draw"), "1 abort")
    view = CLASSIC.view(state, 0)
    shown = present_result(CLASSIC, state.last_result, view, BOTS)
    assert shown.aborted is not None and shown.aborted.who == "Bao"
    html = _render("classic/_hand_outcome.html", {"result": shown})
    line = _aborted(html)
    # 1C 9C 1D 9D 1B E S W N and the drawn 9B: ten kinds; 3B to 6B faded.
    assert "Bao: 10 different terminals and honours" in _text(line)
    assert line.count('data-tile="') == 14
    assert sorted(re.findall(r'class="tl small" data-tile="(\w+)"', line)) == [
        "3B",
        "4B",
        "5B",
        "6B",
    ]
    # The viewer's own row is marked among the four.
    assert re.findall(r'<tr class="is-you"><td>(.*?)</td>', html) == ["You"]
