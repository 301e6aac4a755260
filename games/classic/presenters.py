"""What the Classic table page shows, made from one seat's view of the game and never
from the game's state (docs/classic.md#the-table-page). Seats are placed around the
viewer: the next seat in turn on the right, the one after across, the one before on the
left.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games.tables import seating
from games.tables.models import Seat
from games.tables.tiles import HandTile, Tile, tile_name

from . import names
from .engine import Action, MeldView, View
from .engine.rules import HandResult
from .table_rules import BOT_LEVEL_NAMES

# Bots are known by a name of their seat's, so that each is told apart all game long.
BOT_NAMES = ("Mei", "Bao", "Lan", "Jun")
PLACES = ("me", "right", "across", "left")  # by seat after the viewer's
STEP_LIMIT = 40  # an answer animates at most this many decisions since the page's version
ACTION_KEYS = {"mahjong": "m", "pong": "p", "kan": "k", "chi": "c", "pass": "x", "draw": "d"}


@dataclass
class Meld:
    kind: str  # "chi", "pong", "kan" or "concealed-kan"
    tiles: list[Tile]
    step: int | None = None

    @property
    def label(self) -> str:
        return str(names.MELDS[self.kind])


@dataclass
class Button:
    action: str  # data-action
    move: str  # what it posts
    label: str
    tiles: list[Tile] = field(default_factory=list)  # the tiles it names or makes
    key: str = ""

    @property
    def tile(self) -> Tile | None:
        """The tile a test or a script names the button by (a Chi's lowest)."""
        return self.tiles[0] if self.tiles else None


@dataclass
class SeatPanel:
    seat: int
    place: str  # "me", "right", "across", "left"
    wind: str
    wind_name: str
    who: str
    level: str
    is_dealer: bool  # East of this hand
    is_leader: bool  # the leading wind: wins and loses double
    score: int
    hand_size: int
    pond: list[Tile]
    melds: list[Meld]
    bonus: list[Tile]
    is_turn: bool
    open_hand: list[Tile] | None = None  # every tile, in a finished game's replay


@dataclass
class Event:
    """One decision since the page's version, as the answer tells it."""

    step: int
    seat: int
    verb: str
    tile: str | None
    text: str = ""


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


@dataclass
class Standing:
    place: int
    who: str
    score: int
    is_me: bool


@dataclass
class TableShown:
    view: View
    panels: dict[str, SeatPanel]
    hand: list[HandTile]
    drawn: HandTile | None
    buttons: list[Button]
    chis: list[Button]
    kans: list[Button]
    offer: Tile | None  # the discard being claimed
    offer_from: str
    events: list[Event]
    result: ResultShown | None
    standings: list[Standing]

    @property
    def opponents(self) -> list[SeatPanel]:
        return [self.panels["left"], self.panels["across"], self.panels["right"]]

    @property
    def status(self) -> str:
        return " ".join(e.text for e in self.events if e.text)

    @property
    def last_step(self) -> int:
        return self.events[-1].step + 1 if self.events else 0


def who_is(seat: int, viewer: int | None, seats: dict[int, Seat]) -> str:
    return seating.who_is(seat, viewer, seats, BOT_NAMES)


def level_of(seat: int, seats: dict[int, Seat]) -> str:
    return seating.level_of(seat, seats, BOT_LEVEL_NAMES)


def move_of(action: Action) -> str:
    """What a page posts for an action: its text without the seat."""
    return str(action).split(" ", 1)[1]


def events_since(log: list[str], since: int, viewer: int, seats: dict[int, Seat]) -> list[Event]:
    """The decisions of the current hand since the page's version, numbered in the
    order the answer shows them (draws, passes and the viewer's own decisions untold)."""
    if since < 0 or since >= len(log) or len(log) - since > STEP_LIMIT:
        return []
    events: list[Event] = []
    for text in log[since:]:
        action = Action.parse(text)
        if action.verb == "next":
            events = []
            continue
        if action.verb in ("draw", "pass"):
            continue
        event = Event(len(events), action.seat, action.verb, action.tile_code)
        if action.seat != viewer:
            event.text = _tell(event, who_is(action.seat, viewer, seats))
        events.append(event)
    return events


def _tell(event: Event, who: str) -> str:
    move = str(names.MOVES[event.verb])
    if event.verb == "discard" and event.tile:
        return _("%(who)s %(move)s %(tile)s.") % {
            "who": who,
            "move": move,
            "tile": tile_name(event.tile),
        }
    return _("%(who)s: %(move)s.") % {"who": who, "move": move}


def _meld(m: MeldView, step: int | None = None) -> Meld:
    tiles = [Tile(code or "", flags="" if code else "back") for code in m.tiles]
    kind = "concealed-kan" if m.shape == "kan" and m.concealed else m.shape
    return Meld(kind, tiles, step)


def _panel(view: View, seat: int, place: str, events: list[Event], seats: dict) -> SeatPanel:
    pond = [Tile(code) for code in view.discards[seat]]
    discards = [e for e in events if e.seat == seat and e.verb == "discard"]
    for tile, event in zip(pond[len(pond) - len(discards) :], discards, strict=False):
        tile.step = event.step
    if pond and view.phase == "call" and view.discarder == seat:
        pond[-1].flags = "offered"
    melds = [_meld(m) for m in view.melds[seat]]
    claims = [e for e in events if e.seat == seat and e.verb in ("chi", "pong", "kan")]
    for meld, event in zip(melds[len(melds) - len(claims) :], claims, strict=False):
        meld.step = event.step
    wind = view.seat_winds[seat]
    return SeatPanel(
        seat=seat,
        place=place,
        wind=wind,
        wind_name=str(names.WINDS[wind]),
        who=who_is(seat, view.seat, seats),
        level=level_of(seat, seats),
        is_dealer=seat == view.dealer,
        is_leader=seat == view.leader,
        score=view.scores[seat],
        hand_size=view.hand_sizes[seat],
        pond=pond,
        melds=melds,
        bonus=[Tile(code) for code in view.bonus[seat]],
        is_turn=view.phase not in ("hand-end", "game-end")  # then everyone may go on
        and (
            seat in view.waiting_for or (view.phase in ("draw", "discard") and view.turn == seat)
        ),
    )


def _buttons(view: View) -> tuple[list[Button], list[Button], list[Button]]:
    """The buttons of the decisions open now: one each, a Chi per way to make it, an
    own Kan per tile; discards are the hand's tiles themselves."""
    buttons, chis, kans = [], [], []
    for action in view.legal_actions:
        verb = action.verb
        if verb in ("discard", "next"):
            continue
        button = Button(
            verb, move_of(action), str(names.BUTTONS[verb]), key=ACTION_KEYS.get(verb, "")
        )
        if verb == "chi" and action.tile_code is not None:
            low = action.tile_code
            button.tiles = [Tile(f"{int(low[0]) + i}{low[1]}") for i in range(3)]
            if view.last_discard in [t.code for t in button.tiles]:
                button.tiles[
                    [t.code for t in button.tiles].index(view.last_discard)
                ].flags = "called"
            chis.append(button)
            continue
        if verb == "kan" and action.tile_code is not None:
            button.tiles = [Tile(action.tile_code)]
            kans.append(button)
            continue
        if verb in ("pong", "kan", "mahjong") and view.phase == "call" and view.last_discard:
            button.tiles = [Tile(view.last_discard)]
        buttons.append(button)
    return buttons, chis, kans


def _hand(view: View, events: list[Event]) -> tuple[list[HandTile], HandTile | None]:
    discards = {a.tile_code for a in view.legal_actions if a.verb == "discard"}

    def tile(code: str, flags: str = "") -> HandTile:
        move = f"discard {code}" if code in discards else None
        return HandTile(code, flags=flags, move=move)

    codes = list(view.hand)
    drawn = None
    if view.drawn is not None and view.drawn in codes:
        codes.remove(view.drawn)  # shown apart, on the right
        drawn = tile(view.drawn, "drawn")
        if events:
            drawn.step = events[-1].step + 1
    return [tile(code) for code in codes], drawn


def _score(result: HandResult, seat: int, viewer: int | None, view: View, seats) -> HandScoreShown:
    assert result.scores is not None and result.hands is not None
    score = result.scores[seat]
    hand = list(result.hands[seat])
    if seat == result.winner and result.winning_tile in hand:
        hand.remove(result.winning_tile)  # shown apart, as the winning tile
    return HandScoreShown(
        who=who_is(seat, viewer, seats),
        is_winner=seat == result.winner,
        hand=[Tile(code) for code in hand],
        melds=[_meld(m) for m in view.melds[seat]],
        bonus=[Tile(code) for code in view.bonus[seat]],
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


def _headline(result: HandResult, viewer: int | None, seats: dict) -> str:
    assert result.winner is not None
    winner = who_is(result.winner, viewer, seats)
    if result.discarder is None:
        if result.winner == viewer:
            return _("Mah Jong! You win on a tile from the wall.")
        return _("%(winner)s calls Mah Jong on a tile from the wall.") % {"winner": winner}
    loser = who_is(result.discarder, viewer, seats)
    if result.winner == viewer:
        return _("Mah Jong! You win on the discard of %(loser)s.") % {"loser": loser}
    if result.discarder == viewer:
        return _("%(winner)s calls Mah Jong on your discard.") % {"winner": winner}
    return _("%(winner)s calls Mah Jong on the discard of %(loser)s.") % {
        "winner": winner,
        "loser": loser,
    }


def present_result(result: HandResult, view: View, seats: dict) -> ResultShown:
    """A hand's result: every hand and how it scored, each payment, the scores after
    (docs/classic.md#settlement). A draw shows no hands and moves no points."""
    viewer = view.seat

    def who(seat: int) -> str:
        return who_is(seat, viewer, seats)

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
        headline=_headline(result, viewer, seats),
        winning_tile=Tile(result.winning_tile, flags="winning") if result.winning_tile else None,
        scores=[_score(result, seat, viewer, view, seats) for seat in order],
        payments=[
            Payment(who(p.payer), who(p.payee), p.amount, str(names.PAYMENTS[p.reason]))
            for p in result.payments
        ],
        rows=[(who(s), result.deltas[s], view.scores[s]) for s in range(4)],
    )


def present(view: View, log: list[str], since: int, seats: dict[int, Seat]) -> TableShown:
    """Everything the table partial shows; ``since`` is the version the player's page
    showed before this answer (the decisions after it are animated). ``view`` is a
    seat's, or the open view of a finished game's replay from ``viewer``'s seat."""
    me = view.seat if view.seat is not None else 0
    events = events_since(log[: view.version], since, me, seats)
    panels = {
        place: _panel(view, (me + i) % 4, place, events, seats) for i, place in enumerate(PLACES)
    }
    if view.hands is not None:
        for panel in panels.values():
            panel.open_hand = [Tile(code) for code in view.hands[panel.seat]]
    hand, drawn = _hand(view, events)
    buttons, chis, kans = _buttons(view)
    game = view.game_result
    standings = []
    if game is not None:
        standings = [
            Standing(place, who_is(seat, view.seat, seats), game.scores[seat], seat == view.seat)
            for place, seat in enumerate(game.placements, 1)
        ]
    result = view.last_result
    shown_result = None
    if result is not None and view.phase in ("hand-end", "game-end"):
        shown_result = present_result(result, view, seats)
    offer = Tile(view.last_discard) if view.phase == "call" and view.last_discard else None
    return TableShown(
        view=view,
        panels=panels,
        hand=hand,
        drawn=drawn,
        buttons=buttons,
        chis=chis,
        kans=kans,
        offer=offer,
        offer_from=who_is(view.discarder, view.seat, seats) if view.discarder is not None else "",
        events=events,
        result=shown_result,
        standings=standings,
    )


def turn_text(view: View) -> str:
    """The live line when no decision is told: whose move it is, or that it is over."""
    if view.phase == "game-end":
        return _("The game is over.")
    if view.phase == "hand-end":
        return _("The hand is over.")
    if view.seat in view.waiting_for:
        if view.phase == "call":
            return _("Claim the discard or pass.")
        return _("Your turn.")
    return ""


def decision_text(text: str, viewer: int, seats: dict[int, Seat]) -> str:
    """A replay step's decision in words: "Lan: discards Circle 5"."""
    if not text:
        return _("The deal.")
    action = Action.parse(text)
    who = who_is(action.seat, viewer, seats)
    move = str(names.MOVES[action.verb])
    if action.tile_code:
        return f"{who}: {move} {tile_name(action.tile_code)}"
    return f"{who}: {move}"


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


def scoring_table() -> list[ScoringGroup]:
    """Every row of the engine's scoring table with its figure and source, in the four
    groups of docs/classic.md#scoring, for the rules page: it lists what the engine
    counts."""
    from .engine import scoring

    short = {scoring.HOUSE: _("ours"), scoring.BABCOCK: "Babcock", scoring.SONTAG: "Sontag"}

    def row(rule) -> ScoringRow:
        source = "; ".join(str(short.get(part, part)) for part in rule.source.split("; "))
        return ScoringRow(str(names.ELEMENTS[rule.key]), rule.points, rule.doublings, source)

    groups = [
        (_("Points, every hand"), False, "points"),
        (_("Points, the winner only"), True, "points"),
        (_("Doublings, every hand"), False, "doublings"),
        (_("Doublings, the winner only"), True, "doublings"),
    ]
    rules = scoring.RULES.values()
    return [
        ScoringGroup(
            title,
            [
                row(r)
                for r in rules
                if r.winner_only == winner and (r.doublings > 0) == (kind == "doublings")
            ],
        )
        for title, winner, kind in groups
    ]
