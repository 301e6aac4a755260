"""Sanma bots against an outside yardstick: jansou's ``SmartEfficiencyAgent``.

    nice .venv/bin/python bench/sanma_outside.py [--games N] [--seed S] [--workers 1|2]
                                                 [--length east] [--levels master,expert]
                                                 [--stats]

The agent comes from the ``jansou`` package (``pip install -e '.[bench]'``), a Riichi
library nobody here wrote: pure tile efficiency with the tiles it has seen deducted,
always riichi, never folds, pons a value honour while closed. It plays inside OUR
engine: at each of its decisions an adapter rebuilds what jansou's own agent keeps
from the events it observes (its hand and drawn tile, its melds, its Norths, the
discards and dora indicators it has seen, the tile on offer) from the seat's view
alone, hands it our legal moves in jansou's terms and maps its choice back. It never
sees more than a human in that seat.

Duplicate games, as in ``sanma_bots.py``: for each level and wall seed (``--games``
seeds from ``--seed`` on) the same walls are played three times with the seats rotated;
an even seed seats one bot of the level against two agents, an odd seed two against one.
Per level: the placement difference (the agents' mean place minus the level's: positive
means the level placed better) with its 95 % interval, the points difference ((score -
35,000) / 1,000 plus the placement points), the games played, and the time per decision
(p50, p95, p99, max) of the level's bots against its budget. Then the ladder: each level
minus the one below, both measured on the same walls against the same agent (the
interval of the per-seed difference).
No Django and no database: the engine, the bots and the agent only.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jansou.core.tiles import NUM_KINDS, Tile, TileKind, Wind  # noqa: E402
from jansou.game import actions as outside  # noqa: E402
from jansou.game.agents import SmartEfficiencyAgent, _PlayerView  # noqa: E402
from jansou.game.flow import DecisionKind  # noqa: E402
from ladder import decision_times, excludes_zero, interval  # noqa: E402

from games.prng import SplitMix64  # noqa: E402
from games.sanma.bots import LEVELS  # noqa: E402
from games.sanma.bots.selfplay import duplicate_games  # noqa: E402
from games.sanma.engine import Action, Options, View, apply, new_game  # noqa: E402
from games.sanma.engine.scoring import shanten  # noqa: E402
from games.sanma.engine.tiles import counts34, parse_code  # noqa: E402

OUTSIDE = "outside"
BUDGET_MS = {"beginner": 20, "normal": 20, "expert": 100, "master": 200}
_OFFER_KINDS = {
    "discard": DecisionKind.DISCARD_REACTION,
    "north": DecisionKind.NORTH_REACTION,
    "added-kan": DecisionKind.ROBBED_KAN,
    "closed-kan": DecisionKind.ROBBED_KAN,
}


def _tile(code: str) -> Tile:
    kind, red = parse_code(code)
    return Tile(TileKind(kind), red)


def seen_by_agent(view: View) -> _PlayerView:
    """What jansou's agent would have rebuilt from the events of this seat: its own
    tiles, its melds (open or not), its Norths, and the tiles it has seen discarded or
    shown as dora indicators (jansou counts only those)."""
    me = view.seats[view.seat]
    seen = _PlayerView()
    seen.seat = view.seat
    seen.dealer = next(s.seat for s in view.seats if s.is_dealer)
    seen.round_wind = Wind.EAST if view.round.startswith("E") else Wind.SOUTH
    seen.player_count = 3
    seen.concealed = [_tile(c) for c in view.hand]
    seen.drawn = None if view.drawn is None else _tile(view.drawn)
    seen.meld_open = [m.kind != "closed-kan" for m in me.melds]
    seen.nuki = len(me.set_aside)
    visible = [0] * NUM_KINDS
    for code in view.dora:
        visible[parse_code(code)[0]] += 1
    for s in view.seats:
        for pond_tile in s.pond:
            visible[parse_code(pond_tile.tile)[0]] += 1
    seen.visible = visible
    seen.last_discard = None if view.offer is None else _tile(view.offer.tile)
    return seen


def _outside_action(view: View, action: Action) -> outside.Action | None:
    """Our legal move in jansou's terms (None for ``next``, which needs no decision)."""
    move, code = action.move, action.tile
    if move in ("d", "riichi"):
        tsumogiri = view.drawn == code
        kind = outside.Discard if move == "d" else outside.Riichi
        return kind(_tile(code), tsumogiri)
    if move == "kan" and code is not None:
        kind = TileKind(parse_code(code)[0])
        ponned = any(
            m.kind == "pon" and parse_code(m.tiles[0])[0] == kind
            for m in view.seats[view.seat].melds
        )
        return outside.AddedKan(Tile(kind)) if ponned else outside.ClosedKan(kind)
    if move == "pon":
        kind = parse_code(view.offer.tile)[0]
        pair = [_tile(c) for c in view.hand if parse_code(c)[0] == kind][:2]
        return outside.Pon((pair[0], pair[1]))
    simple = {
        "tsumo": outside.Tsumo,
        "ron": outside.Ron,
        "kan": outside.OpenKan,
        "nuki": outside.Nuki,
        "abort": outside.NineTerminals,
        "pass": outside.Pass,
    }
    return simple[move]() if move in simple else None


def outside_agent(view: View, rng: SplitMix64) -> Action:
    """SmartEfficiencyAgent's choice in the seat of ``view``: one of ``view.legal``."""
    if view.legal[0].move == "next":
        return view.legal[0]
    offered = [(_outside_action(view, a), a) for a in view.legal]
    agent = SmartEfficiencyAgent(seed=rng.next_u64())  # its tie-breaks, from our generator
    agent._view = seen_by_agent(view)
    kind = DecisionKind.SELF if view.offer is None else _OFFER_KINDS[view.offer.kind]
    chosen = agent.act(view.seat, kind, [o for o, _ in offered])
    return next(ours for theirs, ours in offered if theirs == chosen)


def _deal_in_situation(discarder, winner) -> str:
    """Where a deal-in came from: the discarder's hand after its discard, the winner's."""
    if discarder.riichi:
        own = "in its own riichi"
    else:
        own = ("ready", "one from ready", "two or more from ready")[
            min(2, shanten(counts34(discarder.hand)))
        ]
    if winner.riichi:
        into = "a riichi"
    elif any(m.kind != "closed-kan" for m in winner.melds):
        into = "an open hand"
    else:
        into = "a closed hand without riichi"
    return f"{own}, into {into}"


def game_stats(options: Options, seed: int, levels, log: list[Action]) -> Counter:
    """One game replayed: per side (our level's seats, the agents') its seat-hands, wins,
    deal-ins and their points, riichi and pons; the level's deal-ins by situation."""
    stats: Counter = Counter()
    state = new_game(options, seed)
    for action in log:
        side = levels[action.seat]
        if action.move in ("riichi", "pon"):
            stats[side, action.move] += 1
        ended = state.hand.result is not None
        state = apply(state, action)
        result = state.hand.result
        if ended or result is None:
            continue  # the hand goes on, or its end was counted already
        for seat in range(3):
            stats[levels[seat], "hands"] += 1
        for win in result.wins:
            stats[levels[win.seat], "wins"] += 1
            stats[levels[win.seat], "win points"] += win.points
            if win.from_seat is not None:
                loser = levels[win.from_seat]
                stats[loser, "deal-ins"] += 1
                stats[loser, "deal-in points"] += win.points
                if loser != OUTSIDE:
                    seats = state.hand.seats
                    situation = _deal_in_situation(seats[win.from_seat], seats[win.seat])
                    stats[loser, "situation", situation] += 1
    return stats


def one_seed(task: tuple[str, str, int, bool]):
    """The three games of one level on one wall seed; with its decisions' times (and,
    asked for, the games' hand statistics)."""
    level, length, seed, with_stats = task
    times: list[float] = []
    stats: Counter = Counter()

    def timed(seat, who, action, seconds):
        if who == level:
            times.append(seconds)

    def counted(levels, log):
        stats.update(game_stats(Options(length=length), seed, levels, log))

    result = duplicate_games(
        Options(length=length),
        seed,
        level,
        OUTSIDE,
        timed,
        {OUTSIDE: outside_agent},
        counted if with_stats else None,
    )
    return level, seed, result, times, stats


def print_stats(levels: list[str], stats: dict[str, Counter]) -> None:
    """Per level, its seats and the agents' in its games: how often they win and deal
    in (per seat and hand) and for how much, riichi and pons; where its deal-ins came from."""
    print("\nHands, per seat and hand (the level's seats, then the agents' in the same games):")
    print(
        f"{'level':<8} {'seats':<7} {'hands':>6} {'win':>6} {'mean win':>9} {'deal-in':>8} "
        f"{'mean deal-in':>13} {'riichi':>7} {'pon':>6}"
    )
    for level in levels:
        for side in (level, OUTSIDE):
            s = {key[1]: value for key, value in stats[level].items() if key[0] == side}
            hands = s.get("hands", 0) or 1
            print(
                f"{level if side == level else '':<8} {'ours' if side == level else 'agent':<7} "
                f"{hands:6d} {s.get('wins', 0) / hands:6.3f} "
                f"{s.get('win points', 0) / max(1, s.get('wins', 0)):9,.0f} "
                f"{s.get('deal-ins', 0) / hands:8.3f} "
                f"{s.get('deal-in points', 0) / max(1, s.get('deal-ins', 0)):13,.0f} "
                f"{s.get('riichi', 0) / hands:7.3f} {s.get('pon', 0) / hands:6.3f}"
            )
    print("\nWhere each level's deal-ins came from (its hand after the discard, the winner's):")
    for level in levels:
        situations = {k[2]: v for k, v in stats[level].items() if k[:2] == (level, "situation")}
        total = sum(situations.values())
        print(f"  {level}: {total} deal-ins")
        for situation, count in sorted(situations.items(), key=lambda item: -item[1]):
            print(f"    {count / total:6.1%}  {situation}")


def _row(label: str, games: int, placement: list[float], points: list[float]) -> str:
    mean, half = interval(placement)
    gained, gained_half = interval(points)
    return (
        f"{label:<20} {games:5d}  {mean:+8.3f} [{mean - half:+.3f}, {mean + half:+.3f}]  "
        f"{gained:+7.2f} [{gained - gained_half:+.2f}, {gained + gained_half:+.2f}]  "
        f"{'yes' if excludes_zero(placement) else 'no'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150, help="wall seeds per level (x3 games)")
    parser.add_argument("--seed", type=int, default=1_000_000, help="the first wall seed")
    parser.add_argument("--length", default="east", choices=("one-hand", "east", "east-south"))
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels, comma-separated")
    parser.add_argument(
        "--stats", action="store_true", help="also how each side wins and deals in (a replay)"
    )
    args = parser.parse_args()
    levels = [level for level in LEVELS if level in args.levels.split(",")]
    if not levels or len(levels) != len(args.levels.split(",")):
        parser.error(f"levels are some of {', '.join(LEVELS)}: {args.levels}")
    seeds = range(args.seed, args.seed + args.games)
    tasks = [(level, args.length, seed, args.stats) for level in levels for seed in seeds]
    placement: dict[str, dict[int, float]] = {level: {} for level in levels}
    points: dict[str, dict[int, float]] = {level: {} for level in levels}
    times: dict[str, list[float]] = {level: [] for level in levels}
    stats: dict[str, Counter] = {level: Counter() for level in levels}
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        for level, seed, result, seed_times, seed_stats in pool.imap_unordered(one_seed, tasks):
            placement[level][seed] = result.placement
            points[level][seed] = result.points
            times[level].extend(seed_times)
            stats[level].update(seed_stats)
    elapsed = time.perf_counter() - started

    print(
        f"Against jansou's SmartEfficiencyAgent: duplicate {args.length} games, wall seeds "
        f"{args.seed}..{args.seed + args.games - 1}, three games per seed (seats rotated; "
        "even seeds one bot against two agents, odd seeds two against one)"
    )
    header = f"{'level':<20} {'games':>5}  {'placement difference':>24}  {'points difference':>20}"
    print(header + "  excludes 0")
    for level in levels:
        row = _row(level, 3 * args.games, [*placement[level].values()], [*points[level].values()])
        print(row)
    if len(levels) > 1:
        print("\nLadder on the same walls (each level's difference minus the one below's):")
        print(header + "  excludes 0")
        for weak, strong in zip(levels, levels[1:], strict=False):
            print(
                _row(
                    f"{strong} > {weak}",
                    3 * args.games,
                    [placement[strong][s] - placement[weak][s] for s in seeds],
                    [points[strong][s] - points[weak][s] for s in seeds],
                )
            )
    print(f"({elapsed:.0f} s with {args.workers} worker(s))")
    print("\nTime per decision (ms), all decisions of our bots in those games:")
    for level in levels:
        print(decision_times(level, times[level], BUDGET_MS[level]))
    if args.stats:
        print_stats(levels, stats)


if __name__ == "__main__":
    main()
