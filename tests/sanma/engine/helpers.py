"""Hand-built positions: tiles by code, walls stacked on purpose; a counted yakuman on offer."""

from __future__ import annotations

from games.sanma.engine import Action, Options, State, apply, stacked_wall, start_position
from games.sanma.engine.tiles import RED_FIVES, parse_code


class Pool:
    """Hands out distinct tile ids for codes; ``5D`` is never the red one."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, codes: str) -> list[int]:
        out = []
        for c in codes.split():
            kind, red = parse_code(c)
            copies = (
                [4 * kind]
                if red
                else [t for t in range(4 * kind, 4 * kind + 4) if t not in RED_FIVES]
            )
            tile = next(t for t in copies if t not in self.used)
            self.used.add(tile)
            out.append(tile)
        return out


def position(
    hands: tuple[str, str, str],
    draws: str = "",
    indicators: str = "1D",
    ura: str = "",
    replacements: str = "",
    options: Options | None = None,
    at: dict[int, str] | None = None,
    **kwargs,
) -> State:
    """A position: ``hands`` of the dealer and the next two seats, in that order.

    ``draws`` fill the live wall from the front (draw i goes to the dealer's i-th
    neighbour while nobody calls); ``at`` puts tiles at absolute wall places (the live
    wall is 39..93, its last tile 93 minus one per replacement drawn).
    """
    pool = Pool()
    dealt = [pool.take(h) for h in hands]
    placed = {index: pool.take(c)[0] for index, c in (at or {}).items()}
    wall = list(
        stacked_wall(
            dealt,
            draws=pool.take(draws),
            indicators=pool.take(indicators),
            ura=pool.take(ura),
            replacements=pool.take(replacements),
        )
    )
    for index, tile in placed.items():
        where = wall.index(tile)
        wall[where], wall[index] = wall[index], wall[where]
    return start_position(options or Options(length="east"), wall, **kwargs)


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply(state, Action.parse(text))
    return state


def moves(state: State, seat: int) -> set[str]:
    from games.sanma.engine import legal_actions

    return {a.text for a in legal_actions(state, seat)}


def drain(state: State, stop=None) -> State:
    """Everyone passes and discards what they draw until the hand ends (or ``stop``)."""
    from games.sanma.engine import waiting_for

    while state.phase in ("draw", "discard", "call"):
        if stop is not None and stop(state):
            return state
        if state.phase == "call":
            seat = min(waiting_for(state))
            state = apply(state, Action(seat, "pass"))
            continue
        seat = state.hand.turn
        me = state.hand.seats[seat]
        from games.sanma.engine.tiles import code

        red = state.options.red_fives
        tile = me.drawn if me.drawn is not None else me.hand[-1]
        state = apply(state, Action(seat, "d", code(tile, red)))
    return state


def counted_yakuman_offered() -> State:
    """Seat 1 may ron the dealer's 9 of bamboo: 123 123 456 789 55 of bamboo, closed, is
    chinitsu 6, ittsu 2, iipeikou 1, pinfu 1 and three dora (5 of bamboo): 13 han and
    no yakuman yaku, a counted yakuman (docs/sanma.md#yakuman)."""
    seat1 = "1B 1B 2B 2B 3B 3B 4B 5B 6B 7B 8B 5B 5B"
    seat2 = "1D 2D 3D 4D 6D 7D 8D 9D E S W G R"
    dealer = "1C 9C 9B 2D 3D 7D Wh Wh G R N N E"
    return play(position((dealer, seat1, seat2), draws="S", indicators="4B"), "0 d:9B")
