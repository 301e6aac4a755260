"""Classic's discard helper (docs/classic.md#the-discard-helper): the shared helper
(``games.tables.engine.helper``) with Classic's winning shapes, and the hand's distance
to Mah Jong. It reads one seat's view and the table's edition, nothing else."""

from __future__ import annotations

from collections.abc import Sequence

from games.tables.engine.helper import Helper, discard_helper

from .hand import orphans_shanten, shanten_of_counts, waits
from .tiles import TERMINALS_AND_HONOURS, code, counts34, is_bonus, kind
from .view import View


def _concealed(codes: Sequence[str]) -> list[int]:
    return [k for k in map(kind, codes) if not is_bonus(k)]


def _orphans(view: View, edition: int) -> bool:
    """Whether thirteen orphans may still be made: second edition, nothing declared."""
    return edition >= 2 and not view.seats[view.seat].melds


def ready_waits(codes: Sequence[str], orphans: bool) -> tuple[str, ...]:
    """The kinds that complete 3n+1 concealed tiles: four sets and a pair, or where
    ``orphans`` thirteen orphans (docs/classic.md#special-hands)."""
    concealed = _concealed(codes)
    found = set(waits(concealed))
    if orphans and len(concealed) == 13:
        counts = counts34(concealed)
        for k in TERMINALS_AND_HONOURS:
            if counts[k] < 4:
                counts[k] += 1
                if orphans_shanten(counts) == -1:
                    found.add(k)
                counts[k] -= 1
    return tuple(code(k) for k in sorted(found))


def distance(view: View, edition: int) -> int:
    """Tiles from ready (0 ready, -1 a winning hand) of the concealed tiles now."""
    concealed = _concealed([*view.hand, *((view.drawn,) if view.drawn else ())])
    counts = counts34(concealed)
    found = shanten_of_counts(counts)
    if _orphans(view, edition) and len(concealed) in (13, 14):
        found = min(found, orphans_shanten(counts))
    return found


def helper(view: View, edition: int) -> Helper:
    orphans = _orphans(view, edition)
    return discard_helper(
        view, lambda codes: ready_waits(codes, orphans), distance=distance(view, edition)
    )
