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
