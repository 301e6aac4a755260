"""The shape of one seat's view that every table game's engine emits
(docs/tables.md#one-shape-for-every-table-game).

A view holds the seat's own hand and what lies open on the table: every pond, every
set, every tile set aside, the scores and winds, whose turn it is and what this seat
may do. It never holds another seat's concealed tiles, the wall, or whether another
seat could call (``waiting_for`` names only the viewer while a tile is on offer).
Each game's ``View`` extends ``TableView`` with what is its own (Sanma's dora and waits,
Classic's dice and leading wind). Tiles are codes (``"5Dr"``), seats numbers (0 deals
first).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action

# A seat's phase (docs/tables.md#one-shape-for-every-table-game): "draw" (the seat in turn has
# yet to draw), "discard" (it holds its drawn tile or has called, and must discard or
# declare), "call" (a tile is on offer), "hand-end", "game-end".
PHASES = ("draw", "discard", "call", "hand-end", "game-end")


@dataclass(frozen=True, slots=True)
class PondTile:
    tile: str
    tsumogiri: bool = False  # the drawn tile, discarded at once
    riichi: bool = False  # the riichi declaration, turned sideways
    called: bool = False  # taken by another seat's call


@dataclass(frozen=True, slots=True)
class MeldView:
    kind: str  # "pon", "chi", "open-kan", "closed-kan", "added-kan"
    tiles: tuple[str, ...]  # a closed kan's outer tiles are shown face down
    called: str | None  # the tile taken from another seat
    from_seat: int | None  # the seat it was taken from


@dataclass(frozen=True, slots=True)
class SeatView:
    """What everybody sees of a seat."""

    seat: int
    wind: str  # "E", "S", "W", "N"
    is_dealer: bool
    score: int
    hand_size: int  # concealed tiles, a drawn one included
    pond: tuple[PondTile, ...]
    melds: tuple[MeldView, ...]
    set_aside: tuple[str, ...]  # Sanma's Norths, Classic's flowers and seasons
    riichi: bool = False


@dataclass(frozen=True, slots=True)
class Offer:
    """The tile on offer while seats may call on it."""

    kind: str  # "discard"; Sanma also "north", "added-kan", "closed-kan"
    seat: int  # whose tile it is
    tile: str


@dataclass(frozen=True, slots=True)
class GameResultView:
    placements: tuple[int, ...]  # seats, first place first
    scores: tuple[int, ...]
    points: tuple[float, ...]  # each seat's result of the game (Sanma's with placement points)
    leftover_sticks: int = 0  # riichi sticks left on the table, gone to first place


@dataclass(frozen=True, kw_only=True)
class TableView:
    seat: int
    version: int  # decisions applied so far
    phase: str  # one of PHASES
    round: str  # "E1", "S3", ...
    wall: int  # live tiles left
    scores: tuple[int, ...]
    turn: int
    waiting_for: tuple[int, ...]  # while a tile is on offer: only the viewer, if asked
    seats: tuple[SeatView, ...]
    hand: tuple[str, ...]  # own concealed tiles, sorted, without the drawn tile
    drawn: str | None  # own drawn tile
    legal: tuple[Action, ...]  # what this seat may do now
    offer: Offer | None
    game_result: GameResultView | None = None  # once the game is over
    # Only in a finished game's replay, every hand open: each seat's concealed tiles.
    open_hands: tuple[tuple[str, ...], ...] | None = None

    def legal_moves(self, move: str) -> list[Action]:
        return [action for action in self.legal if action.move == move]
