"""The result card of a hand-built scored hand
(docs/classic.md#the-result-card-and-the-score-sheet): every item the engine counted is
on it with its tiles, every doubling by name (with the rules text's words where the docs
quote them), the sum step by step, and every payment with its arithmetic; the payments
sum to zero and make each seat's change."""

from __future__ import annotations

import re
from pathlib import Path

from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.test import RequestFactory

from games.classic import names
from games.classic.engine.hand import Meld
from games.classic.engine.tiles import kind
from games.classic.kind import CLASSIC
from games.classic.presenters import present_result
from tests.classic.engine.helpers import act, table

DOCS = Path(__file__).resolve().parents[3] / "docs" / "classic.md"


def _card(state, viewer: int = 0) -> tuple[object, str]:
    view = CLASSIC.view(state, viewer)
    shown = present_result(CLASSIC, state.last_result, view, {})
    request = RequestFactory().get("/")
    request.user, request.session = AnonymousUser(), {}
    html = render_to_string("classic/_hand_outcome.html", {"result": shown}, request=request)
    return shown, html


def _east_draws_a_limit_hand():
    """docs/classic.md, worked example B, and South holds an exposed Pong of red
    dragons: East draws North to his only wait, five doublings, over the limit."""
    winner = "E E E 1C 2C 3C 4C 5C 6C 7C 8C 9C N"
    south = "1D 4D 7D 1B 4B 7B 2D 5D 8D 2B"
    others = ["1D 4D 7D 1B 4B 7B 2D 5D 8D 2B 5B 8B S"] * 2
    pong = Meld("pong", kind("R"), claimed_from=3)
    state = table([winner, south, *others], live="N", phase="draw", melds={1: [pong]})
    return act(act(state, "0 draw"), "0 tsumo")


def _a_dragon_pong_won_on_a_discard():
    """docs/classic.md, worked example A: South wins on North's discard."""
    hands = [
        "1C 1C 1C 3D 6D 9D 2B 5B 8B S W N E",
        "2C 3C 5D 5D 5D 7B 8B 9B 9D 9D",
        "1D 4D 7D 1B 4B 7B E S W N 6C 8C 9C",
        "3C 4C 6C 9C 2D 3D 6B 9B 9B 8D S",
    ]
    melds = {1: [Meld("pong", kind("R"), claimed_from=2)], 3: [Meld("pong", kind("5B"))]}
    state = table(hands, turn=3, melds=melds)
    return act(act(state, "3 d:4C"), "1 ron")


def _rows(html: str) -> list[str]:
    """The card's item rows, as text."""
    body = re.findall(r"<tbody>(.*?)</tbody>", html, re.S)
    rows = [row for part in body for row in re.findall(r"<tr[^>]*>(.*?)</tr>", part, re.S)]
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip() for row in rows]


def test_the_card_lists_every_item_and_every_doubling_the_engine_counted():
    state = _east_draws_a_limit_hand()
    result = state.last_result
    shown, html = _card(state)
    assert [s.who for s in shown.scores][0] == "You"
    for seat_shown, seat in zip(shown.scores, (0, 1, 2, 3), strict=True):
        score = result.scores[seat]
        assert [e.label for e in seat_shown.elements] == [  # every item but a Chi's 0
            str(names.ELEMENTS[e.key]) for e in score.elements if e.key != "chi"
        ]
        doublings = [str(names.ELEMENTS[e.key]) for e in score.elements if e.doublings]
        named = [e.label for e in seat_shown.elements if e.doublings]
        assert named == doublings
        assert (seat_shown.points, seat_shown.rounded, seat_shown.value) == (
            score.points,
            score.rounded,
            score.value,
        )
    east = result.scores[0]
    assert sorted(e.key for e in east.elements if e.doublings) == sorted(
        ["set-own-wind", "set-round-wind", "concealed-drawn", "one-suit-honours", "straight"]
    )
    rows = _rows(html)
    for name in ("Pong or Kan of the own wind", "Pong or Kan of the round wind"):
        assert f"{name} ×2" in rows
    # The rules text's words beside the doublings it names, as the docs quote them.
    for key in ("concealed-drawn", "one-suit-honours", "straight"):
        words = names.SEED_WORDS[key]
        assert f"{names.ELEMENTS[key]} {words} ×2" in rows
    docs = DOCS.read_text()
    assert all(words.strip("„“") in docs for words in names.SEED_WORDS.values())
    # South's loser's hand: its dragon Pong scores 4, doubled once, not rounded: 8.
    assert "Pong of 1, 9 or honours, exposed 4 pts" in rows
    assert "Pong or Kan of dragons ×2" in rows
    assert shown.scores[1].value == 8 and not shown.scores[1].rounds
    # Every scored set with its tiles: East's Pong of East three times; a Chi scores
    # nothing and is no line of the sum ("Chi 0"), its tiles show in the hand above.
    items = re.findall(r'<td class="item">(.*?)</td>', html, re.S)
    east_pong = next(i for i in items if "concealed</span>" in i and "Pong of 1, 9" in i)
    assert east_pong.count('data-tile="E"') == 3
    assert not [i for i in items if i.endswith('<span class="item-name">Chi</span>')]
    assert sum(e.key == "chi" for s in result.scores for e in s.elements) == 3
    # The sum step by step: 32, rounded 30, doubled five times 960, the limit 300.
    assert "Sum of the points 32" in _foot(html)
    assert "Rounded to tens 30" in _foot(html)
    assert "Doubled 5 times: 30 × 32 960" in _foot(html)
    assert "At most the limit 300" in _foot(html)
    assert "The hand's value 300" in _foot(html)


def _foot(html: str) -> str:
    feet = re.findall(r"<tfoot>(.*?)</tfoot>", html, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", feet[0]))


def _paid(html: str) -> list[tuple[int, int, int]]:
    return [
        tuple(map(int, found))
        for found in re.findall(r'data-payer="(\d)" data-payee="(\d)" data-amount="(\d+)"', html)
    ]


def _changes(html: str) -> list[int]:
    rows = re.search(r'<table class="score-rows">.*?<tbody>(.*?)</tbody>', html, re.S)
    cells = re.findall(r'<td class="num">([+-]?\d+)</td><td class="num">', rows.group(1))
    return [int(c) for c in cells]


def test_each_payment_shows_its_arithmetic_and_they_sum_to_zero():
    state = _a_dragon_pong_won_on_a_discard()
    shown, html = _card(state)
    paid = _paid(html)
    assert sorted(paid) == sorted((p.payer, p.payee, p.amount) for p in state.last_result.payments)
    changes = [0, 0, 0, 0]
    for payer, payee, amount in paid:
        changes[payer] -= amount
        changes[payee] += amount
    assert sum(changes) == 0
    assert changes == _changes(html) == list(state.last_result.deltas) == [28, 240, -18, -250]
    sums = {(p.payer_seat, p.payee_seat): (p.sum, p.note) for p in shown.payments}
    # North pays for all three; East's share is double (docs/classic.md#settlement).
    assert sums[(3, 1)] == (
        "60 × (2 + 1 + 1) = 240",
        "the discarder pays for all three; the leading wind's share is double",
    )
    assert sums[(2, 0)] == (
        "8 × 2 = 16",
        "the difference of the two values; the leading wind wins double",
    )
    assert sums[(3, 0)][0] == "(8 − 2) × 2 = 12"
    assert sums[(2, 3)] == ("2", "the difference of the two values")
    assert "60 × (2 + 1 + 1) = 240: the discarder pays for all three" in html


def test_each_payment_to_the_leading_wind_winning_says_its_factor():
    """Drawn: each loser pays East double. On a discard: the discarder pays all three
    shares, each double, six times the value."""
    drawn, _html = _card(_east_draws_a_limit_hand())
    assert {(p.sum, p.note) for p in drawn.payments if p.reason == "winner"} == {
        ("300 × 2 = 600", "the leading wind wins double")
    }
    hands = [
        "2C 3C 5D 5D 5D 7B 8B 9B 9D 9D",
        "1D 4D 7D 1B 4B 7B E S W N 6C 8C 9C",
        "3C 4C 6C 9C 2D 3D 6B 9B 9B 8D S 1D 1B",
        "1D 4D 7D 1B 4B 7B E S W N 6C 8C 9C",
    ]
    state = table(hands, turn=2, melds={0: [Meld("pong", kind("R"), claimed_from=2)]})
    state = act(act(state, "2 d:4C"), "0 ron")
    shown, html = _card(state)
    assert state.last_result.scores[0].value == 60
    assert [(p.payer_seat, p.sum, p.note) for p in shown.payments if p.reason == "winner"] == [
        (
            2,
            "60 × (2 + 2 + 2) = 360",
            "the discarder pays for all three; the leading wind wins double",
        )
    ]
    assert sum(_changes(html)) == 0
