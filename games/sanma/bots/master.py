"""Mahjong-Meister: the expected value of each discard, aware of placement.

Over the expert, a hand not yet ready weighs every discard, once an opponent threatens
(in the game's last hand with placement), by what it is expected to bring
(docs/sanma-bots.md#mahjong-master):

    win chance x what the win is worth  -  deal-in chance x what a deal-in costs

- The win chance follows from the hand's shanten after the discard, the unseen tiles it
  then accepts, the own draws left and how likely the hand ends first by another seat's
  win; the worth is the rough value (dora, likely yaku, a closed hand's riichi).
- The deal-in chance is the tile's danger against each opponent times the chance that
  opponent is tenpai (a riichi surely, an open hand by its melds, a closed one by its
  discards), and what it costs is the library's value of a hand like theirs. Pushing
  also risks the discards still to come; folding keeps only the hand's safest tiles.
- Points count as the game counts them: in the game's last hand a result is worth its
  points plus the change of placement points it brings. So a leader folds what it would
  have pushed, and a player behind pushes for the value that moves it up.
- While nobody threatens, it discards as the expert does; a ready hand, its pons, its
  riichi and its Norths are the expert's too: weighing those by placement lost places
  in the duplicate matches.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from games.prng import SplitMix64
from games.sanma.engine import Action
from games.sanma.engine.rules import RIICHI_COST, ranking
from games.sanma.engine.state import PLACEMENT_POINTS
from games.sanma.engine.tiles import EAST, NORTH

from . import efficiency as eff
from . import safety, value
from .expert import Expert
from .reading import DRAGONS, Reading, kind_of

_THREE_PLAYERS = OptionalRules(is_three_player=True)

# Unseen tiles a hand accepts, per shanten, once it is past the step measured now.
TYPICAL_ACCEPTED = (5, 14, 24, 32, 36, 40, 40, 40)
RON_DAMA = 1.2  # per own draw, the two others' discards add this many chances of a win
RON_RIICHI = 0.8  # fewer: after a riichi the others play safe
HAZARD_BASE = 0.012  # per go-round, the chance an opponent far from threatening wins
HAZARD_TENPAI = 0.1  # per go-round, the chance a tenpai opponent wins
THREATENING = 0.5  # an opponent this likely tenpai is played against
CLOSED_HAN = 1.5  # a closed hand's riichi, tsumo, ura dora and pinfu, roughly
HONBA = 200  # per honba: a ron pays it, a tsumo 100 from each of the two payers


@dataclass(frozen=True, slots=True)
class Opponent:
    seat: int
    threat: safety.Threat
    tenpai: float  # the chance it is tenpai now
    loss: float  # what dealing into it costs, placement included


@dataclass(frozen=True, slots=True)
class Option:
    """One discard weighed: its expected value and what makes it up."""

    kind: int
    shanten: int  # after it; for an open hand without a sure yaku, the plan's distance
    ev: float
    win: float  # the chance of winning the hand
    worth: float  # the win's value in points
    risk: float  # expected cost of this discard's deal-in


class Stakes:
    """What a change of scores is worth to the seat: points, and near the end placement."""

    def __init__(self, r: Reading, weight: float) -> None:
        self.seat = r.seat
        self.scores = r.view.scores
        self.weight = weight
        self.sticks = r.view.sticks * RIICHI_COST
        self.honba = r.view.honba

    def bonus(self, scores) -> int:
        return 1000 * PLACEMENT_POINTS[ranking(scores).index(self.seat)]

    def utility(self, deltas) -> float:
        after = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        weight = 1.0 if min(after) < 0 else self.weight  # below zero ends the game
        worth = float(deltas[self.seat])
        if weight:
            worth += weight * (self.bonus(after) - self.bonus(self.scores))
        return worth

    def win(self, points: float) -> float:
        """A win of ``points``: a ron from either opponent or a tsumo, equally likely."""
        if points <= 0:
            return 0.0
        me = self.seat
        a, b = (me + 1) % 3, (me + 2) % 3
        total = []
        for payers in ((a,), (b,), (a, b)):
            deltas = [0, 0, 0]
            paid = points + HONBA * self.honba
            deltas[me] = paid + self.sticks
            for p in payers:
                deltas[p] = -paid / len(payers)
            total.append(self.utility(deltas))
        return sum(total) / 3

    def deal_in(self, points: float, winner: int) -> float:
        """The cost (positive) of paying ``points`` to ``winner`` by ron."""
        deltas = [0, 0, 0]
        paid = points + HONBA * self.honba
        deltas[self.seat] = -paid
        deltas[winner] = paid + self.sticks
        return -self.utility(deltas)


def placement_weight(length: str, round_name: str, before_last: float = 0.0) -> float:
    """How much placement points count besides points: fully in the game's last hand.

    ``before_last`` for the hand before it: the duplicate ladder found no gain in
    counting placement there, where the last hand can still turn everything.
    """
    if length == "one-hand":
        return 0.0  # a one-hand game has no placement points
    final = "S3" if length == "east-south" else "E3"
    if round_name == final:
        return 1.0
    if round_name == final[0] + "2":
        return before_last
    return 0.0


def win_chance(
    shanten: int, accepted: float, turns: int, unseen: int, hazard: float, ron: float
) -> tuple[float, float]:
    """The chance to win within ``turns`` own draws, and the draws expected before the end.

    ``accepted``: unseen tiles that take the hand one step on now (at tenpai its live
    waits); later steps accept ``TYPICAL_ACCEPTED``. Each go-round the hand ends first by
    another win with chance ``hazard``; at tenpai ``ron`` more chances come from discards.
    """
    if shanten < 0:
        return 1.0, 0.0
    unseen = max(unseen, 1)
    at = [0.0] * (shanten + 1)
    at[shanten] = 1.0
    won = 0.0
    alive_turns = 0.0
    steps = [
        min(
            1.0,
            (accepted if s == shanten else TYPICAL_ACCEPTED[min(s, 7)])
            * (1 + ron if s == 0 else 1)
            / unseen,
        )
        for s in range(shanten + 1)
    ]
    for _ in range(turns):
        for s in range(shanten + 1):
            at[s] *= 1 - hazard
        alive_turns += sum(at)
        won += at[0] * steps[0]
        at[0] *= 1 - steps[0]
        for s in range(1, shanten + 1):
            moved = at[s] * steps[s]
            at[s] -= moved
            at[s - 1] += moved
    return won, alive_turns


class Master(Expert):
    name = "master"
    fold_margin = 150.0  # folding must be better by this many points (a folded hand is lost)
    later_share = 1.0  # of the discards still to come, the share that risks a deal-in
    before_last = 0.0  # how much placement counts in the hand before the last
    ev_early = True  # weigh discards against threats before the last hand too
    # With nobody threatening: the expert's discard ("expert"), or the most valuable of
    # the fastest discards ("ev"); the ladder found them equal, the expert's is cheaper.
    quiet = "expert"

    # ------------------------------------------------------------------ reading

    def stakes(self, r: Reading) -> Stakes:
        return Stakes(r, placement_weight(r.view.length, r.view.round, self.before_last))

    def opponents(self, r: Reading, stakes: Stakes) -> list[Opponent]:
        out = []
        for seat in r.opponents:
            tenpai = self.tenpai_chance(r, seat)
            if tenpai <= 0:
                continue
            loss = stakes.deal_in(self.hand_value(r, seat), seat)
            out.append(Opponent(seat, safety.threat_of(r, seat), tenpai, loss))
        return out

    def tenpai_chance(self, r: Reading, seat: int) -> float:
        s = r.view.seats[seat]
        if s.riichi:
            return 1.0
        melds = sum(1 for m in s.melds if m.kind != "closed-kan")
        late = max(0, len(s.pond) - 5)
        if melds >= 3:
            return 0.6
        if melds == 2:
            return min(0.5, 0.15 + 0.04 * late)
        if melds == 1:
            return min(0.35, 0.05 + 0.03 * late)
        return min(0.25, 0.025 * late)

    def hand_value(self, r: Reading, seat: int) -> float:
        """What another seat's win is worth, roughly: its visible dora and value sets."""
        s = r.view.seats[seat]
        han = len(s.set_aside) * (1 + r.dora.get(NORTH, 0))
        han += sum(r.tile_han(c) for m in s.melds for c in m.tiles)
        wind = EAST + "ESW".index(s.wind)
        round_wind = EAST + "ES".index(r.view.round[0])
        value_kinds = DRAGONS | {wind, round_wind}
        han += sum(1 for m in s.melds if kind_of(m.tiles[0]) in value_kinds)
        han += 4 if s.riichi else 3  # riichi or a yaku, ura dora, and the dora not yet shown
        config = HandConfig(player_wind=wind, options=_THREE_PLAYERS)
        return float(ScoresCalculator.calculate_scores(min(han, 13), 30, config)["main"])

    def hazard(self, opponents: list[Opponent]) -> float:
        chance = {o.seat: o.tenpai for o in opponents}
        return sum(HAZARD_BASE + HAZARD_TENPAI * chance.get(seat, 0.0) for seat in range(3)) - (
            HAZARD_BASE  # no hazard from the own seat
        )

    # ------------------------------------------------------------------ the weighing

    def dangers(self, r: Reading, opponents) -> list[float]:
        """Per kind, the expected cost of discarding it: tenpai chance x danger x loss."""
        return [
            sum(o.tenpai * safety.danger(r, o.threat, k) * o.loss for o in opponents)
            for k in range(34)
        ]

    def pushing_risk(self, r: Reading, cost: list[float]) -> float:
        """The expected cost of each later discard of a pushing hand: tiles like the unseen."""
        unseen = sum(r.unseen(k) for k in range(34))
        return sum(cost[k] * r.unseen(k) for k in range(34)) / max(unseen, 1)

    def weigh(
        self, r: Reading, after: dict[int, int], stakes: Stakes, opponents, cost: list[float]
    ) -> list[Option]:
        """Every legal discard kind of a hand not yet ready, with its expected value
        (``cost``: per kind what discarding it risks, from ``dangers``)."""
        unseen = sum(r.unseen(k) for k in range(34))
        hazard = self.hazard(opponents)
        open_plan = not r.is_closed and not self.yaku_certain(r)
        later = self.pushing_risk(r, cost)
        ron = RON_RIICHI if r.is_closed else RON_DAMA  # once it is ready
        out = []
        for kind, shanten in after.items():
            rest = eff.minus(r.counts, kind)
            if open_plan:
                shanten = self.distance(r, rest, r.meld_kinds, shanten)
            if shanten >= 99:  # an open hand with no yaku left to make
                win, worth = 0.0, 0.0
                alive = float(r.wall_turns)
            else:
                accepted = eff.acceptance(rest, r.visible).tiles
                worth = self.worth_after(r, kind)
                win, alive = win_chance(shanten, accepted, r.wall_turns, unseen, hazard, ron)
            ev = win * stakes.win(worth) - cost[kind] - self.later_share * alive * later
            out.append(Option(kind, shanten, ev, win, worth, cost[kind]))
        return out

    def worth_after(self, r: Reading, kind: int) -> float:
        """The expert's rough value, with a closed hand's riichi, tsumo and ura dora."""
        code = r.discard_of(kind).tile
        extra = CLOSED_HAN if r.is_closed else 0
        return value.estimate(r, eff.minus(r.counts, kind), extra_han=extra - r.tile_han(code))

    def fold_value(self, r: Reading, after: dict[int, int], opponents, cost: list[float]) -> float:
        """The expected value of folding: the deal-in risk of the safest tiles held."""
        held = sorted(cost[k] for k in range(34) for _ in range(r.counts[k]))
        # The safest tile now, then the next safest few, never worse than a pushing hand.
        later = min(sum(held[1:5]) / max(1, len(held[1:5])), self.pushing_risk(r, cost))
        hazard = self.hazard(opponents)
        alive = sum((1 - hazard) ** t for t in range(1, r.wall_turns + 1))
        return -min(cost[k] for k in after) - self.later_share * alive * later

    def choice(self, r: Reading, after: dict[int, int]) -> Action:
        """The discard of a hand not yet ready: the best that plays on, or a fold."""
        stakes = self.stakes(r)
        opponents = self.opponents(r, stakes)
        threatened = any(o.tenpai >= THREATENING for o in opponents)
        if not stakes.weight and not (threatened and self.ev_early):
            return r.discard_of(self.efficient(r, after))
        if not threatened and self.quiet == "expert":
            return r.discard_of(self.efficient(r, after))
        cost = self.dangers(r, opponents)  # once, for pushing and folding alike
        options = self.weigh(r, after, stakes, opponents, cost)
        if not threatened:
            # Nobody threatens: the fastest discards only, the one worth most among them.
            fastest = min(o.shanten for o in options)
            options = [o for o in options if o.shanten == fastest]
        tie = {k: -self.keep_value(r, k) for k in after}
        options.sort(key=lambda o: o.kind)
        best = max(options, key=lambda o: (round(o.ev, 1), tie[o.kind]))
        if threatened and not r.me.riichi:
            fold = self.fold_value(r, after, opponents, cost)
            if fold > best.ev + self.fold_margin:
                threats = [o.threat for o in opponents if o.tenpai >= THREATENING]
                return self.safest(r, threats, after)
        return r.discard_of(best.kind)

    # ------------------------------------------------------------------ decisions

    def discard(self, r: Reading, rng: SplitMix64) -> Action:
        if len(r.discards) == 1 and not r.legal("riichi"):
            return r.discard_of(next(iter(r.discards)))
        after = eff.after_discards(r.counts, r.discards)
        if min(after.values()) == 0:
            # A ready hand plays as the expert's: weighing it by placement lost places
            # in the duplicate matches (docs/sanma-bots.md#mahjong-master).
            return super().discard(r, rng)
        return self.choice(r, after)
