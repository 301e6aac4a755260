"""An independent count of a hand's waits and the tiles a seat can see, for the tests of
the discard helper (docs/tables.md#the-discard-helper): written from the rules, sharing
no code with the engines or the helper."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

SUITED = [f"{n}{s}" for s in "CDB" for n in range(1, 10)]
HONOURS = ["E", "S", "W", "N", "Wh", "G", "R"]
CLASSIC_KINDS = SUITED + HONOURS
SANMA_KINDS = [k for k in CLASSIC_KINDS if k[1:] != "C" or k[0] in "19"]
ORPHANS = {"1C", "9C", "1D", "9D", "1B", "9B", *HONOURS}


def plain(code: str) -> str:
    return code[:2] if code.endswith("r") else code


def _sets(counts: Counter) -> bool:
    """Whether ``counts`` split wholly into pongs and runs."""
    left = sorted(k for k, n in counts.items() if n)
    if not left:
        return True
    first = left[0]
    if counts[first] >= 3:
        counts[first] -= 3
        ok = _sets(counts)
        counts[first] += 3
        if ok:
            return True
    if first in SUITED and first[0] <= "7":
        run = [f"{int(first[0]) + i}{first[1]}" for i in range(3)]
        if all(counts[k] for k in run):
            for k in run:
                counts[k] -= 1
            ok = _sets(counts)
            for k in run:
                counts[k] += 1
            return ok
    return False


def four_sets_and_a_pair(tiles: Iterable[str]) -> bool:
    counts = Counter(plain(t) for t in tiles)
    for pair in [k for k, n in counts.items() if n >= 2]:
        counts[pair] -= 2
        ok = _sets(counts)
        counts[pair] += 2
        if ok:
            return True
    return False


def seven_pairs(tiles: Iterable[str]) -> bool:
    counts = Counter(plain(t) for t in tiles)
    return sum(counts.values()) == 14 and len(counts) == 7 and set(counts.values()) == {2}


def thirteen_orphans(tiles: Iterable[str]) -> bool:
    counts = Counter(plain(t) for t in tiles)
    return sum(counts.values()) == 14 and set(counts) == ORPHANS


def waits(concealed: list[str], kinds: list[str], special: bool, orphans: bool) -> list[str]:
    """Kinds completing 3n+1 concealed tiles; a kind the hand holds four of is none.
    ``special``: seven pairs and thirteen orphans (Riichi); ``orphans``: only the latter."""
    held = Counter(plain(t) for t in concealed)
    found = []
    for kind in kinds:
        if held[kind] >= 4:
            continue
        tiles = [*concealed, kind]
        if (
            four_sets_and_a_pair(tiles)
            or (special and seven_pairs(tiles))
            or ((special or orphans) and thirteen_orphans(tiles))
        ):
            found.append(kind)
    return found


def unseen(view, kind: str, also_open: Iterable[str] = ()) -> int:
    """Copies of ``kind`` the seat cannot see: four less each one lying open to it."""
    shown: list[str] = list(view.hand) + ([view.drawn] if view.drawn else [])
    shown += list(also_open)
    for seat in view.seats:
        for tile in seat.pond:
            if not tile.called:
                shown.append(tile.tile)
        for meld in seat.melds:
            shown.extend(meld.tiles)
        shown.extend(seat.set_aside)
    return 4 - sum(1 for t in shown if plain(t) == kind)


def expected(view, kinds, special, orphans, also_open=()) -> dict[str, dict[str, int]]:
    """Per discard leaving the hand ready: each wait and its unseen copies."""
    concealed = list(view.hand) + ([view.drawn] if view.drawn else [])
    found = {}
    for discard in {plain(a.tile) for a in view.legal if a.move in ("d", "riichi")}:
        rest = list(concealed)
        rest.remove(next(t for t in rest if plain(t) == discard))
        ready = waits(rest, kinds, special, orphans)
        if ready:
            found[discard] = {k: max(0, unseen(view, k, also_open)) for k in ready}
    return found


def shown_by(helper) -> dict[str, dict[str, int]]:
    return {r.discard: {w.tile: w.left for w in r.waits} for r in helper.ready}
