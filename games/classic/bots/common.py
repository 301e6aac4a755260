"""What every Classic bot reads from its seat's view: its own tiles, what it can see of
the table, and how far a hand is from Mah Jong (docs/classic.md#bots).

Bots see nothing but ``View``: no other hand, no wall."""

from __future__ import annotations

from dataclasses import dataclass

from games.classic.engine.hand import shanten_of_counts
from games.classic.engine.tiles import NORMAL_KINDS, kind
from games.classic.engine.view import View
from games.tables.engine import Action
from games.tables.engine.shapes import may_lower_regular_shanten, unseen_accepted


@dataclass(frozen=True)
class Table:
    """A bot's reading of its view, as tile kinds."""

    seat: int
    hand: tuple[int, ...]
    counts: tuple[int, ...]  # the own concealed tiles as a 34-array
    visible: tuple[int, ...]  # 34-array of every tile this seat can see
    melds: int  # own sets on the table
    own_melds: tuple[tuple[str, tuple[int, ...]], ...]  # ("chi" | "pon" | "kan", kinds)
    seat_wind: int
    round_wind: int


def read(view: View) -> Table:
    assert view.seat is not None
    hand = tuple(kind(c) for c in (*view.hand, *((view.drawn,) if view.drawn else ())))
    counts = [0] * NORMAL_KINDS
    for k in hand:
        counts[k] += 1
    visible = list(counts)
    for seat in view.seats:
        for pond_tile in seat.pond:
            visible[kind(pond_tile.tile)] += 1
        for meld in seat.melds:
            for c in meld.tiles:
                visible[kind(c)] += 1
    return Table(
        seat=view.seat,
        hand=hand,
        counts=tuple(counts),
        visible=tuple(min(4, v) for v in visible),
        melds=len(view.seats[view.seat].melds),
        own_melds=tuple(
            ("chi" if m.kind == "chi" else "pon" if m.kind == "pon" else "kan", _kinds(m.tiles))
            for m in view.seats[view.seat].melds
        ),
        seat_wind=kind(view.seats[view.seat].wind),
        round_wind=kind(view.round_wind),
    )


def _kinds(codes: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(kind(c) for c in codes)


def shanten(counts: list[int] | tuple[int, ...]) -> int:
    return shanten_of_counts(counts)


def discard_shanten(counts: tuple[int, ...]) -> dict[int, int]:
    """For each kind in a 3n+2 hand: the shanten after discarding it."""
    work = list(counts)
    found = {}
    for k in range(NORMAL_KINDS):
        if work[k]:
            work[k] -= 1
            found[k] = shanten_of_counts(work)
            work[k] += 1
    return found


def acceptance(counts: list[int], visible: tuple[int, ...], at_least: int = 0) -> int:
    """How many unseen tiles would bring a 3n+1 hand closer to Mah Jong, when there are
    at least ``at_least`` of them; else some number below it (``unseen_accepted``: a bot
    comparing discards asks only whether one beats the best so far)."""
    hand = tuple(counts)
    base = shanten_of_counts(hand)

    def lowers(k: int) -> bool:
        return shanten_of_counts((*hand[:k], hand[k] + 1, *hand[k + 1 :])) < base

    return unseen_accepted(may_lower_regular_shanten(hand), visible, lowers, at_least)


def after_claim(table: Table, action: Action, tile: int) -> tuple[int, ...] | None:
    """The concealed 34-array after a claim of ``tile`` (before the discard that
    follows), or None for a pass."""
    counts = list(table.counts)
    if action.move == "pon":
        counts[tile] -= 2
    elif action.move == "kan":
        counts[tile] -= 3
    elif action.move == "chi":
        low = kind(action.tile)
        for t in (low, low + 1, low + 2):
            if t != tile:
                counts[t] -= 1
    else:
        return None
    return tuple(counts)


def best_shanten_after_claim(table: Table, action: Action, tile: int) -> int:
    counts = after_claim(table, action, tile)
    assert counts is not None
    if action.move == "kan":
        return shanten_of_counts(counts)  # a replacement tile follows, not a discard
    return min(discard_shanten(counts).values())


def find(actions: tuple[Action, ...], move: str) -> list[Action]:
    return [a for a in actions if a.move == move]


def free_kan(actions: tuple[Action, ...], table: Table, best: int) -> Action | None:
    """A Kan of the own tiles that leaves the hand no further from ready than ``best``,
    the shanten of its best discard: with the replacement tile it costs nothing."""
    for kan in find(actions, "kan"):
        counts = list(table.counts)
        k = kind(kan.tile)
        counts[k] -= counts[k] if counts[k] == 4 else 1
        if shanten(counts) <= best:
            return kan
    return None


def forced(view: View) -> Action | None:
    """The moves every bot makes alike: no choice, Mah Jong whenever it is offered, the
    draw, and the next hand."""
    actions = view.legal
    if not actions:
        raise ValueError(f"seat {view.seat} has nothing to decide now")
    if len(actions) == 1:
        return actions[0]
    for move in ("tsumo", "ron", "next"):
        found = find(actions, move)
        if found:
            return found[0]
    return None
