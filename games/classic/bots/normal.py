"""Normal: tile efficiency with the tiles on the table counted.

Of the discards that keep its hand fewest tiles from ready it keeps the one that
leaves the most unseen tiles able to improve it (its own hand, every pond and every
set on the table are counted as seen). It claims whenever a claim brings it closer to
Mah Jong, and a Kan whenever it costs nothing (docs/classic.md#bots)."""

from __future__ import annotations

from games.classic.engine.tiles import code, kind
from games.classic.engine.view import View
from games.classic.engine.wall import SplitMix64
from games.tables.engine import Action

from . import plans
from .common import (
    acceptance,
    best_shanten_after_claim,
    discard_shanten,
    find,
    forced,
    free_kan,
    read,
    shanten,
)


def efficient_discards(counts, visible, candidates) -> list[int]:
    """The candidate kinds whose discard leaves the widest acceptance (each counted only
    as far as it could still reach the widest so far)."""
    best, found = -1, []
    work = list(counts)
    for k in candidates:
        work[k] -= 1
        width = acceptance(work, visible, at_least=best)
        work[k] += 1
        if width > best:
            best, found = width, [k]
        elif width == best:
            found.append(k)
    return found


def choose(view: View, rng: SplitMix64) -> Action:
    action = forced(view)
    if action is not None:
        return action
    actions = view.legal
    table = read(view)
    if view.phase == "draw":
        nine = find(actions, "abort")
        if nine and plans.distance(table, view.edition) >= 5:
            return nine[0]
        return find(actions, "draw")[0]
    plan = plans.choose_plan(table, view.edition)
    if view.phase == "call":
        tile = kind(view.offer.tile)
        if plan is not None:
            claim = plans.plan_claim(plan, table, actions, tile)
            return claim or find(actions, "pass")[0]
        now = shanten(table.counts)
        for move in ("kan", "pon", "chi"):
            for claim in find(actions, move):
                after = best_shanten_after_claim(table, claim, tile)
                if after < now or (move == "kan" and after <= now):
                    return claim
        return find(actions, "pass")[0]
    by_discard = discard_shanten(table.counts)
    best = min(by_discard.values())
    kan = free_kan(actions, table, best)
    if kan is not None and (plan is None or plan.allows("kan", (kind(kan.tile),))):
        return kan
    nine = find(actions, "abort")
    if nine and plans.distance(table, view.edition) >= 5:
        return nine[0]
    if plan is not None:
        return Action(table.seat, "d", code(rng.choice(plans.plan_discards(plan, table))))
    candidates = [k for k, s in by_discard.items() if s == best]
    chosen = rng.choice(efficient_discards(table.counts, table.visible, candidates))
    return Action(table.seat, "d", code(chosen))
