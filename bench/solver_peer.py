"""Our solver against the best open peer, on the same deals in one run.

    .venv/bin/python bench/solver_peer.py [--peer DIR] [--turtle N] [--tower N]
                                          [--budget S] [--skip-ours] [--keep DIR]

The peer is the solver of the web game ffalt/mah (github.com/ffalt/mah), a TypeScript
port of de Bondt's solver, run on Node with ``npx tsx`` by ``solver_peer.mts``. Its
code is not part of this repository: ``--peer`` (or the environment variable
``MAH_PEER``) names a checkout of it; without one only our solver runs.

Two sets of deals, both written to JSON (positions and match groups) and fed to both:

* ``--turtle`` uniformly random arrangements of the 144 tiles on the classic Turtle
  (the set of ``engine.py``'s random deals); de Bondt's figure is 2.95 % unwinnable;
* ``--tower`` reverse-built deals of Hoher Turm (layout ``c``), what players get.

For each solver and set it prints the median, p95 and maximum time per deal, the share
decided within 1 s and within ``--budget`` (ours is given that budget; the peer has no
budget, so a deal counts as decided within S when it answered within S), the share that
cannot be cleared with a 95 % Wilson interval (undecided deals counted both ways), and
the ratios ours / peer. Where both decided, the answers must agree; any deal where they
do not is listed. Times are wall clock per call, setup included (ours: ``solve()`` on a
cached geometry; the peer: ``solveLayout``, after a JIT warm-up on the first 20 deals).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from engine import _percentile, _wilson, turtle_positions  # bench/engine.py

from games.engine import (
    BUILTIN_LAYOUTS,
    Board,
    Geometry,
    SplitMix64,
    geometry_for,
    initial_board,
    match_group,
    solve,
    tile_set,
)

HERE = Path(__file__).resolve().parent


@dataclass
class Run:
    """One solver's answers on one set: ``status`` per deal ("yes", "no", "unknown")
    and seconds per deal."""

    status: list[str]
    seconds: list[float]


def turtle_deals(count: int) -> tuple[Geometry, list[Board]]:
    geometry = geometry_for(turtle_positions())
    boards = []
    for k in range(count):
        rng = SplitMix64(1_000_000 + k)
        faces = tile_set(geometry.n, rng)
        rng.shuffle(faces)
        boards.append(Board(tuple(faces), geometry.full_mask))
    return geometry, boards


def tower_deals(count: int) -> tuple[Geometry, list[Board]]:
    geometry = geometry_for(BUILTIN_LAYOUTS["c"].positions)
    return geometry, [initial_board(geometry, seed) for seed in range(count)]


def run_ours(geometry: Geometry, boards: list[Board], budget: float) -> Run:
    run = Run([], [])
    for k, board in enumerate(boards):
        started = time.perf_counter()
        result = solve(geometry, board, budget)
        run.seconds.append(time.perf_counter() - started)
        run.status.append(result.status)
        if (k + 1) % 500 == 0:
            print(f"    ours ... {k + 1}/{len(boards)}", file=sys.stderr, flush=True)
    return run


def write_deals(geometry: Geometry, boards: list[Board], path: Path) -> None:
    """Positions and match groups (numbered 0..35), the peer's input."""
    names: dict[str, int] = {}
    deals = []
    for board in boards:
        groups = [names.setdefault(match_group(face), len(names)) for face in board.faces]
        deals.append({"positions": [list(p) for p in geometry.positions], "groups": groups})
    path.write_text(json.dumps(deals))


def run_peer(peer: Path, geometry: Geometry, boards: list[Board], folder: Path) -> Run:
    deals, answers = folder / "deals.json", folder / "answers.json"
    write_deals(geometry, boards, deals)
    npx = shutil.which("npx")
    if npx is None:
        raise SystemExit("the peer needs Node's npx on PATH")
    command = [npx, "-y", "tsx", str(HERE / "solver_peer.mts"), str(peer), str(deals), str(answers)]
    subprocess.run(command, check=True)
    found = json.loads(answers.read_text())
    return Run(
        ["yes" if a["solvable"] else "no" for a in found], [a["ms"] / 1000 for a in found]
    )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms" if seconds < 0.01 else f"{seconds * 1000:.1f} ms"


def summary(run: Run, budget: float) -> dict[str, float | str]:
    n = len(run.seconds)
    within = {
        limit: sum(s != "unknown" and t <= limit for s, t in zip(run.status, run.seconds))
        for limit in (1.0, budget)
    }
    no = sum(s == "no" for s in run.status)
    unknown = sum(s == "unknown" for s in run.status)
    low, _ = _wilson(no, n)
    _, high = _wilson(no + unknown, n)
    return {
        "median": statistics.median(run.seconds),
        "p95": _percentile(run.seconds, 0.95),
        "max": max(run.seconds),
        "line": (
            f"median {_ms(statistics.median(run.seconds))}, "
            f"p95 {_ms(_percentile(run.seconds, 0.95))}, max {_ms(max(run.seconds))}; "
            f"decided within 1 s {100 * within[1.0] / n:.1f} %, "
            f"within {budget:g} s {100 * within[budget] / n:.1f} % "
            f"({n - within[budget]} not); "
            f"cannot be cleared {no} = {100 * no / n:.2f} % "
            f"(95 % interval {100 * low:.2f}-{100 * high:.2f} %)"
        ),
    }


def report(name: str, ours: Run | None, peer: Run | None, budget: float) -> None:
    n = len((ours or peer).seconds)  # type: ignore[union-attr]
    print(f"\n{name}: {n} deals")
    figures = {}
    for label, run in (("ours", ours), ("peer", peer)):
        if run is not None:
            figures[label] = summary(run, budget)
            print(f"  {label}  {figures[label]['line']}")
    if ours is not None and peer is not None:
        ratio = {key: figures["ours"][key] / figures["peer"][key] for key in ("median", "p95")}
        print(f"  ours / peer: median {ratio['median']:.2f}x, p95 {ratio['p95']:.2f}x")
        disagree = [
            k
            for k, (a, b) in enumerate(zip(ours.status, peer.status, strict=True))
            if "unknown" not in (a, b) and a != b
        ]
        print(f"  answers disagree on {len(disagree)} deals {disagree[:20]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", default=os.environ.get("MAH_PEER"), help="ffalt/mah checkout")
    parser.add_argument("--turtle", type=int, default=1000, help="random Turtle deals")
    parser.add_argument("--tower", type=int, default=1000, help="reverse-built Hoher Turm")
    parser.add_argument("--budget", type=float, default=5.0, help="our seconds per deal")
    parser.add_argument("--skip-ours", action="store_true", help="only the peer")
    parser.add_argument("--keep", help="write the deals and the peer's answers here")
    args = parser.parse_args()
    peer = Path(args.peer) if args.peer else None
    if peer is not None and not (peer / "src/app/model/solver/solver.ts").is_file():
        raise SystemExit(f"{peer} is not a checkout of ffalt/mah (no src/app/model/solver)")
    if peer is None:
        print("no peer folder (--peer or MAH_PEER): only our solver runs")
    sets = [("random Turtle", turtle_deals, args.turtle), ("Hoher Turm (c)", tower_deals, args.tower)]
    for name, make, count in sets:
        if not count:
            continue
        geometry, boards = make(count)
        started = time.perf_counter()
        ours = None if args.skip_ours else run_ours(geometry, boards, args.budget)
        ours_took = time.perf_counter() - started
        peer_run = None
        if peer is not None:
            started = time.perf_counter()
            with tempfile.TemporaryDirectory() as scratch:
                folder = Path(args.keep or scratch) / name.split()[-1].strip("()")
                folder.mkdir(parents=True, exist_ok=True)
                peer_run = run_peer(peer, geometry, boards, folder)
            peer_took = time.perf_counter() - started
            print(f"  ({name}: ours took {ours_took:.0f} s, the peer {peer_took:.0f} s)")
        report(name, ours, peer_run, args.budget)


if __name__ == "__main__":
    main()
