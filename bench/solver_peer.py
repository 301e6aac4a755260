"""Our solver against the best open peer, on the same deals in one run.

    .venv/bin/python bench/solver_peer.py [--peer DIR] [--baseline DIR] [--turtle N]
                                          [--tower N] [--budget S] [--rounds R]
                                          [--warmup S] [--clock cpu|wall] [--keep DIR]

The peer is the solver of the web game ffalt/mah (github.com/ffalt/mah), a TypeScript
port of de Bondt's solver. It runs as its own production build runs it: ``solver_peer.mts``
and the peer's solver bundled into one minified esbuild bundle without ``keepNames``
(``npx tsx`` compiles each file as a module of its own and always keeps names, which
wraps every named closure the peer makes per tile played: 1.5-2.4x slower), run with
``node``. esbuild (the version the peer's build uses, ``ESBUILD``) is installed by this
script with npm into ``bench/.node/`` (git ignores it), never among the site's
dependencies. None of the peer's code is part of this repository: ``--peer`` (or the
environment variable ``MAH_PEER``) names a checkout of it; without one the peer is
skipped. ``--baseline`` names another checkout of this repository (e.g. made with
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
the ratios of the medians and p95s to the peer's, each with a 95 % interval (a paired
bootstrap over the deals). Where two solvers both decided a deal, their answers must
agree; disagreements are listed. Times are per whole call, set-up included, in the
process's CPU time (``--clock cpu``, the default: on a machine shared with other work
the wall clock stretches each process by its own share of the cores, 5-20x here at a
load of 20, and the ratio with it) or the wall clock (``--clock wall``):
ours ``solve()`` on the layout's cached geometry, the peer a new ``Solver`` and its
``solveLayout``. Every solver runs in a process of its own per slice and first warms up
for ``--warmup`` seconds of its CPU time (2 by default) on other deals of the same set,
not counted (V8 needs that long to optimise the peer on Hoher Turm; ours fills its
caches). The deals
go in ``--rounds`` slices, the solvers' order turned round from one to the next, so
that a machine whose speed drifts during the run (a shared one: 30 % within minutes)
weighs on every solver alike.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from benchenv import checkout
from engine import percentile, wilson  # bench/engine.py

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

# Runs the solver of a checkout (sys.argv[1]) on a deals file, in its own process, after
# warming up for sys.argv[6] seconds of its CPU time on the warm-up deals (sys.argv[2]);
# sys.argv[7] the clock of the times, "cpu" (the process's) or "wall".
_CHECKOUT_WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from games.solitaire.engine import Board, geometry_for, solve
warmup_deals, deals = (json.load(open(path)) for path in sys.argv[2:4])
budget, warmup = float(sys.argv[5]), float(sys.argv[6])
warmup_started = time.process_time()
k = 0
while time.process_time() - warmup_started < warmup:
    deal = warmup_deals[k % len(warmup_deals)]
    geometry = geometry_for(deal["positions"])
    solve(geometry, Board(tuple(deal["faces"]), geometry.full_mask), budget)
    k += 1
clock = time.process_time if sys.argv[7] == "cpu" else time.perf_counter
answers = []
for deal in deals:
    geometry = geometry_for(deal["positions"])
    board = Board(tuple(deal["faces"]), geometry.full_mask)
    started = clock()
    status = solve(geometry, board, budget).status
    answers.append({"status": status, "seconds": clock() - started})
json.dump(answers, open(sys.argv[4], "w"))
"""
# The esbuild of the peer's own production build (its @angular/build's), and where this
# script installs it and keeps the bundles.
ESBUILD = "0.28.2"
NODE_FOLDER = HERE / ".node"
# Deals of each set for the warm-up only (seeds apart from the measured ones).
_WARMUP_DEALS = 40
_BOOTSTRAP = 2000


@dataclass
class Run:
    """One solver's answers on one set: ``status`` per deal ("yes", "no", "unknown")
    and seconds per deal."""

    status: list[str]
    seconds: list[float]


def turtle_deals(count: int, first: int = 0) -> tuple[Geometry, list[Board]]:
    geometry = geometry_for(turtle_positions())
    boards = []
    for k in range(first, first + count):
        rng = SplitMix64(1_000_000 + k)
        faces = tile_set(geometry.n, rng)
        rng.shuffle(faces)
        boards.append(Board(tuple(faces), geometry.full_mask))
    return geometry, boards


def tower_deals(count: int, first: int = 0) -> tuple[Geometry, list[Board]]:
    geometry = geometry_for(BUILTIN_LAYOUTS["c"].positions)
    return geometry, [initial_board(geometry, seed) for seed in range(first, first + count)]


def write_deals(geometry: Geometry, boards: list[Board], path: Path) -> None:
    names: dict[str, int] = {}
    deals = []
    for board in boards:
        groups = [names.setdefault(match_group(face), len(names)) for face in board.faces]
        positions = [list(p) for p in geometry.positions]
        deals.append({"positions": positions, "faces": list(board.faces), "groups": groups})
    path.write_text(json.dumps(deals))


def run_checkout(
    checkout: Path, deals: Path, budget: float, warmup: float, clock: str, label: str
) -> Run:
    """The solver of ``checkout`` (this one's folder for ours) on the deals, in a process
    of its own: ours and the baseline start alike, with nothing else in memory (here,
    the deals and the other set's answers would be in the collector's way)."""
    answers = deals.with_name(f"{deals.stem}-{label}-answers.json")
    warmup_deals = deals.with_name("warmup.json")
    command = [sys.executable, "-c", _CHECKOUT_WORKER, str(checkout), str(warmup_deals)]
    command += [str(deals), str(answers), str(budget), str(warmup), clock]
    subprocess.run(command, check=True)
    found = json.loads(answers.read_text())
    return Run([a["status"] for a in found], [a["seconds"] for a in found])


def build_peer(peer: Path) -> Path:
    """One esbuild bundle of ``solver_peer.mts`` and the peer's solver, as the peer's
    production build makes it (minified, names not kept), in ``bench/.node/``; esbuild
    is installed there with npm the first time."""
    esbuild = NODE_FOLDER / "node_modules" / ".bin" / "esbuild"
    if not esbuild.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("the peer needs Node's npm on PATH")
        NODE_FOLDER.mkdir(exist_ok=True)
        command = [npm, "install", "--prefix", str(NODE_FOLDER), "--no-save", "--no-audit"]
        subprocess.run([*command, "--no-fund", f"esbuild@{ESBUILD}"], check=True)
    solver = peer / "src/app/model/solver/solver.ts"
    runner = HERE / "solver_peer.mts"
    key = hashlib.sha256(f"{ESBUILD} {solver} {runner.read_bytes()!r}".encode()).hexdigest()
    bundle = NODE_FOLDER / f"solver_peer-{key[:12]}.mjs"
    for old in NODE_FOLDER.glob("solver_peer-*.mjs"):
        old.unlink()
    subprocess.run(
        [
            str(esbuild),
            str(runner),
            "--bundle",
            "--minify",
            "--platform=node",
            "--format=esm",
            "--target=es2022",
            "--log-level=warning",
            f"--alias:mah-solver={solver}",
            f"--outfile={bundle}",
        ],
        check=True,
    )
    return bundle


def run_peer(bundle: Path, deals: Path, warmup: float, clock: str) -> Run:
    answers = deals.with_name(f"{deals.stem}-peer-answers.json")
    node = shutil.which("node")
    if node is None:
        raise SystemExit("the peer needs Node on PATH")
    warmup_deals = deals.with_name("warmup.json")
    command = [node, str(bundle), str(warmup_deals), str(deals), str(answers), str(warmup), clock]
    subprocess.run(command, check=True)
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
    low, _ = wilson(no, n)
    _, high = wilson(no + run.status.count("unknown"), n)
    return (
        f"median {_ms(statistics.median(run.seconds))}, "
        f"p95 {_ms(percentile(run.seconds, 0.95))}, max {_ms(max(run.seconds))}; "
        f"decided within 1 s {100 * within[1.0] / n:.1f} %, within {budget:g} s "
        f"{100 * within[budget] / n:.1f} % ({n - within[budget]} not); cannot be cleared "
        f"{no} = {100 * no / n:.2f} % (95 % interval {100 * low:.2f}-{100 * high:.2f} %)"
    )


def ratio_interval(
    ours: list[float], peer: list[float], share: float, seed: int = 1
) -> tuple[float, float, float]:
    """The ratio of ``share``-quantiles (0.5: the medians), ours over the peer's, and its
    95 % interval by a paired bootstrap: the deals are resampled, each keeping both
    solvers' times, so a hard deal weighs on both alike."""
    n = len(ours)
    rng = random.Random(seed)
    ratios = []
    for _ in range(_BOOTSTRAP):
        picked = [rng.randrange(n) for _ in range(n)]
        ratios.append(
            percentile([ours[k] for k in picked], share)
            / percentile([peer[k] for k in picked], share)
        )
    ratios.sort()
    low = ratios[int(0.025 * _BOOTSTRAP)]
    high = ratios[int(0.975 * _BOOTSTRAP) - 1]
    return percentile(ours, share) / percentile(peer, share), low, high


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
            figures = []
            for what, share in (("median", 0.5), ("p95", 0.95)):
                ratio, low, high = ratio_interval(run.seconds, peer.seconds, share)
                figures.append(f"{what} {ratio:.2f}x (95 % interval {low:.2f}-{high:.2f})")
            print(f"  {label} / peer: {', '.join(figures)}")
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
    parser.add_argument("--tower", type=int, default=500, help="reverse-built Hoher Turm")
    parser.add_argument("--budget", type=float, default=5.0, help="our seconds per deal")
    parser.add_argument("--rounds", type=int, default=4, help="slices, solvers' order turned")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds of warm-up a process")
    parser.add_argument(
        "--clock", choices=("cpu", "wall"), default="cpu", help="time per call: CPU or wall"
    )
    parser.add_argument("--keep", help="keep the deals and answers (JSON) in this folder")
    args = parser.parse_args()
    peer = Path(args.peer).resolve() if args.peer else None
    if peer is not None and not (peer / "src/app/model/solver/solver.ts").is_file():
        raise SystemExit(f"{peer} is not a checkout of ffalt/mah (no src/app/model/solver)")
    if peer is None:
        print("no peer folder (--peer or MAH_PEER): the peer is skipped")
    print(f"times per call: {'CPU time of the process' if args.clock == 'cpu' else 'wall clock'}")
    solvers: dict[str, Callable[[Path], Run]] = {
        "ours": lambda deals: run_checkout(
            HERE.parent, deals, args.budget, args.warmup, args.clock, "ours"
        )
    }
    if args.baseline:
        baseline = checkout(Path(args.baseline))
        solvers["before"] = lambda deals: run_checkout(
            baseline, deals, args.budget, args.warmup, args.clock, "before"
        )
    if peer is not None:
        bundle = build_peer(peer)
        solvers["peer"] = lambda deals: run_peer(bundle, deals, args.warmup, args.clock)
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
            # Other deals of the set, after the measured ones, for the warm-up.
            write_deals(*make(_WARMUP_DEALS, count), folder / "warmup.json")
            runs, took = run_set(folder, geometry, boards, solvers, max(1, args.rounds))
            report(name, runs, took, args.budget)


if __name__ == "__main__":
    main()
