"""The discard helper (docs/tables.md#the-discard-helper), as plain Python: for each
discard that leaves a hand ready, its waits and how many of each this seat cannot see.

Everything here reads one seat's view (``TableView``) and nothing else: the own hand
and drawn tile, every pond, every open set, every tile set aside and what the game adds
that lies open (Sanma's dora indicators). So no number can tell anything of the wall or
of another seat's concealed tiles. Which tiles complete a hand is the game's own rule,
handed in as a function of the concealed tiles' codes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .view import TableView

COPIES = 4  # of every kind in the set


def kind_of(code: str) -> str:
    """A tile's kind code: a red five is a five ("5Dr" -> "5D")."""
    return code[:-1] if len(code) == 3 and code.endswith("r") else code


@dataclass(frozen=True, slots=True)
class Wait:
    tile: str  # a kind code
    left: int  # copies this seat cannot see


@dataclass(frozen=True, slots=True)
class ReadyDiscard:
    """A discard that leaves the hand ready, and what it then waits on."""

    discard: str  # a kind code
    waits: tuple[Wait, ...]

    @property
    def left(self) -> int:
        return sum(wait.left for wait in self.waits)


@dataclass(frozen=True, slots=True)
class Helper:
    ready: tuple[ReadyDiscard, ...]  # each discard that leaves the hand ready, most left first
    distance: int | None = None  # Classic: tiles from ready (0 ready, -1 a winning hand)

    def for_tile(self, code: str) -> ReadyDiscard | None:
        kind = kind_of(code)
        return next((ready for ready in self.ready if ready.discard == kind), None)


def seen_counts(view: TableView, also_open: Iterable[str] = ()) -> Counter[str]:
    """Per kind, the tiles this seat sees: its own hand and drawn tile, every pond (a
    called tile lies in its set instead), every set, every tile set aside, a tile on
    offer that left its hand (a North, a kan's tile) and ``also_open``."""
    seen: list[str] = [*view.hand, *((view.drawn,) if view.drawn else ()), *also_open]
    for seat in view.seats:
        seen += [tile.tile for tile in seat.pond if not tile.called]
        for meld in seat.melds:
            seen += meld.tiles
        seen += seat.set_aside
    if view.offer is not None and view.offer.kind != "discard":
        seen.append(view.offer.tile)
    return Counter(kind_of(code) for code in seen)


def discard_helper(
    view: TableView,
    waits_of: Callable[[Sequence[str]], Sequence[str]],
    also_open: Iterable[str] = (),
    distance: int | None = None,
) -> Helper:
    """For each tile the seat may discard now (or declare riichi with) that leaves it
    ready: the waits (``waits_of`` the remaining concealed tiles' codes gives their kind
    codes) and the copies of each this seat cannot see."""
    seen = seen_counts(view, also_open)
    concealed = [*view.hand, *((view.drawn,) if view.drawn else ())]
    discards = {kind_of(a.tile) for a in view.legal if a.move in ("d", "riichi") and a.tile}
    ready = []
    for discard in sorted(discards):
        rest = list(concealed)
        rest.remove(next(code for code in rest if kind_of(code) == discard))
        waits = tuple(Wait(tile, max(0, COPIES - seen[tile])) for tile in waits_of(tuple(rest)))
        if waits:
            ready.append(ReadyDiscard(discard, waits))
    ready.sort(key=lambda r: (-r.left, r.discard))
    return Helper(tuple(ready), distance)
