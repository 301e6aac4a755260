"""What the table page shows, made from one seat's view of the game and never from
the game's state (docs/sanma.md#the-table-page). Seats are placed around the viewer:
the next seat in turn on the right, the one before on the left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext as _

from games.tables import seating
from games.tables.models import Seat
from games.tables.tiles import HandTile, Tile, tile_name
from games.tables.timers import Clocks

from . import names
from .engine import Action, View
from .engine.view import HandResultView, MeldView, WinView
from .table_rules import BOT_LEVEL_NAMES

# Bots are known by a name of their seat's, so that each is told apart all game long.
BOT_NAMES = ("Aki", "Kumo", "Sora")
STEP_LIMIT = 30  # an answer animates at most this many decisions since the page's version
ACTION_KEYS = {
    "tsumo": "t",
    "ron": "r",
    "riichi": "i",
    "pon": "p",
    "kan": "k",
    "nuki": "n",
    "abort": "a",
    "pass": "x",
}


@dataclass
class Meld:
    kind: str
    tiles: list[Tile]
    step: int | None = None

    @property
    def label(self) -> str:
        return {
            "pon": _("Pon"),
            "open-kan": _("Open kan"),
            "closed-kan": _("Closed kan"),
            "added-kan": _("Added kan"),
        }[self.kind]


@dataclass
class Button:
    action: str  # data-action
    move: str  # what it posts
    label: str
    tile: Tile | None = None  # data-tile, where a tile must be named
    key: str = ""
    detail: str = ""  # the han/fu preview of a win


@dataclass
class Clock:
    """A seat's turn timer (docs/tables.md#turn-timers): the deadline for the script's
    countdown, and the seconds left when the answer was made, for a page without it."""

    deadline_ms: int
    seconds: int


@dataclass
class SeatPanel:
    seat: int
    place: str  # "me", "right", "left"
    wind: str
    wind_name: str
    who: str
    level: str
    is_dealer: bool
    score: int
    riichi: bool
    hand_size: int
    pond: list[Tile]
    melds: list[Meld]
    norths: list[Tile]
    is_turn: bool
    open_hand: list[Tile] | None = None  # every tile, in a finished game's replay
    clock: Clock | None = None  # at a table of several humans, while it waits for this seat
    away: bool = False  # its human is away: the server plays for the seat


@dataclass
class Event:
    """One decision since the page's version, as the answer tells it."""

    step: int
    seat: int
    move: str
    tile: str | None
    text: str = ""


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


@dataclass
class ResultShown:
    title: str
    wins: list[WinShown]
    tenpai: list[tuple[str, list[Tile]]]
    nagashi: list[str]
    payments: list[Payment]
    rows: list[tuple[str, int, int]]  # who, change, score after
    dealer_stays: bool


@dataclass
class Standing:
    place: int
    who: str
    score: int
    points: float
    is_me: bool


@dataclass
class TableShown:
    view: View
    panels: dict[str, SeatPanel]
    hand: list[HandTile]
    drawn: HandTile | None
    buttons: list[Button]
    riichi: list[Button]
    kans: list[Button]
    waits: list[Tile]
    notes: list[str]
    preview: list[tuple[str, int]]
    events: list[Event]
    result: ResultShown | None
    standings: list[Standing]
    leftover_sticks: int
    dora: list[Tile]
    ura: list[Tile] = field(default_factory=list)

    @property
    def opponents(self) -> list[SeatPanel]:
        return [self.panels["left"], self.panels["right"]]

    @property
    def status(self) -> str:
        lines = [e.text for e in self.events if e.text]
        return " ".join(lines)

    @property
    def last_step(self) -> int:
        return self.events[-1].step + 1 if self.events else 0


def who_is(seat: int, viewer: int | None, seats: dict[int, Seat]) -> str:
    return seating.who_is(seat, viewer, seats, BOT_NAMES)


def level_of(seat: int, seats: dict[int, Seat]) -> str:
    return seating.level_of(seat, seats, BOT_LEVEL_NAMES)


def events_since(log: list[str], since: int, view: View, seats: dict[int, Seat]) -> list[Event]:
    """The decisions of the current hand since the page's version, numbered in the
    order the answer shows them (passes and the viewer's own decisions untold)."""
    if since < 0 or since >= len(log) or len(log) - since > STEP_LIMIT:
        return []
    events: list[Event] = []
    last_discard: str | None = None
    for text in log[since:]:
        action = Action.parse(text)
        if action.move == "next":
            events, last_discard = [], None
            continue
        tile = action.tile
        if action.move in ("d", "riichi"):
            last_discard = tile
        elif action.move in ("pon", "kan") and action.tile is None:
            tile = last_discard
        if action.move == "pass":
            continue
        event = Event(len(events), action.seat, action.move, tile)
        if action.seat != view.seat:
            event.text = _tell(event, who_is(action.seat, view.seat, seats))
        events.append(event)
    return events


def _tell(event: Event, who: str) -> str:
    move = str(names.MOVES[event.move])
    if event.move in ("d", "riichi") and event.tile:
        return _("%(who)s %(move)s %(tile)s.") % {
            "who": who,
            "move": move,
            "tile": tile_name(event.tile),
        }
    return _("%(who)s: %(move)s.") % {"who": who, "move": move}


def _meld(m: MeldView, step: int | None = None) -> Meld:
    tiles = [Tile(code) for code in m.tiles]
    if m.called in m.tiles:  # the called tile lies sideways, once
        tiles[m.tiles.index(m.called)].flags = "sideways"
    if m.kind == "closed-kan":
        tiles[0].flags = tiles[-1].flags = "back"
    return Meld(m.kind, tiles, step)


def _kind_of(code: str | None) -> str:
    return (code or "").rstrip("r")


def _steps_for(events: list[Event], seat: int, moves: tuple[str, ...]) -> list[Event]:
    return [e for e in events if e.seat == seat and e.move in moves]


def _panel(view: View, seat: int, place: str, events: list[Event], seats: dict) -> SeatPanel:
    s = view.seats[seat]
    pond = [
        Tile(
            p.tile,
            flags=" ".join(
                flag
                for flag, on in (
                    ("sideways", p.riichi),
                    ("called", p.called),
                    ("tsumogiri", p.tsumogiri),
                )
                if on
            ),
        )
        for p in s.pond
    ]
    discards = _steps_for(events, seat, ("d", "riichi"))
    for tile, event in zip(pond[len(pond) - len(discards) :], discards, strict=False):
        tile.step = event.step
    offer = view.offer
    if pond and offer is not None and offer.seat == seat and offer.kind == "discard":
        pond[-1].flags += " offered"
    melds = [_meld(m) for m in s.melds]
    for event in _steps_for(events, seat, ("pon", "kan")):
        for meld in melds:
            if meld.tiles and _kind_of(meld.tiles[1].code) == _kind_of(event.tile):
                meld.step = event.step
    norths = [Tile("N") for _ in range(s.norths)]
    for tile, event in zip(
        norths[len(norths) - len(_steps_for(events, seat, ("nuki",))) :],
        _steps_for(events, seat, ("nuki",)),
        strict=False,
    ):
        tile.step = event.step
    return SeatPanel(
        seat=seat,
        place=place,
        wind=s.wind,
        wind_name=str(names.WINDS[s.wind]),
        who=who_is(seat, view.seat, seats),
        level=level_of(seat, seats),
        is_dealer=s.is_dealer,
        score=s.score,
        riichi=s.riichi,
        hand_size=s.hand_size,
        pond=pond,
        melds=melds,
        norths=norths,
        is_turn=seat in view.waiting_for
        or (view.phase in ("draw", "discard") and view.turn == seat),
    )


def _buttons(view: View) -> tuple[list[Button], list[Button], list[Button]]:
    buttons, riichi, kans = [], [], []
    preview = view.preview
    for action in view.legal:
        move = action.move
        if move in ("d", "next"):
            continue
        label = str(names.BUTTONS[move])
        button = Button(move, action.text, label, key=ACTION_KEYS.get(move, ""))
        if move == "riichi":
            button.tile = Tile(action.tile or "")
            riichi.append(button)
            continue
        if move == "kan" and action.tile:
            button.tile = Tile(action.tile)
            kans.append(button)
            continue
        if move in ("pon", "kan") and view.offer is not None:
            button.tile = Tile(view.offer.tile)
        if move in ("tsumo", "ron") and preview is not None and preview.move == move:
            button.detail = _("%(han)s han %(fu)s fu · %(points)s") % {
                "han": preview.han,
                "fu": preview.fu,
                "points": f"{preview.total:,}",
            }
        buttons.append(button)
    return buttons, riichi, kans


def _notes(view: View) -> list[str]:
    notes = []
    if view.furiten:
        notes.append(str(names.FURITEN[view.furiten]))
    if view.cannot_win:
        notes.append(str(names.CANNOT_WIN[view.cannot_win]))
    return notes


def _hand(view: View, events: list[Event]) -> tuple[list[HandTile], HandTile | None]:
    discards = {a.tile for a in view.legal if a.move == "d"}

    def tile(code: str, flags: str = "") -> HandTile:
        return HandTile(code, flags=flags, move=f"d:{code}" if code in discards else None)

    hand = [tile(code) for code in view.hand]
    drawn = tile(view.drawn, "drawn") if view.drawn else None
    if drawn is not None and events:
        drawn.step = events[-1].step + 1
    return hand, drawn


def _win(w: WinView, viewer: int, seats: dict) -> WinShown:
    hand = list(w.hand)
    hand.remove(w.tile)
    return WinShown(
        headline=_headline(w, viewer, seats),
        hand=[Tile(code) for code in hand],
        winning_tile=Tile(w.tile, flags="winning"),
        melds=[_meld(m) for m in w.melds],
        norths=w.norths,
        yaku=[(names.yaku_name(name), han) for name, han in w.yaku],
        han=w.han,
        fu=w.fu,
        points=w.points,
        limit=str(names.LIMITS.get(w.limit, "")) if w.limit else "",
        ura=[Tile(code) for code in w.ura_indicators],
    )


def _headline(w: WinView, viewer: int, seats: dict) -> str:
    winner = who_is(w.seat, viewer, seats)
    if w.from_seat is None:
        if w.seat == viewer:
            return _("You win by tsumo.")
        return _("%(winner)s wins by tsumo.") % {"winner": winner}
    loser = who_is(w.from_seat, viewer, seats)
    if w.seat == viewer:
        return _("You win by ron on the tile of %(loser)s.") % {"loser": loser}
    if w.from_seat == viewer:
        return _("%(winner)s wins by ron on your tile.") % {"winner": winner}
    return _("%(winner)s wins by ron on the tile of %(loser)s.") % {
        "winner": winner,
        "loser": loser,
    }


def _result(r: HandResultView, viewer: int, seats: dict) -> ResultShown:
    def who(seat: int | None) -> str:
        return _("Riichi sticks") if seat is None else who_is(seat, viewer, seats)

    return ResultShown(
        title=str(names.HAND_ENDS.get(r.reason, r.reason)),
        wins=[_win(w, viewer, seats) for w in r.wins],
        tenpai=[
            (who(seat), [Tile(code) for code in r.shown_hands[seat] or ()])
            for seat in r.tenpai
            if not r.wins
        ],
        nagashi=[who(seat) for seat in r.nagashi],
        payments=[
            Payment(who(p.payer), who(p.payee), p.amount, str(names.PAYMENTS[p.reason]))
            for p in r.payments
        ],
        rows=[(who(seat), r.deltas[seat], r.scores[seat]) for seat in range(3)],
        dealer_stays=r.dealer_stays,
    )


def _clock(deadline: datetime, now: datetime) -> Clock:
    left = max(0, math.ceil((deadline - now).total_seconds()))
    return Clock(int(deadline.timestamp() * 1000), left)


def present(
    view: View,
    log: list[str],
    since: int,
    seats: dict[int, Seat],
    clocks: Clocks | None = None,
    now: datetime | None = None,
) -> TableShown:
    """Everything the table partial shows; ``since`` is the version the player's page
    showed before this answer (the decisions after it are animated); ``clocks`` those
    of a table of several humans, as this seat may see them, at ``now``."""
    me = view.seat
    events = events_since(log[: view.version], since, view, seats)
    panels = {
        "me": _panel(view, me, "me", events, seats),
        "right": _panel(view, (me + 1) % 3, "right", events, seats),
        "left": _panel(view, (me + 2) % 3, "left", events, seats),
    }
    if view.open_hands is not None:
        for panel in panels.values():
            panel.open_hand = [Tile(code) for code in view.open_hands[panel.seat]]
    if clocks is not None and now is not None:
        for panel in panels.values():
            panel.away = panel.seat in clocks.away
            if panel.seat in clocks.shown:
                panel.clock = _clock(clocks.shown[panel.seat], now)
    hand, drawn = _hand(view, events)
    buttons, riichi, kans = _buttons(view)
    game = view.game_result
    standings = []
    if game is not None:
        standings = [
            Standing(
                place, who_is(seat, me, seats), game.scores[seat], game.points[seat], seat == me
            )
            for place, seat in enumerate(game.placements, 1)
        ]
    result = view.hand_result
    return TableShown(
        view=view,
        panels=panels,
        hand=hand,
        drawn=drawn,
        buttons=buttons,
        riichi=riichi,
        kans=kans,
        waits=[Tile(code) for code in view.waits],
        notes=_notes(view),
        preview=[(names.yaku_name(n), han) for n, han in view.preview.yaku]
        if view.preview
        else [],
        events=events,
        result=_result(result, me, seats) if result is not None and game is None else None,
        standings=standings,
        leftover_sticks=game.leftover_sticks if game else 0,
        dora=[Tile(code) for code in view.dora],
        ura=[Tile(code) for code in view.ura_dora or ()],
    )


def turn_text(view: View) -> str:
    """The live line when no decision is told: whose move it is, or that it is over."""
    if view.phase == "game-end":
        return _("The game is over.")
    if view.phase == "hand-end":
        return _("The hand is over.")
    return _("Your turn.") if view.seat in view.waiting_for else ""


def decision_text(text: str, viewer: int, seats: dict[int, Seat]) -> str:
    """A replay step's decision in words: "Sora: discards Circle 5"."""
    if not text:
        return _("The deal.")
    action = Action.parse(text)
    who = who_is(action.seat, viewer, seats)
    move = str(names.MOVES[action.move])
    if action.tile:
        return f"{who}: {move} {tile_name(action.tile)}"
    return f"{who}: {move}"
