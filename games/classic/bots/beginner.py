"""Beginner: plays towards Mah Jong by the shortest way it sees, carelessly.

It discards a tile that keeps its hand fewest tiles from ready (shanten), but one time
in four it throws any tile that is at most one step worse; it claims a Pong, Kan or
Chi when that brings it closer, and half of the time not even then. It never counts
what is on the table and never defends (docs/classic.md#bots)."""

from __future__ import annotations

from games.classic.engine.tiles import kind
from games.classic.engine.view import View
from games.classic.engine.wall import SplitMix64
from games.tables.engine import Action

from .common import (
    best_shanten_after_claim,
    discard_shanten,
    find,
    forced,
    free_kan,
    read,
    shanten,
)


def choose(view: View, rng: SplitMix64) -> Action:
    action = forced(view)
    if action is not None:
        return action
    actions = view.legal
    table = read(view)
    if view.phase == "draw":
        return find(actions, "draw")[0]
    if view.phase == "call":
        tile = kind(view.offer.tile)
        now = shanten(table.counts)
        claims = [a for a in actions if a.move != "pass"]
        better = [a for a in claims if best_shanten_after_claim(table, a, tile) < now]
        if better and rng.below(2) == 0:
            return rng.choice(better)
        return find(actions, "pass")[0]
    # The own turn: a Kan that costs nothing, else a discard.
    by_discard = discard_shanten(table.counts)
    best = min(by_discard.values())
    kan = free_kan(actions, table, best)
    if kan is not None:
        return kan
    slack = 1 if rng.below(4) == 0 else 0
    choices = [a for a in find(actions, "d") if by_discard[kind(a.tile)] <= best + slack]
    return rng.choice(choices)
