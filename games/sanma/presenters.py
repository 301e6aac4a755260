"""What the Sanma table shows of its own, beside the shared table
(games/tables/presenters.py, docs/sanma.md#the-table-page): the dora, the waits and
furiten above the hand, a win's value on its button, and each hand's result. Made
from one seat's view, never from the game's state.
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
from .engine.tiles import dora_of_indicator, kind_code, parse_code
from .engine.view import HandResultView, WinView


@dataclass
class Payment:
    payer: str
    payee: str
    amount: int
    reason: str


@dataclass
class WinShown:
    headline: str
    hand: list[Tile]
    winning_tile: Tile
    melds: list[Meld]
    norths: int
    yaku: list[tuple[str, int]]
    han: int
    fu: int
    points: int
    limit: str
    ura: list[Tile]
    honba: int = 0  # what the winner receives beyond the points: the honba
    sticks: int = 0  # and the riichi sticks on the table

    @property
    def received(self) -> int:
        """Everything the winner receives: the value on the Tsumo/Ron button."""
        return self.points + self.honba + self.sticks


@dataclass
class ResultShown:
    title: str
    wins: list[WinShown]
    tenpai: list[tuple[str, list[Tile], list[Meld]]]
    nagashi: list[str]
    payments: list[Payment]
    rows: list[tuple[str, int, int, bool]]  # who, change, score after, the viewer's
    dealer_stays: bool
    aborted: AbortShown | None = None  # who declared nine terminals, with the hand


def present_own(kind, view: View, seats: Mapping, viewer: int) -> dict:
    """The Sanma parts of the table page (``GameKind.present``)."""
    details = {}
    preview = view.preview
    if preview is not None:
        details[preview.move] = _("%(han)s han %(fu)s fu · %(points)s") % {
            "han": preview.han,
            "fu": preview.fu,
            "points": f"{preview.total:,}",
        }
    notes = []
    if view.furiten:
        notes.append(str(names.FURITEN[view.furiten]))
    if view.cannot_win:
        notes.append(str(names.CANNOT_WIN[view.cannot_win]))
    result = view.hand_result
    return {
        "data": {"honba": view.honba, "sticks": view.sticks, "dora": " ".join(view.dora)},
        "dora": dora_of(view.dora),
        "ura": dora_of(view.ura_dora or ()),
        "waits": [Tile(code) for code in view.waits],
        "notes": notes,
        "preview": [(names.yaku_name(n), han) for n, han in preview.yaku] if preview else [],
        "details": details,
        "result": _result(kind, result, viewer, seats, view)
        if result is not None and view.game_result is None
        else None,
        "leftover_sticks": view.game_result.leftover_sticks if view.game_result else 0,
    }


def dora_of(indicators) -> list[Tile]:
    """The dora themselves, one per indicator (docs/sanma.md#dora): what the table shows,
    rather than the indicators."""
    return [Tile(kind_code(dora_of_indicator(parse_code(code)[0]))) for code in indicators]


def yaku_rows(yaku, norths: int) -> list[tuple[str, int]]:
    """A win's yaku as the card lists them: the Norths set aside on a line of their own,
    out of the library's Dora (docs/sanma.md#north)."""
    rows = []
    for name, han in yaku:
        if name == "Dora" and norths:
            han -= norths
        if han:
            rows.append((names.yaku_name(name), han))
    if norths:
        rows.append((_("Norths set aside"), norths))
    return rows


def _win(kind, w: WinView, viewer: int, seats: Mapping, payments) -> WinShown:
    """A win; ``payments`` the hand's, for what the winner receives beyond the points
    (docs/sanma.md#the-table-page)."""
    hand = list(w.hand)
    hand.remove(w.tile)
    return WinShown(
        headline=win_headline(kind, names.WIN_LINES, w.seat, w.from_seat, viewer, seats),
        hand=[Tile(code) for code in hand],
        winning_tile=Tile(w.tile, flags="winning"),
        melds=[meld_shown(kind, m, w.seat) for m in w.melds],
        norths=w.norths,
        yaku=yaku_rows(w.yaku, w.norths),
        han=w.han,
        fu=w.fu,
        points=w.points,
        limit=str(names.LIMITS.get(w.limit, "")) if w.limit else "",
        ura=[Tile(code) for code in w.ura_indicators],
        honba=sum(p.amount for p in payments if p.payee == w.seat and p.reason == "honba"),
        sticks=sum(p.amount for p in payments if p.payee == w.seat and p.reason == "sticks"),
    )


def _result(kind, r: HandResultView, viewer: int, seats: Mapping, view: View) -> ResultShown:
    def who(seat: int | None) -> str:
        return _("Riichi sticks") if seat is None else who_is(kind, seat, viewer, seats)

    aborter = r.aborter
    known = aborter is not None and aborter < len(r.shown_hands)
    return ResultShown(
        title=str(names.HAND_ENDS.get(r.reason, r.reason)),
        wins=[_win(kind, w, viewer, seats, r.payments) for w in r.wins],
        tenpai=[
            (
                who(seat),
                [Tile(code) for code in r.shown_hands[seat] or ()],
                [meld_shown(kind, m, seat) for m in view.seats[seat].melds],
            )
            for seat in r.tenpai
            if not r.wins
        ],
        nagashi=[who(seat) for seat in r.nagashi],
        payments=[
            Payment(who(p.payer), who(p.payee), p.amount, str(names.PAYMENTS[p.reason]))
            for p in r.payments
        ],
        rows=[(who(seat), r.deltas[seat], r.scores[seat], seat == viewer) for seat in range(3)],
        dealer_stays=r.dealer_stays,
        aborted=abort_shown(
            kind, aborter, r.shown_hands[aborter] if known else None, viewer, seats
        ),
    )
