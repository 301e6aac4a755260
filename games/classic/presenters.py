"""What the Classic table shows of its own, beside the shared table
(games/tables/presenters.py, docs/classic.md#the-table-page): each hand's result, every
hand and how it scored, and the scoring table of the rules page. Made from one seat's
view, never from the game's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.tables.presenters import Meld, meld_shown, who_is, win_headline
from games.tables.tiles import Tile

from . import names
from .engine import View
from .engine.rules import HandResult


@dataclass
class ElementShown:
    label: str
    tiles: list[Tile]
    points: int
    doublings: int


@dataclass
class HandScoreShown:
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


@dataclass
class Payment:
    payer: str
    payee: str
    amount: int
    reason: str


@dataclass
class ResultShown:
    title: str
    headline: str
    winning_tile: Tile | None
    scores: list[HandScoreShown]
    payments: list[Payment]
    rows: list[tuple[str, int, int]]  # who, change, score after


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


def _score(
    kind, result: HandResult, seat: int, viewer: int | None, view: View, seats
) -> HandScoreShown:
    assert result.scores is not None and result.hands is not None
    score = result.scores[seat]
    hand = list(result.hands[seat])
    if seat == result.winner and result.winning_tile in hand:
        hand.remove(result.winning_tile)  # shown apart, as the winning tile
    return HandScoreShown(
        who=who_is(kind, seat, viewer, seats),
        is_winner=seat == result.winner,
        hand=[Tile(code) for code in hand],
        melds=[meld_shown(kind, m) for m in view.seats[seat].melds],
        bonus=[Tile(code) for code in view.seats[seat].set_aside],
        elements=[
            ElementShown(
                str(names.ELEMENTS.get(e.key, e.label)),
                [Tile(code) for code in e.tiles],
                e.points,
                e.doublings,
            )
            for e in score.elements
        ],
        points=score.points,
        rounded=score.rounded,
        doublings=score.doublings,
        value=score.value,
        limited=score.limited,
    )


def present_result(kind, result: HandResult, view: View, seats: Mapping) -> ResultShown:
    """A hand's result: every hand and how it scored, each payment, the scores after
    (docs/classic.md#settlement). A draw shows no hands and moves no points."""
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
            rows=[(who(s), result.deltas[s], view.scores[s]) for s in range(4)],
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
        payments=[
            Payment(who(p.payer), who(p.payee), p.amount, str(names.PAYMENTS[p.reason]))
            for p in result.payments
        ],
        rows=[(who(s), result.deltas[s], view.scores[s]) for s in range(4)],
    )


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
