"""How dangerous a discard is against an opponent who may be tenpai.

``danger(r, threat, kind)`` estimates the chance that the tile deals into the
opponent's hand if that hand is tenpai. It adds up the waits that could take the tile:
both sides of a two-sided wait, the closed and edge waits, and pair waits, each weighted
by how often it occurs and by whether its tiles are still out there:

- genbutsu: a kind in the opponent's own discards (or passed by it in riichi) is safe;
- suji: a two-sided wait on 4 also waits on 1 and 7, so a discarded 1 makes 4 safer;
- kabe: when all four of a kind are visible no wait can be built on it, and with three
  visible (one chance) hardly any;
- honours and pairs: the fewer copies unseen, the fewer pair and single waits.

The weights are near the usual deal-in rates against a riichi (a live middle tile about
one in eight, a suji terminal about one in fifty).
"""

from __future__ import annotations

from dataclasses import dataclass

from .reading import Reading, kind_of

TWO_SIDED = 0.055  # each side of a two-sided wait
CLOSED = 0.016  # a closed wait (kanchan)
EDGE = 0.014  # an edge wait (penchan)
PAIR = 0.009  # per further copy out there: a pair wait (shanpon)
SINGLE = 0.006  # a single wait (tanki)
SHAPE_LEFT = (0.0, 0.35, 0.8, 1.0, 1.0)  # by copies of a shape tile the bot cannot see


@dataclass(frozen=True, slots=True)
class Threat:
    seat: int
    riichi: bool
    safe: frozenset[int]  # kinds it cannot win on by ron now


def threat_of(r: Reading, seat: int) -> Threat:
    """What is safe against ``seat``: its discards, and in riichi what it let pass."""
    s = r.view.seats[seat]
    safe = {kind_of(p.tile) for p in s.pond}
    if s.riichi:
        declared = next(i for i, p in enumerate(s.pond) if p.riichi)
        since = len(s.pond) - declared - 1  # its own discards after the declaration
        # Every other seat has discarded at least that often since: all let pass.
        for other in r.view.seats:
            if other.seat != seat and since:
                safe |= {kind_of(p.tile) for p in other.pond[len(other.pond) - since :]}
    return Threat(seat, s.riichi, frozenset(safe))


def danger(r: Reading, threat: Threat, kind: int) -> float:
    """The chance that discarding ``kind`` deals in, should ``threat`` be tenpai."""
    if kind in threat.safe:
        return 0.0
    left = [max(0, 4 - v) for v in r.visible]
    # Copies the opponent may hold: unseen ones (the bot's own count as seen).
    copies = left[kind]
    value = PAIR * max(0, copies - 1) + (SINGLE if copies else 0.0)
    if kind >= 27 or kind in (0, 8):  # honours, and 1/9 of characters (no neighbours)
        return value
    number = kind % 9  # 0..8
    base = kind - number

    def shape(*numbers: int) -> float:
        return min(SHAPE_LEFT[left[base + n]] for n in numbers)

    def suji_safe(n: int) -> bool:
        return base + n in threat.safe

    if number <= 5 and not suji_safe(number + 3):  # waits n with n+1, n+2 (and n+3)
        value += TWO_SIDED * shape(number + 1, number + 2)
    if number >= 3 and not suji_safe(number - 3):  # waits n with n-1, n-2 (and n-3)
        value += TWO_SIDED * shape(number - 1, number - 2)
    if 1 <= number <= 7:
        value += CLOSED * shape(number - 1, number + 1)
    if number == 2:
        value += EDGE * shape(0, 1)
    if number == 6:
        value += EDGE * shape(7, 8)
    return value
