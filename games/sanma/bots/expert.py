"""Experte: push or fold by hand value and shanten; riichi; calls for a yaku.

Over normal it knows what its hand is worth (the library's value of each wait at
tenpai, dora and likely yaku before that) and plays by it:

- at tenpai it picks the discard whose waits win the most (unseen copies times value);
- riichi with every ready closed hand that still has a live wait, as the normal bot:
  staying dama on a valuable hand placed worse against the outside yardstick
  (docs/sanma-bots.md#against-an-outside-yardstick);
- against a riichi, or an open hand that looks tenpai, it pushes a tenpai hand unless
  it is cheap, badly waiting and the tile is dangerous; a hand not yet tenpai folds,
  keeping its shape where a nearly-as-safe tile allows (mawashi);
- it calls pon for value honours and, in an open hand, for all simples, a flush or all
  triplets, when the call brings the hand nearer to a tenpai with a yaku and is worth it;
- a closed or added kan that costs no shape is free dora.
"""

from __future__ import annotations

from games.prng import SplitMix64
from games.sanma.engine import Action

from . import efficiency as eff
from . import plans, safety, value
from .normal import Normal
from .reading import Reading, kind_of


class Expert(Normal):
    name = "expert"
    push_cheap = 2000  # a tenpai hand below this with few waits does not push a dangerous tile
    mawashi = 0.012  # a tile this much more dangerous than the safest still counts as safe
    open_plans = True  # calls for all simples, a flush or all triplets too
    value_weighted = False  # accepted tiles times the hand's rough value
    late_two_melds = True  # two melds and nine discards look tenpai too

    # ------------------------------------------------------------------ calls

    def calls_pon(self, r: Reading, rng: SplitMix64) -> bool:
        kind = kind_of(r.view.offer.tile)
        if r.counts[kind] != 2:
            return False  # a concealed triplet is worth more kept
        now = eff.shanten(r.counts)
        distance_now = now if r.is_closed else self.distance(r, r.counts, r.meld_kinds, now)
        after = eff.minus(r.counts, kind, 2)
        melds = (*r.meld_kinds, kind)
        shanten_after = eff.after_discards(after, [k for k in range(34) if after[k]])
        distance_after = min(
            self.distance(r, eff.minus(after, d), melds, s) for d, s in shanten_after.items()
        )
        if distance_after >= 99 or distance_after >= distance_now:
            return False
        if self.threats(r) and distance_after > 0:
            return False
        certain = any(p.certain for p in plans.plans(r, after, melds, pons=True))
        if not certain and not self.open_plans:
            return False
        if r.is_closed and not certain:
            worth = value.estimate(r, after, melds, extra_han=r.tile_han(r.view.offer.tile))
            if worth < 2600 or distance_after > 2:
                return False
        if distance_after == 0:
            return self.open_tenpai_wins(r, after, melds)
        return True

    def distance(self, r: Reading, counts, melds, shanten: int) -> int:
        return plans.distance(r, counts, melds, shanten)

    def open_tenpai_wins(self, r: Reading, after, melds) -> bool:
        """After the pon some discard leaves waits with a yaku (rough: the pon is assumed)."""
        for d in [k for k in range(34) if after[k]]:
            rest = eff.minus(after, d)
            waits = eff.waits(rest)
            if any(r.unseen(w) for w in waits):
                if any(k in r.value_kinds for k in melds):
                    return True
                if any(p.off == 0 for p in plans.plans(r, rest, melds, pons=True)):
                    return True
        return False

    def closed_kan(self, r: Reading) -> Action | None:
        if self.threats(r) and not r.me.riichi:
            return None
        now = eff.shanten(r.counts)
        for action in r.legal("kan"):
            kind = kind_of(action.tile)
            n = 4 if r.counts[kind] == 4 else 1
            if eff.shanten(eff.minus(r.counts, kind, n)) <= now:
                return action
        return None

    # ------------------------------------------------------------------ threats

    def threats(self, r: Reading) -> list[safety.Threat]:
        """Riichi seats, and open hands that look tenpai (three melds, or two late)."""
        out = []
        for seat in r.opponents:
            s = r.view.seats[seat]
            late = self.late_two_melds and len(s.melds) == 2 and len(s.pond) >= 9
            if s.riichi or len(s.melds) >= 3 or late:
                out.append(safety.threat_of(r, seat))
        return out

    def folds(self, r: Reading, threats, after: dict[int, int]) -> bool:
        best = min(after.values())
        if best == 0:
            kind = self.efficient(r, after)
            rest = eff.minus(r.counts, kind)
            waits = eff.waits(rest)
            live = sum(r.unseen(w) for w in waits)
            worth = self.tenpai_worth(r, kind, waits)
            risk = sum(safety.danger(r, t, kind) for t in threats)
            return worth == 0 or (worth < self.push_cheap and live <= 4 and risk > 0.05)
        # A hand not yet ready folds, however much it is worth: pushing one-away hands
        # lost placement in the duplicate matches (docs/sanma-bots.md#strength-and-speed).
        return True

    def safest(self, r: Reading, threats, after: dict[int, int]) -> Action:
        risk = {k: sum(safety.danger(r, t, k) for t in threats) for k in after}
        low = min(risk.values())
        pool = {k: s for k, s in after.items() if risk[k] <= low + self.mawashi}
        best = min(pool.values())
        kinds = [k for k, s in pool.items() if s == best]
        return r.discard_of(min(sorted(kinds), key=lambda k: risk[k]))

    # ------------------------------------------------------------------ discards

    def efficient(self, r: Reading, after: dict[int, int]) -> int:
        open_plan = not r.is_closed and not self.yaku_certain(r)
        if open_plan:
            distance = {
                k: self.distance(r, eff.minus(r.counts, k), r.meld_kinds, s)
                for k, s in after.items()
            }
            best = min(distance.values())
            pool = [k for k, d in distance.items() if d == best]
        else:
            best = min(after.values())
            pool = [k for k, s in after.items() if s == best]
        if len(pool) == 1:
            return pool[0]
        if all(after[k] == 0 for k in pool):
            return max(sorted(pool), key=lambda k: self.tenpai_score(r, k))
        accepted = {k: eff.acceptance(eff.minus(r.counts, k), r.visible).tiles for k in pool}

        if self.value_weighted:
            worth = {k: self.worth_after(r, k) for k in pool}

            def score(k: int) -> tuple[float, float]:
                return (accepted[k] * worth[k], -self.keep_value(r, k))

        else:

            def score(k: int) -> tuple[float, float]:
                return (accepted[k] - 3.0 * r.dora.get(k, 0), -self.keep_value(r, k))

        return max(sorted(pool), key=score)

    def worth_after(self, r: Reading, kind: int) -> float:
        """The rough value of the hand once ``kind`` is gone."""
        code = r.discard_of(kind).tile
        return value.estimate(r, eff.minus(r.counts, kind), extra_han=-r.tile_han(code))

    def yaku_certain(self, r: Reading) -> bool:
        return any(p.certain for p in plans.plans(r, r.counts, r.meld_kinds, pons=True))

    def tenpai_score(self, r: Reading, kind: int) -> float:
        """Unseen winning tiles times what they pay, after discarding ``kind``."""
        rest = eff.minus(r.counts, kind)
        waits = eff.waits(rest)
        live = sum(r.unseen(w) for w in waits)
        return live * max(self.tenpai_worth(r, kind, waits), 300)

    def tenpai_worth(self, r: Reading, kind: int, waits) -> float:
        concealed = value.concealed_after(r, kind)
        dama = value.tenpai_points(r, concealed, waits, riichi=False)
        if not r.is_closed:
            return dama
        if r.me.riichi or self.riichi_allowed(r):
            return max(dama, value.tenpai_points(r, concealed, waits, riichi=True))
        return dama

    def riichi_allowed(self, r: Reading) -> bool:
        return bool(r.legal("riichi"))
