"""What one seat may see: the only thing a page or a bot gets (docs/sanma.md).

``view(state, seat)`` holds the seat's own hand and everything on the table, never
another seat's concealed tiles, the wall or the ura dora before they are shown.
``full_view(state)`` opens every hand, for replays of finished games.
Tiles are given by their codes (``"5Dr"``); seats by number (0 = the starting dealer).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.tables.engine.view import (
    GameResultView,
    MeldView,
    Offer,
    PondTile,
    SeatView,
    TableView,
)

from . import rules
from .state import GameResult, HandResult, Meld, State, Win
from .tiles import code, kind_code

WIND_NAMES = ("E", "S", "W")


@dataclass(frozen=True, slots=True)
class WinView:
    seat: int
    from_seat: int | None  # None for tsumo
    tile: str
    hand: tuple[str, ...]  # concealed tiles, the winning tile included
    melds: tuple[MeldView, ...]
    norths: int
    yaku: tuple[tuple[str, int], ...]  # (library name, han)
    han: int
    fu: int
    points: int  # the hand's value before honba and sticks
    limit: str  # "", "mangan", "haneman", "baiman", "sanbaiman", "yakuman", ...
    ura_indicators: tuple[str, ...]  # shown to everyone once a riichi hand wins


@dataclass(frozen=True, slots=True)
class PaymentView:
    payer: int | None  # None: riichi sticks from the table
    payee: int
    amount: int
    reason: str  # "ron", "tsumo", "honba", "sticks", "noten", "nagashi"


@dataclass(frozen=True, slots=True)
class HandResultView:
    kind: str  # "win", "draw", "abort"
    reason: str  # "ron", "tsumo", "exhaustive", "nagashi", "nine-terminals", "four-kans"
    wins: tuple[WinView, ...]
    tenpai: tuple[int, ...]
    nagashi: tuple[int, ...]
    payments: tuple[PaymentView, ...]
    deltas: tuple[int, int, int]
    scores: tuple[int, int, int]
    shown_hands: tuple[tuple[str, ...] | None, ...]  # per seat: shown (winner, tenpai,
    # the seat that aborted on nine terminals) or None
    dealer_stays: bool
    aborter: int | None = None  # who declared nine terminals


@dataclass(frozen=True, slots=True)
class Preview:
    """The library's value of a win the seat may declare now."""

    move: str  # "tsumo" or "ron"
    yaku: tuple[tuple[str, int], ...]
    han: int
    fu: int
    points: int  # what the payers pay before honba and sticks
    total: int  # everything the winner would receive, honba and sticks included
    limit: str


@dataclass(frozen=True, kw_only=True)
class View(TableView):
    """The shared seat view (``TableView``) and what is Sanma's own."""

    length: str  # the game's length: "one-hand", "east", "east-south"
    honba: int
    sticks: int
    dora: tuple[str, ...]  # dora indicators shown
    last_discard: tuple[int, str] | None
    waits: tuple[str, ...]  # kinds that complete the hand (of 13, before a draw)
    furiten: str | None  # "discard", "temporary", "riichi"
    cannot_win: str | None  # "no-yaku" or "furiten" when a complete hand cannot win now
    preview: Preview | None
    hand_result: HandResultView | None
    ura_dora: tuple[str, ...] | None = None  # only in full_view


def _meld_view(m: Meld, red: bool) -> MeldView:
    return MeldView(
        kind=m.kind,
        tiles=tuple(code(t, red) for t in m.tiles),
        called=None if m.called is None else code(m.called, red),
        from_seat=m.from_seat,
    )


def _win_view(w: Win, red: bool) -> WinView:
    return WinView(
        seat=w.seat,
        from_seat=w.from_seat,
        tile=code(w.tile, red),
        hand=tuple(code(t, red) for t in w.hand),
        melds=tuple(_meld_view(m, red) for m in w.melds),
        norths=w.norths,
        yaku=w.yaku,
        han=w.han,
        fu=w.fu,
        points=w.points,
        limit=w.limit,
        ura_indicators=tuple(code(t, red) for t in w.ura_indicators),
    )


def _result_view(result: HandResult, red: bool, open_all: bool) -> HandResultView:
    winners = {w.seat for w in result.wins}
    shown = tuple(
        tuple(code(t, red) for t in tiles)
        if open_all or seat in winners or seat in result.tenpai or seat == result.aborter
        else None
        for seat, tiles in enumerate(result.hands)
    )
    return HandResultView(
        kind=result.kind,
        reason=result.reason,
        wins=tuple(_win_view(w, red) for w in result.wins),
        tenpai=result.tenpai,
        nagashi=result.nagashi,
        payments=tuple(PaymentView(p.payer, p.payee, p.amount, p.reason) for p in result.payments),
        deltas=result.deltas,
        scores=result.scores,
        shown_hands=shown,
        dealer_stays=result.dealer_stays,
        aborter=result.aborter,
    )


def _game_view(result: GameResult) -> GameResultView:
    return GameResultView(result.placements, result.scores, result.points, result.leftover_sticks)


def _waiting_for(state: State, seat: int) -> tuple[int, ...]:
    # Who else may call on a tile is that seat's secret: a call phase lists only the viewer.
    waiting = rules.waiting_for(state)
    if state.phase == "call":
        return (seat,) if seat in waiting else ()
    return tuple(sorted(waiting))


def _phase_and_turn(state: State, seat: int) -> tuple[str, int]:
    """The phase and the seat in turn as ``seat`` sees them. While a tile is on offer, a
    seat not asked about it (or that has answered) sees the seat that draws next about
    to draw, as when nobody could call: whether another seat could is its secret
    (docs/tables.md#nothing-hidden-leaks). The seat in turn holding its drawn tile or
    having called must discard: "discard" on the shared table."""
    claim = state.hand.claim
    if state.phase == "call" and claim is not None and seat not in rules.waiting_for(state):
        drawer = (claim.seat + 1) % 3 if claim.kind == "discard" else claim.seat
        return "draw", drawer
    return ("discard" if state.phase == "draw" else state.phase), state.hand.turn


def view(state: State, seat: int) -> View:
    """Everything ``seat`` may see now."""
    return _build(state, seat, open_all=False)


def full_view(state: State, seat: int = 0) -> View:
    """The view with every hand open and the ura dora shown: for finished-game replays."""
    return _build(state, seat, open_all=True)


def _build(state: State, seat: int, open_all: bool) -> View:
    if seat not in (0, 1, 2):
        raise ValueError(f"no such seat: {seat!r}")
    hand = state.hand
    red = state.options.red_fives
    me = hand.seats[seat]
    seats = tuple(
        SeatView(
            seat=i,
            wind=WIND_NAMES[hand.seat_wind(i)],
            is_dealer=i == hand.dealer,
            score=state.scores[i],
            hand_size=len(s.concealed),
            pond=tuple(
                PondTile(code(p.tile, red), p.tsumogiri, p.riichi, p.called) for p in s.pond
            ),
            melds=tuple(_meld_view(m, red) for m in s.melds),
            set_aside=("N",) * len(s.norths),
            riichi=s.riichi,
        )
        for i, s in enumerate(hand.seats)
    )
    claim = hand.claim
    legal = tuple(rules.legal_actions(state, seat))
    value = rules.win_preview(state, seat, legal) if hand.phase in ("draw", "call") else None
    preview = None
    if value is not None and value.error is None and value.cost is not None:
        cost = value.cost
        tsumo = claim is None
        preview = Preview(
            move="tsumo" if tsumo else "ron",
            yaku=value.yaku,
            han=value.han,
            fu=value.fu,
            points=int(cost["main"]) + (int(cost["additional"]) if tsumo else 0),
            total=int(cost["total"]),
            limit=value.limit,
        )
    waits = rules.waits_of(me) if len(me.hand) % 3 == 1 else ()
    phase, turn = _phase_and_turn(state, seat)
    in_play = hand.phase not in ("hand-end",) and state.game_result is None
    return View(
        seat=seat,
        version=state.actions,
        phase=phase,
        round=hand.round_name,
        length=state.options.length,
        honba=hand.honba,
        sticks=hand.sticks,
        wall=hand.live_tiles,
        dora=tuple(code(t, red) for t in rules.dora_indicators(hand)),
        scores=state.scores,
        turn=turn,
        waiting_for=_waiting_for(state, seat),
        last_discard=None
        if hand.last_discard is None
        else (hand.last_discard[0], code(hand.last_discard[1], red)),
        offer=None
        if claim is None or phase != "call"
        else Offer(claim.kind, claim.seat, code(claim.tile, red)),
        seats=seats,  # type: ignore[arg-type]
        hand=tuple(code(t, red) for t in me.hand),
        drawn=None if me.drawn is None else code(me.drawn, red),
        legal=legal,
        waits=tuple(kind_code(k) for k in waits),
        furiten=rules.furiten_kind(me) if in_play else None,
        cannot_win=rules.cannot_win_reason(state, seat) if in_play else None,
        preview=preview,
        hand_result=None if hand.result is None else _result_view(hand.result, red, open_all),
        game_result=None if state.game_result is None else _game_view(state.game_result),
        open_hands=tuple(tuple(code(t, red) for t in s.concealed) for s in hand.seats)
        if open_all
        else None,
        ura_dora=tuple(code(t, red) for t in rules.ura_indicators(hand)) if open_all else None,
    )
