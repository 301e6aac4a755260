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
rules of tables stored before the second edition.
Decision times are taken over every decision in those games, per level (p50, p95,
p99, max); the budgets are p95 <= 20 ms for Beginner and Normal, <= 100 ms for
Expert, on one core of this machine.
No Django and no database: the engine and the bots only.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ladder import decision_times, interval  # noqa: E402

from games.classic.bots import LEVELS, decision_rng  # noqa: E402
from games.classic.engine import Options, apply, new_game, view, waiting_for  # noqa: E402

PAIRS = (("normal", "beginner"), ("expert", "normal"))


def play(levels, options: Options, seed: int, times: dict[str, list[float]], one_hand=False):
    state = new_game(options, seed)
    while state.phase != "game-end" and not (one_hand and state.phase == "hand-end"):
        seat = min(waiting_for(state))
        level = levels[seat]
        seen = view(state, seat)
        started = time.perf_counter()
        action = LEVELS[level](seen, decision_rng(seed, seat, state.version))
        times[level].append(time.perf_counter() - started)
        state = apply(state, action)
    return state


def ladder(strong: str, weak: str, seeds: range, options: Options, times) -> None:
    differences, places = [], []
    for seed in seeds:
        difference = place = 0.0
        for seat in range(4):
            levels = tuple(strong if s == seat else weak for s in range(4))
            result = play(levels, options, seed, times).game_result
            scores = result.scores
            difference += scores[seat] - (sum(scores) - scores[seat]) / 3
            place += result.placements.index(seat) + 1
        differences.append(difference / 4)
        places.append(place / 4)
    mean, half = interval(differences)
    place_mean, place_half = interval(places)
    print(
        f"{strong:>8} vs {weak:<8} {len(seeds):4d} walls x 4 seats: "
        f"score difference {mean:+8.1f} +- {half:6.1f}   "
        f"place {place_mean:.2f} +- {place_half:.2f} (2.50 = even)"
    )


def hand_ladder(strong: str, weak: str, seeds: range, options: Options, times) -> None:
    """The same duplicate on single hands (the first hand of each seed): far less spread
    than whole games, so a smaller difference shows."""
    differences, wins, deal_ins = [], 0, 0
    for seed in seeds:
        difference = 0.0
        for seat in range(4):
            levels = tuple(strong if s == seat else weak for s in range(4))
            result = play(levels, options, seed, times, one_hand=True).last_result
            gained = result.deltas
            difference += gained[seat] - (sum(gained) - gained[seat]) / 3
            wins += result.winner == seat
            deal_ins += result.winner is not None and result.discarder == seat
        differences.append(difference / 4)
    mean, half = interval(differences)
    hands = 4 * len(seeds)
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
    args = parser.parse_args()
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
        ladder(strong, weak, walls, options, times)
    print("Single hands, the same duplicate:")
    for strong, weak in pairs if hands else ():
        hand_ladder(strong, weak, hands, options, times)
    print(f"({time.perf_counter() - started:.0f} s)")
    print("\nTime per decision (ms):")
    for level, values in times.items():
        print(decision_times(level, values))


if __name__ == "__main__":
    main()
