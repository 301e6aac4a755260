"""Cheap helpers for bots and hints: shanten, accepted tiles, visible tiles.

All work on tile codes as a view gives them, and go through the library's shanten,
memoised by the hand's 34 counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.tables.engine.helper import Helper, discard_helper

from . import scoring
from .tiles import KINDS, kind_code, parse_code
from .view import View


def counts_of_codes(codes: Iterable[str]) -> tuple[int, ...]:
    counts = [0] * 34
    for c in codes:
        counts[parse_code(c)[0]] += 1
    return tuple(counts)


def shanten(codes: Iterable[str]) -> int:
    """Shanten of concealed tiles (-1 complete, 0 tenpai); melds are left out."""
    return scoring.shanten(counts_of_codes(codes))


def visible_counts(v: View) -> tuple[int, ...]:
    """Per kind, how many tiles the viewer can see: own hand, ponds, melds, Norths, dora."""
    counts = [0] * 34
    own = (*v.hand, *((v.drawn,) if v.drawn else ()))
    seen: list[str] = [*own, *v.dora]
    for s in v.seats:
        seen += [p.tile for p in s.pond if not p.called]  # called tiles sit in a meld
        for m in s.melds:
            seen += m.tiles
        seen += s.set_aside
    if v.offer is not None and v.offer.kind != "discard":
        seen.append(v.offer.tile)  # a North or kan tile on offer is out of its hand
    for c in seen:
        counts[parse_code(c)[0]] += 1
    return tuple(counts)


@dataclass(frozen=True, slots=True)
class Accepted:
    kind: str  # a kind code
    left: int  # unseen copies


def accepted_tiles(codes: Iterable[str], visible: tuple[int, ...] | None = None) -> list[Accepted]:
    """For a hand of 3n+1 tiles: the kinds that lower its shanten, with copies unseen."""
    counts = counts_of_codes(codes)
    return _accepted(counts, visible if visible is not None else counts)


def _accepted(counts: tuple[int, ...], visible: tuple[int, ...]) -> list[Accepted]:
    base = scoring.shanten(counts)
    out = []
    for kind in KINDS:
        if counts[kind] >= 4:
            continue
        plus = list(counts)
        plus[kind] += 1
        if scoring.shanten(tuple(plus)) < base:
            out.append(Accepted(kind_code(kind), max(0, 4 - visible[kind])))
    return out


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    discard: str  # a kind code
    shanten: int  # after the discard
    accepted: int  # unseen tiles that then lower the shanten
    kinds: tuple[str, ...]


def discard_ukeire(
    codes: Iterable[str], visible: tuple[int, ...] | None = None
) -> list[DiscardChoice]:
    """For a hand of 3n+2 tiles: each discard's shanten and accepted tiles, best first."""
    counts = counts_of_codes(codes)
    seen = visible if visible is not None else counts
    choices = []
    for kind in sorted({k for k in range(34) if counts[k]}):
        after = list(counts)
        after[kind] -= 1
        accepted = _accepted(tuple(after), seen)
        choices.append(
            DiscardChoice(
                discard=kind_code(kind),
                shanten=scoring.shanten(tuple(after)),
                accepted=sum(a.left for a in accepted),
                kinds=tuple(a.kind for a in accepted),
            )
        )
    choices.sort(key=lambda c: (c.shanten, -c.accepted))
    return choices


def _ready_waits(codes: Sequence[str]) -> tuple[str, ...]:
    return tuple(kind_code(k) for k in scoring.waits(counts_of_codes(codes)))


def helper(v: View) -> Helper:
    """The discard helper (docs/sanma.md#the-discard-helper): each discard that leaves
    the hand ready, its waits and the copies unseen from this seat, dora indicators
    counted as seen."""
    own = counts_of_codes((*v.hand, *((v.drawn,) if v.drawn else ())))
    if sum(own) % 3 == 2 and not scoring.may_discard_to_ready(own):
        return Helper(())  # no discard can leave it ready: none to show
    return discard_helper(v, _ready_waits, also_open=v.dora)
