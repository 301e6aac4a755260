"""Our solver against the best open peer, on the same deals in one run.

    .venv/bin/python bench/solver_peer.py [--peer DIR] [--baseline DIR] [--turtle N]
                                          [--tower N] [--budget S] [--rounds R]
                                          [--keep DIR]

The peer is the solver of the web game ffalt/mah (github.com/ffalt/mah), a TypeScript
port of de Bondt's solver, run on Node with ``npx tsx`` by ``solver_peer.mts``. None of
its code is part of this repository: ``--peer`` (or the environment variable
``MAH_PEER``) names a checkout of it; without one the peer is skipped.
``--baseline`` names another checkout of this repository (e.g. made with
``git worktree add``) whose solver runs on the same deals too, in its own process:
before / after figures from one run.

Two sets of deals, written to JSON (positions, faces and match groups 0..35) and fed to
every solver:

* ``--turtle`` uniformly random arrangements of the 144 tiles on the classic Turtle
  (the deals of ``engine.py --layouts turtle``); de Bondt's figure is 2.95 %
  unwinnable (10 million deals);
* ``--tower`` reverse-built deals of Hoher Turm (layout ``c``, seeds 0..N-1), what
  players get.

For each solver and set it prints the median, p95 and maximum time per deal, the share
decided within 1 s and within ``--budget`` (our solvers get that budget; the peer has
none, so a deal counts as decided within S when it answered within S), the share that
cannot be cleared with a 95 % Wilson interval (undecided deals counted both ways), and
the ratios to the peer. Where two solvers both decided a deal, their answers must
agree; disagreements are listed. Times are wall clock per call, set-up included: ours
``solve()`` on the layout's cached geometry, each checkout in a process of its own, the
peer ``solveLayout`` (after a JIT warm-up on the first 20 deals), in the same run and
on the same machine. The deals go in ``--rounds`` slices, the solvers' order turned
round from one to the next, so that a machine whose speed drifts during the run (a
shared one: 30 % within minutes) weighs on every solver alike.
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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine import _percentile, _wilson  # bench/engine.py

from games.solitaire.engine import (
    BUILTIN_LAYOUTS,
    Board,
    Geometry,
    SplitMix64,
    geometry_for,
    initial_board,
    match_group,
    tile_set,
    turtle_positions,
)

HERE = Path(__file__).resolve().parent

# Runs the solver of a checkout (sys.argv[1]) on a deals file, in its own process.
_CHECKOUT_WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from games.solitaire.engine import Board, geometry_for, solve
deals = json.load(open(sys.argv[2]))
budget = float(sys.argv[4])
answers = []
for deal in deals:
    geometry = geometry_for(deal["positions"])
    board = Board(tuple(deal["faces"]), geometry.full_mask)
    started = time.perf_counter()
    status = solve(geometry, board, budget).status
    answers.append({"status": status, "seconds": time.perf_counter() - started})
json.dump(answers, open(sys.argv[3], "w"))
"""


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


def write_deals(geometry: Geometry, boards: list[Board], path: Path) -> None:
    names: dict[str, int] = {}
    deals = []
    for board in boards:
        groups = [names.setdefault(match_group(face), len(names)) for face in board.faces]
        positions = [list(p) for p in geometry.positions]
        deals.append({"positions": positions, "faces": list(board.faces), "groups": groups})
    path.write_text(json.dumps(deals))


def run_checkout(checkout: Path, deals: Path, budget: float, label: str) -> Run:
    """The solver of ``checkout`` (this one's folder for ours) on the deals, in a process
    of its own: ours and the baseline start alike, with nothing else in memory (here,
    the deals and the other set's answers would be in the collector's way)."""
    answers = deals.with_name(f"{deals.stem}-{label}-answers.json")
    command = [sys.executable, "-c", _CHECKOUT_WORKER, str(checkout), str(deals), str(answers)]
    subprocess.run([*command, str(budget)], check=True)
    found = json.loads(answers.read_text())
    return Run([a["status"] for a in found], [a["seconds"] for a in found])


def run_peer(peer: Path, deals: Path) -> Run:
    answers = deals.with_name(f"{deals.stem}-peer-answers.json")
    npx = shutil.which("npx")
    if npx is None:
        raise SystemExit("the peer needs Node's npx on PATH")
    script = str(HERE / "solver_peer.mts")
    subprocess.run([npx, "-y", "tsx", script, str(peer), str(deals), str(answers)], check=True)
    found = json.loads(answers.read_text())
    return Run(["yes" if a["solvable"] else "no" for a in found], [a["ms"] / 1000 for a in found])


def run_set(
    folder: Path,
    geometry: Geometry,
    boards: list[Board],
    solvers: dict[str, Callable[[Path], Run]],
    rounds: int,
) -> tuple[dict[str, Run], dict[str, float]]:
    """Every solver on every deal, in ``rounds`` slices (deal k in slice k % rounds),
    the solvers' order turned round from one slice to the next: a machine that gets
    faster or slower during the run (a shared one does) slows them alike. The seconds
    each solver took in all, processes included."""
    n = len(boards)
    runs = {label: Run([""] * n, [0.0] * n) for label in solvers}
    took = dict.fromkeys(solvers, 0.0)
    for r in range(rounds):
        picked = list(range(r, n, rounds))
        deals = folder / f"deals-{r}.json"
        write_deals(geometry, [boards[k] for k in picked], deals)
        for label in list(solvers) if r % 2 == 0 else list(reversed(solvers)):
            started = time.perf_counter()
            run = solvers[label](deals)
            took[label] += time.perf_counter() - started
            for k, status, seconds in zip(picked, run.status, run.seconds, strict=True):
                runs[label].status[k] = status
                runs[label].seconds[k] = seconds
    return runs, took


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms" if seconds < 0.01 else f"{seconds * 1000:.1f} ms"


def summary(run: Run, budget: float) -> str:
    n = len(run.seconds)
    answered = list(zip(run.status, run.seconds, strict=True))
    within = {
        limit: sum(s != "unknown" and t <= limit for s, t in answered) for limit in (1.0, budget)
    }
    no = run.status.count("no")
    low, _ = _wilson(no, n)
    _, high = _wilson(no + run.status.count("unknown"), n)
    return (
        f"median {_ms(statistics.median(run.seconds))}, "
        f"p95 {_ms(_percentile(run.seconds, 0.95))}, max {_ms(max(run.seconds))}; "
        f"decided within 1 s {100 * within[1.0] / n:.1f} %, within {budget:g} s "
        f"{100 * within[budget] / n:.1f} % ({n - within[budget]} not); cannot be cleared "
        f"{no} = {100 * no / n:.2f} % (95 % interval {100 * low:.2f}-{100 * high:.2f} %)"
    )


def report(name: str, runs: dict[str, Run], took: dict[str, float], budget: float) -> None:
    n = len(next(iter(runs.values())).seconds)
    print(f"\n{name}: {n} deals")
    for label, run in runs.items():
        print(f"  {label:<8} {summary(run, budget)}  [{took[label]:.0f} s in all]")
    if "peer" in runs:
        peer = runs["peer"]
        for label, run in runs.items():
            if label == "peer":
                continue
            median = statistics.median(run.seconds) / statistics.median(peer.seconds)
            p95 = _percentile(run.seconds, 0.95) / _percentile(peer.seconds, 0.95)
            print(f"  {label} / peer: median {median:.2f}x, p95 {p95:.2f}x")
    labels = list(runs)
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            disagree = [
                k
                for k, (x, y) in enumerate(zip(runs[a].status, runs[b].status, strict=True))
                if "unknown" not in (x, y) and x != y
            ]
            print(f"  {a} and {b} disagree on {len(disagree)} deals {disagree[:20]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", default=os.environ.get("MAH_PEER"), help="ffalt/mah checkout")
    parser.add_argument("--baseline", help="another checkout of this repository")
    parser.add_argument("--turtle", type=int, default=1000, help="random Turtle deals")
    parser.add_argument("--tower", type=int, default=1000, help="reverse-built Hoher Turm")
    parser.add_argument("--budget", type=float, default=5.0, help="our seconds per deal")
    parser.add_argument("--rounds", type=int, default=4, help="slices, solvers' order turned")
    parser.add_argument("--keep", help="keep the deals and answers (JSON) in this folder")
    args = parser.parse_args()
    peer = Path(args.peer).resolve() if args.peer else None
    if peer is not None and not (peer / "src/app/model/solver/solver.ts").is_file():
        raise SystemExit(f"{peer} is not a checkout of ffalt/mah (no src/app/model/solver)")
    if peer is None:
        print("no peer folder (--peer or MAH_PEER): the peer is skipped")
    solvers: dict[str, Callable[[Path], Run]] = {
        "ours": lambda deals: run_checkout(HERE.parent, deals, args.budget, "ours")
    }
    if args.baseline:
        baseline = Path(args.baseline).resolve()
        solvers["before"] = lambda deals: run_checkout(baseline, deals, args.budget, "before")
    if peer is not None:
        solvers["peer"] = lambda deals: run_peer(peer, deals)
    sets = [
        ("random Turtle", "turtle", turtle_deals, args.turtle),
        ("Hoher Turm (c), reverse-built", "tower", tower_deals, args.tower),
    ]
    with tempfile.TemporaryDirectory() as scratch:
        for name, key, make, count in sets:
            if not count:
                continue
            folder = Path(args.keep or scratch) / key
            folder.mkdir(parents=True, exist_ok=True)
            geometry, boards = make(count)
            runs, took = run_set(folder, geometry, boards, solvers, max(1, args.rounds))
            report(name, runs, took, args.budget)


if __name__ == "__main__":
    main()
