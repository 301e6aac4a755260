"""Can this board be cleared? One way to clear it, and the hint (P9).

The search follows de Bondt (arXiv:1203.6559, and his mjsolver): it searches over
*pairings* rather than move orders. Once it is fixed which tiles of each group go
together, removing any free fixed pair never hurts (removing tiles only frees others),
so greedy play decides a complete pairing in polynomial time. Only the pairing of the
groups of four needs search (3 ways each), and each partial choice is checked with a
relaxation that is cheap and never too pessimistic:

* a fixed pair goes when both its tiles are free at once (exact);
* a group of four whose pairing is still open goes as soon as two of its tiles are
  free at once, and its other two then go one by one, each as soon as it is free.

If the relaxation cannot clear the board, no pairing extending the choices can. Before
the search, a pair of tiles where one lies on the other (directly or through tiles in
between) is ruled out, which often fixes a group's pairing or proves the board dead.
When the relaxation clears the board, the pairing it suggests (the first two tiles of
each open group that went together) is tried exactly first; only where that fails does
the search branch. Safe moves fall out of the greedy play: the last two tiles of a
group, and a group whose four tiles are all free.

Boards with a group of another size than 2 or 4 (only hand-made ones) are decided by
a plain depth-first search over ``occupied`` masks with a memo of dead masks.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from .geometry import Board, Geometry, bits
from .tiles import match_group

Status = Literal["yes", "no", "unknown"]
Pair = tuple[int, int]
_CHECK_EVERY = 32  # search nodes between looks at the clock


class _OutOfTime(Exception):
    pass


@dataclass
class Solution:
    """``status`` "yes" with ``order`` (a complete removal order), "no", or "unknown"
    when the budget ran out; ``nodes`` searched and ``seconds`` taken."""

    status: Status
    order: list[Pair] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def decided(self) -> bool:
        return self.status != "unknown"


@dataclass
class Hint:
    """``pair``: a removable pair to light up (or None); ``winnable``: whether the board
    shown can still be cleared (None: unknown within the budget)."""

    pair: Pair | None
    winnable: bool | None


# --- static facts about a layout --------------------------------------------------------


def _above_closure(geometry: Geometry) -> tuple[int, ...]:
    """For each tile, every tile that lies on it directly or through tiles in between."""
    above = [0] * geometry.n
    # Higher levels first, so the tiles lying on i already have their closure.
    for i in sorted(range(geometry.n), key=lambda k: -geometry.positions[k][2]):
        closure = geometry.covered_by[i]
        for j in bits(closure):
            closure |= above[j]
        above[i] = closure
    return tuple(above)


_ABOVE_CACHE: dict[tuple, tuple[int, ...]] = {}


def _above_for(geometry: Geometry) -> tuple[int, ...]:
    above = _ABOVE_CACHE.get(geometry.positions)
    if above is None:
        if len(_ABOVE_CACHE) > 64:
            _ABOVE_CACHE.clear()
        above = _ABOVE_CACHE[geometry.positions] = _above_closure(geometry)
    return above


def _is_stable(geometry: Geometry, occupied: int) -> bool:
    """Whether every remaining tile still has all the tiles under it: true for every
    board reached by play, so a tile above another (through others) stays above it."""
    lies_on = geometry.lies_on
    return all(not lies_on[i] & ~occupied for i in bits(occupied))


def _groups(faces: Sequence[str], occupied: int) -> list[int]:
    groups: dict[str, int] = {}
    for i in bits(occupied):
        key = match_group(faces[i])
        groups[key] = groups.get(key, 0) | (1 << i)
    return list(groups.values())


# --- the pairing search ------------------------------------------------------------------


class _PairingSearch:
    """De Bondt's search over the pairings of the groups of four."""

    def __init__(self, geometry: Geometry, occupied: int, deadline: float) -> None:
        self.geometry = geometry
        self.occupied = occupied
        self.free = geometry.free_mask(occupied)
        self.deadline = deadline
        self.nodes = 0
        self.above = _above_for(geometry) if _is_stable(geometry, occupied) else None
        self.fixed: list[int] = []  # pairs whose partners are settled (masks of 2)
        self.open: list[tuple[int, list[tuple[int, int]]]] = []  # (group, its pairings)
        self.failed: set[tuple[int, ...]] = set()

    def _pair_possible(self, pair_mask: int) -> bool:
        if self.above is None:
            return True
        a, b = bits(pair_mask)
        return not (self.above[a] >> b & 1 or self.above[b] >> a & 1)

    def prepare(self, groups: list[int]) -> bool:
        """Sort the groups into fixed pairs and open groups; False if some group can
        never be paired."""
        for group in groups:
            tiles = bits(group)
            if len(tiles) == 2:
                if not self._pair_possible(group):
                    return False
                self.fixed.append(group)
                continue
            a, b, c, d = tiles
            options = [
                ((1 << p) | (1 << q), (1 << r) | (1 << s))
                for p, q, r, s in ((a, b, c, d), (a, c, b, d), (a, d, b, c))
            ]
            options = [
                o for o in options if self._pair_possible(o[0]) and self._pair_possible(o[1])
            ]
            if not options:
                return False
            if len(options) == 1:
                self.fixed += options[0]
            else:
                self.open.append((group, options))
        return True

    def _play(
        self, pairs: list[int], open_groups: list[int], record: list[Pair] | None
    ) -> tuple[int, list[int]]:
        """Greedy play to the end: fixed pairs when both free, open groups relaxed.
        Returns the tiles left and, per open group, the first two that went together.
        With no open groups this is exact play, and ``record`` gets the order."""
        geometry = self.geometry
        occupied, free = self.occupied, self.free
        units = pairs + open_groups
        n_pairs = len(pairs)
        unit_of: dict[int, int] = {}
        for u, unit in enumerate(units):
            for i in bits(unit):
                unit_of[i] = u
        opened = [0] * len(open_groups)
        pending = list(range(len(units)))  # units worth a look
        while pending:
            u = pending.pop()
            rest = units[u] & occupied
            ready = rest & free
            if not ready:
                continue
            if u < n_pairs:
                if ready != rest:
                    continue
                gone = rest
                if record is not None:
                    a, b = bits(rest)
                    record.append((a, b))
            else:
                k = u - n_pairs
                if not opened[k]:
                    if not ready & (ready - 1):  # one free tile is not enough to start
                        continue
                    low = ready & -ready
                    second = (ready ^ low) & -(ready ^ low)
                    opened[k] = low | second
                gone = ready
            new_free = geometry.update_free(free, occupied, gone)
            occupied ^= gone
            newly = new_free & ~free
            free = new_free
            for i in bits(newly):
                pending.append(unit_of[i])
        return occupied, opened

    def solve(self) -> list[Pair] | None:
        return self._search(list(self.fixed), list(self.open))

    def _search(
        self, pairs: list[int], open_groups: list[tuple[int, list[tuple[int, int]]]]
    ) -> list[Pair] | None:
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime
        key = tuple(sorted(pairs))
        if key in self.failed:
            return None
        left, first_pairs = self._play(pairs, [g for g, _ in open_groups], None)
        if left:
            self.failed.add(key)
            return None
        # The relaxation clears the board: try the pairing it suggests, exactly.
        suggested = list(pairs)
        for (group, _), first in zip(open_groups, first_pairs, strict=True):
            suggested += [first, group & ~first]
        order: list[Pair] = []
        left, _ = self._play(suggested, [], order)
        if not left:
            return order
        # Branch on an open group the suggestion left on the board, its suggested
        # pairing first.
        stuck = [k for k, (group, _) in enumerate(open_groups) if group & left]
        k = stuck[0] if stuck else 0
        group, options = open_groups[k]
        rest = open_groups[:k] + open_groups[k + 1 :]
        first = first_pairs[k]
        ranked = sorted(options, key=lambda o: first not in o)
        for p, q in ranked:
            found = self._search([*pairs, p, q], rest)
            if found is not None:
                return found
        self.failed.add(key)
        return None


# --- the fallback: depth-first over masks ------------------------------------------------


class _MaskSearch:
    """Plain DFS over ``occupied`` masks with safe moves and a memo of dead masks, for
    boards whose groups are not all of two or four tiles."""

    def __init__(self, geometry: Geometry, groups: list[int], deadline: float) -> None:
        self.geometry = geometry
        self.groups = groups
        self.deadline = deadline
        self.dead: set[int] = set()
        self.nodes = 0

    def solve(self, occupied: int) -> list[Pair] | None:
        return self._node(occupied, self.geometry.free_mask(occupied))

    def _node(self, occupied: int, free: int) -> list[Pair] | None:
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime
        if occupied in self.dead:
            return None
        start = occupied
        made: list[Pair] = []
        changed = True
        while changed:  # safe: every remaining tile of a group is free
            changed = False
            for group in self.groups:
                rest = group & occupied
                if rest and rest & free == rest:
                    tiles = bits(rest)
                    made += [(tiles[k], tiles[k + 1]) for k in range(0, len(tiles), 2)]
                    free = self.geometry.update_free(free, occupied, rest)
                    occupied ^= rest
                    changed = True
        if not occupied:
            return made
        for group in self.groups:
            tiles = bits(group & free)
            for x in range(len(tiles) - 1):
                for y in range(x + 1, len(tiles)):
                    removed = (1 << tiles[x]) | (1 << tiles[y])
                    rest_order = self._node(
                        occupied ^ removed, self.geometry.update_free(free, occupied, removed)
                    )
                    if rest_order is not None:
                        return [*made, (tiles[x], tiles[y]), *rest_order]
        self.dead.add(start)
        self.dead.add(occupied)
        return None


# --- public functions --------------------------------------------------------------------


def solve(geometry: Geometry, board: Board, budget: float = 1.0) -> Solution:
    """Can ``board`` be cleared? "yes" with a removal order, "no", or "unknown" when
    ``budget`` seconds were not enough."""
    started = time.perf_counter()
    deadline = started + budget
    groups = _groups(board.faces, board.occupied)
    nodes = 0
    order: list[Pair] = []
    status: Status
    if any(g.bit_count() % 2 for g in groups):
        status = "no"
    elif all(g.bit_count() in (2, 4) for g in groups):
        search = _PairingSearch(geometry, board.occupied, deadline)
        try:
            found = search.solve() if search.prepare(groups) else None
            status, order = ("yes", found) if found is not None else ("no", [])
        except _OutOfTime:
            status = "unknown"
        nodes = search.nodes
    else:
        fallback = _MaskSearch(geometry, groups, deadline)
        try:
            found = fallback.solve(board.occupied)
            status, order = ("yes", found) if found is not None else ("no", [])
        except _OutOfTime:
            status = "unknown"
        nodes = fallback.nodes
    return Solution(status, order, nodes, time.perf_counter() - started)


verify_clearable = solve


def _newly_freed(geometry: Geometry, occupied: int, free: int, pair: Pair) -> int:
    removed = (1 << pair[0]) | (1 << pair[1])
    after = geometry.update_free(free, occupied, removed)
    return (after & ~free).bit_count()


def hint(geometry: Geometry, board: Board, budget: float = 0.5) -> Hint:
    """P9: among the free pairs after which the board can still be cleared, the one that
    frees the most tiles (ties: lowest indices). ``Hint(None, False)`` when the board
    cannot be cleared; ``winnable`` None when the budget ran out before deciding (the
    pair is then the best one not proven hopeless, if any)."""
    from .deal import free_pairs

    if not board.occupied:
        return Hint(None, True)
    pairs = free_pairs(geometry, board)
    if not pairs:
        return Hint(None, False)
    free = geometry.free_mask(board.occupied)
    ranked = sorted(pairs, key=lambda p: (-_newly_freed(geometry, board.occupied, free, p), p))
    deadline = time.perf_counter() + budget
    # Any free pair of a known complete order can go first: removing tiles early only
    # frees others. So one solution proves many candidates at once.
    known_good: set[Pair] = set()
    root = solve(geometry, board, budget)
    if root.status == "no":
        return Hint(None, False)
    if root.status == "yes":
        known_good.update(tuple(sorted(p)) for p in root.order)
    undecided: Pair | None = None
    for pair in ranked:
        if pair in known_good:
            return Hint(pair, True)
        left = deadline - time.perf_counter()
        if left <= 0:
            break
        removed = (1 << pair[0]) | (1 << pair[1])
        result = solve(geometry, Board(board.faces, board.occupied & ~removed), left)
        if result.status == "yes":
            return Hint(pair, True)
        if result.status == "unknown" and undecided is None:
            undecided = pair
    if root.status == "yes":  # out of time: fall back to a move known to be good
        best = next(p for p in ranked if p in known_good)
        return Hint(best, True)
    return Hint(undecided or ranked[0], None)


def moves_back_to_winnable(
    geometry: Geometry, history: Sequence[Board], budget: float = 1.0
) -> int | None:
    """How many undos bring the game back to a board that can be cleared: 0 if the
    current one (``history[-1]``) can; ``history[0]`` is the deal. None when unknown
    within ``budget`` seconds (or no board in the history can be cleared)."""
    deadline = time.perf_counter() + budget
    for back, board in enumerate(reversed(history)):
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        result = solve(geometry, board, left)
        if result.status == "yes":
            return back
        if result.status == "unknown":
            return None
    return None
