"""Sanma bots: where two levels decide differently, which choice does better.

    nice .venv/bin/python bench/sanma_differences.py [--a master] [--b expert]
                                                     [--games N] [--seed S] [--shuffles K]

The duplicate ladder (``sanma_bots.py``) says which level places better over whole
games; this says where the difference comes from. In each game one seat (rotating with
the seed) plays level ``--a`` and the other two ``--b``. At every decision of that seat
where ``--b`` would choose otherwise, the game is played on both ways with the same
bots: to the end of the hand, or in the game's last hand to the end of the game; on
the true wall and on ``--shuffles - 1`` reshuffles of the tiles nobody has seen yet
(the other hands stay as they are, so the comparison is fair to a riichi). What the
seat then has (its score - 35,000, and at the game's end its final result with the
placement points, in points) is compared between the two choices.

The table groups the decisions by what each level did (``d`` discard, ``riichi``,
``pon``, ``pass``, ``nuki`` North aside), whether an opponent was in riichi (or
showed two melds: ``open``), the hand's shanten after its best discard (``s0`` ready)
and whether it was the game's last hand; per group the mean gain of ``--a``'s choice
with its 95 % interval, and that gain per game. Positive: ``--a`` chose better.
The engine and the bots only: no Django, no database.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ladder import interval  # noqa: E402

from games.sanma import bots  # noqa: E402
from games.sanma.bots import efficiency as eff  # noqa: E402
from games.sanma.bots.reading import Reading  # noqa: E402
from games.sanma.engine import Options, State, apply, new_game, view, waiting_for  # noqa: E402
from games.sanma.engine.rules import START_SCORE, final_hand  # noqa: E402
from games.sanma.engine.wall import DORA_AT  # noqa: E402


def outcome(state: State, seat: int) -> float:
    """What the seat has at the end of a continuation, in points."""
    if state.phase == "game-end":
        return state.game_result.points[seat] * 1000
    return state.hand.result.scores[seat] - START_SCORE


def play_on(state: State, levels: list[str], seed: int, decisions: int) -> State:
    """Play to the hand's end, or from the game's last hand to the game's end."""
    last = is_last_hand(state)
    while state.phase != "game-end" and (last or state.hand.phase != "hand-end"):
        seat = min(waiting_for(state))
        action = bots.choose(levels[seat], view(state, seat), bots.rng_for(seed, decisions, seat))
        state = apply(state, action)
        decisions += 1
    return state


def is_last_hand(state: State) -> bool:
    return (state.hand.round_wind, state.hand.hand_in_round) == final_hand(state.options)


def reshuffled(state: State, rng: random.Random) -> State:
    """The same position with the unseen wall (all but the shown dora) in another order."""
    hand = state.hand
    shown = range(DORA_AT, DORA_AT + hand.dora_count)
    places = [i for i in range(hand.draw_pos, len(hand.wall)) if i not in shown]
    tiles = [hand.wall[i] for i in places]
    rng.shuffle(tiles)
    wall = list(hand.wall)
    for place, tile in zip(places, tiles, strict=True):
        wall[place] = tile
    return replace(state, hand=replace(hand, wall=tuple(wall)))


def group(state: State, seen, a, b) -> str:
    others = [s for s in seen.seats if s.seat != seen.seat]
    table = "riichi" if any(s.riichi for s in others) else "quiet"
    if table == "quiet" and any(len(s.melds) >= 2 for s in others):
        table = "open"
    shanten = ""
    r = Reading(seen)
    if r.discards:
        shanten = f"s{min(eff.after_discards(r.counts, r.discards).values())}"
    last = "last" if is_last_hand(state) else ""
    return f"{a.move}->{b.move} {table} {shanten} {last}".strip()


def one_game(task: tuple[str, str, int, int]) -> list[tuple[str, float]]:
    a_level, b_level, shuffles, seed = task
    me = seed % 3
    levels = [a_level if seat == me else b_level for seat in range(3)]
    state = new_game(Options(length="east"), seed)
    found = []
    decisions = 0
    while state.phase != "game-end":
        seat = min(waiting_for(state))
        seen = view(state, seat)
        rng = bots.rng_for(seed, decisions, seat)
        action = bots.choose(levels[seat], seen, rng)
        if seat == me and len(seen.legal) > 1:
            other = bots.choose(b_level, seen, bots.rng_for(seed, decisions, seat))
            if other != action:
                gains = []
                for k in range(shuffles):
                    ways = [apply(state, action), apply(state, other)]
                    if k:
                        ways = [
                            reshuffled(w, random.Random(seed * 7919 + decisions * 31 + k))
                            for w in ways
                        ]
                    ends = [outcome(play_on(w, levels, seed, decisions + 1), me) for w in ways]
                    gains.append(ends[0] - ends[1])
                found.append((group(state, seen, action, other), sum(gains) / shuffles))
        state = apply(state, action)
        decisions += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="master", choices=bots.LEVELS)
    parser.add_argument("--b", default="expert", choices=bots.LEVELS)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=80_000)
    parser.add_argument("--shuffles", type=int, default=4, help="walls per decision (>= 1)")
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    args = parser.parse_args()
    tasks = [
        (args.a, args.b, max(1, args.shuffles), s)
        for s in range(args.seed, args.seed + args.games)
    ]
    gains: dict[str, list[float]] = defaultdict(list)
    with Pool(args.workers) as pool:
        for found in pool.imap_unordered(one_game, tasks, chunksize=2):
            for name, gain in found:
                gains[name].append(gain)
                gains["all"].append(gain)
    print(f"{args.a} (one seat) against {args.b}, games {args.seed}..{args.seed + args.games - 1}")
    print(f"{'decisions: a -> b':<32} {'n':>5}  {'gain of a (points)':>26}  per game")
    for name, values in sorted(gains.items(), key=lambda item: -len(item[1])):
        mean, half = interval(values) if len(values) > 1 else (values[0], float("nan"))
        print(
            f"{name:<32} {len(values):5d}  {mean:+7.0f} [{mean - half:+7.0f}, {mean + half:+7.0f}]"
            f"  {sum(values) / args.games:+6.0f}"
        )


if __name__ == "__main__":
    main()
