"""What the Classic table shows of its own, beside the shared table
(games/tables/presenters.py, docs/classic.md#the-table-page): each hand's result, every
hand and how it scored, and the scoring table of the rules page. Made from one seat's
view, never from the game's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.tables.presenters import (
    AbortShown,
    Meld,
    abort_shown,
    meld_shown,
    who_is,
    win_headline,
)
from games.tables.tiles import Tile

from . import names
from .engine import View
from .engine.rules import HandResult


@dataclass
class ElementShown:
    """One scored item: its name, the rules text's words for it where the docs quote
    them, its tiles, its points or doublings, or the limit of a special hand."""

    label: str
    tiles: list[Tile]
    points: int
    doublings: int
    quote: str = ""
    limit: bool = False


@dataclass
class HandScoreShown:
    """One hand and its sum, step by step: the points, rounded (the winner's; a
    loser's sum stays as it is), doubled, at most the limit (docs/classic.md#scoring)."""

    who: str
    is_winner: bool
    hand: list[Tile]
    melds: list[Meld]
    bonus: list[Tile]
    elements: list[ElementShown]
    points: int
    rounded: int
    doublings: int
    value: int
    limited: bool
    rounds: bool = True  # the sum is rounded to tens
    special: str = ""  # the special hand worth the limit

    @property
    def factor(self) -> int:
        """What the doublings multiply by: 2 per doubling."""
        return 1 << self.doublings

    @property
    def doubled(self) -> int:
        """The rounded sum doubled, before the limit."""
        return self.rounded * self.factor


@dataclass
class Payment:
    """A payment with how it is made up: ``sum`` the arithmetic ("60 × (2 + 1 + 1)
    = 240"), ``note`` why the factors are what they are."""

    payer: str
    payee: str
    amount: int
    reason: str
    sum: str = ""
    note: str = ""
    payer_seat: int = 0
    payee_seat: int = 0


@dataclass
class ResultShown:
    title: str
    headline: str
    winning_tile: Tile | None
    scores: list[HandScoreShown]
    payments: list[Payment]
    rows: list[tuple[str, int, int, bool]]  # who, change, score after, the viewer's
    aborted: AbortShown | None = None  # who declared nine terminals, with the hand

    @property
    def to_winner(self) -> list[Payment]:
        return [p for p in self.payments if p.reason == "winner"]

    @property
    def between_losers(self) -> list[Payment]:
        return [p for p in self.payments if p.reason == "losers"]


def present_own(kind, view: View, seats: Mapping, viewer: int) -> dict:
    """The Classic parts of the table page (``GameKind.present``): a draw shows no
    hands and moves no points."""
    result = view.last_result
    shown = None
    if result is not None and view.phase in ("hand-end", "game-end"):
        shown = present_result(kind, result, view, seats)
    return {
        "data": {
            "honba": 0,
            "sticks": 0,
            "dora": "",
            "dealer": view.dealer,
            "leader": view.leader,
            "round-wind": view.round_wind,
        },
        "leader": view.leader,
        "result": shown,
    }


# How many of its tile an element's single tile stands for: a Pong's three, a Kan's four.
_COPIES = {"pong": 3, "kan": 4}


def _element(e) -> ElementShown:
    copies = _COPIES.get(e.key.split("-")[0], 1)
    each = copies if len(e.tiles) == 1 else 1
    tiles = [Tile(code) for code in e.tiles for _copy in range(each)]
    return ElementShown(
        str(names.ELEMENTS.get(e.key, e.label)),
        tiles,
        e.points,
        e.doublings,
        names.SEED_WORDS.get(e.key, ""),
        e.rule.limit,
    )


def _score(
    kind, result: HandResult, seat: int, viewer: int | None, view: View, seats
) -> HandScoreShown:
    assert result.scores is not None and result.hands is not None
    score = result.scores[seat]
    hand = list(result.hands[seat])
    if seat == result.winner and result.winning_tile in hand:
        hand.remove(result.winning_tile)  # shown apart, as the winning tile
    # A set worth nothing (a Chi) is no line of the sum: its tiles show in the hand.
    elements = [_element(e) for e in score.elements if e.points or e.doublings or e.rule.limit]
    return HandScoreShown(
        who=who_is(kind, seat, viewer, seats),
        is_winner=seat == result.winner,
        hand=[Tile(code) for code in hand],
        melds=[meld_shown(kind, m, seat) for m in view.seats[seat].melds],
        bonus=[Tile(code) for code in view.seats[seat].set_aside],
        elements=elements,
        points=score.points,
        rounded=score.rounded,
        doublings=score.doublings,
        value=score.value,
        limited=score.limited,
        rounds=seat == result.winner or score.rounded != score.points,
        special=next((e.label for e in elements if e.limit), ""),
    )


def _payment(result: HandResult, payment, leader: int, who) -> Payment:
    """A payment and its arithmetic, from the values on the card
    (docs/classic.md#settlement)."""
    assert result.scores is not None
    values = [s.value for s in result.scores]
    shares = payment.shares
    notes = []
    if payment.reason == "winner":
        base = str(values[payment.payee])
        if len(shares) > 1:
            notes.append(_("the discarder pays for all three"))
            factors = "(" + " + ".join(map(str, shares)) + ")"
            if leader == payment.payee:
                notes.append(_("the leading wind wins double"))
            elif 2 in shares:
                notes.append(_("the leading wind's share is double"))
        else:
            factors = str(shares[0])
    else:
        base = f"({values[payment.payee]} − {values[payment.payer]})"
        if payment.base == values[payment.payee]:  # minus nothing: the value itself
            base = str(payment.base)
        notes.append(_("the difference of the two values"))
        factors = str(shares[0])
    if len(shares) == 1 and shares[0] == 2:
        if leader == payment.payer:
            notes.append(_("the leading wind pays double"))
        else:
            notes.append(_("the leading wind wins double"))
    arithmetic = base if factors == "1" else f"{base} × {factors}"
    if arithmetic != str(payment.amount):
        arithmetic = f"{arithmetic} = {payment.amount}"
    return Payment(
        who(payment.payer),
        who(payment.payee),
        payment.amount,
        payment.reason,
        arithmetic,
        "; ".join(str(n) for n in notes),
        payment.payer,
        payment.payee,
    )


def present_result(kind, result: HandResult, view: View, seats: Mapping) -> ResultShown:
    """A hand's result: every hand and how it scored, each payment and how it is made
    up, the scores after (docs/classic.md#settlement). A draw shows no hands and moves
    no points."""
    viewer = view.seat

    def who(seat: int) -> str:
        return who_is(kind, seat, viewer, seats)

    if result.outcome != "win":
        return ResultShown(
            title=str(names.DRAWS[result.draw_reason or "wall"]),
            headline=_("Nobody pays."),
            winning_tile=None,
            scores=[],
            payments=[],
            rows=[(who(s), result.deltas[s], view.scores[s], s == viewer) for s in range(4)],
            aborted=abort_shown(kind, result.aborter, result.aborting_hand, viewer, seats),
        )
    assert result.winner is not None
    order = [result.winner] + [s for s in range(4) if s != result.winner]
    return ResultShown(
        title=_("Mah Jong"),
        headline=win_headline(
            kind, names.WIN_LINES, result.winner, result.discarder, viewer, seats
        ),
        winning_tile=Tile(result.winning_tile, flags="winning") if result.winning_tile else None,
        scores=[_score(kind, result, seat, viewer, view, seats) for seat in order],
        payments=[_payment(result, p, view.leader, who) for p in result.payments],
        rows=[(who(s), result.deltas[s], view.scores[s], s == viewer) for s in range(4)],
    )


def sheet_entry(kind, view: View, seats: Mapping, viewer: int) -> tuple[str, list[int] | None]:
    """What the score sheet says of the hand that just ended (``GameKind.sheet_entry``):
    who won on whose tile, or why it was a draw, and each seat's hand value."""
    result = view.last_result
    if result is None:
        return "", None
    if result.outcome != "win" or result.winner is None or result.scores is None:
        return str(names.DRAWS[result.draw_reason or "wall"]), None
    line = win_headline(kind, names.SHEET_LINES, result.winner, result.discarder, viewer, seats)
    return line, [s.value for s in result.scores]


@dataclass(frozen=True)
class ScoringRow:
    label: str
    points: int
    doublings: int
    source: str


@dataclass(frozen=True)
class ScoringGroup:
    title: str
    rows: list[ScoringRow]
    limit: bool = False  # each row is worth the limit


def scoring_table() -> list[ScoringGroup]:
    """Every row of the engine's scoring table with its figure and source, in the four
    groups of docs/classic.md#scoring, for the rules page: it lists what the engine
    counts."""
    from .engine import scoring

    short = {
        scoring.HOUSE: _("ours"),
        scoring.BABCOCK: "Babcock",
        scoring.SONTAG: "Sontag",
        scoring.KAJONGG: "Kajongg",
    }

    def row(rule) -> ScoringRow:
        source = "; ".join(str(short.get(part, part)) for part in rule.source.split("; "))
        return ScoringRow(str(names.ELEMENTS[rule.key]), rule.points, rule.doublings, source)

    def kind_of(rule) -> str:
        return "limit" if rule.limit else "doublings" if rule.doublings else "points"

    groups = [
        (_("Points, every hand"), False, "points"),
        (_("Points, the winner only"), True, "points"),
        (_("Doublings, every hand"), False, "doublings"),
        (_("Doublings, the winner only"), True, "doublings"),
        (_("Special hands: the limit"), True, "limit"),
    ]
    # The rows of the rules new tables play (docs/classic.md#editions).
    rules = [r for r in scoring.RULES.values() if scoring.EDITION in r.editions]
    return [
        ScoringGroup(
            title,
            [row(r) for r in rules if r.winner_only == winner and kind_of(r) == kind],
            kind == "limit",
        )
        for title, winner, kind in groups
    ]
