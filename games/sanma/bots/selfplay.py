"""Whole games between bots, for tests and the benchmark: each seat sees only its view."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.sanma.engine import Action, Options, State, apply, new_game, view, waiting_for

from . import choose, rng_for

MAX_DECISIONS = 20_000  # far above any real game: a guard against a loop


def play(
    options: Options,
    seed: int,
    levels: Sequence[str],
    on_decision: Callable[[int, str, Action], None] | None = None,
) -> tuple[State, list[Action]]:
    """Play a game with ``levels[seat]`` in each seat; returns the end state and the log.

    In the call phase the seats answer in seat order; ``on_decision(seat, level, action)``
    sees every decision (the benchmark times them).
    """
    state = new_game(options, seed)
    log: list[Action] = []
    while state.phase != "game-end":
        seat = min(waiting_for(state))
        level = levels[seat]
        action = choose(level, view(state, seat), rng_for(seed, len(log), seat))
        if on_decision is not None:
            on_decision(seat, level, action)
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


def duplicate(options: Options, seed: int, strong: str, weak: str) -> float:
    """One wall replayed three times with the seats rotated: how much better ``strong`` places.

    An even seed seats one ``strong`` bot against two ``weak`` ones, an odd seed two
    against one; each game of the three puts the lone bot in another seat. Returns the
    weak bots' average place minus the strong bots' (positive: ``strong`` placed better).
    """
    alone, pair = (strong, weak) if seed % 2 == 0 else (weak, strong)
    strong_places: list[int] = []
    weak_places: list[int] = []
    for lone_seat in range(3):
        levels = [alone if seat == lone_seat else pair for seat in range(3)]
        state, _ = play(options, seed, levels)
        for seat, place in enumerate(placements(state)):
            (strong_places if levels[seat] == strong else weak_places).append(place)
    return sum(weak_places) / len(weak_places) - sum(strong_places) / len(strong_places)
