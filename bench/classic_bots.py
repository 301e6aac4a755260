"""Classic Mahjong bots: time per decision and the strength ladder.

    .venv/bin/python bench/classic_bots.py [--walls N] [--hands N] [--rounds 1|4] [--quick]
        [--first-seed N] [--pair normal|expert] [--edition 1|2]

Ladder: duplicate games. For each wall seed the stronger level plays four games, once
from each seat, against three bots of the level below it, on the same walls (the seed
fixes every wall of the game). Per wall seed the four games are averaged, and over the
seeds this prints the mean and a 95 % interval of

* the score difference: the stronger bot's final score minus the mean of the others';
* the placement: the stronger bot's mean place (1-4; 2.5 is no difference).

The same duplicate on single hands (``--hands`` seeds, the first hand of each) gives
the score difference per hand with a far narrower interval, and how often the
stronger bot wins and deals in. Pairs: Normal against Beginner, Expert against Normal.
``--first-seed`` moves the seeds (fresh walls for a measurement after tuning on the
first ones), ``--pair`` plays only the pair of that stronger level, ``--edition 1`` the
rules of tables stored before the second edition; ``--workers`` spreads the seeds over
processes (the times per decision are then taken while they run side by side);
``--cpu-time`` times each decision by the CPU time its process used, not the wall
clock, for a machine busy with other work.
Decision times are taken over every decision in those games, per level (p50, p95,
p99, max); the budgets are p95 <= 20 ms for Beginner and Normal, <= 100 ms for
Expert, on one core of this machine.
No Django and no database: the engine and the bots only.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ladder import decision_times, interval  # noqa: E402

from games.classic.bots import LEVELS, decision_rng  # noqa: E402
from games.classic.engine import Options, apply, new_game, view, waiting_for  # noqa: E402

PAIRS = (("normal", "beginner"), ("expert", "normal"))


CLOCK = time.perf_counter  # what a decision's time is read from (--cpu-time: the process's)


def play(levels, options: Options, seed: int, times: dict[str, list[float]], one_hand=False):
    state = new_game(options, seed)
    while state.phase != "game-end" and not (one_hand and state.phase == "hand-end"):
        seat = min(waiting_for(state))
        level = levels[seat]
        seen = view(state, seat)
        started = CLOCK()
        action = LEVELS[level](seen, decision_rng(seed, seat, state.version))
        times[level].append(CLOCK() - started)
        state = apply(state, action)
    return state


def _wall(strong: str, weak: str, seed: int, options: Options):
    """One wall seed of the game ladder: the stronger bot's score difference and place,
    each averaged over its four seats, and the decision times."""
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    difference = place = 0.0
    for seat in range(4):
        levels = tuple(strong if s == seat else weak for s in range(4))
        result = play(levels, options, seed, times).game_result
        scores = result.scores
        difference += scores[seat] - (sum(scores) - scores[seat]) / 3
        place += result.placements.index(seat) + 1
    return difference / 4, place / 4, times


def _hand(strong: str, weak: str, seed: int, options: Options):
    """One seed of the hand ladder: the score difference over the four seats, how often
    the stronger bot won and dealt in, and the decision times."""
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    difference, wins, deal_ins = 0.0, 0, 0
    for seat in range(4):
        levels = tuple(strong if s == seat else weak for s in range(4))
        result = play(levels, options, seed, times, one_hand=True).last_result
        gained = result.deltas
        difference += gained[seat] - (sum(gained) - gained[seat]) / 3
        wins += result.winner == seat
        deal_ins += result.winner is not None and result.discarder == seat
    return difference / 4, wins, deal_ins, times


def _run(function, strong: str, weak: str, seeds: range, options: Options, workers: int, times):
    """``function`` for every seed, in ``workers`` processes; the times merged."""
    jobs = [(strong, weak, seed, options) for seed in seeds]
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            found = pool.starmap(function, jobs)
    else:
        found = [function(*job) for job in jobs]
    for row in found:
        for level, values in row[-1].items():
            times[level] += values
    return found


def ladder(strong: str, weak: str, seeds: range, options: Options, times, workers=1) -> None:
    found = _run(_wall, strong, weak, seeds, options, workers, times)
    mean, half = interval([row[0] for row in found])
    place_mean, place_half = interval([row[1] for row in found])
    print(
        f"{strong:>8} vs {weak:<8} {len(seeds):4d} walls x 4 seats: "
        f"score difference {mean:+8.1f} +- {half:6.1f}   "
        f"place {place_mean:.2f} +- {place_half:.2f} (2.50 = even)"
    )


def hand_ladder(strong: str, weak: str, seeds: range, options: Options, times, workers=1) -> None:
    """The same duplicate on single hands (the first hand of each seed): far less spread
    than whole games, so a smaller difference shows."""
    found = _run(_hand, strong, weak, seeds, options, workers, times)
    mean, half = interval([row[0] for row in found])
    hands = 4 * len(seeds)
    wins = sum(row[1] for row in found)
    deal_ins = sum(row[2] for row in found)
    print(
        f"{strong:>8} vs {weak:<8} {len(seeds):4d} hands x 4 seats: "
        f"score difference {mean:+8.1f} +- {half:6.1f}   "
        f"the {strong} bot wins {wins / hands:.0%}, deals in {deal_ins / hands:.0%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--walls", type=int, default=40, help="wall seeds per pair")
    parser.add_argument("--rounds", type=int, default=1, choices=(1, 4))
    parser.add_argument("--hands", type=int, default=200, help="single-hand seeds per pair")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 walls, 10 hands")
    parser.add_argument("--first-seed", type=int, default=0, help="the first wall seed")
    parser.add_argument("--pair", choices=[strong for strong, _ in PAIRS], help="one pair only")
    parser.add_argument("--edition", type=int, default=2, choices=(1, 2))
    parser.add_argument("--workers", type=int, default=1, help="processes (seeds spread)")
    parser.add_argument(
        "--cpu-time", action="store_true", help="time decisions by the CPU time they use"
    )
    args = parser.parse_args()
    if args.cpu_time:  # on a machine shared with other work the wall clock counts waits
        global CLOCK
        CLOCK = time.process_time
    walls = range(args.first_seed, args.first_seed + (3 if args.quick else args.walls))
    hands = range(args.first_seed, args.first_seed + (10 if args.quick else args.hands))
    options = Options(rounds=args.rounds, edition=args.edition)
    pairs = [pair for pair in PAIRS if args.pair in (None, pair[0])]
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    print(
        f"Ladder: duplicate games of {args.rounds} round(s), flowers on, official dealer rule, "
        f"edition {args.edition}, seeds from {args.first_seed}"
    )
    started = time.perf_counter()
    for strong, weak in pairs if walls else ():
        ladder(strong, weak, walls, options, times, args.workers)
    print("Single hands, the same duplicate:")
    for strong, weak in pairs if hands else ():
        hand_ladder(strong, weak, hands, options, times, args.workers)
    print(f"({time.perf_counter() - started:.0f} s)")
    print(f"\nTime per decision (ms, {'CPU time' if args.cpu_time else 'wall clock'}):")
    for level, values in times.items():
        print(decision_times(level, values))


if __name__ == "__main__":
    main()
