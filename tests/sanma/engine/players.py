"""A seeded random-legal player that still likes to win, call and declare riichi."""

from __future__ import annotations

from games.prng import SplitMix64
from games.sanma.engine import Action, Options, State, apply, legal_actions, new_game, waiting_for
from games.sanma.engine.scoring import shanten
from games.sanma.engine.tiles import code, counts34

_WEIGHTS = {"tsumo": 1000, "ron": 1000, "riichi": 30, "pon": 3, "kan": 3, "nuki": 20, "abort": 1}


def choose(rng: SplitMix64, actions: list[Action]) -> Action:
    weights = [_WEIGHTS.get(a.move, 1) for a in actions]
    pick = rng.below(sum(weights))
    for action, weight in zip(actions, weights, strict=True):
        if pick < weight:
            return action
        pick -= weight
    raise AssertionError("unreachable")


def choose_greedy(rng: SplitMix64, state: State, seat: int, actions: list[Action]) -> Action:
    """Win, riichi and otherwise discard towards the lowest shanten (ties at random)."""
    for move in ("tsumo", "ron", "riichi"):
        wins = [a for a in actions if a.move == move]
        if wins:
            return wins[rng.below(len(wins))]
    discards = [a for a in actions if a.move == "d"]
    if not discards or rng.below(10) == 0:
        return choose(rng, actions)
    me = state.hand.seats[seat]
    red = state.options.red_fives
    best: list[Action] = []
    best_shanten = 99
    for a in discards:
        rest = list(me.concealed)
        rest.remove(next(t for t in rest if code(t, red) == a.tile))
        value = shanten(tuple(counts34(rest)))
        if value < best_shanten:
            best, best_shanten = [a], value
        elif value == best_shanten:
            best.append(a)
    return best[rng.below(len(best))]


def play(
    options: Options, seed: int, *, check=None, greedy: bool = False
) -> tuple[State, list[Action]]:
    """Play a whole game; ``check(before, action, after)`` runs after every step."""
    state = new_game(options, seed)
    rng = SplitMix64(seed ^ 0x5EED)
    log: list[Action] = []
    while state.phase != "game-end":
        seats = sorted(waiting_for(state))
        seat = seats[rng.below(len(seats))]
        actions = legal_actions(state, seat)
        action = choose_greedy(rng, state, seat, actions) if greedy else choose(rng, actions)
        after = apply(state, action)
        if check is not None:
            check(state, action, after)
        log.append(action)
        state = after
        assert len(log) < 20_000
    return state, log
