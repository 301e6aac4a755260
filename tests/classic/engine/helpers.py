"""Hand-made tables for the Classic engine tests."""

from __future__ import annotations

from collections import Counter

from games.classic.engine import Options, State, apply, legal_actions, new_game, waiting_for
from games.classic.engine.hand import Meld
from games.classic.engine.rules import Action, Player, replace
from games.classic.engine.tiles import full_set, kind


def tiles(text: str) -> tuple[int, ...]:
    """Kinds from codes: ``tiles("1B 2B 3B")``."""
    return tuple(sorted(kind(c) for c in text.split()))


def act(state: State, text: str) -> State:
    return apply(state, Action.parse(text))


def table(
    hands: list[str],
    *,
    turn: int = 0,
    phase: str = "discard",
    melds: dict[int, list[Meld]] | None = None,
    live: str = "",
    live_filler: int = 20,
    dead: str = "",
    dealer: int = 0,
    flowers: bool = False,
    after_draw: bool = True,
    discarded: frozenset[int] = frozenset({0, 1, 2, 3}),
    **options,
) -> State:
    """A table in the middle of a hand: ``hands`` are the four concealed hands,
    ``live`` the next live tiles (then ``live_filler`` more of 2D), ``dead`` the next
    replacement tiles (then filler up to the dead end of 14). By default every seat
    has discarded already, so no first-turn rule applies."""
    base = new_game(Options(flowers=flowers, **options), seed=1)
    players = tuple(
        Player(hand=tiles(h), melds=tuple((melds or {}).get(s, ()))) for s, h in enumerate(hands)
    )
    dead_tiles = [kind(c) for c in dead.split()]
    dead_order = dead_tiles + [kind("3D")] * (14 - len(dead_tiles))
    wall = tuple(kind(c) for c in live.split()) + (kind("2D"),) * live_filler
    wall += tuple(reversed(dead_order))
    return replace(
        base,
        players=players,
        wall=wall,
        turn=turn,
        phase=phase,
        dealer=dealer,
        leader=dealer,
        after_draw=after_draw,
        drawn_tile=None,
        opening=None,
        discarded=discarded,
    )


def all_tiles(state: State) -> Counter:
    """Every tile of the table, wherever it lies."""
    found: Counter = Counter(state.wall)
    for p in state.players:
        found.update(p.hand)
        found.update(p.bonus)
        found.update(p.discards)
        for m in p.melds:
            found.update(m.tiles)
    return found


def full(state: State) -> Counter:
    return Counter(full_set(state.options.flowers))


def play(state: State, chooser, until=("game-end",), max_steps: int = 200_000):
    """Play with ``chooser(state, seat) -> Action`` until the phase is in ``until``;
    returns the final state and the log."""
    log = []
    for _ in range(max_steps):
        if state.phase in until:
            return state, log
        seat = min(waiting_for(state))
        action = chooser(state, seat)
        assert action in legal_actions(state, seat)
        state = apply(state, action)
        log.append(action)
    raise AssertionError("the game did not end")
