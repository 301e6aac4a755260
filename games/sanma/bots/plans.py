"""Yaku plans of an open hand: what it can still win with once it has called.

An open hand cannot riichi, so it needs a yaku from its tiles. A plan names one and
says which concealed tiles do not fit it; a hand far from every plan must not call.
Whether a plan holds at the end is the library's word: at tenpai the bots value every
wait through it (``value.win_points``), and a wait without a yaku is worth nothing.
The plans here only steer the hand until then:

- value honours (yakuhai): a triplet of a dragon or of the seat or round wind, the one
  plan that is certain once the triplet is down;
- all simples (tanyao): open tanyao counts (docs/sanma.md#scoring), so every terminal
  and honour has to go;
- half flush (honitsu) or full flush: one suit and honours;
- all triplets (toitoi): enough pairs and triplets for four sets and a pair.
"""

from __future__ import annotations

from dataclasses import dataclass

from .reading import Reading, is_simple, suit_of


@dataclass(frozen=True, slots=True)
class Plan:
    name: str  # "yakuhai", "tanyao", "honitsu", "toitoi"
    off: int  # concealed tiles that do not fit it
    certain: bool = False  # the yaku is already in the hand's melds or triplets


def fits_flush(kind: int, suit: int) -> bool:
    return kind >= 27 or suit_of(kind) == suit


def plans(r: Reading, counts: tuple[int, ...], melds: tuple[int, ...], pons: bool) -> list[Plan]:
    """The plans open to a hand of ``counts`` with melds of kinds ``melds``.

    ``pons`` says every meld is a triplet or kan (always so in Sanma: there is no chi).
    """
    held = [k for k in range(34) if counts[k]]
    out: list[Plan] = []
    if any(k in r.value_kinds for k in melds) or any(counts[k] >= 3 for k in r.value_kinds):
        out.append(Plan("yakuhai", 0, certain=True))
    else:
        pairs = [k for k in r.value_kinds if counts[k] == 2 and r.unseen(k)]
        if pairs:
            out.append(Plan("yakuhai", 1))
    if all(is_simple(k) for k in melds):
        out.append(Plan("tanyao", sum(counts[k] for k in held if not is_simple(k))))
    for suit in (1, 2):  # circles, bamboo: characters have only 1 and 9 here
        if all(fits_flush(k, suit) for k in melds):
            off = sum(counts[k] for k in held if not fits_flush(k, suit))
            out.append(Plan("honitsu", off))
    if pons:
        blocks = sum(1 for k in held if counts[k] >= 2)
        needed = 5 - len(melds)  # sets still to make, and the pair
        out.append(Plan("toitoi", max(0, needed - blocks) * 2))
    return out


def distance(r: Reading, counts: tuple[int, ...], melds: tuple[int, ...], shanten: int) -> int:
    """Exchanges the open hand needs for tenpai with a yaku: shanten, or the tiles a plan
    still has to lose, whichever is more; the best plan counts. Large when none is open."""
    best = 99
    for plan in plans(r, counts, melds, pons=True):
        best = min(best, max(shanten, plan.off))
    return best
