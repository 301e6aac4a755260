"""Whole games between bots, for tests and the benchmark: each seat sees only its view."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from games.prng import SplitMix64
from games.sanma.engine import Action, Options, State, View, apply, new_game, view, waiting_for

from . import choose, rng_for

#: A player other than our levels (an outside bot, for the benchmark): the same seat
#: view and generator as a level gets, and it must answer with one of ``view.legal``.
Player = Callable[[View, SplitMix64], Action]

MAX_DECISIONS = 20_000  # far above any real game: a guard against a loop


def play(
    options: Options,
    seed: int,
    levels: Sequence[str],
    on_decision: Callable[[int, str, Action, float], None] | None = None,
    players: Mapping[str, Player] | None = None,
) -> tuple[State, list[Action]]:
    """Play a game with ``levels[seat]`` in each seat; returns the end state and the log.

    In the call phase the seats answer in seat order; ``on_decision(seat, level, action,
    seconds)`` sees every decision and how long the bot took for it (the benchmark).
    A name in ``players`` is played by that player instead of one of our levels.
    """
    state = new_game(options, seed)
    log: list[Action] = []
    while state.phase != "game-end":
        seat = min(waiting_for(state))
        level = levels[seat]
        seen = view(state, seat)
        started = time.perf_counter()
        rng = rng_for(seed, len(log), seat)
        player = players.get(level) if players else None
        action = choose(level, seen, rng) if player is None else player(seen, rng)
        if action not in seen.legal:
            raise RuntimeError(f"{level} chose an illegal move: {action}")
        if on_decision is not None:
            on_decision(seat, level, action, time.perf_counter() - started)
        state = apply(state, action)
        log.append(action)
        if len(log) > MAX_DECISIONS:
            raise RuntimeError(f"game {seed} does not end")
    return state, log


def placements(state: State) -> tuple[int, int, int]:
    """Per seat its final place, 1 to 3."""
    places = [0, 0, 0]
    for place, seat in enumerate(state.game_result.placements, 1):
        places[seat] = place
    return (places[0], places[1], places[2])


@dataclass(frozen=True, slots=True)
class Duplicate:
    """One wall seed's three games: places and final results of each level's seats."""

    strong_places: tuple[int, ...]
    weak_places: tuple[int, ...]
    strong_points: tuple[float, ...]  # final results: (score - 35,000) / 1,000 + placement
    weak_points: tuple[float, ...]

    @property
    def placement(self) -> float:
        """The weak bots' average place minus the strong bots' (positive: strong is better)."""
        return _mean(self.weak_places) - _mean(self.strong_places)

    @property
    def points(self) -> float:
        """The strong bots' average final result minus the weak bots'."""
        return _mean(self.strong_points) - _mean(self.weak_points)


def _mean(values) -> float:
    return sum(values) / len(values)


def duplicate_games(
    options: Options,
    seed: int,
    strong: str,
    weak: str,
    on_decision: Callable[[int, str, Action, float], None] | None = None,
    players: Mapping[str, Player] | None = None,
    on_game: Callable[[Sequence[str], list[Action]], None] | None = None,
) -> Duplicate:
    """One wall replayed three times with the seats rotated.

    An even seed seats one ``strong`` bot against two ``weak`` ones, an odd seed two
    against one; each game of the three puts the lone bot in another seat, so every seat
    meets the same walls with each level. ``on_game(levels, log)`` sees each game played
    (the benchmark's hand statistics).
    """
    alone, pair = (strong, weak) if seed % 2 == 0 else (weak, strong)
    places: dict[str, list[int]] = {strong: [], weak: []}
    points: dict[str, list[float]] = {strong: [], weak: []}
    for lone_seat in range(3):
        levels = [alone if seat == lone_seat else pair for seat in range(3)]
        state, log = play(options, seed, levels, on_decision, players)
        if on_game is not None:
            on_game(levels, log)
        result = state.game_result
        for seat, place in enumerate(placements(state)):
            places[levels[seat]].append(place)
            points[levels[seat]].append(result.points[seat])
    return Duplicate(
        tuple(places[strong]), tuple(places[weak]), tuple(points[strong]), tuple(points[weak])
    )


def duplicate(options: Options, seed: int, strong: str, weak: str) -> float:
    """How much better ``strong`` places on one wall seed (see ``duplicate_games``)."""
    return duplicate_games(options, seed, strong, weak).placement
