"""Normal: the most accepted tiles it cannot see elsewhere; folds against a riichi.

Over the beginner it counts, for each discard that keeps the lowest shanten, the unseen
tiles that would then lower it (ukeire), and keeps the more useful tile on a tie (dora,
a value honour, a simple). Against a riichi it folds unless it is tenpai itself, with
the safest tile it holds (genbutsu, suji, kabe). North goes aside unless it is needed
for seven pairs or thirteen orphans; it aborts nine terminals only far from orphans.
"""

from __future__ import annotations

from games.prng import SplitMix64
from games.sanma.engine import Action

from . import efficiency as eff
from . import safety
from .beginner import Beginner, north_breaks_a_plan
from .reading import Reading, is_simple, kind_of


class Normal(Beginner):
    name = "normal"

    def aborts(self, r: Reading) -> bool:
        return eff.orphans_shanten(r.counts) > 2

    def sets_north_aside(self, r: Reading) -> bool:
        return not north_breaks_a_plan(r)

    def calls_pon(self, r: Reading, rng: SplitMix64) -> bool:
        if self.threats(r):
            return False
        kind = kind_of(r.view.offer.tile)
        if r.counts[kind] != 2 or self.pon_slows(r, kind):
            return False
        # A pon that is a yaku itself, or one more set for a hand that already has one.
        return kind in r.value_kinds or any(k in r.value_kinds for k in r.meld_kinds)

    # ------------------------------------------------------------------ discards

    def threats(self, r: Reading) -> list[safety.Threat]:
        return [safety.threat_of(r, s) for s in r.opponents if r.view.seats[s].riichi]

    def discard(self, r: Reading, rng: SplitMix64) -> Action:
        if len(r.discards) == 1 and not r.legal("riichi"):
            return r.discard_of(next(iter(r.discards)))
        after = eff.after_discards(r.counts, r.discards)
        threats = self.threats(r)
        if threats and self.folds(r, threats, after):
            return self.safest(r, threats, after)
        kind = self.efficient(r, after)
        return self.with_riichi(r, kind)

    def folds(self, r: Reading, threats, after: dict[int, int]) -> bool:
        return min(after.values()) >= 1

    def safest(self, r: Reading, threats, after: dict[int, int]) -> Action:
        def risk(kind: int) -> tuple[float, int]:
            return (sum(safety.danger(r, t, kind) for t in threats), after[kind])

        return r.discard_of(min(sorted(after), key=risk))

    def efficient(self, r: Reading, after: dict[int, int]) -> int:
        """The discard with the lowest shanten and the most unseen accepted tiles."""
        best = min(after.values())
        pool = [k for k, s in after.items() if s == best]
        if len(pool) == 1:
            return pool[0]
        # The first of the most unseen accepted tiles, then the least worth keeping; a
        # discard's count stops once it cannot beat the best so far (the same choice).
        chosen, best_key = pool[0], None
        for kind in sorted(pool):
            keep = -self.keep_value(r, kind)
            need = 0 if best_key is None else best_key[0] + (keep <= best_key[1])
            tiles = eff.accepted_tiles(eff.minus(r.counts, kind), r.visible, need)
            if best_key is None or (tiles, keep) > best_key:
                chosen, best_key = kind, (tiles, keep)
        return chosen

    def keep_value(self, r: Reading, kind: int) -> float:
        """How much a tile is worth keeping beyond its shape: dora, value honours, simples."""
        value = 2.0 * r.dora.get(kind, 0)
        if kind in r.value_kinds and r.unseen(kind) > 0:
            value += 1.0
        if is_simple(kind):
            value += 0.5
        return value - 0.2 * r.visible[kind]

    def with_riichi(self, r: Reading, kind: int) -> Action:
        """Discard ``kind``, declaring riichi with it if that is legal and wanted."""
        discard = r.discard_of(kind)
        if self.declares_riichi(r, kind):
            riichi = [a for a in r.legal("riichi") if kind_of(a.tile) == kind]
            if riichi:
                return next((a for a in riichi if a.tile == discard.tile), riichi[0])
        return discard

    def declares_riichi(self, r: Reading, kind: int) -> bool:
        rest = eff.minus(r.counts, kind)
        return any(r.unseen(k) for k in eff.waits(rest))
