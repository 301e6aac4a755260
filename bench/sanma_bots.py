"""Sanma bots: time per decision and the strength ladder.

    nice .venv/bin/python bench/sanma_bots.py [--games N] [--seed S] [--workers 1|2]
                                              [--length east] [--pairs master:expert,...]

Ladder: duplicate games. For each wall seed of a pair (``--games`` seeds from ``--seed``
on) the same walls are played three times with the seats rotated, so that every bot sits
in every seat on the same walls: an even seed seats one bot of the stronger level against
two of the level below, an odd seed two against one (the games of the pair). Per seed
the three games give the placement difference (the weaker bots' mean place minus the
stronger bots': positive means the stronger level placed better) and the difference of
the final results in points ((score - 35,000) / 1,000 plus the placement points); over
the seeds the table shows each mean with its 95 % interval, and whether the interval of
the placement difference excludes zero. Pairs: Normal against Beginner, Expert against
Normal, Mahjong Master against Expert.

Time per decision: every decision of the bots in those games, per level (p50, p95,
p99, max), against the budgets (p95 <= 20 ms for Beginner and Normal, <= 100 ms for
Expert, <= 200 ms for the Master). The games run in ``--workers`` processes (at most
two: the machine is shared), so the times are those of a loaded core.
No Django and no database: the engine and the bots only.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ladder import decision_times, excludes_zero, interval  # noqa: E402

from games.sanma.bots import LEVELS  # noqa: E402
from games.sanma.bots.selfplay import duplicate_games  # noqa: E402
from games.sanma.engine import Options  # noqa: E402

PAIRS = (("normal", "beginner"), ("expert", "normal"), ("master", "expert"))
BUDGET_MS = {"beginner": 20, "normal": 20, "expert": 100, "master": 200}


def one_seed(task: tuple[str, str, str, int]):
    """The three games of one wall seed; with every decision's time per level."""
    strong, weak, length, seed = task
    times: dict[str, list[float]] = {strong: [], weak: []}

    def timed(seat, level, action, seconds):
        times[level].append(seconds)

    result = duplicate_games(Options(length=length), seed, strong, weak, timed)
    return strong, weak, result, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150, help="wall seeds per pair (x3 games)")
    parser.add_argument("--seed", type=int, default=0, help="the first wall seed")
    parser.add_argument("--length", default="east", choices=("one-hand", "east", "east-south"))
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    parser.add_argument(
        "--pairs",
        default=",".join(f"{s}:{w}" for s, w in PAIRS),
        help="stronger:weaker level pairs, comma-separated",
    )
    args = parser.parse_args()
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    for pair in pairs:
        if len(pair) != 2 or not set(pair) <= set(LEVELS):
            parser.error(f"a pair is two of {', '.join(LEVELS)}: {':'.join(pair)}")
    tasks = [
        (strong, weak, args.length, seed)
        for strong, weak in pairs
        for seed in range(args.seed, args.seed + args.games)
    ]
    placement: dict[tuple[str, str], list[float]] = {p: [] for p in pairs}
    points: dict[tuple[str, str], list[float]] = {p: [] for p in pairs}
    strong_place: dict[tuple[str, str], list[float]] = {p: [] for p in pairs}
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        for strong, weak, result, seed_times in pool.imap_unordered(one_seed, tasks):
            placement[(strong, weak)].append(result.placement)
            points[(strong, weak)].append(result.points)
            places = result.strong_places
            strong_place[(strong, weak)].append(sum(places) / len(places))
            for level, values in seed_times.items():
                times[level].extend(values)
    elapsed = time.perf_counter() - started

    print(
        f"Ladder: duplicate {args.length} games, wall seeds {args.seed}.."
        f"{args.seed + args.games - 1}, three games per seed (seats rotated)"
    )
    print(
        f"{'pair':<18} {'games':>5}  {'placement difference':>24}  {'stronger place':>14}"
        f"  {'points difference':>20}  excludes 0"
    )
    for pair in pairs:
        mean, half = interval(placement[pair])
        place, place_half = interval(strong_place[pair])
        gained, gained_half = interval(points[pair])
        print(
            f"{pair[0] + ' > ' + pair[1]:<18} {3 * len(placement[pair]):5d}  "
            f"{mean:+8.3f} [{mean - half:+.3f}, {mean + half:+.3f}]  "
            f"{place:6.2f} +-{place_half:5.2f}  "
            f"{gained:+7.2f} [{gained - gained_half:+.2f}, {gained + gained_half:+.2f}]  "
            f"{'yes' if excludes_zero(placement[pair]) else 'no'}"
        )
    print(f"({elapsed:.0f} s with {args.workers} worker(s))")
    print("\nTime per decision (ms), all decisions of those games:")
    for level in LEVELS:
        print(decision_times(level, times[level], BUDGET_MS[level]))


if __name__ == "__main__":
    main()
