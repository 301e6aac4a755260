"""Where the solver's time goes, and the floor under its median.

    .venv/bin/python bench/solver_floor.py [--deals N]

On the deal sets of ``solver_peer.py`` (random Turtle, reverse-built Hoher Turm) it
times, per deal, the pieces every answer is made of:

* **set-up**: the match groups and ``_PairingSearch.prepare`` (pairings ruled out, the
  safe moves of the start);
* **one pass**: the relaxation over the whole board, the cheapest complete look at a
  board; every phase is built from such passes (exact play is the same loop);
* **one playout**: exact play with the scored decisions; how many playouts a deal
  needs before one clears it (the share cleared by the k-th), with the playouts as
  shipped and without their wait (``_WAIT = 0``: a group whose other two tiles have
  nothing on them is paired as readily as any).

* **the mend**: of the deals the first three playouts leave, the share that the local
  search started from the closest of them (``mend_closest``) clears, and its time.

A "yes" needs at least the set-up and one playout (whose replay is the order
returned), so ``set-up + playouts needed x playout`` is the floor of the median for
playouts alone (the mend can go under it). It also times the pass written in plain
Python on big-int masks, as the solver ran it before its inner loop was compiled
(``games/solitaire/engine/_greedy.c``: what the compiled core buys), and prints a
profile of ``solve()`` on the deals.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solver_peer import tower_deals, turtle_deals  # noqa: E402  (bench/ on the path)

from games.solitaire.engine import solve  # noqa: E402
from games.solitaire.engine import solver as solver_module  # noqa: E402
from games.solitaire.engine.geometry import bits  # noqa: E402


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:.0f} us"


class _PythonPass(solver_module._PairingSearch):
    """The relaxation's pass in plain Python on big-int masks (the free test of
    ``Geometry.free_among``), for comparison with the compiled one."""

    def _play(self, occupied, free, choice, pending=None, *, relaxed=False, **_):
        masks, options, group_of = self.masks, self.options, self.group_of
        affects, free_among = self.affects, self.geometry.free_among
        if pending is None:
            pending = [g for g, mask in enumerate(masks) if mask & free]
        opened = 0
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
                if c >= 0:
                    if rest != masks[g]:
                        continue
                    gone = 0
                    for pair in options[g][c]:
                        if pair & free == pair:
                            gone |= pair
                    if not gone:
                        continue
                elif relaxed and (opened >> g & 1 or ready & (ready - 1)):
                    opened |= 1 << g
                    gone = ready
                else:
                    continue
            occupied ^= gone
            free ^= gone
            touched = 0
            for i in bits(gone):
                touched |= affects[i]
            freed = free_among(touched & occupied & ~free, occupied)
            free |= freed
            pending += [group_of[i] for i in bits(freed)]
        return occupied, free


def _best_of(runs: int, function) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.thread_time()
        function()
        best = min(best, time.thread_time() - started)
    return best


def _playouts_needed(geometry, boards) -> tuple[list[int], list[float]]:
    """Per deal: the playouts until one clears it (61: none of 60 did), and the CPU
    time of one playout."""
    needed, per_playout = [], []
    for board in boards:
        search = solver_module._PairingSearch(geometry, board.occupied, time.perf_counter() + 60)
        if not search.prepare(solver_module._groups(board.faces, board.occupied)):
            continue
        started = time.thread_time()
        k = 1
        while k <= 60 and search._playout() is None:
            k += 1
        per_playout.append((time.thread_time() - started) / min(k, 60))
        needed.append(k)
    return needed, per_playout


def _mended(geometry, boards) -> tuple[int, dict[bool, list[float]]]:
    """Of the deals the first playouts leave: how many, and the CPU times of the mends
    of the closest that clear them (True) and that do not (False)."""
    first = solver_module._PLAYOUTS_BEFORE_LOCAL
    left = 0
    times: dict[bool, list[float]] = {True: [], False: []}
    for board in boards:
        search = solver_module._PairingSearch(geometry, board.occupied, time.perf_counter() + 60)
        if not search.prepare(solver_module._groups(board.faces, board.occupied)):
            continue
        if search.playouts(first, time.perf_counter() + 60) is not None:
            continue
        left += 1
        started = time.thread_time()
        order = search.mend_closest(solver_module._LOCAL_STEPS, time.perf_counter() + 60)
        times[order is not None].append(time.thread_time() - started)
    return left, times


def _shares(needed: list[int]) -> str:
    n = len(needed)
    return ", ".join(
        f"{k}: {100 * sum(x <= k for x in needed) / n:.0f} %" for k in (1, 2, 3, 5, 8, 12, 20, 60)
    )


def measure(name: str, geometry, boards) -> None:
    searches = []
    setup = []
    for board in boards:
        started = time.thread_time()
        solver_module._FACE_GROUPS.clear()  # a new deal: nothing cached
        search = solver_module._PairingSearch(geometry, board.occupied, time.perf_counter() + 60)
        ready = search.prepare(solver_module._groups(board.faces, board.occupied))
        setup.append(time.thread_time() - started)
        if ready:
            searches.append((search, board))
    n = len(searches)

    def full_passes(play) -> None:
        for search, _ in searches:
            play(search, search.occupied, search.root_free, search.base, relaxed=True)

    compiled = _best_of(5, lambda: full_passes(lambda search, *a, **k: search._play(*a, **k))) / n
    python = _best_of(5, lambda: full_passes(_PythonPass._play)) / n
    needed, per_playout = _playouts_needed(geometry, boards)
    shipped_wait = solver_module._WAIT
    solver_module._WAIT = 0.0
    try:
        needed_without_wait, _ = _playouts_needed(geometry, boards)
    finally:
        solver_module._WAIT = shipped_wait
    playout = statistics.median(per_playout)
    k_median = statistics.median(needed)
    print(f"\n{name}: {len(boards)} deals (CPU time per deal, medians)")
    print(f"  set-up            {_us(statistics.median(setup))}")
    print(f"  one pass          {_us(compiled)} (in plain Python: {_us(python)},"
          f" {python / compiled:.0f}x)")  # fmt: skip
    print(f"  one playout       {_us(playout)}")
    print(f"  cleared by the k-th playout: {_shares(needed)}")
    print(f"    without the wait:          {_shares(needed_without_wait)}  (_WAIT = 0)")
    left, mends = _mended(geometry, boards)
    if left:
        first, steps = solver_module._PLAYOUTS_BEFORE_LOCAL, solver_module._LOCAL_STEPS
        print(f"  the closest of {first} playouts mended ({steps} steps): clears"
              f" {len(mends[True])} of the {left} deals they leave")  # fmt: skip
        for cleared, what in ((True, "clearing"), (False, "not clearing")):
            if mends[cleared]:
                print(f"    a mend {what}: {_us(statistics.median(mends[cleared]))}")
    floor = statistics.median(setup) + k_median * playout
    print(f"  floor of the median: set-up + {k_median:g} playouts = {_us(floor)}")
    times = []
    for board in boards:
        started = time.thread_time()
        solve(geometry, board, 5.0)
        times.append(time.thread_time() - started)
    print(f"  solve() median    {_us(statistics.median(times))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per set")
    parser.add_argument("--profile", action="store_true", help="print a profile of solve()")
    args = parser.parse_args()
    for name, make in (("random Turtle", turtle_deals), ("Hoher Turm (c)", tower_deals)):
        geometry, boards = make(args.deals)
        measure(name, geometry, boards)
        if args.profile:
            profile = cProfile.Profile()
            profile.enable()
            for board in boards:
                solve(geometry, board, 5.0)
            profile.disable()
            pstats.Stats(profile).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
