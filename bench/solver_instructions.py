"""Instructions per ``solve()``, counted by callgrind: before / after figures that the
machine's speed does not move.

    .venv/bin/python bench/solver_instructions.py [--turtle N] [--tower N] [--baseline DIR]

On a shared machine the same solver's median time moves by 15 % from one process to the
next, so a gain of that size is lost in the noise of ``solver_peer.py``; the number of
instructions executed does not move. This script runs ``solve()`` on the deal sets of
``solver_peer.py`` (uniformly random Turtle deals, reverse-built Hoher Turm deals) under
valgrind's callgrind, which counts the instructions deal by deal (a dump at each deal's
start, marked by a call of ``os.getppid``), for this tree and for ``--baseline`` (another
checkout), and prints per set the median and mean per deal and their ratios. Each
process first builds the layout's tables (once per layout, not counted). It needs
valgrind (Debian's package) and is slow: about a minute for 200 Hoher Turm deals, ten
for 200 Turtle deals. Instructions are not time (a cache miss costs more than an
addition), so the wall-clock figures against the peer stay ``solver_peer.py``'s.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchenv import checkout
from solver_peer import tower_deals, turtle_deals, write_deals

HERE = Path(__file__).resolve().parent

# Solves the deals with the solver of a checkout (sys.argv[1]), a getppid() call before
# each: callgrind dumps its counts there (--dump-before=getppid).
_WORKER = """
import json, os, sys
sys.path.insert(0, sys.argv[1])
from games.solitaire.engine import Board, geometry_for, solve
from games.solitaire.engine import solver
deals = json.load(open(sys.argv[2]))
geometry = geometry_for(deals[0]["positions"])
boards = [Board(tuple(deal["faces"]), geometry.full_mask) for deal in deals]
solve(geometry, boards[0], 5.0)  # the layout's tables, built once
getattr(solver, "_FACE_GROUPS", {}).clear()
for board in boards:
    os.getppid()
    solve(geometry, board, 5.0)
os.getppid()
"""


def count(checkout: Path, deals: Path, n: int) -> list[int]:
    """The instructions of each deal's solve()."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", "--dump-before=getppid"]
        command += [f"--callgrind-out-file={out}", sys.executable, "-c", _WORKER]
        subprocess.run(
            [*command, str(checkout), str(deals)],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # Dump 1 holds the start and the tables; dumps 2 .. n + 1 one deal each.
        return [_totals(Path(f"{out}.{k}")) for k in range(2, n + 2)]


def _totals(dump: Path) -> int:
    for line in dump.read_text().splitlines():
        if line.startswith("totals:"):
            return int(line.split()[1])
    raise ValueError(f"no totals in {dump}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turtle", type=int, default=100, help="random Turtle deals")
    parser.add_argument("--tower", type=int, default=200, help="reverse-built Hoher Turm")
    parser.add_argument("--baseline", help="another checkout of this repository")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("callgrind needs valgrind: apt-get install valgrind")
    trees = {"ours": HERE.parent}
    if args.baseline:
        trees["before"] = checkout(Path(args.baseline))
    sets = [
        ("random Turtle", turtle_deals, args.turtle),
        ("Hoher Turm (c)", tower_deals, args.tower),
    ]
    with tempfile.TemporaryDirectory() as scratch:
        for name, make, n in sets:
            if not n:
                continue
            geometry, boards = make(n)
            deals = Path(scratch) / "deals.json"
            write_deals(geometry, boards, deals)
            counted = {label: count(tree, deals, n) for label, tree in trees.items()}
            print(f"\n{name}: {n} deals, instructions per solve()")
            for label, counts in counted.items():
                median, mean = statistics.median(counts), statistics.mean(counts)
                print(f"  {label:<7} median {median / 1e6:7.2f} M, mean {mean / 1e6:8.2f} M")
            if "before" in counted:
                ours, before = counted["ours"], counted["before"]
                median = statistics.median(ours) / statistics.median(before)
                mean = statistics.mean(ours) / statistics.mean(before)
                print(f"  ours / before: median {median:.2f}x, mean {mean:.2f}x")


if __name__ == "__main__":
    main()
