"""The hands a bot may steer for besides any four sets and a pair: the special hands
and the hands of high value of the second edition (docs/classic.md#bots).

A plan says which tiles its sets may use and whether Chis are among them; its distance
is the shanten of the hand counted with those tiles alone (every other tile is dead
weight to be thrown), or for thirteen orphans the library's own. The bots compare a
plan's distance with the plain shanten and steer for the plan when it is near enough
for what it pays. Tables of the first edition score no special hand: there the bots
know no plan and play as they always did.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.classic.engine.hand import orphans_shanten
from games.classic.engine.tiles import NORMAL_KINDS, TERMINALS_AND_HONOURS, is_honour
from games.tables.engine import Action

from .common import Table, after_claim, shanten

HONOURS = tuple(range(27, NORMAL_KINDS))
SUITS = tuple(tuple(range(s * 9, s * 9 + 9)) for s in range(3))
TERMINALS = tuple(k for k in TERMINALS_AND_HONOURS if not is_honour(k))


@dataclass(frozen=True)
class Plan:
    """``groups``: the kinds a plan builds with, each group with whether its tiles make
    Chis (one suit in rank order) or only Pongs and pairs. ``slack``: how many steps
    further than the plain shanten the plan may be and still be chosen (negative: it
    must be that much nearer)."""

    name: str
    groups: tuple[tuple[tuple[int, ...], bool], ...]
    slack: int
    orphans: bool = False

    @property
    def kinds(self) -> frozenset[int]:
        return frozenset(k for group, _ in self.groups for k in group)

    def distance(self, counts: Sequence[int], melds: int) -> int:
        if self.orphans:
            return orphans_shanten(counts)
        return group_shanten(tuple(counts), self.groups, melds)

    def allows(self, shape: str, tiles: Sequence[int]) -> bool:
        """Whether a set of ``shape`` (``"chi"``, ``"pon"``, ``"kan"``) fits the plan."""
        if self.orphans:
            return False
        if shape == "chi":
            return any(runs and set(tiles) <= set(group) for group, runs in self.groups)
        return set(tiles) <= self.kinds


ORPHANS = Plan("orphans", (), -1, orphans=True)
ALL_HONOURS = Plan("honours", ((HONOURS, False),), 0)
ONE_SUIT = tuple(Plan(f"suit-{s}", ((SUITS[s], True), (HONOURS, False)), 0) for s in range(3))
ALL_MAJORS = Plan("majors", ((TERMINALS, False), (HONOURS, False)), 0)
ALL_PONGS = Plan("pongs", (*((suit, False) for suit in SUITS), (HONOURS, False)), 0)
# The order in which plans of equal standing are preferred: by what they pay.
PLANS = (ORPHANS, ALL_HONOURS, *ONE_SUIT, ALL_MAJORS, ALL_PONGS)


def group_shanten(
    counts: tuple[int, ...], groups: tuple[tuple[tuple[int, ...], bool], ...], melds: int
) -> int:
    """Shanten of four sets and a pair (``melds`` of the sets declared) built from the
    groups' tiles alone: 8 - 2 sets - partial sets - a pair, at most four sets and
    partial sets together (the usual count, as the ``mahjong`` library's)."""
    need = 4 - melds
    combined = {(0, 0, 0)}
    for group, runs in groups:
        options = _options(tuple(counts[k] for k in group), runs)
        combined = _pareto(
            {
                (m + m2, t + t2, p + p2)
                for m, t, p in combined
                for m2, t2, p2 in options
                if p + p2 <= 1
            }
        )
    best = 0
    for m, t, p in combined:
        m = min(m, need)
        best = max(best, 2 * m + min(t, need - m) + p)
    return 8 - 2 * melds - best


def _pareto(found: set[tuple[int, int, int]]) -> set[tuple[int, int, int]]:
    """Drop each (sets, partials, pair) another one matches or beats in every part."""
    return {
        a
        for a in found
        if not any(b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in found)
    }


@lru_cache(maxsize=100_000)
def _options(counts: tuple[int, ...], runs: bool) -> frozenset[tuple[int, int, int]]:
    """The (sets, partial sets, pair) one group's counts can be split into."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return frozenset({(0, 0, 0)})
    found: set[tuple[int, int, int]] = set()

    def take(used: Sequence[int], sets: int, partials: int, pair: int) -> None:
        rest = list(counts)
        for i in used:
            rest[i] -= 1
        for m, t, p in _options(tuple(rest), runs):
            if p + pair <= 1:
                found.add((m + sets, t + partials, p + pair))

    i = first
    take((i,), 0, 0, 0)  # a tile that makes nothing
    if counts[i] >= 3:
        take((i, i, i), 1, 0, 0)
    if counts[i] >= 2:
        take((i, i), 0, 0, 1)
        take((i, i), 0, 1, 0)
    if runs:
        if i + 2 < len(counts) and counts[i + 1] and counts[i + 2]:
            take((i, i + 1, i + 2), 1, 0, 0)
        if i + 1 < len(counts) and counts[i + 1]:
            take((i, i + 1), 0, 1, 0)
        if i + 2 < len(counts) and counts[i + 2]:
            take((i, i + 2), 0, 1, 0)
    return frozenset(_pareto(found))


def _fits(plan: Plan, view_melds: Sequence[tuple[str, tuple[int, ...]]]) -> bool:
    return all(plan.allows(shape, tiles) for shape, tiles in view_melds)


def choose_plan(table: Table, edition: int, slack: int = 0) -> Plan | None:
    """The plan to steer for, or None for any four sets and a pair: the first plan (by
    what it pays) the own sets still allow whose distance is at most the plain
    shanten plus its slack (and ``slack`` more, for a bot that values more). Only the
    second edition scores the special hands."""
    if edition < 2:
        return None
    plain = shanten(table.counts)
    if plain <= 0:
        return None  # ready or complete: nothing to steer for any more
    for plan in PLANS:
        if plan.orphans and (table.melds or len(table.hand) not in (13, 14)):
            continue
        if not _fits(plan, table.own_melds):
            continue
        if plan.distance(table.counts, table.melds) <= plain + plan.slack + slack:
            return plan
    return None


def discards_for(plan: Plan, table: Table, candidates: Sequence[int]) -> dict[int, int]:
    """For each candidate kind: the plan's distance after discarding it."""
    work = list(table.counts)
    found = {}
    for k in candidates:
        work[k] -= 1
        found[k] = plan.distance(work, table.melds)
        work[k] += 1
    return found


def plan_acceptance(plan: Plan, counts: list[int], melds: int, visible: Sequence[int]) -> int:
    """Unseen tiles that bring a 3n+1 hand nearer to the plan."""
    base = plan.distance(counts, melds)
    total = 0
    for k in range(NORMAL_KINDS):
        left = 4 - visible[k]
        if left <= 0:
            continue
        counts[k] += 1
        if plan.distance(counts, melds) < base:
            total += left
        counts[k] -= 1
    return total


def plan_claim(plan: Plan, table: Table, actions: Sequence[Action], tile: int) -> Action | None:
    """A claim whose set fits the plan and brings the hand nearer to it."""
    if plan.orphans:
        return None  # thirteen orphans is won concealed: nothing is claimed
    now = plan.distance(table.counts, table.melds)
    for action in actions:
        if action.move not in ("kan", "pon", "chi"):
            continue
        counts = after_claim(table, action, tile)
        if counts is None:
            continue
        tiles = tuple(k for k in range(NORMAL_KINDS) if table.counts[k] > counts[k]) + (tile,)
        if not plan.allows(action.move, tiles):
            continue
        melds = table.melds + 1
        if action.move == "kan":
            after = plan.distance(counts, melds)  # a replacement tile follows, no discard
        else:
            after = _after_discard(plan, counts, melds)
        if after < now or (action.move == "kan" and after <= now):
            return action
    return None


def _held(counts: Sequence[int]) -> list[int]:
    return [k for k in range(NORMAL_KINDS) if counts[k]]


def _after_discard(plan: Plan, counts: Sequence[int], melds: int) -> int:
    work = list(counts)
    best = 99
    for k in _held(counts):
        work[k] -= 1
        best = min(best, plan.distance(work, melds))
        work[k] += 1
    return best


def plan_discards(plan: Plan, table: Table) -> list[int]:
    """The discards that keep the hand nearest to the plan and, among them, leave the
    most unseen tiles able to bring it nearer."""
    by_discard = discards_for(plan, table, _held(table.counts))
    best = min(by_discard.values())
    work = list(table.counts)
    widest, found = -1, []
    for k, after in by_discard.items():
        if after != best:
            continue
        work[k] -= 1
        width = plan_acceptance(plan, work, table.melds, table.visible)
        work[k] += 1
        if width > widest:
            widest, found = width, [k]
        elif width == widest:
            found.append(k)
    return found


def distance(table: Table, edition: int) -> int:
    """Tiles from ready, thirteen orphans counted from the second edition (for the
    choice to call nine terminals and honours a draw)."""
    plain = shanten(table.counts)
    if edition >= 2 and not table.melds and len(table.hand) in (13, 14):
        return min(plain, orphans_shanten(table.counts))
    return plain
