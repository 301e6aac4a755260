"""Complete hands, their decompositions and waits, through the ``mahjong`` library.

Classic Mahjong's winning shape is four sets (Chi, Pong, Kan) and exactly one pair
(docs/classic.md#the-winning-hand); from the second edition of the rules thirteen
orphans wins too, the one special hand that is no four sets and a pair. The library
also knows seven pairs; that is never asked for here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld as LibraryMeld
from mahjong.shanten import Shanten

from games.tables.engine.shapes import regular_shanten

from .tiles import NORMAL_KINDS, TERMINALS_AND_HONOURS, counts34


@dataclass(frozen=True)
class Meld:
    """A set on the table: ``"chi"`` (``tile`` is its lowest tile), ``"pong"`` or
    ``"kan"``. A concealed Kan lies on the table too, its outer tiles face down;
    ``claimed_from`` is the seat whose discard (``called``) completed the set."""

    shape: str
    tile: int
    concealed: bool = False
    claimed_from: int | None = None
    called: int | None = None  # the discard that completed it
    added: bool = False  # a Kan grown from an exposed Pong

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.shape == "chi":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.shape == "kan" else 3)


@dataclass(frozen=True)
class Block:
    """One part of a decomposed concealed hand: ``"pair"``, ``"pong"`` or ``"chi"``
    (``tile`` is the lowest tile of a chi)."""

    shape: str
    tile: int


def shanten(concealed: Sequence[int]) -> int:
    """Tiles away from ready (0) or complete (-1), four sets and one pair only.

    ``concealed`` holds 3n+1 or 3n+2 normal tiles; declared sets are left out (the
    library counts the missing sets as already made)."""
    return _regular_shanten(tuple(counts34(concealed)))


def shanten_of_counts(counts: Sequence[int]) -> int:
    return _regular_shanten(tuple(counts))


def _regular_shanten(counts: tuple[int, ...]) -> int:
    """The library's regular shanten by the shared memo (games/tables/engine/shapes.py):
    the bots ask for the same hands again and again (docs/classic.md#bots)."""
    return regular_shanten(counts, three_player=False)


def is_complete(concealed: Sequence[int]) -> bool:
    """Whether 3n+2 concealed tiles make n sets and one pair."""
    return is_complete_counts(counts34(concealed))


def is_complete_counts(counts: Sequence[int]) -> bool:
    # The library's quick test also accepts seven pairs and thirteen orphans (14 tiles
    # only); the slower regular shanten settles those few.
    if not Agari.is_agari(counts):
        return False
    return sum(counts) != 14 or shanten_of_counts(counts) == -1


def is_thirteen_orphans(concealed: Sequence[int]) -> bool:
    """Every terminal and honour once, and one of them twice: fourteen tiles in the
    hand, none on the table (docs/classic.md#special-hands)."""
    return len(concealed) == 14 and set(concealed) == TERMINALS_AND_HONOURS


def orphans_shanten(counts: Sequence[int]) -> int:
    """Tiles away from thirteen orphans (0 ready, -1 complete), for 13 or 14 tiles."""
    return Shanten.calculate_shanten_for_kokushi_hand(list(counts))


def is_winning(concealed: Sequence[int], open_sets: int, edition: int) -> bool:
    """Whether the concealed tiles (3n+2 of them, beside ``open_sets`` sets on the table)
    win: four sets and a pair, or from the second edition thirteen orphans."""
    if is_complete(concealed):
        return True
    return edition >= 2 and open_sets == 0 and is_thirteen_orphans(concealed)


def waits(concealed: Sequence[int]) -> tuple[int, ...]:
    """The kinds that complete 3n+1 concealed tiles (a fifth tile of a kind never comes)."""
    counts = counts34(concealed)
    found = []
    for k in range(NORMAL_KINDS):
        if counts[k] == 4:
            continue
        counts[k] += 1
        if is_complete_counts(counts):
            found.append(k)
        counts[k] -= 1
    return tuple(found)


def decompositions(concealed: Sequence[int]) -> tuple[tuple[Block, ...], ...]:
    """Every way to split 3n+2 concealed tiles into n sets and one pair."""
    return _decompositions(tuple(sorted(concealed)))


@lru_cache(maxsize=4096)
def _decompositions(concealed: tuple[int, ...]) -> tuple[tuple[Block, ...], ...]:
    counts = counts34(concealed)
    sets_missing = 4 - (len(concealed) - 2) // 3
    # The library splits whole hands of four sets and a pair: stand-in Kans, of kinds
    # absent from these tiles, take the places of the sets declared on the table.
    fillers = [k for k in range(NORMAL_KINDS) if counts[k] == 0][:sets_missing]
    melds = []
    for k in fillers:
        counts[k] = 4
        melds.append(LibraryMeld(LibraryMeld.KAN, tiles=[k * 4 + i for i in range(4)]))
    found = []
    for blocks in HandDivider.divide_hand(counts, melds):
        if len(blocks) != 5:  # seven pairs
            continue
        parts = []
        for block in blocks:
            if len(block) == 4:
                continue  # a stand-in
            if len(block) == 2:
                parts.append(Block("pair", block[0]))
            elif block[0] == block[1]:
                parts.append(Block("pong", block[0]))
            else:
                parts.append(Block("chi", block[0]))
        found.append(tuple(parts))
    return tuple(found)
