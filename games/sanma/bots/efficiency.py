"""Tile efficiency: shanten and accepted tiles, through the library's shanten.

The engine's ``analysis`` tries every kind; a bot must decide in a few milliseconds, so
here only the kinds that can lower a hand's shanten are tried: those within reach of its
regular form (``games.tables.engine.shapes``) and (when seven pairs or thirteen orphans
is the hand's best form) the kinds those forms want. Every shanten is the library's,
each form memoised by the engine (``games.sanma.engine.scoring``, by the hand's 34
counts, a tuple).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.sanma.engine.scoring import lowers, reach
from games.sanma.engine.scoring import orphans_shanten as orphans_shanten  # the bots' too
from games.sanma.engine.scoring import regular_shanten as regular_shanten  # the bots' too
from games.sanma.engine.scoring import seven_pairs_shanten as seven_pairs_shanten  # the bots' too
from games.sanma.engine.scoring import shanten as _shanten
from games.sanma.engine.scoring import waits as _waits
from games.sanma.engine.tiles import KINDS, TERMINALS_AND_HONOURS
from games.tables.engine.shapes import unseen_accepted

_KIND_SET = frozenset(KINDS)


def shanten(counts: tuple[int, ...]) -> int:
    """Shanten of concealed tiles (melds left out): -1 complete, 0 tenpai."""
    return _shanten(counts)


def waits(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds that complete a tenpai hand of 3n+1 tiles: the engine's own reading."""
    return _waits(counts)


def candidates(counts: tuple[int, ...], base: int) -> list[int]:
    """Kinds that may lower the shanten ``base`` of a 3n+1 hand."""
    hand = reach(counts)
    near = set(hand.near)
    if sum(counts) >= 13:
        if hand.seven_pairs == base:
            near |= _KIND_SET  # a new single can become a pair
        elif hand.orphans == base:
            near |= TERMINALS_AND_HONOURS
    return sorted(k for k in near & _KIND_SET if counts[k] < 4)


@dataclass(frozen=True, slots=True)
class Acceptance:
    shanten: int
    kinds: tuple[int, ...]  # kinds that lower the shanten
    tiles: int  # of them, copies the bot has not seen


def acceptance(counts: tuple[int, ...], visible: tuple[int, ...]) -> Acceptance:
    """For 3n+1 concealed tiles: the shanten and the unseen tiles that lower it."""
    base = shanten(counts)
    kinds = []
    tiles = 0
    for kind in candidates(counts, base):
        if lowers(counts, kind, base):
            kinds.append(kind)
            tiles += max(0, 4 - visible[kind])
    return Acceptance(base, tuple(kinds), tiles)


def accepted_tiles(counts: tuple[int, ...], visible: tuple[int, ...], at_least: int = 0) -> int:
    """The unseen tiles that lower the shanten of 3n+1 concealed tiles (``acceptance``'s
    ``tiles``), when there are at least ``at_least`` of them; else some number below it
    (``unseen_accepted``: a bot comparing discards asks only whether one beats the best
    so far)."""
    base = shanten(counts)
    return unseen_accepted(
        candidates(counts, base), visible, lambda kind: lowers(counts, kind, base), at_least
    )


def after_discards(counts: tuple[int, ...], kinds) -> dict[int, int]:
    """Shanten of the hand after discarding each of ``kinds``."""
    out = {}
    for kind in kinds:
        rest = list(counts)
        rest[kind] -= 1
        out[kind] = shanten(tuple(rest))
    return out


def minus(counts: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    rest = list(counts)
    rest[kind] -= n
    return tuple(rest)


def plus(counts: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    more = list(counts)
    more[kind] += n
    return tuple(more)
