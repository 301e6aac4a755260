"""Can this board be cleared? One way to clear it, and the hint (docs/solitaire.md#hint).

The search follows de Bondt (arXiv:1203.6559, and his mjsolver): it searches over
*pairings* rather than move orders. Once it is fixed which tiles of each group go
together, removing any free fixed pair never hurts (removing tiles only frees others),
so greedy play decides a complete pairing in polynomial time. Only the pairing of the
groups of four needs search (3 ways each).

* Before the search, a pair of tiles where one lies on the other (directly or through
  tiles in between) is ruled out; that often leaves a group one pairing, or none.
* Safe moves are made without branching by the exact greedy play (``_advance``): a
  chosen pair when both its tiles are free, and a whole group when all its remaining
  tiles are free (the last two of a group; all four at once).
* Every partial choice is checked with a relaxation that is cheap and never too
  pessimistic (``_relaxed``): chosen pairs go as in exact play, but a group still open
  goes as soon as two of its tiles are free at once, and its others one by one. If it
  cannot clear the board, no pairing extending the choices can.
* When the relaxation fails, the tiles it leaves block each other whatever the groups
  not among them do. So the choices of the groups among them form a *conflict*: it is
  learnt (no later branch repeats it) and passed up, and the search jumps back past
  choices that played no part (conflict-directed backjumping).
* The tree search restarts with a growing node limit and small random tie-breaks,
  keeping what it learnt: a few unlucky early choices do not sink a solvable board.
* On hard boards two more phases follow: a tabu local search over complete pairings
  (cost: tiles left by exact play), which finds solutions the tree misses, and the tree
  search again with every conflict first shrunk to the choices it really needs, which
  proves hopeless boards much sooner.

Boards with a group of another size than 2 or 4 (only hand-made ones) are decided by
a plain depth-first search over ``occupied`` masks with a memo of dead masks.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from games.prng import SplitMix64

from .geometry import Board, Geometry, bits
from .tiles import match_group

Status = Literal["yes", "no", "unknown"]
Pair = tuple[int, int]
_CHECK_EVERY = 32  # search nodes between looks at the clock (plain search)
# How the budget is shared between the solver's phases (see _PairingSearch.solve).
# The local search finds the hard solutions that decide most random deals; proving a
# board hopeless rarely needs the last phase's time (most hopeless boards fail at once).
_TREE_SHARE = 0.15
_LOCAL_SHARE = 0.7
# Local search: how long a re-pairing stays tabu, and 1 in how many worse steps is taken.
_TABU_STEPS = 15
_NOISE = 40


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


_UNDECIDED = -1


class _Restart(Exception):
    """The node limit of one restart is used up."""


class _PairingSearch:
    """The pairing problem of one board and the search over it.

    ``masks[g]`` are the remaining tiles of group g; ``options[g]`` its possible
    pairings, each a tuple of pair masks (one pair for a group of two). ``choice[g]`` is
    the pairing chosen for g, or ``_UNDECIDED`` for a group of four still open.
    """

    def __init__(self, geometry: Geometry, occupied: int, deadline: float) -> None:
        self.geometry = geometry
        self.occupied = occupied
        self.deadline = deadline
        self.nodes = 0
        self.above = _above_for(geometry) if _is_stable(geometry, occupied) else None
        self.masks: list[int] = []
        self.options: list[list[tuple[int, ...]]] = []
        self.group_of = [0] * geometry.n
        self.nogoods: dict[tuple[int, int], list[frozenset[tuple[int, int]]]] = {}
        self.minimize = False
        self.rng = SplitMix64(0x5EED)  # varies the tie-breaks between restarts
        self.limit = 0
        self.count = 0
        self.until = deadline

    # -- set-up ------------------------------------------------------------------------

    def _pair_possible(self, pair_mask: int) -> bool:
        """Two tiles can go together unless one lies on the other, directly or
        through tiles in between (on a board reached by play, those stay)."""
        if self.above is None:
            return True
        a, b = bits(pair_mask)
        return not (self.above[a] >> b & 1 or self.above[b] >> a & 1)

    def prepare(self, groups: list[int]) -> bool:
        """Collect the groups and their possible pairings; False if some group can
        never be paired up."""
        for group in groups:
            tiles = bits(group)
            if len(tiles) == 2:
                if not self._pair_possible(group):
                    return False
                options: list[tuple[int, ...]] = [(group,)]
            else:
                a, b, c, d = tiles
                options = [
                    ((1 << p) | (1 << q), (1 << r) | (1 << s))
                    for p, q, r, s in ((a, b, c, d), (a, c, b, d), (a, d, b, c))
                ]
                options = [o for o in options if all(self._pair_possible(m) for m in o)]
                if not options:
                    return False
            for i in tiles:
                self.group_of[i] = len(self.masks)
            self.masks.append(group)
            self.options.append(options)
        # Groups with one possible pairing have it from the start.
        self.base = [0 if len(o) == 1 else _UNDECIDED for o in self.options]
        self.root_free = self.geometry.free_mask(self.occupied)
        self.start_occupied, self.start_free = self._advance(
            self.occupied, self.root_free, self.base, None
        )
        return True

    # -- the two greedy plays ----------------------------------------------------------

    def _advance(
        self,
        occupied: int,
        free: int,
        choice: list[int],
        record: list[Pair] | None,
        firsts: list[tuple[int, int, int]] | None = None,
    ) -> tuple[int, int]:
        """Exact greedy play: a chosen pair goes when both its tiles are free, a group
        goes whole when all its remaining tiles are free. Never a wrong move.

        ``firsts`` (if given) gets ``(group, occupied, free)`` just before the first
        removal from each group: the play up to there does not depend on that group's
        pairing, so after changing it, play can go on from there (removing a chosen
        pair never hurts, so every order of exact play ends with the same tiles)."""
        geometry = self.geometry
        covered_by, left, right, affects = (
            geometry.covered_by,
            geometry.left,
            geometry.right,
            geometry.affects,
        )
        masks, options, group_of = self.masks, self.options, self.group_of
        pending = [group_of[i] for i in bits(free)]
        while pending:
            g = pending.pop()
            rest = masks[g] & occupied
            ready = rest & free
            if not ready:
                continue
            if ready == rest:
                gone = rest
            else:
                c = choice[g]
                if c < 0:
                    continue
                gone = 0
                for pair in options[g][c]:
                    if pair & free == pair:
                        gone |= pair
                if not gone:
                    continue
            if firsts is not None and rest == masks[g]:
                firsts.append((g, occupied, free))
            if record is not None:
                tiles = bits(gone)
                record += [(tiles[k], tiles[k + 1]) for k in range(0, len(tiles), 2)]
            occupied ^= gone
            free ^= gone
            touched = 0
            m = gone
            while m:
                low = m & -m
                touched |= affects[low.bit_length() - 1]
                m ^= low
            touched &= occupied & ~free
            while touched:
                low = touched & -touched
                i = low.bit_length() - 1
                touched ^= low
                if not covered_by[i] & occupied and (
                    not left[i] & occupied or not right[i] & occupied
                ):
                    free |= low
                    pending.append(group_of[i])
        return occupied, free

    def _relaxed(self, occupied: int, free: int, choice: list[int]) -> int:
        """The relaxation: like ``_advance``, but a group still open goes as soon as
        two of its tiles are free at once, and its others then one by one. Returns the
        tiles it cannot clear: if any, no pairing extending ``choice`` clears them."""
        geometry = self.geometry
        covered_by, left, right, affects = (
            geometry.covered_by,
            geometry.left,
            geometry.right,
            geometry.affects,
        )
        masks, options, group_of = self.masks, self.options, self.group_of
        pending = [group_of[i] for i in bits(free)]
        opened = 0
        while pending:
            g = pending.pop()
            rest = masks[g] & occupied
            ready = rest & free
            if not ready:
                continue
            if ready != rest and not opened >> g & 1:
                c = choice[g]
                if c >= 0:
                    gone = 0
                    for pair in options[g][c]:
                        if pair & free == pair:
                            gone |= pair
                    if not gone:
                        continue
                    ready = gone
                elif ready & (ready - 1):
                    opened |= 1 << g
                else:
                    continue
            occupied ^= ready
            free ^= ready
            touched = 0
            m = ready
            while m:
                low = m & -m
                touched |= affects[low.bit_length() - 1]
                m ^= low
            touched &= occupied & ~free
            while touched:
                low = touched & -touched
                i = low.bit_length() - 1
                touched ^= low
                if not covered_by[i] & occupied and (
                    not left[i] & occupied or not right[i] & occupied
                ):
                    free |= low
                    pending.append(group_of[i])
        return occupied

    def _core(self, stuck: int) -> int:
        """The part of a stuck set that does the blocking. Every group left in ``stuck``
        cannot move while ``stuck`` stays; a group none of whose tiles blocks a tile of
        the set is not needed for that (taking it away frees nobody), so it is peeled
        off, again and again. What remains is still stuck on its own, and the fewer
        groups it holds, the sharper the conflict learnt from it."""
        geometry = self.geometry
        covered_by, left, right = geometry.covered_by, geometry.left, geometry.right
        masks, group_of = self.masks, self.group_of
        core = stuck
        while True:
            blockers = 0
            for t in bits(core):
                on_top = covered_by[t] & core
                if on_top:
                    blockers |= on_top
                elif left[t] & core and right[t] & core:
                    blockers |= (left[t] | right[t]) & core
            peeled = core
            for t in bits(core):
                group = masks[group_of[t]]
                if not group & blockers:
                    peeled &= ~group
            if peeled == core:
                return core
            core = peeled

    def _freed_by(self, occupied: int, free: int, pair: int) -> int:
        after = self.geometry.update_free(free, occupied, pair)
        return (after & ~free).bit_count()

    # -- learning ----------------------------------------------------------------------

    def _learn(self, choice: list[int], groups: frozenset[int]) -> None:
        """Remember that these groups cannot all keep their current pairings."""
        nogood = frozenset((g, choice[g]) for g in groups)
        for literal in nogood:
            self.nogoods.setdefault(literal, []).append(nogood)

    def _violated(self, choice: list[int], literal: tuple[int, int]) -> frozenset[int] | None:
        for nogood in self.nogoods.get(literal, ()):
            if all(choice[g] == c for g, c in nogood):
                return frozenset(g for g, _ in nogood)
        return None

    def _shrink(self, choice: list[int], groups: list[int]) -> list[int]:
        """Drop the groups a conflict does not need (each test: the relaxation from the
        start with only the others' pairings); small conflicts prune much more."""
        keep = list(groups)
        for g in groups:
            trial = list(self.base)
            for other in keep:
                if other != g:
                    trial[other] = choice[other]
            if self._relaxed(self.start_occupied, self.start_free, trial):
                keep.remove(g)
        return keep

    # -- search ------------------------------------------------------------------------

    def local_search(self, deadline: float) -> list[Pair] | None:
        """Tabu search over complete pairings: the cost is the number of tiles exact
        play leaves; a step re-pairs a random group among those left. Finds hard
        solutions the tree search misses, but never proves a board hopeless.

        A trial pairing is played on from the point where the current play first took
        a tile of the group changed (``_advance``'s ``firsts``), not from the start."""
        rng = SplitMix64(0x10CA1)
        choice = list(self.base)
        open_groups = [g for g, c in enumerate(choice) if c < 0]
        for g in open_groups:
            choice[g] = rng.below(len(self.options[g]))
        firsts: list[tuple[int, int, int]] = []
        left, left_free = self._advance(self.start_occupied, self.start_free, choice, None, firsts)
        where = {g: k for k, (g, _, _) in enumerate(firsts)}
        tabu: dict[tuple[int, int], int] = {}
        step = 0
        while left:
            step += 1
            if time.perf_counter() > deadline:
                return None
            stuck = [g for g in open_groups if self.masks[g] & left]
            if not stuck:
                return None  # the pairs left are all fixed ones: hopeless, unproven here
            g = stuck[rng.below(len(stuck))]
            current = choice[g]
            k = where.get(g)
            if k is None:  # none of the group's tiles went: go on from the end
                k, occupied, free = len(firsts), left, left_free
            else:
                _, occupied, free = firsts[k]
            best: tuple[int, int, int, int, list[tuple[int, int, int]]] | None = None
            for option in range(len(self.options[g])):
                if option == current or tabu.get((g, option), 0) > step:
                    continue
                choice[g] = option
                more: list[tuple[int, int, int]] = []
                trial, trial_free = self._advance(occupied, free, choice, None, more)
                if best is None or trial.bit_count() < best[0]:
                    best = (trial.bit_count(), option, trial, trial_free, more)
            choice[g] = current
            if best is None:
                continue
            # Take a step that is no worse, and now and then a worse one to get out of
            # a local minimum; going straight back is tabu for a while.
            if best[0] <= left.bit_count() or rng.below(_NOISE) == 0:
                _, choice[g], left, left_free, more = best
                firsts = firsts[:k] + more
                where = {h: n for n, (h, _, _) in enumerate(firsts)}
                tabu[(g, current)] = step + _TABU_STEPS
        order: list[Pair] = []
        self._advance(self.occupied, self.root_free, choice, order)
        return order

    def solve(self, started: float, budget: float) -> tuple[Status, list[Pair]]:
        """Three phases sharing what they learn: the tree search with restarts (fast
        on most boards), then the local search (for hard solutions), then the tree
        search again shrinking every conflict before learning it (slower per node,
        but proves hopeless boards much sooner)."""
        if self._relaxed(self.start_occupied, self.start_free, self.base):
            return "no", []
        status, order = self._tree(started + budget * _TREE_SHARE, minimize=False)
        if status != "unknown":
            return status, order
        found = self.local_search(started + budget * (_TREE_SHARE + _LOCAL_SHARE))
        if found is not None:
            return "yes", found
        return self._tree(self.deadline, minimize=True)

    def _tree(self, until: float, *, minimize: bool) -> tuple[Status, list[Pair]]:
        """Restarts with a growing node limit; the conflicts learnt carry over."""
        self.minimize = minimize
        self.until = min(until, self.deadline)
        limit = 50
        while True:
            self.limit, self.count = limit, 0
            try:
                found = self._node(self.occupied, self.root_free, list(self.base), frozenset())
            except _Restart:
                limit = limit * 3 // 2
                continue
            except _OutOfTime:
                return "unknown", []
            return ("yes", found) if isinstance(found, list) else ("no", [])

    def _node(
        self, occupied: int, free: int, choice: list[int], decided: frozenset[int]
    ) -> list[Pair] | frozenset[int]:
        """A removal order, or the set of decided groups whose pairings together make
        this node hopeless (a conflict, learnt and passed up for backjumping)."""
        self.nodes += 1
        self.count += 1
        if self.count > self.limit:
            raise _Restart
        if time.perf_counter() > self.until:
            raise _OutOfTime
        made: list[Pair] = []
        occupied, free = self._advance(occupied, free, choice, made)
        if not occupied:
            return made
        left = self._relaxed(occupied, free, choice)
        if left:
            # The tiles left block each other whatever the pairings of the groups not
            # among them: the conflict is the decided groups among them.
            core = self._core(left)
            culprits = [g for g in decided if self.masks[g] & core]
            if self.minimize:
                culprits = self._shrink(choice, culprits)
            conflict = frozenset(culprits)
            self._learn(choice, conflict)
            return conflict
        group, order = self._branching_group(occupied, free, choice)
        decided_here = decided | {group}
        conflicts: set[int] = set()
        for option in order:
            choice[group] = option
            found = self._violated(choice, (group, option))
            if found is None:
                found = self._node(occupied, free, choice, decided_here)
                if isinstance(found, list):
                    choice[group] = _UNDECIDED
                    return made + found
            if group not in found:  # this node fails whatever the group does
                choice[group] = _UNDECIDED
                return found
            conflicts |= found
        choice[group] = _UNDECIDED
        conflicts.discard(group)
        conflict = frozenset(conflicts)
        self._learn(choice, conflict)
        return conflict

    def _branching_group(
        self, occupied: int, free: int, choice: list[int]
    ) -> tuple[int, list[int]]:
        """The open group whose free pair frees the most tiles, with its pairings in
        order: the one removing that pair now first, the others (waiting) after."""
        best: tuple[float, int, list[int]] | None = None
        for g, mask in enumerate(self.masks):
            if choice[g] >= 0:
                continue
            rest = mask & occupied
            ready = rest & free
            if rest.bit_count() != 4 or not ready & (ready - 1):
                continue
            scored = []
            for c, option in enumerate(self.options[g]):
                score = -1
                for pair in option:
                    if pair & free == pair:
                        score = max(score, self._freed_by(occupied, free, pair))
                scored.append((score + self.rng.below(4) / 2, c))
            scored.sort(reverse=True)
            if best is None or scored[0][0] > best[0]:
                best = (scored[0][0], g, [c for _, c in scored])
        # The relaxation cleared the board, so some open group can move.
        assert best is not None
        return best[1], best[2]


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
        status, order = search.solve(started, budget) if search.prepare(groups) else ("no", [])
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
    """Among the free pairs after which the board can still be cleared, the one that
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
