"""What a table page shows, made from one seat's view of the game and never from the
game's state (docs/tables.md#the-table-page): one presenter for every table game, from
the seat-view shape every engine emits (``games.tables.engine.TableView``). Seats are
placed around the viewer, the next in turn on the right. What is a game's own (Sanma's
waits and dora, Classic's dice, each hand's result) the kind presents itself
(``GameKind.present``) for its own partials.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext as _

from . import rating, seating
from .engine import Action, MeldView, TableView
from .engine.helper import Helper
from .models import Seat
from .registry import GameKind
from .tiles import HandTile, Tile, is_terminal_or_honour, tile_name
from .timers import Clocks

# Where each seat sits from the viewer's side, by seats after the viewer's.
PLACES = {3: ("me", "right", "left"), 4: ("me", "right", "across", "left")}
# Moves that tell nothing to the others: a draw follows from the wall, and a pass must
# not tell that its seat could have called.
UNTOLD = ("draw", "pass")
DISCARDS = ("d", "riichi")  # moves that put a tile in the pond


@dataclass
class Meld:
    kind: str  # "pon", "chi", "open-kan", "closed-kan", "added-kan"
    label: str
    tiles: list[Tile]
    step: int | None = None


@dataclass
class AbortShown:
    """Who declared nine terminals and honours, with the hand shown to do so, its
    terminals and honours marked (docs/tables.md#the-nine-terminals-card)."""

    who: str
    hand: list[Tile]
    kinds: int  # how many different terminals and honours it holds


@dataclass
class Button:
    action: str  # data-action: the move
    move: str  # what it posts
    label: str
    tiles: list[Tile] = field(default_factory=list)  # the tiles it names or makes
    key: str = ""
    detail: str = ""  # e.g. the value of a win
    ready: object | None = None  # the discard helper's waits of a Riichi's discard

    @property
    def tile(self) -> Tile | None:
        """The tile a test or a script names the button by (a Chi's lowest)."""
        return self.tiles[0] if self.tiles else None


@dataclass
class Choice:
    """Buttons of one move that differ in their tile (Riichi discarding X, Kan of K,
    Chi from X): shown together under the move's name."""

    action: str
    label: str
    key: str
    buttons: list[Button]


@dataclass
class Clock:
    """A seat's turn timer (docs/tables.md#turn-timers): the deadline for the script's
    countdown, and the seconds left when the answer was made, for a page without it."""

    deadline_ms: int
    seconds: int


@dataclass
class SeatPanel:
    seat: int
    place: str  # "me", "right", "across", "left"
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
    set_aside: list[Tile]  # Sanma's Norths, Classic's flowers and seasons
    is_turn: bool
    open_hand: list[Tile] | None = None  # every tile, in a finished game's replay
    clock: Clock | None = None  # at a table of several humans, while it waits for this seat
    away: bool = False  # its human is away: the server plays for the seat
    # an account's rating, at a lobby's table (docs/tables.md#lobby-and-rating)
    rating: rating.Shown | None = None


@dataclass
class Event:
    """One decision since the page's version, as the answer tells it."""

    step: int
    seat: int
    move: str
    tile: str | None
    text: str = ""


@dataclass
class Standing:
    place: int
    who: str
    score: int
    points: float
    is_me: bool


@dataclass
class TableShown:
    kind: GameKind
    view: TableView
    version: int  # the version the page shows and posts: its passes left out
    panels: dict[str, SeatPanel]
    hand: list[HandTile]
    drawn: HandTile | None
    buttons: list[Button]
    choices: list[Choice]
    offer: Tile | None  # the tile on offer to the viewer
    offer_from: str
    events: list[Event]
    standings: list[Standing]
    own: dict  # what the game presents itself for its partials (``GameKind.present``)
    helper: Helper | None = None  # the discard helper, where the player has it on

    @property
    def opponents(self) -> list[SeatPanel]:
        return [panel for place, panel in self.panels.items() if place != "me"][::-1]

    @property
    def status(self) -> str:
        return " ".join(e.text for e in self.events if e.text)

    @property
    def last_step(self) -> int:
        return self.events[-1].step + 1 if self.events else 0


def who_is(kind: GameKind, seat: int, viewer: int | None, seats: Mapping[int, Seat]) -> str:
    return seating.who_is(seat, viewer, seats, kind.bot_names)


def _kind_of(code: str | None) -> str:
    return (code or "").rstrip("r")


def events_since(
    kind: GameKind, log: list[str], since: int, viewer: int, seats: Mapping[int, Seat]
) -> list[Event]:
    """The decisions of the current hand since the page's version, numbered in the
    order the answer shows them (draws, passes and the viewer's own decisions untold).
    A call on a discard names the called tile, so that its set can be found."""
    if since < 0 or since >= len(log) or len(log) - since > kind.step_limit:
        return []
    events: list[Event] = []
    offered: str | None = None
    for text in log[since:]:
        action = Action.parse(text)
        if action.move == "next":
            events, offered = [], None
            continue
        tile = action.tile
        if action.move in DISCARDS:
            offered = tile
        elif action.move in ("pon", "kan") and tile is None:
            tile = offered
        if action.move in UNTOLD:
            continue
        event = Event(len(events), action.seat, action.move, tile)
        if action.seat != viewer:
            event.text = _tell(kind, event, who_is(kind, action.seat, viewer, seats))
        events.append(event)
    return events


def _tell(kind: GameKind, event: Event, who: str) -> str:
    move = str(kind.move_names[event.move])
    if event.move in DISCARDS and event.tile:
        return _("%(who)s %(move)s %(tile)s.") % {
            "who": who,
            "move": move,
            "tile": tile_name(event.tile),
        }
    return _("%(who)s: %(move)s.") % {"who": who, "move": move}


def called_side(owner: int, from_seat: int, seats: int) -> str:
    """Where the seat ``from_seat`` sits seen from ``owner``: "right" (next in turn),
    "left" (the one before) or "across" (docs/tables.md#the-table-page)."""
    after = (from_seat - owner) % seats
    if after == 1:
        return "right"
    return "left" if after == seats - 1 else "across"


def meld_shown(kind: GameKind, m: MeldView, owner: int | None = None) -> Meld:
    """A set as it lies on the table: the called tile sideways on the side of the seat
    it came from (left, in the middle for the seat across, right; ``owner`` the seat of
    the set), a closed kan's outer tiles face down."""
    codes = list(m.tiles)
    at = None
    if m.called in codes:
        codes.remove(m.called)
        at = 0
        if owner is not None and m.from_seat is not None:
            side = called_side(owner, m.from_seat, kind.seats)
            at = {"left": 0, "across": 1, "right": len(codes)}[side]
        codes.insert(at, m.called)
    tiles = [Tile(code) for code in codes]
    if at is not None:
        tiles[at].flags = "sideways"
    if m.kind == "closed-kan":
        tiles[0].flags = tiles[-1].flags = "back"
    return Meld(m.kind, str(kind.meld_names[m.kind]), tiles)


def _mark_steps(tiles: list, events: list[Event]) -> None:
    """The last tiles came with the last events: each is shown after its step."""
    for tile, event in zip(tiles[len(tiles) - len(events) :], events, strict=False):
        tile.step = event.step


def _panel(
    kind: GameKind, view: TableView, seat: int, place: str, events: list[Event], seats: Mapping
) -> SeatPanel:
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
    own = [e for e in events if e.seat == seat]
    _mark_steps(pond, [e for e in own if e.move in DISCARDS])
    offer = view.offer
    if pond and offer is not None and offer.seat == seat and offer.kind == "discard":
        pond[-1].flags = (pond[-1].flags + " offered").strip()
    melds = [meld_shown(kind, m, seat) for m in s.melds]
    for event in own:
        if event.move in ("pon", "kan", "chi"):
            made = next(
                (m for m in reversed(melds) if _kind_of(event.tile) in map(_kind_code, m.tiles)),
                None,
            )
            if made is not None:
                made.step = event.step
    set_aside = [Tile(code) for code in s.set_aside]
    _mark_steps(set_aside, [e for e in own if e.move == "nuki"])
    over = view.phase in ("hand-end", "game-end")  # then anyone may go on
    in_turn = view.phase in ("draw", "discard") and view.turn == seat
    return SeatPanel(
        seat=seat,
        place=place,
        wind=s.wind,
        wind_name=str(kind.wind_names[s.wind]),
        who=who_is(kind, seat, view.seat, seats),
        level=seating.level_of(seat, seats, kind.level_names),
        is_dealer=s.is_dealer,
        score=s.score,
        riichi=s.riichi,
        hand_size=s.hand_size,
        pond=pond,
        melds=melds,
        set_aside=set_aside,
        is_turn=not over and (seat in view.waiting_for or in_turn),
    )


def _mark_last_discard(panels: dict[str, SeatPanel], log: list[str]) -> None:
    """The hand's latest discard is marked in its seat's pond (``last``)."""
    for text in reversed(log):
        action = Action.parse(text)
        if action.move == "next":
            return
        if action.move in DISCARDS:
            panel = next(p for p in panels.values() if p.seat == action.seat)
            if panel.pond and panel.pond[-1].code == action.tile:
                last = panel.pond[-1]
                last.flags = f"{last.flags} last".strip()
            return


def _rate_panels(kind: GameKind, panels, seats: Mapping[int, Seat]) -> None:
    """At a lobby's table, each account's rating beside its name."""
    accounts = {i: seat.user_id for i, seat in seats.items() if seat.user_id is not None}
    any_seat = next(iter(seats.values()), None)
    if not accounts or any_seat is None or not any_seat.table.lobby:
        return
    shown = rating.ratings_of(kind.key, set(accounts.values()))
    for panel in panels:
        if panel.seat in accounts:
            panel.rating = shown[accounts[panel.seat]]


def _kind_code(tile: Tile) -> str:
    return _kind_of(tile.code)


def run_from(low: str) -> list[str]:
    """The three tiles of a chi from its lowest: "3D" -> 3D 4D 5D."""
    return [f"{int(low[0]) + i}{low[1]}" for i in range(3)]


def _buttons(kind: GameKind, view: TableView) -> tuple[list[Button], list[Choice]]:
    """The buttons of the decisions open now: one per move, the moves that name a tile
    of the own grouped by move; discards are the hand's tiles themselves."""
    buttons: list[Button] = []
    choices: dict[str, Choice] = {}
    offered = view.offer.tile if view.offer is not None else None
    for action in view.legal:
        move = action.move
        if move in ("d", "next"):
            continue
        key = kind.action_keys.get(move, "")
        button = Button(move, action.text, str(kind.button_names[move]), key=key)
        if action.tile is not None:
            codes = run_from(action.tile) if move == "chi" else [action.tile]
            button.tiles = [Tile(code) for code in codes]
            for tile in button.tiles:
                if move == "chi" and tile.code == offered:
                    tile.flags = "called"
            choice = choices.setdefault(move, Choice(move, button.label, key, []))
            choice.buttons.append(button)
            continue
        if move in ("pon", "kan", "ron") and offered is not None:
            button.tiles = [Tile(offered)]
        buttons.append(button)
    return buttons, list(choices.values())


def _hand(view: TableView, events: list[Event]) -> tuple[list[HandTile], HandTile | None]:
    discards = {a.tile for a in view.legal if a.move == "d"}

    def tile(code: str, flags: str = "") -> HandTile:
        return HandTile(code, flags=flags, move=f"d:{code}" if code in discards else None)

    hand = [tile(code) for code in view.hand]
    drawn = tile(view.drawn, "drawn") if view.drawn else None
    if drawn is not None and events:
        drawn.step = events[-1].step + 1
    return hand, drawn


def _clock(deadline: datetime, now: datetime) -> Clock:
    left = max(0, math.ceil((deadline - now).total_seconds()))
    return Clock(int(deadline.timestamp() * 1000), left)


def present(
    kind: GameKind,
    view: TableView,
    log: list[str],
    since: int,
    seats: Mapping[int, Seat],
    version: int,
    clocks: Clocks | None = None,
    now: datetime | None = None,
    helper: Helper | None = None,
) -> TableShown:
    """Everything the table partial shows; ``since`` is the log's length when the
    player's page was shown before this answer (the decisions after it are animated),
    ``version`` the table's version as shown now; ``clocks`` those of a table of several
    humans, as this seat may see them, at ``now``; ``helper`` the discard helper
    (docs/tables.md#the-discard-helper), marked on the hand's tiles and Riichi's."""
    me = view.seat
    events = events_since(kind, log[: view.version], since, me, seats)
    places = PLACES[kind.seats]
    panels = {
        place: _panel(kind, view, (me + i) % kind.seats, place, events, seats)
        for i, place in enumerate(places)
    }
    if view.open_hands is not None:
        for panel in panels.values():
            panel.open_hand = [Tile(code) for code in view.open_hands[panel.seat]]
    _rate_panels(kind, panels.values(), seats)
    if clocks is not None and now is not None:
        for panel in panels.values():
            panel.away = panel.seat in clocks.away
            if panel.seat in clocks.shown:
                panel.clock = _clock(clocks.shown[panel.seat], now)
    _mark_last_discard(panels, log[: view.version])
    hand, drawn = _hand(view, events)
    buttons, choices = _buttons(kind, view)
    game = view.game_result
    standings = []
    if game is not None:
        standings = [
            Standing(
                place,
                who_is(kind, seat, me, seats),
                game.scores[seat],
                game.points[seat],
                seat == me,
            )
            for place, seat in enumerate(game.placements, 1)
        ]
    offer = view.offer if me in view.waiting_for and view.phase == "call" else None
    shown = TableShown(
        kind=kind,
        view=view,
        version=version,
        panels=panels,
        hand=hand,
        drawn=drawn,
        buttons=buttons,
        choices=choices,
        offer=Tile(offer.tile) if offer is not None else None,
        offer_from=who_is(kind, offer.seat, me, seats) if offer is not None else "",
        events=events,
        standings=standings,
        own=kind.present(view, seats, me),
        helper=helper,
    )
    for button in buttons:
        button.detail = shown.own.get("details", {}).get(button.action, "")
    _mark_dora(hand, drawn, shown.own.get("dora", ()))
    if helper is not None:
        _mark_ready(helper, [*hand, *((drawn,) if drawn else ())], choices)
    return shown


def _mark_dora(hand: list[HandTile], drawn: HandTile | None, dora: list[Tile]) -> None:
    """The dora in the viewer's hand, the red fives among them, are marked (``dora``;
    docs/tables.md#the-table-page): ``dora`` the game's dora themselves, none in a game
    without them."""
    kinds = {_kind_code(t) for t in dora}
    for tile in [*hand, *([drawn] if drawn is not None else [])]:
        if tile.code.endswith("r") or _kind_code(tile) in kinds:
            tile.flags = f"{tile.flags} dora".strip()


def _mark_ready(helper: Helper, tiles: list[HandTile], choices: list[Choice]) -> None:
    """Each hand tile whose discard leaves the hand ready carries its waits, and so
    does each Riichi button (docs/tables.md#the-discard-helper)."""
    for tile in tiles:
        if tile.move is not None:
            tile.ready = helper.for_tile(tile.code)
    for choice in choices:
        if choice.action == "riichi":
            for button in choice.buttons:
                ready = helper.for_tile(button.tiles[0].code) if button.tiles else None
                if ready is not None:
                    button.ready = ready
                    button.detail = ready_text(ready)


def ready_text(ready) -> str:
    """ "3D 6D · 5 left": the waits of a discard and the copies unseen."""
    waits = " ".join(tile_name(w.tile) + f" ({w.left})" for w in ready.waits)
    return _("Waits: %(waits)s · %(left)s left") % {"waits": waits, "left": ready.left}


def win_headline(
    kind: GameKind,
    lines: Mapping[str, str],
    winner: int,
    from_seat: int | None,
    viewer: int | None,
    seats: Mapping[int, Seat],
) -> str:
    """Who won on whose tile, in the game's words: ``lines`` has "own-tsumo", "tsumo"
    (with %(winner)s), "own-ron" (%(loser)s), "ron-on-you" (%(winner)s) and "ron"
    (both); ``from_seat`` is None for a win on the own tile."""
    names = {"winner": who_is(kind, winner, viewer, seats)}
    if from_seat is None:
        return str(lines["own-tsumo" if winner == viewer else "tsumo"]) % names
    names["loser"] = who_is(kind, from_seat, viewer, seats)
    if winner == viewer:
        return str(lines["own-ron"]) % names
    return str(lines["ron-on-you" if from_seat == viewer else "ron"]) % names


def abort_shown(
    kind: GameKind,
    aborter: int | None,
    hand: tuple[str, ...] | None,
    viewer: int | None,
    seats: Mapping[int, Seat],
) -> AbortShown | None:
    """The nine-terminals card's hand; None when the result does not know who aborted (a
    state kept from before results named the seat)."""
    if aborter is None or not hand:
        return None
    shown = [Tile(code, flags="terminal" if is_terminal_or_honour(code) else "") for code in hand]
    return AbortShown(
        who=who_is(kind, aborter, viewer, seats),
        hand=shown,
        kinds=len({t.code for t in shown if t.flags}),
    )


def turn_text(view: TableView) -> str:
    """The live line when no decision is told: whose move it is, or that it is over."""
    if view.phase == "game-end":
        return _("The game is over.")
    if view.phase == "hand-end":
        return _("The hand is over.")
    if view.seat in view.waiting_for:
        if view.phase == "call" and view.offer is not None and view.offer.kind == "discard":
            return _("Claim the discard or pass.")
        return _("Your turn.")
    return ""


def decision_text(kind: GameKind, text: str, viewer: int, seats: Mapping[int, Seat]) -> str:
    """A replay step's decision in words: "Sora: discards Circle 5"."""
    if not text:
        return _("The deal.")
    action = Action.parse(text)
    who = who_is(kind, action.seat, viewer, seats)
    move = str(kind.move_names[action.move])
    if action.tile:
        return f"{who}: {move} {tile_name(action.tile)}"
    return f"{who}: {move}"
