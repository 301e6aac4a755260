"""What every Classic bot reads from its seat's view: its own tiles, what it can see of
the table, and how far a hand is from Mah Jong (docs/classic.md#bots).

Bots see nothing but ``View``: no other hand, no wall."""

from __future__ import annotations

from dataclasses import dataclass

from games.classic.engine.hand import shanten_of_counts
from games.classic.engine.rules import Action
from games.classic.engine.tiles import NORMAL_KINDS, kind
from games.classic.engine.view import View


@dataclass(frozen=True)
class Table:
    """A bot's reading of its view, as tile kinds."""

    seat: int
    hand: tuple[int, ...]
    counts: tuple[int, ...]  # the own concealed tiles as a 34-array
    visible: tuple[int, ...]  # 34-array of every tile this seat can see
    melds: int  # own sets on the table
    seat_wind: int
    round_wind: int


def read(view: View) -> Table:
    assert view.seat is not None
    hand = tuple(kind(c) for c in view.hand)
    counts = [0] * NORMAL_KINDS
    for k in hand:
        counts[k] += 1
    visible = list(counts)
    for pond in view.discards:
        for c in pond:
            visible[kind(c)] += 1
    for melds in view.melds:
        for meld in melds:
            faces = [f for f in meld.tiles if f is not None]
            k = kind(faces[0])
            if meld.shape == "chi":
                for c in faces:
                    visible[kind(c)] += 1
            else:  # a concealed Kan shows its kind by its two middle tiles
                visible[k] += len(meld.tiles)
    return Table(
        seat=view.seat,
        hand=hand,
        counts=tuple(counts),
        visible=tuple(min(4, v) for v in visible),
        melds=len(view.melds[view.seat]),
        seat_wind=kind(view.seat_winds[view.seat]),
        round_wind=kind(view.round_wind),
    )


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


def acceptance(counts: list[int], visible: tuple[int, ...]) -> int:
    """How many unseen tiles would bring a 3n+1 hand closer to Mah Jong."""
    base = shanten_of_counts(counts)
    total = 0
    for k in range(NORMAL_KINDS):
        left = 4 - visible[k]
        if left <= 0:
            continue
        counts[k] += 1
        if shanten_of_counts(counts) < base:
            total += left
        counts[k] -= 1
    return total


def after_claim(table: Table, action: Action, tile: int) -> tuple[int, ...] | None:
    """The concealed 34-array after a claim of ``tile`` (before the discard that
    follows), or None for a pass."""
    counts = list(table.counts)
    if action.verb == "pong":
        counts[tile] -= 2
    elif action.verb == "kan":
        counts[tile] -= 3
    elif action.verb == "chi":
        for t in (action.tile, action.tile + 1, action.tile + 2):
            if t != tile:
                counts[t] -= 1
    else:
        return None
    return tuple(counts)


def best_shanten_after_claim(table: Table, action: Action, tile: int) -> int:
    counts = after_claim(table, action, tile)
    assert counts is not None
    if action.verb == "kan":
        return shanten_of_counts(counts)  # a replacement tile follows, not a discard
    return min(discard_shanten(counts).values())


def find(actions: tuple[Action, ...], verb: str) -> list[Action]:
    return [a for a in actions if a.verb == verb]


def free_kan(actions: tuple[Action, ...], table: Table, best: int) -> Action | None:
    """A Kan of the own tiles that leaves the hand no further from ready than ``best``,
    the shanten of its best discard: with the replacement tile it costs nothing."""
    for kan in find(actions, "kan"):
        counts = list(table.counts)
        counts[kan.tile] -= counts[kan.tile] if counts[kan.tile] == 4 else 1
        if shanten(counts) <= best:
            return kan
    return None


def forced(view: View) -> Action | None:
    """The moves every bot makes alike: no choice, Mah Jong whenever it is offered, the
    draw, and the next hand."""
    actions = view.legal_actions
    if not actions:
        raise ValueError(f"seat {view.seat} has nothing to decide now")
    if len(actions) == 1:
        return actions[0]
    for verb in ("mahjong", "next"):
        found = find(actions, verb)
        if found:
            return found[0]
    return None
