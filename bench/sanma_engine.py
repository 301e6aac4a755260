"""Sanma engine benchmark: time per decision of apply, view and legal_actions.

    .venv/bin/python bench/sanma_engine.py [--games N] [--length east|east-south|one-hand]

Plays ``--games`` seeded games (default 30) with a random-legal player and times, at
every decision, ``legal_actions`` for the seat to move, ``view`` for that seat and
``apply`` of the chosen action; prints median, p95 and max per call, and as a baseline
the cost of one ``dataclasses.replace`` of the state in the same run. The library's
caches are cleared first, so the figures include warming them. Wall clock, one core.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.prng import SplitMix64  # noqa: E402
from games.sanma.engine import (  # noqa: E402
    Options,
    apply,
    legal_actions,
    new_game,
    scoring,  # noqa: E402
    view,
    waiting_for,
)


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--length", default="east")
    args = parser.parse_args()
    scoring.shanten.cache_clear()
    scoring.waits.cache_clear()
    times: dict[str, list[float]] = {"legal_actions": [], "view": [], "apply": [], "replace": []}
    decisions = 0
    start = time.perf_counter()
    for seed in range(args.games):
        state = new_game(Options(length=args.length), seed)
        rng = SplitMix64(seed)
        while state.phase != "game-end":
            seat = min(waiting_for(state))
            t0 = time.perf_counter()
            actions = legal_actions(state, seat)
            t1 = time.perf_counter()
            view(state, seat)
            t2 = time.perf_counter()
            action = actions[rng.below(len(actions))]
            after = apply(state, action)
            t3 = time.perf_counter()
            replace(state, actions=state.actions)
            t4 = time.perf_counter()
            for name, value in zip(times, (t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
                times[name].append(value * 1000)
            state = after
            decisions += 1
    total = time.perf_counter() - start
    print(f"{args.games} {args.length} games, {decisions} decisions, {total:.1f} s in all")
    print(f"{'call':<14}{'median ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for name, values in times.items():
        print(
            f"{name:<14}{statistics.median(values):>10.3f}{_pct(values, 0.95):>10.3f}"
            f"{max(values):>10.3f}"
        )
    base = statistics.median(times["replace"])
    print(
        "per decision, as multiples of one state replace: "
        + ", ".join(
            f"{name} {statistics.median(v) / base:.0f}x"
            for name, v in times.items()
            if name != "replace"
        )
    )


if __name__ == "__main__":
    main()
