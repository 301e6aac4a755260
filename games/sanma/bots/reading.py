"""What a bot reads from its seat's view: its own tiles, what is out, what is worth what.

Everything here comes from ``view(state, seat)`` alone: a bot never sees the state, so
it knows exactly what a human in its seat would know.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from games.sanma.engine import Action, View, visible_counts
from games.sanma.engine.tiles import (
    EAST,
    KINDS,
    NORTH,
    TERMINALS_AND_HONOURS,
    dora_of_indicator,
    parse_code,
)

DRAGONS = frozenset({31, 32, 33})
HONOURS = frozenset(range(27, 34))
SUITED = tuple(k for k in KINDS if k < 27)


def kind_of(code: str) -> int:
    return parse_code(code)[0]


def is_simple(kind: int) -> bool:
    return kind not in TERMINALS_AND_HONOURS


def suit_of(kind: int) -> int | None:
    """0 characters, 1 circles, 2 bamboo; None for honours."""
    return None if kind >= 27 else kind // 9


def counts_of(codes) -> list[int]:
    counts = [0] * 34
    for c in codes:
        counts[kind_of(c)] += 1
    return counts


@dataclass(frozen=True)
class Reading:
    """One decision's reading of the view; computed pieces are cached per decision."""

    view: View

    @property
    def seat(self) -> int:
        return self.view.seat

    @cached_property
    def me(self):
        return self.view.seats[self.view.seat]

    @cached_property
    def tiles(self) -> tuple[str, ...]:
        """Own concealed tiles, the drawn one included."""
        v = self.view
        return (*v.hand, v.drawn) if v.drawn else v.hand

    @cached_property
    def counts(self) -> tuple[int, ...]:
        return tuple(counts_of(self.tiles))

    @cached_property
    def visible(self) -> tuple[int, ...]:
        return visible_counts(self.view)

    def unseen(self, kind: int) -> int:
        return max(0, 4 - self.visible[kind])

    @cached_property
    def dora(self) -> dict[int, int]:
        """Kinds that are dora, with how many han each copy is worth."""
        out: dict[int, int] = {}
        for indicator in self.view.dora:
            kind = dora_of_indicator(kind_of(indicator))
            out[kind] = out.get(kind, 0) + 1
        return out

    @cached_property
    def value_kinds(self) -> frozenset[int]:
        """Honours whose triplet is a yaku for this seat: dragons, seat and round wind."""
        seat_wind = EAST + "ESW".index(self.me.wind)
        round_wind = EAST + "ES".index(self.view.round[0])
        return DRAGONS | {seat_wind, round_wind}

    @cached_property
    def is_closed(self) -> bool:
        return all(m.kind == "closed-kan" for m in self.me.melds)

    @cached_property
    def meld_kinds(self) -> tuple[int, ...]:
        return tuple(kind_of(m.tiles[0]) for m in self.me.melds)

    def tile_han(self, code: str) -> int:
        """Dora han a tile carries: its kind's dora count, plus one for a red five."""
        return self.dora.get(kind_of(code), 0) + (1 if code.endswith("r") else 0)

    @cached_property
    def dora_han(self) -> int:
        """Dora han already in hand, melds and set-aside Norths."""
        han = sum(self.tile_han(c) for c in self.tiles)
        han += sum(self.tile_han(c) for m in self.me.melds for c in m.tiles)
        han += len(self.me.set_aside) * (1 + self.dora.get(NORTH, 0))
        return han

    @cached_property
    def opponents(self) -> tuple[int, int]:
        return ((self.seat + 1) % 3, (self.seat + 2) % 3)

    @cached_property
    def discards(self) -> dict[int, list[Action]]:
        """The legal discards by kind (a red five and a plain five are two actions)."""
        out: dict[int, list[Action]] = {}
        for a in self.view.legal:
            if a.move == "d":
                out.setdefault(kind_of(a.tile), []).append(a)
        return out

    def discard_of(self, kind: int) -> Action:
        """The discard of ``kind``, the plain five before the red one (a red five is dora)."""
        return sorted(self.discards[kind], key=lambda a: a.tile.endswith("r"))[0]

    def legal(self, move: str) -> list[Action]:
        return [a for a in self.view.legal if a.move == move]

    @cached_property
    def wall_turns(self) -> int:
        """Own draws left, roughly: the live wall shared by three seats."""
        return self.view.wall // 3

    def without(self, kind: int, n: int = 1) -> tuple[int, ...]:
        counts = list(self.counts)
        counts[kind] -= n
        return tuple(counts)
