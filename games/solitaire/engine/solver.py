"""Can this board be cleared? One way to clear it, and the hint (docs/solitaire.md#hint).

The search follows de Bondt (arXiv:1203.6559, and his mjsolver): it searches over
*pairings* rather than move orders. Once it is fixed which tiles of each group go
together, removing any free fixed pair never hurts (removing tiles only frees others),
so greedy play decides a complete pairing in polynomial time. Only the pairing of the
groups of four needs search (3 ways each).

* Before the search, a pair of tiles where one lies on the other (directly or through
  tiles in between) is ruled out; that often leaves a group one pairing, or none.
* Safe moves are made without branching by the exact greedy play (``_play``): a chosen
  pair when both its tiles are free, and a whole group when all its remaining tiles
  are free (the last two of a group; all four at once).
* Playouts come first: exact play, and whenever it is stuck, the free pair that frees
  the most tiles is taken (which fixes its group's pairing), unless its group's other
  two tiles have nothing on them: those may soon be free too, and then all four go
  without a choice, so such a group waits. Most boards that can be cleared are
  cleared by one of the first few. A playout that gets stuck leaves a set of tiles
  that block each other: the pairings chosen among them form a *conflict*, which is
  learnt (later playouts and the search never repeat it) and makes those
  choices less attractive to the next playouts.
* After the first three playouts, the one that came closest is mended: a short run of
  the local search (below) starts from its pairings and re-pairs groups among the
  tiles left. A stuck playout has most groups paired right, so this clears a third to
  a half of the boards the first three leave, sooner than more playouts would.
* The relaxation (``_play(relaxed=True)``) is cheap and never too pessimistic: chosen
  pairs go as in exact play, but a group still open goes as soon as two of its tiles
  are free at once, and its others one by one. If it cannot clear the board, no
  pairing extending the choices can.
* A short tree search follows: every partial choice is checked with the relaxation;
  when it fails, the choices of the groups among the tiles it leaves are a conflict,
  learnt and passed up, and the search jumps back past choices that played no part
  (conflict-directed backjumping), with restarts and small random tie-breaks.
* The hard boards go to two searches taking turns until one decides: de Bondt's own
  search (``_proof``), which fixes pairings in turn until the relaxation fails, keeps
  only the choices that failure needs and branches on those (complete: it proves a
  board hopeless), and a tabu local search over complete pairings (cost: tiles left
  by exact play), which finds some solutions much sooner.

Boards with a group of another size than 2 or 4 (only hand-made ones) are decided by
a plain depth-first search over ``occupied`` masks with a memo of dead masks.

Greedy play, the playouts, the core of a stuck set and the conflicts learnt are
compiled (``_greedy.c``, docs/solitaire.md#the-solvers-core); the rest is here.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from games.prng import SplitMix64

try:
    from ._greedy import Greedy, Layout, pairs
except ImportError as missing:  # the checkout's core was never compiled
    raise ImportError(
        "The solver's core is not compiled: run `make core` (or `python scripts/build-core`)"
        " with this Python (docs/solitaire.md#the-solvers-core)."
    ) from missing
from .geometry import Board, Geometry, bits
from .tiles import TILE_CODES, match_group

Status = Literal["yes", "no", "unknown"]
Pair = tuple[int, int]
_CHECK_EVERY = 32  # search nodes between looks at the clock (plain search)
# The phases (see _PairingSearch.solve): at most this many playouts, in at most this
# share of the budget; the tree search for at most this many seconds; then de Bondt's
# search and the local search take turns of these many seconds until one decides.
_PLAYOUTS = 12
# After the first _PLAYOUTS_BEFORE_LOCAL playouts, up to _LOCAL_STEPS steps of the local
# search mend the closest of them (mend_closest), before the other playouts.
_PLAYOUTS_BEFORE_LOCAL = 3
_LOCAL_STEPS = 100
_PLAYOUT_SHARE = 0.05
_TREE_SECONDS = 0.03
_PROOF_TURN = 0.02
_LOCAL_TURN = 0.01
# Playouts score a free pair by the tiles its removal frees, plus _ENABLE for each of
# those that finds a free partner, plus _THREE_FREE_BONUS when three of its group are
# free (keeping the right one back is less of a gamble than pairing two blind), minus
# _WAIT for each of its group's other two tiles with nothing on it (when only two are
# free), minus _CONFLICT_WEIGHT for each conflict the choice was part of, plus up to
# 255 * _JITTER at random (ties).
_ENABLE = 1.0
_THREE_FREE_BONUS = 1.5
_WAIT = 3.0  # bench/solver_floor.py shows the playouts needed with it and without
_CONFLICT_WEIGHT = 1.0
_JITTER = 1 / 512
# Local search: how long a re-pairing stays tabu, and 1 in how many worse steps is taken.
_TABU_STEPS = 15
_NOISE = 40


class _OutOfTime(Exception):
    pass


@dataclass
class Solution:
    """``status`` "yes" with ``order`` (a complete removal order), "no", or "unknown"
    when the budget ran out; ``nodes``: the search steps taken (playouts, nodes of the
    tree and of de Bondt's search), and ``seconds`` taken."""

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


class _Tables:
    """What the solver derives from a layout once (cached per layout).

    ``related[i]``: every tile lying on i directly or through tiles in between, and
    every tile i lies on so (i can never be paired with one of them on a board reached
    by play). ``full_free``: the free tiles of the full layout. ``affects[i]``: the tiles
    whose freedom can change when i is removed from a board reached by play, its side
    neighbours and the tiles right under it; a tile under i through another one stays
    covered by that one, which is still there (``Geometry.affects`` holds them all, for
    any board; on the six levels of Hoher Turm a third fewer tiles to look at).
    ``layouts``: the neighbour tables in the compiled core's form (``_greedy.Layout``),
    with those affects (True) and with ``Geometry.affects`` (False).
    """

    __slots__ = ("related", "full_free", "affects", "layouts")

    def __init__(self, geometry: Geometry) -> None:
        above = [0] * geometry.n
        # Higher levels first, so the tiles lying on i already have their closure.
        for i in sorted(range(geometry.n), key=lambda k: -geometry.positions[k][2]):
            closure = geometry.covered_by[i]
            for j in bits(closure):
                closure |= above[j]
            above[i] = closure
        related = list(above)
        for i in range(geometry.n):
            for j in bits(above[i]):
                related[j] |= 1 << i
        self.related = tuple(related)
        self.full_free = geometry.free_mask(geometry.full_mask)
        affects = []
        for i in range(geometry.n):
            under = geometry.lies_on[i]
            right_under = sum(1 << j for j in bits(under) if not geometry.covered_by[j] & under)
            affects.append(right_under | geometry.left[i] | geometry.right[i])
        self.affects = tuple(affects)
        self.layouts = {
            stable: Layout(geometry.covered_by, geometry.left, geometry.right, affects)
            for stable, affects in ((True, self.affects), (False, geometry.affects))
        }


_TABLES: dict[tuple, _Tables] = {}


def _tables_for(geometry: Geometry) -> _Tables:
    tables = _TABLES.get(geometry.positions)
    if tables is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
        tables = _TABLES[geometry.positions] = _Tables(geometry)
    return tables


def _is_stable(geometry: Geometry, occupied: int) -> bool:
    """Whether every remaining tile still has all the tiles under it: true for every
    board reached by play, so a tile above another (through others) stays above it."""
    if occupied == geometry.full_mask:
        return True
    lies_on = geometry.lies_on
    return all(not lies_on[i] & ~occupied for i in bits(occupied))


_GROUP_OF_CODE = {code: match_group(code) for code in TILE_CODES}
# The groups of the faces of recent boards (full masks): the hint and "N undos back"
# solve many boards with the same faces.
_FACE_GROUPS: dict[tuple[str, ...], list[int]] = {}


def _groups(faces: Sequence[str], occupied: int) -> list[int]:
    """The remaining tiles of each match group, as masks."""
    key = tuple(faces)
    full = _FACE_GROUPS.get(key)
    if full is None:
        groups: dict[str, int] = {}
        group_of_code = _GROUP_OF_CODE
        for i, face in enumerate(key):
            group = group_of_code.get(face) or match_group(face)
            groups[group] = groups.get(group, 0) | 1 << i
        if len(_FACE_GROUPS) > 64:
            _FACE_GROUPS.clear()
        full = _FACE_GROUPS[key] = list(groups.values())
    return [mask & occupied for mask in full if mask & occupied]


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
        self.tables = _tables_for(geometry)
        self.stable = _is_stable(geometry, occupied)
        # The neighbours to look at after a removal (_Tables.affects: reached by play).
        self.affects = self.tables.affects if self.stable else geometry.affects
        self.masks: list[int] = []
        self.options: list[list[tuple[int, ...]]] = []
        self.group_of = [0] * geometry.n
        self.rng = SplitMix64(0x5EED)  # varies the tie-breaks between restarts
        self.limit = 0
        self.count = 0
        self.until = deadline
        # The choices of the playout that came closest (fewest tiles left): de Bondt's
        # search tries them first.
        self.closest: tuple[int, list[int]] = (occupied.bit_count() + 1, [])
        # The last relaxation of _clears: (choices, firsts, where, (occupied, free)).
        self.last_relaxed: tuple[
            list[int], list[tuple[int, int, int]], dict[int, int], tuple[int, int]
        ] = ([], [], {}, (0, 0))

    # -- set-up ------------------------------------------------------------------------

    def prepare(self, groups: list[int]) -> bool:
        """Collect the groups and their possible pairings; False if some group can
        never be paired up. Two tiles can go together unless one lies on the other,
        directly or through tiles in between (on a board reached by play, those stay)."""
        related = self.tables.related if self.stable else None
        group_of, masks, options_of = self.group_of, self.masks, self.options
        for g, group in enumerate(groups):
            masks.append(group)
            one = group & -group
            rest = group ^ one
            two = rest & -rest
            rest ^= two
            a, b = one.bit_length() - 1, two.bit_length() - 1
            group_of[a] = group_of[b] = g
            if not rest:
                if related is not None and related[a] >> b & 1:
                    return False
                options_of.append([(group,)])
                continue
            three = rest & -rest
            four = rest ^ three
            c, d = three.bit_length() - 1, four.bit_length() - 1
            group_of[c] = group_of[d] = g
            if related is None or not (related[a] | related[b] | related[c]) & group:
                options_of.append([(one | two, three | four), (one | three, two | four),
                                   (one | four, two | three)])  # fmt: skip
                continue
            options: list[tuple[int, ...]] = []
            for p, q, r, t in ((a, b, c, d), (a, c, b, d), (a, d, b, c)):
                if not related[p] >> q & 1 and not related[r] >> t & 1:
                    options.append(((1 << p) | (1 << q), (1 << r) | (1 << t)))
            if not options:
                return False
            options_of.append(options)
        # Groups with one possible pairing have it from the start.
        self.base = [0 if len(o) == 1 else _UNDECIDED for o in options_of]
        # The compiled inner loop (see "Greedy play" below) keeps the layout's tables,
        # these groups and pairings, the playouts' penalties and the conflicts learnt. A
        # pairing's first pair holds the group's first tile: that tile's partner names it.
        self.greedy = Greedy(self.tables.layouts[self.stable], masks, options_of, group_of)
        self._play = self.greedy.play
        if self.occupied == self.geometry.full_mask:
            self.root_free = self.tables.full_free
        else:
            self.root_free = self.geometry.free_mask(self.occupied)
        self.start_moves: list[int] = []
        self.start_candidates: list[int] = []
        self.start_occupied, self.start_free = self._play(
            self.occupied,
            self.root_free,
            self.base,
            record=self.start_moves,
            candidates=self.start_candidates,
        )
        return True

    # -- greedy play ------------------------------------------------------------------
    #
    # ``self._play(occupied, free, choice, pending=None, *, relaxed=False, record=None,
    # firsts=None, candidates=None)`` is greedy play from ``occupied`` / ``free``, looking
    # at the groups in ``pending`` (default: every group with a free tile), and at every
    # group again when one of its tiles is freed. It returns the tiles left and the free
    # ones.
    #
    # Exact play: a chosen pair goes when both its tiles are free, a group goes whole
    # when all its remaining tiles are free. Never a wrong move, and every order ends
    # with the same tiles. ``relaxed``: the relaxation, where also a group still open
    # goes as soon as two of its tiles are free at once, and its others one by one; if
    # it leaves tiles, no pairing extending ``choice`` clears them.
    #
    # ``record`` gets the tiles removed at each step, a pair or a whole group (exact
    # play; ``_pairs`` makes a removal order of them); ``candidates`` the open groups
    # seen with two or more free tiles (exact play); ``firsts`` gets ``(group,
    # occupied, free)`` just before the first removal from each group. Both plays end
    # with the same tiles whatever the order of their moves, and the moves before a
    # group's first removal are moves under any pairing of that group: so after
    # changing some groups' pairings, play can go on from the earliest of their first
    # removals instead of from the start.
    #
    # It is the loop every phase runs in, so it is compiled (``_greedy.c``, on three
    # 64-bit words instead of Python's big ints; docs/solitaire.md#the-solvers-core),
    # with the playouts (``_playout``), ``greedy.core`` (the part of a stuck set that
    # does the blocking: a group none of whose tiles blocks a tile of the set is peeled
    # off, again and again, and the fewer groups remain, the sharper the conflict learnt
    # from it), and the conflicts learnt: ``greedy.learn(choice, groups)`` remembers that
    # these groups cannot all keep their pairings, ``greedy.violated(choice, group,
    # pairing)`` gives the groups of the first conflict learnt with that pairing that
    # ``choice`` makes in full, or None.

    # -- playouts ----------------------------------------------------------------------

    def playouts(self, count: int, deadline: float) -> list[Pair] | None:
        """Up to ``count`` playouts (until ``deadline``): a complete removal order from
        the first that clears the board, else None (which proves nothing)."""
        for _ in range(count):
            if time.perf_counter() > deadline:
                return None
            found = self._playout()
            if found is not None:
                return _pairs(found)
        return None

    def _playout(self) -> list[int] | None:
        """Exact play; when it is stuck, the best free pair of an open group is taken
        (fixing that group's pairing). The removals if the board is cleared, else None;
        a stuck end is learnt as a conflict.

        A pair's score: the tiles its removal frees, more for each of them that finds
        a free partner, a bonus when three of the group are free (keeping the right
        one free is less of a gamble than pairing two blind), less when the group's
        other two tiles have nothing on them (they may be free soon, and then the
        group goes whole), less for each time the choice was part of a conflict, and a
        small random part. A group is scored when it gets a second or a third free
        tile, and the best score is kept in a heap (ties: the lower group, then the
        lower pairing). A choice that would make a conflict learnt before is not taken.

        Stuck, the committed groups among the tiles that block each other
        (``greedy.core``) are a conflict: each of their choices counts once more
        against it in later playouts, and it is learnt if the relaxation is stuck there
        too (no open group has two free tiles; one may, when its pairings were all ruled
        out by conflicts). Compiled with greedy play (``_greedy.c``); the tie-breaks
        come from Knuth's MMIX linear congruential generator seeded from ``self.rng``."""
        self.nodes += 1
        choice = list(self.base)
        made = list(self.start_moves)
        weights = (_WAIT, _THREE_FREE_BONUS, _ENABLE, _CONFLICT_WEIGHT, _JITTER)
        left = self.greedy.playout(
            self.rng.next_u64(), choice, made, self.start_candidates,
            self.start_occupied, self.start_free, weights,
        )  # fmt: skip
        if not left:
            return made
        if left.bit_count() < self.closest[0]:
            self.closest = (left.bit_count(), choice)
        return None

    # -- search ------------------------------------------------------------------------

    def local_search(self, deadline: float) -> list[Pair] | None:
        """The local search alone until ``deadline``: a complete removal order, or None."""
        steps = self._local_steps()
        try:
            while time.perf_counter() <= deadline:
                next(steps)
        except StopIteration as stop:
            return stop.value[1] if stop.value else None
        return None

    def mend_closest(self, steps: int, deadline: float) -> list[Pair] | None:
        """Up to ``steps`` steps of the local search started from the pairings of the
        playout that came closest (none without a playout): a complete removal order,
        or None. A stuck playout is mostly right; re-pairing a few of the groups it
        left often clears the board sooner than more playouts (bench/solver_floor.py)."""
        if not self.closest[1]:
            return None
        local = self._local_steps(self.closest[1])
        try:
            for _ in range(steps):
                if time.perf_counter() > deadline:
                    return None
                next(local)
        except StopIteration as stop:
            return stop.value[1] if stop.value else None
        return None

    def _local_steps(
        self, start: list[int] | None = None
    ) -> Generator[None, None, tuple[Status, list[Pair]] | None]:
        """Tabu search over complete pairings, one step at a time (a generator): the
        cost is the number of tiles exact play leaves; a step re-pairs a random group
        among those left. It starts from ``start`` (its choices for the groups it
        decided, the others at random), or from random pairings. Finds hard solutions,
        but never proves a board hopeless (returns ("yes", a removal order), or None
        when only fixed pairs are left).

        A trial pairing is played on from the point where the current play first took
        a tile of the group changed (``_play``'s ``firsts``), not from the start."""
        rng = SplitMix64(0x10CA1)
        choice = list(self.base)
        open_groups = [g for g, c in enumerate(choice) if c < 0]
        for g in open_groups:
            c = start[g] if start else _UNDECIDED
            choice[g] = c if c >= 0 else rng.below(len(self.options[g]))
        firsts: list[tuple[int, int, int]] = []
        left, left_free = self._play(self.start_occupied, self.start_free, choice, firsts=firsts)
        where = {g: k for k, (g, _, _) in enumerate(firsts)}
        tabu: dict[tuple[int, int], int] = {}
        step = 0
        while left:
            step += 1
            yield
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
                trial, trial_free = self._play(occupied, free, choice, firsts=more)
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
        return "yes", self._order(choice)

    def _order(self, choice: list[int]) -> list[Pair]:
        """The removal order of a complete pairing that exact play clears."""
        order = list(self.start_moves)
        self._play(self.start_occupied, self.start_free, choice, record=order)
        return _pairs(order)

    # -- de Bondt's search -------------------------------------------------------------

    def _clears(self, choice: list[int]) -> bool:
        """Whether the relaxation clears the board with these choices. It goes on from
        the last relaxation played here, at the first removal of the first group whose
        choice changed since (see ``_play``'s ``firsts``)."""
        last, firsts, where, (occupied, free) = self.last_relaxed
        if not last:
            occupied, free, k = self.start_occupied, self.start_free, 0
        else:
            k = len(firsts)
            for g, c in enumerate(choice):
                if c != last[g]:
                    k = min(k, where.get(g, k))
            if k < len(firsts):
                _, occupied, free = firsts[k]
        more: list[tuple[int, int, int]] = []
        left, left_free = self._play(occupied, free, choice, relaxed=True, firsts=more)
        firsts = firsts[:k] + more
        where = {g: n for n, (g, _, _) in enumerate(firsts)}
        self.last_relaxed = (list(choice), firsts, where, (left, left_free))
        return not left

    def _proof(self) -> Generator[None, None, tuple[Status, list[Pair]]]:
        """De Bondt's search ("sureSolve"), one call at a time (a generator): complete,
        so it proves boards hopeless, and it finds hard solutions too.

        Every open group gets its first pairing in turn until the relaxation fails;
        then each choice before is undone once: those the failure needs (undone, the
        relaxation clears again) stay and move to the front, the others go behind them,
        open again and with their pairings in a new random order. Then the search
        branches on the other pairings of the needed ones only. A group's pairings are
        first tried in the order of the playout that came closest, else at random."""
        rng = SplitMix64(0xB0D7)
        order = [g for g, c in enumerate(self.base) if c < 0]
        rng.shuffle(order)
        closest = self.closest[1]
        ranking: dict[int, list[int]] = {}
        for g in order:
            ranked = list(range(len(self.options[g])))
            rng.shuffle(ranked)
            if closest and closest[g] >= 0:
                ranked.remove(closest[g])
                ranked.insert(0, closest[g])
            ranking[g] = ranked
        choice = list(self.base)
        if (yield from self._proof_from(0, order, ranking, choice, rng)):
            return "yes", self._order(choice)
        return "no", []

    def _proof_from(
        self,
        start: int,
        order: list[int],
        ranking: dict[int, list[int]],
        choice: list[int],
        rng: SplitMix64,
    ) -> Generator[None, None, bool]:
        """Whether some pairings of ``order[start:]`` (the groups before keep theirs)
        let exact play clear the board; ``choice`` holds them when it does."""
        self.nodes += 1
        yield  # the caller may look at the clock, or let the local search take a turn
        if not self._clears(choice):
            return False
        point = len(order)
        for k in range(start, len(order)):
            g = order[k]
            choice[g] = ranking[g][0]
            if not self._clears(choice):
                point = k
                break
        if point == len(order):
            return True  # every group has a pairing: the relaxation is exact play
        needed = [order[point]]
        last = point
        for k in range(point - 1, start - 1, -1):
            g = order[k]
            choice[g] = _UNDECIDED
            if self._clears(choice):
                choice[g] = ranking[g][0]
                needed.append(g)
            else:
                rng.shuffle(ranking[g])
                order[last] = g
                last -= 1
        for k in range(last, start - 1, -1):
            order[k] = needed.pop()
        for k in range(last, start - 1, -1):
            g = order[k]
            for other in ranking[g][1:]:
                choice[g] = other
                if (yield from self._proof_from(k + 1, order, ranking, choice, rng)):
                    return True
            choice[g] = _UNDECIDED
        return False

    # -- the phases --------------------------------------------------------------------

    def solve(self, started: float, budget: float) -> tuple[Status, list[Pair]]:
        """The phases: a few playouts (most boards that can be cleared are, at once),
        the relaxation of the whole board (most hopeless boards fail it at once), the
        closest playout mended by the local search and the other playouts, a short
        tree search (most of the rest), then de Bondt's search and the local search
        taking turns until one of them decides (the hard boards)."""
        until = started + budget * _PLAYOUT_SHARE
        first = min(_PLAYOUTS_BEFORE_LOCAL, _PLAYOUTS)
        found = self.playouts(first, until)
        if found is not None:
            return "yes", found
        if not self._clears(self.base):
            return "no", []
        found = self.mend_closest(_LOCAL_STEPS, until) or self.playouts(_PLAYOUTS - first, until)
        if found is not None:
            return "yes", found
        status, order = self._tree(time.perf_counter() + _TREE_SECONDS)
        if status != "unknown":
            return status, order
        turns: list[tuple[Generator[None, None, tuple[Status, list[Pair]] | None], float]] = [
            (self._proof(), _PROOF_TURN),
            (self._local_steps(), _LOCAL_TURN),
        ]
        while turns:
            for turn in list(turns):
                steps, seconds = turn
                now = time.perf_counter()
                if now > self.deadline:
                    return "unknown", []
                until = min(self.deadline, now + seconds)
                try:
                    while time.perf_counter() < until:
                        next(steps)
                except StopIteration as stop:
                    if stop.value is not None:
                        return stop.value
                    turns.remove(turn)  # the local search gave up
        return "unknown", []

    def _tree(self, until: float) -> tuple[Status, list[Pair]]:
        """Restarts with a growing node limit; the conflicts learnt carry over."""
        self.until = min(until, self.deadline)
        limit = 50
        while True:
            self.limit, self.count = limit, 0
            try:
                found = self._node(
                    self.start_occupied, self.start_free, list(self.base), frozenset()
                )
            except _Restart:
                limit = limit * 3 // 2
                continue
            except _OutOfTime:
                return "unknown", []
            if isinstance(found, list):
                return "yes", _pairs(self.start_moves + found)
            return "no", []

    def _node(
        self, occupied: int, free: int, choice: list[int], decided: frozenset[int]
    ) -> list[int] | frozenset[int]:
        """The removals clearing the board (see ``_play``'s ``record``), or the set of
        decided groups whose pairings together make this node hopeless (a conflict,
        learnt and passed up for backjumping)."""
        self.nodes += 1
        self.count += 1
        if self.count > self.limit:
            raise _Restart
        if time.perf_counter() > self.until:
            raise _OutOfTime
        made: list[int] = []
        occupied, free = self._play(occupied, free, choice, record=made)
        if not occupied:
            return made
        left = self._play(occupied, free, choice, relaxed=True)[0]
        if left:
            # The tiles left block each other whatever the pairings of the groups not
            # among them: the conflict is the decided groups among them.
            core = self.greedy.core(left)
            conflict = frozenset(g for g in decided if self.masks[g] & core)
            self.greedy.learn(choice, conflict)
            return conflict
        group, order = self._branching_group(occupied, free, choice)
        decided_here = decided | {group}
        conflicts: set[int] = set()
        for option in order:
            choice[group] = option
            found = self.greedy.violated(choice, group, option)
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
        self.greedy.learn(choice, conflict)
        return conflict

    def _branching_group(
        self, occupied: int, free: int, choice: list[int]
    ) -> tuple[int, list[int]]:
        """The open group whose free pair frees the most, with its pairings in order:
        the one removing that pair now first, the others (waiting) after."""
        newly_freed = self.geometry.newly_freed
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
                        score = max(score, newly_freed(free, occupied, pair))
                scored.append((score + self.rng.below(4) / 2, c))
            scored.sort(reverse=True)
            if best is None or scored[0][0] > best[0]:
                best = (scored[0][0], g, [c for _, c in scored])
        # The relaxation cleared the board, so some open group can move.
        assert best is not None
        return best[1], best[2]


# A removal order from the removals of ``_play`` (a pair, or a whole group that was free
# at once, taken as two pairs), compiled as it runs once for every order returned.
_pairs = pairs


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
    occupied = board.occupied
    free = geometry.free_mask(occupied)
    ranked = sorted(
        pairs,
        key=lambda p: (-geometry.newly_freed(free, occupied, (1 << p[0]) | (1 << p[1])), p),
    )
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
        result = solve(geometry, Board(board.faces, occupied & ~removed), left)
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
