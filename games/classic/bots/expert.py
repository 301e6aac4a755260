"""Expert: tile efficiency like Normal, plus the hand's value and defence.

Value: it keeps pairs of dragons and of its own and the round wind and claims their
Pongs even when they bring it no closer (each a doubling), and turns towards one suit
when most of its tiles are of one suit. Like Normal it claims whatever brings Mah Jong
closer: where anyone may win on any discard, speed comes first; and it counts tiles
it could Pong from anyone's discard as worth more than tiles it must draw. Defence: the discarder
of the winning tile pays everything, so it prefers safer tiles as an opponent's sets
grow and the wall runs low, and when an opponent shows three sets, or the wall is
nearly gone, while its own hand is still far from ready, it folds: it claims nothing
and throws the tiles least likely to complete another hand (tiles of which most
copies are in sight, tiles the opponents have thrown lately, terminals and honours
before middle tiles). From the second edition it steers for a special hand, one suit,
or a hand of Pongs as Normal does (the same plans, chosen alike: steering for one suit
a step earlier measured worse), with its defence and value pairs weighed there as well
(docs/classic.md#bots)."""

from __future__ import annotations

from games.classic.engine.tiles import DRAGONS, code, is_honour, kind, rank_of, suit_of
from games.classic.engine.view import View
from games.classic.engine.wall import SplitMix64
from games.tables.engine import Action
from games.tables.engine.shapes import may_lower_regular_shanten

from . import plans
from .common import (
    Table,
    acceptance,
    best_shanten_after_claim,
    discard_shanten,
    find,
    forced,
    free_kan,
    read,
    shanten,
)

# How much the expert weighs what (tuned by bench/classic_bots.py's ladder).
FOLD_THREAT = 0.6  # fold from this threat on ...
FOLD_SHANTEN = 2  # ... while this many tiles or more from ready
DANGER_FOLDING = 120
DANGER_PUSHING = 25
VALUE_PAIR = 12
FLUSH_BONUS = 10
THREAT_PER_SET = 0.3
THREAT_LATE = 0.6
PONG_BONUS = 0.5  # extra weight of improving tiles any player's discard can bring
PLAN_SLACK = 0  # how much further than the plain shanten a plan may be (besides its own)


def _value_tiles(table: Table) -> set[int]:
    return {*DRAGONS, table.seat_wind, table.round_wind}


def _acceptance(counts: list[int], visible: tuple[int, ...], distance=shanten) -> float:
    """Unseen tiles that improve the hand (by ``distance``, the plain shanten or a
    plan's); those it holds two of count more, as any player's discard of them can be
    claimed for a Pong (a Chi only from one)."""
    if not PONG_BONUS and distance is shanten:
        return acceptance(counts, visible)
    base = distance(counts)
    total = 0.0
    # A plan's distance counts some tiles alone: every kind is tried for it.
    kinds = may_lower_regular_shanten(counts) if distance is shanten else range(len(counts))
    for k in kinds:
        left = 4 - visible[k]
        if left <= 0:
            continue
        counts[k] += 1
        if distance(counts) < base:
            total += left * (1 + PONG_BONUS if counts[k] >= 3 else 1)
        counts[k] -= 1
    return total


def _flush_suit(table: Table, view: View) -> int | None:
    """The suit the hand is turning towards, if nearly all its suited tiles are of it."""
    tiles = list(table.hand)
    for meld in view.seats[table.seat].melds:
        tiles += [kind(c) for c in meld.tiles]
    suited = [t for t in tiles if not is_honour(t)]
    if not suited:
        return None
    best = max(range(3), key=lambda s: sum(1 for t in suited if suit_of(t) == s))
    share = sum(1 for t in suited if suit_of(t) == best)
    honours = len(tiles) - len(suited)
    if share + honours >= 10 and len(suited) - share <= 4:
        return best
    return None


def _threat(view: View, table: Table) -> float:
    """0 (nobody near Mah Jong) .. about 1 (someone surely ready)."""
    sets = max(len(seat.melds) for seat in view.seats if seat.seat != table.seat)
    late = max(0.0, (40 - view.wall) / 40)
    return min(1.0, THREAT_PER_SET * max(0, sets - 1) + THREAT_LATE * late)


def _danger(k: int, table: Table, view: View) -> float:
    """A rough chance that throwing ``k`` completes someone's hand."""
    unseen = 4 - table.visible[k]  # copies not in sight (mine counted as seen)
    if is_honour(k):
        shape = 0.6
    else:
        rank = rank_of(k)
        shape = 0.7 if rank in (1, 9) else 0.85 if rank in (2, 8) else 1.0
    danger = shape * (unseen + 1) / 4
    opponents_thrown = any(
        k == kind(p.tile) for seat in view.seats if seat.seat != table.seat for p in seat.pond[-6:]
    )
    return danger * (0.5 if opponents_thrown else 1.0)


def _choose_claim(view: View, table: Table, plan: plans.Plan | None) -> Action:
    actions = view.legal
    tile = kind(view.offer.tile)
    now = shanten(table.counts)
    if plan is not None:
        now = plan.distance(table.counts, table.melds)
    folding = _threat(view, table) >= FOLD_THREAT and now >= FOLD_SHANTEN
    if not folding and plan is not None:
        claim = plans.plan_claim(plan, table, actions, tile)
        if claim is not None:
            return claim
    elif not folding:
        for move in ("kan", "pon", "chi"):
            for claim in find(actions, move):
                after = best_shanten_after_claim(table, claim, tile)
                if move == "kan" and after <= now:
                    return claim
                if move == "pon" and after <= now and tile in _value_tiles(table):
                    return claim
                if after < now:  # speed: every claim that brings Mah Jong closer
                    return claim
    return find(actions, "pass")[0]


def choose(view: View, rng: SplitMix64) -> Action:
    action = forced(view)
    if action is not None:
        return action
    actions = view.legal
    table = read(view)
    if view.phase == "draw":
        nine = find(actions, "abort")
        if nine and plans.distance(table, view.edition) >= 4:
            return nine[0]
        return find(actions, "draw")[0]
    plan = plans.choose_plan(table, view.edition, PLAN_SLACK)
    if view.phase == "call":
        return _choose_claim(view, table, plan)
    by_discard = discard_shanten(table.counts)
    best = min(by_discard.values())
    nine = find(actions, "abort")
    if nine and plans.distance(table, view.edition) >= 4:
        return nine[0]
    kan = free_kan(actions, table, best)
    if kan is not None and (plan is None or plan.allows("kan", (kind(kan.tile),))):
        return kan
    distance = shanten
    if plan is not None:
        melds = table.melds

        def distance(counts):
            return plan.distance(counts, melds)

        by_discard = plans.discards_for(plan, table, list(by_discard))
        best = min(by_discard.values())
    threat = _threat(view, table)
    folding = threat >= FOLD_THREAT and best >= FOLD_SHANTEN
    flush = _flush_suit(table, view)
    value_tiles = _value_tiles(table)
    work = list(table.counts)
    scored = []
    for k, after in by_discard.items():
        if after > best + (1 if folding or flush is not None else 0):
            continue
        work[k] -= 1
        width = _acceptance(work, table.visible, distance)
        work[k] += 1
        utility = -40.0 * (after - best) + width
        if k in value_tiles and table.counts[k] >= 2:
            utility -= VALUE_PAIR  # a pair that may become a doubling Pong
        if flush is not None and not is_honour(k) and suit_of(k) != flush:
            utility += FLUSH_BONUS
        weight = DANGER_FOLDING if folding else DANGER_PUSHING
        utility -= _danger(k, table, view) * threat * weight
        scored.append((utility, k))
    top = max(u for u, _ in scored)
    choices = [k for u, k in scored if u == top]
    return Action(table.seat, "d", code(rng.choice(choices)))
