"""Engine benchmark: deal generation, the solver and the hint, per layout.

    .venv/bin/python bench/engine.py [--quick] [--deals N] [--solves N] [--random N]
                                     [--budget S] [--hint-games N] [--layouts all|a,b,turtle]

For each layout (every built-in one, a to x, and the classic Turtle) it prints:

* deal generation time (reverse build) over ``--deals`` seeds;
* solver time on reverse-built deals (what players get) over ``--solves`` seeds,
  and the share decided within ``--budget``;
* for the 144-tile layouts (c, x and Turtle), the solver on uniformly random deals (every
  arrangement of the 144 tiles equally likely, not reverse-built): share decided
  within ``--budget`` each, share that cannot be cleared, median time. On Turtle the
  published figure is 2.95-2.96 % unwinnable (de Bondt, 10 million deals); the
  interval printed is a 95 % Wilson interval, counting undecided deals both ways;
* hint time on every position of ``--hint-games`` games per layout, played by a player
  who picks a random free pair (so some positions are lost ones: the hint must prove
  that too);

and at the end one table of the medians (and the hint's p95), a row per layout.

Budgets (bench/README.md): deal 144 tiles median <= 5 ms; reverse-built 144 median <= 50 ms,
all decided; random 144 >= 95 % decided within 1 s; hint p95 <= 100 ms. Times are wall
clock on one core: run it on an idle machine.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.solitaire.engine import (  # noqa: E402  (the path above must come first)
    BUILTIN_LAYOUTS,
    Board,
    Geometry,
    SplitMix64,
    apply_removal,
    deal,
    free_pairs,
    geometry_for,
    hint,
    initial_board,
    solve,
    tile_set,
    turtle_positions,
)


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def wilson(hits: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _timed(function: Callable[[], object]) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


def _spread(times: Sequence[float]) -> str:
    return (
        f"median {_ms(statistics.median(times))}, p95 {_ms(percentile(times, 0.95))}, "
        f"max {_ms(max(times))}"
    )


def bench_deals(geometry: Geometry, count: int) -> list[float]:
    return [_timed(lambda s=seed: deal(geometry, s)) for seed in range(count)]


def bench_reverse_built(geometry: Geometry, count: int, budget: float) -> tuple[list[float], int]:
    """The solver's times on dealt boards, and how many it decided."""
    times, decided = [], 0
    for seed in range(count):
        result = solve(geometry, initial_board(geometry, seed), budget)
        times.append(result.seconds)
        decided += result.status == "yes"
    return times, decided


def bench_random(geometry: Geometry, count: int, budget: float, progress: bool) -> str:
    times: list[float] = []
    counts = {"yes": 0, "no": 0, "unknown": 0}
    for k in range(count):
        rng = SplitMix64(1_000_000 + k)
        faces = tile_set(geometry.n, rng)
        rng.shuffle(faces)
        result = solve(geometry, Board(tuple(faces), geometry.full_mask), budget)
        times.append(result.seconds)
        counts[result.status] += 1
        if progress and (k + 1) % 50 == 0:
            print(f"    ... {k + 1}/{count}: {counts}", file=sys.stderr, flush=True)
    decided = counts["yes"] + counts["no"]
    low, _ = wilson(counts["no"], count)
    _, high = wilson(counts["no"] + counts["unknown"], count)
    return (
        f"decided {decided}/{count} = {100 * decided / count:.1f} % within {budget:g} s; "
        f"cannot be cleared {counts['no']} ({100 * counts['no'] / count:.2f} %, "
        f"95 % interval {100 * low:.1f}-{100 * high:.1f} %); "
        f"median {_ms(statistics.median(times))}, p95 {_ms(percentile(times, 0.95))}"
    )


def played_positions(geometry: Geometry, games: int) -> list[Board]:
    """Every position of ``games`` games by a player picking random free pairs."""
    boards = []
    for game in range(games):
        rng = SplitMix64(777 + game)
        board = initial_board(geometry, 4242 + game)
        while True:
            boards.append(board)
            pairs = free_pairs(geometry, board)
            if not pairs:
                break
            board = apply_removal(geometry, board, *pairs[rng.below(len(pairs))])
    return boards


def bench_hints(geometry: Geometry, games: int) -> tuple[list[float], int]:
    """The hint's times on every position of the games, and how many were lost."""
    boards = played_positions(geometry, games)
    times, lost = [], 0
    for board in boards:
        started = time.perf_counter()
        advice = hint(geometry, board)
        times.append(time.perf_counter() - started)
        lost += advice.winnable is False
    return times, lost


def summary_table(rows: list[tuple[str, str, int, list[float], list[float], list[float]]]) -> str:
    """One line per layout: medians of deal and solver time, hint median and p95."""

    def cell(times: list[float], share: float = 0.5) -> str:
        return f"{percentile(times, share) * 1000:.1f}" if times else "-"

    lines = [
        "| layout | tiles | deal median ms | solver median ms | hint median ms | hint p95 ms |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for key, name, tiles, deals, solves, hints in rows:
        lines.append(
            f"| {key} {name} | {tiles} | {cell(deals)} | {cell(solves)} | {cell(hints)} "
            f"| {cell(hints, 0.95)} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="seeds for deal timing")
    parser.add_argument("--solves", type=int, default=50, help="reverse-built deals solved")
    parser.add_argument("--random", type=int, default=100, help="random deals (c, Turtle)")
    parser.add_argument("--budget", type=float, default=1.0, help="solver seconds per deal")
    parser.add_argument("--hint-games", type=int, default=5, help="games played for hints")
    parser.add_argument("--layouts", default="all", help="comma-separated, or all")
    parser.add_argument("--quick", action="store_true", help="small counts, for a smoke run")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.solves, args.random, args.hint_games = 20, 5, 10, 1

    layouts = {letter: (b.name_de, b.positions) for letter, b in BUILTIN_LAYOUTS.items()}
    layouts["turtle"] = ("Turtle (classic)", turtle_positions())
    keys = list(layouts) if args.layouts == "all" else args.layouts.split(",")
    rows = []
    print(
        f"deals: {args.deals} seeds; reverse-built: {args.solves}; random: {args.random} "
        f"per 144-tile layout; budget {args.budget:g} s; hints: {args.hint_games} games"
    )
    for key in keys:
        name, positions = layouts[key]
        geometry = geometry_for(positions)
        print(f"\n{key} {name}: {geometry.n} tiles, {geometry.levels} levels, "
              f"{len(geometry.free_indices(geometry.full_mask))} free at the start")  # fmt: skip
        # A count of 0 skips its part (e.g. only the random deals for the anchor).
        deals: list[float] = []
        solves: list[float] = []
        hints: list[float] = []
        if args.deals:
            deals = bench_deals(geometry, args.deals)
            print(f"  deal generation        {_spread(deals)}", flush=True)
        if args.solves:
            solves, decided = bench_reverse_built(geometry, args.solves, args.budget)
            line = f"{_spread(solves)}; decided {decided}/{args.solves}"
            print(f"  solver, reverse-built  {line}", flush=True)
        if geometry.n == 144 and args.random:
            line = bench_random(geometry, args.random, args.budget, progress=True)
            print(f"  solver, random deals   {line}", flush=True)
        if args.hint_games:
            hints, lost = bench_hints(geometry, args.hint_games)
            line = f"{len(hints)} positions ({lost} lost): {_spread(hints)}"
            print(f"  hint, played games     {line}", flush=True)
        rows.append((key, name, geometry.n, deals, solves, hints))
    print()
    print(summary_table(rows))


if __name__ == "__main__":
    main()
