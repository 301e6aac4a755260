"""Anfänger: the lowest shanten, with noise; wins, riichi and North whenever it can.

The class also holds the course of every bot's decision (``choose``): each stronger
level is a subclass that answers some of the questions better.
"""

from __future__ import annotations

from games.prng import SplitMix64
from games.sanma.engine import Action, View
from games.sanma.engine.tiles import NORTH

from . import efficiency as eff
from .reading import Reading, kind_of

# One decision in this many, the beginner takes any discard that keeps it within one
# step of its best shanten.
NOISE = 4


class Beginner:
    name = "beginner"

    def choose(self, view: View, rng: SplitMix64) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        r = Reading(view)
        if view.phase == "call":
            return self.answer(r, rng)
        return self.turn(r, rng)

    # ----------------------------------------------------------- a tile on offer

    def answer(self, r: Reading, rng: SplitMix64) -> Action:
        """Ron, pon, kan or pass on the tile on offer."""
        ron = r.legal("ron")
        if ron and self.takes_ron(r):
            return ron[0]
        kan = r.legal("kan")
        if kan and self.calls_open_kan(r):
            return kan[0]
        pon = r.legal("pon")
        if pon and self.calls_pon(r, rng):
            return pon[0]
        return r.legal("pass")[0]

    def takes_ron(self, r: Reading) -> bool:
        return True  # a legal ron has a yaku, so it has value

    def calls_open_kan(self, r: Reading) -> bool:
        return False

    def calls_pon(self, r: Reading, rng: SplitMix64) -> bool:
        """Only a pon that is a yaku by itself (a dragon, the seat or round wind)."""
        kind = kind_of(r.view.offer.tile)
        return kind in r.value_kinds and r.counts[kind] == 2 and not self.pon_slows(r, kind)

    def pon_slows(self, r: Reading, kind: int) -> bool:
        """After the pon and the best discard, the hand is further from tenpai than now."""
        after = eff.minus(r.counts, kind, 2)
        best = min(eff.after_discards(after, [k for k in range(34) if after[k]]).values())
        return best > eff.shanten(r.counts)

    # ------------------------------------------------------------------ own turn

    def turn(self, r: Reading, rng: SplitMix64) -> Action:
        tsumo = r.legal("tsumo")
        if tsumo and self.takes_tsumo(r):
            return tsumo[0]
        abort = r.legal("abort")
        if abort and self.aborts(r):
            return abort[0]
        nuki = r.legal("nuki")
        if nuki and self.sets_north_aside(r):
            return nuki[0]
        kan = self.closed_kan(r)
        if kan is not None:
            return kan
        return self.discard(r, rng)

    def takes_tsumo(self, r: Reading) -> bool:
        return True

    def aborts(self, r: Reading) -> bool:
        return True

    def sets_north_aside(self, r: Reading) -> bool:
        return True

    def closed_kan(self, r: Reading) -> Action | None:
        return None

    def discard(self, r: Reading, rng: SplitMix64) -> Action:
        riichi = r.legal("riichi")
        if riichi:
            return max(riichi, key=lambda a: self.riichi_waits(r, a))
        if len(r.discards) == 1:
            return r.discard_of(next(iter(r.discards)))
        after = eff.after_discards(r.counts, r.discards)
        best = min(after.values())
        reach = best + 1 if rng.below(NOISE) == 0 else best
        pool = sorted(k for k, s in after.items() if s <= reach)
        return r.discard_of(pool[rng.below(len(pool))])

    def riichi_waits(self, r: Reading, action: Action) -> int:
        """Unseen copies of the waits left after this riichi discard."""
        rest = eff.minus(r.counts, kind_of(action.tile))
        return sum(r.unseen(k) for k in eff.waits(rest))


def north_breaks_a_plan(r: Reading) -> bool:
    """Setting a North aside would break the hand's seven pairs or thirteen orphans.

    In an ordinary hand a North is only an honour without value, so it goes aside as
    free dora even where it was a pair.
    """
    counts = r.counts
    if counts[NORTH] == 0:
        return False
    best = eff.shanten(counts)
    if eff.regular_shanten(counts) == best:
        return False
    without = eff.minus(counts, NORTH)
    return any(
        form(counts) == best and form(without) > best
        for form in (eff.seven_pairs_shanten, eff.orphans_shanten)
    )
