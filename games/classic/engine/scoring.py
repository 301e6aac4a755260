"""Scoring and settlement of Classic Mahjong (docs/classic.md#scoring).

A hand's value: add up the points of its sets, pair and bonus tiles (the winner adds
his bonus points), round the sum to the nearest ten, double it once per doubling, and
stop at the limit. Every value comes from one row of ``RULES``, and every row names
where its figure comes from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .hand import Block, Meld, decompositions
from .tiles import (
    DRAGONS,
    FLOWERS,
    NORMAL_KINDS,
    SEASONS,
    WINDS,
    bonus_number,
    code,
    counts34,
    is_honour,
    is_terminal_or_honour,
    suit_of,
)

HOUSE = "our rules"
BABCOCK = "Babcock, Rules for Mah-Jongg (Red Book), 2nd ed. 1923, ch. 5-7"
SONTAG = "Sontag, Mah-Jongg-Homepage (TU Chemnitz), Bewertungen and Abrechnung"


@dataclass(frozen=True)
class Rule:
    """One row of the scoring table. ``winner_only`` rows count for Mah Jong alone."""

    key: str
    label: str
    points: int
    doublings: int
    winner_only: bool
    source: str


RULES: dict[str, Rule] = {
    rule.key: rule
    for rule in (
        # Bonus points of the winner.
        Rule("mahjong", "Mah Jong", 20, 0, True, HOUSE),
        Rule("no-chi", "Only Pongs and Kans, no Chi", 10, 0, True, f"{BABCOCK}; {SONTAG}"),
        Rule("self-drawn", "Winning tile drawn from the wall", 2, 0, True, BABCOCK),
        Rule("only-tile", "Won on the only possible tile", 2, 0, True, BABCOCK),
        Rule("no-score", "No points besides Mah Jong", 10, 0, True, BABCOCK),
        # Points of every hand.
        Rule("chi", "Chi", 0, 0, False, BABCOCK),
        Rule("pong-simple-open", "Pong of 2-8, exposed", 2, 0, False, BABCOCK),
        Rule("pong-simple-concealed", "Pong of 2-8, concealed", 4, 0, False, BABCOCK),
        Rule("pong-major-open", "Pong of 1, 9 or honours, exposed", 4, 0, False, HOUSE),
        Rule("pong-major-concealed", "Pong of 1, 9 or honours, concealed", 8, 0, False, BABCOCK),
        Rule("kan-simple-open", "Kan of 2-8, exposed", 8, 0, False, BABCOCK),
        Rule("kan-simple-concealed", "Kan of 2-8, concealed", 16, 0, False, BABCOCK),
        Rule("kan-major-open", "Kan of 1, 9 or honours, exposed", 16, 0, False, BABCOCK),
        Rule("kan-major-concealed", "Kan of 1, 9 or honours, concealed", 32, 0, False, BABCOCK),
        Rule("pair-dragon", "Pair of dragons", 2, 0, False, BABCOCK),
        Rule("pair-own-wind", "Pair of the own wind", 2, 0, False, BABCOCK),
        Rule("pair-round-wind", "Pair of the round wind", 2, 0, False, SONTAG),
        Rule("bonus-tile", "Flower or season", 4, 0, False, HOUSE),
        # Doublings of every hand.
        Rule("set-dragon", "Pong or Kan of dragons", 0, 1, False, HOUSE),
        Rule("set-own-wind", "Pong or Kan of the own wind", 0, 1, False, HOUSE),
        Rule("set-round-wind", "Pong or Kan of the round wind", 0, 1, False, HOUSE),
        Rule("own-flower", "Own flower", 0, 1, False, HOUSE),
        Rule("own-season", "Own season", 0, 1, False, HOUSE),
        Rule("all-flowers", "All four flowers", 0, 2, False, HOUSE),
        Rule("all-seasons", "All four seasons", 0, 2, False, HOUSE),
        # Doublings of the winner.
        Rule("concealed-hand", "Concealed hand: nothing claimed", 0, 1, True, HOUSE),
        Rule("one-suit-honours", "One suit with honours", 0, 1, True, BABCOCK),
        Rule("one-suit", "One suit only", 0, 3, True, BABCOCK),
        Rule("all-honours", "Honours only", 0, 3, True, BABCOCK),
    )
}
LIMIT = 300  # Babcock, ch. 7: "the limit, 300 points"


@dataclass(frozen=True)
class Element:
    """One scored item of a hand: a row of ``RULES`` and the tiles it was given for."""

    key: str
    tiles: tuple[str, ...] = ()

    @property
    def rule(self) -> Rule:
        return RULES[self.key]

    @property
    def label(self) -> str:
        return RULES[self.key].label

    @property
    def points(self) -> int:
        return RULES[self.key].points

    @property
    def doublings(self) -> int:
        return RULES[self.key].doublings


@dataclass(frozen=True)
class HandScore:
    elements: tuple[Element, ...]
    points: int  # the sum before rounding
    rounded: int
    doublings: int
    value: int  # after doubling, at most LIMIT
    limited: bool


@dataclass(frozen=True)
class Win:
    """How a hand was won: the winning tile, drawn by the winner himself or claimed,
    and whether it was the only tile the hand was waiting for."""

    tile: int | None
    self_drawn: bool
    only_tile: bool


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int
    reason: str  # "winner": paying the winner; "losers": the losers among themselves


def round_points(points: int) -> int:
    """To the nearest ten, halves up: 24 -> 20, 25 -> 30, 4 -> 0."""
    return (points + 5) // 10 * 10


def _total(elements: list[Element]) -> HandScore:
    points = sum(e.points for e in elements)
    doublings = sum(e.doublings for e in elements)
    rounded = round_points(points)
    raw = rounded << doublings
    return HandScore(tuple(elements), points, rounded, doublings, min(raw, LIMIT), raw > LIMIT)


def _set_elements(shape: str, tile: int, concealed: bool, seat_wind: int, round_wind: int):
    """Points and doublings of one Chi, Pong or Kan."""
    tiles = (code(tile),)
    if shape == "chi":
        return [Element("chi", (code(tile), code(tile + 1), code(tile + 2)))]
    grade = "major" if is_terminal_or_honour(tile) else "simple"
    found = [Element(f"{shape}-{grade}-{'concealed' if concealed else 'open'}", tiles)]
    if tile in DRAGONS:
        found.append(Element("set-dragon", tiles))
    if tile == seat_wind:
        found.append(Element("set-own-wind", tiles))
    if tile == round_wind:
        found.append(Element("set-round-wind", tiles))
    return found


def _pair_elements(tile: int, seat_wind: int, round_wind: int) -> list[Element]:
    tiles = (code(tile),) * 2
    found = []
    if tile in DRAGONS:
        found.append(Element("pair-dragon", tiles))
    if tile == seat_wind:
        found.append(Element("pair-own-wind", tiles))
    if tile == round_wind:
        found.append(Element("pair-round-wind", tiles))
    return found


def _bonus_elements(bonus: Sequence[int], seat_wind: int) -> list[Element]:
    found = [Element("bonus-tile", (code(t),)) for t in sorted(bonus)]
    own = WINDS.index(seat_wind) + 1
    for t in bonus:
        if bonus_number(t) == own:
            found.append(Element("own-flower" if t in FLOWERS else "own-season", (code(t),)))
    for group, key in ((FLOWERS, "all-flowers"), (SEASONS, "all-seasons")):
        if all(t in bonus for t in group):
            found.append(Element(key, tuple(code(t) for t in group)))
    return found


def _meld_elements(melds: Sequence[Meld], seat_wind: int, round_wind: int) -> list[Element]:
    found = []
    for meld in melds:
        concealed = meld.shape == "kan" and meld.concealed
        found += _set_elements(meld.shape, meld.tile, concealed, seat_wind, round_wind)
    return found


def score_loser(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    bonus: Sequence[int],
    seat_wind: int,
    round_wind: int,
) -> HandScore:
    """A hand that did not win: its sets on the table, every three of a kind among its
    concealed tiles as a concealed Pong, its best pair, its bonus tiles, and the
    doublings those bring (docs/classic.md#settlement)."""
    elements = _meld_elements(melds, seat_wind, round_wind)
    counts = counts34(concealed)
    best_pair: list[Element] = []
    for k in range(NORMAL_KINDS):
        if counts[k] >= 3:
            elements += _set_elements("pong", k, True, seat_wind, round_wind)
        elif counts[k] == 2:
            pair = _pair_elements(k, seat_wind, round_wind)
            if sum(e.points for e in pair) > sum(e.points for e in best_pair):
                best_pair = pair
    elements += best_pair
    elements += _bonus_elements(bonus, seat_wind)
    return _total(elements)


def _whole_hand_doublings(kinds: Sequence[int]) -> list[Element]:
    suits = {suit_of(k) for k in kinds if not is_honour(k)}
    honours = any(is_honour(k) for k in kinds)
    if not suits:
        return [Element("all-honours")]
    if len(suits) == 1:
        return [Element("one-suit-honours" if honours else "one-suit")]
    return []


def score_winner(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    bonus: Sequence[int],
    seat_wind: int,
    round_wind: int,
    win: Win,
) -> HandScore:
    """The Mah Jong hand: ``concealed`` includes the winning tile. Of all the ways to
    read the hand (which sets, and which set the claimed tile completed: a Pong made
    with a discard counts as exposed) the one worth most is scored."""
    readings = decompositions(concealed)
    if not readings:
        raise ValueError("not a complete hand: four sets and one pair are needed")
    base = _meld_elements(melds, seat_wind, round_wind)
    base += _bonus_elements(bonus, seat_wind)
    kinds = list(concealed) + [t for m in melds for t in m.tiles]
    base += _whole_hand_doublings(kinds)
    if all(m.shape == "kan" and m.concealed for m in melds):
        base.append(Element("concealed-hand"))
    if win.self_drawn:
        base.append(Element("self-drawn"))
    if win.only_tile:
        base.append(Element("only-tile"))
    best: HandScore | None = None
    for blocks in readings:
        for exposed_index in _claimed_places(blocks, win):
            elements = [Element("mahjong"), *base]
            has_chi = any(m.shape == "chi" for m in melds)
            for index, block in enumerate(blocks):
                if block.shape == "pair":
                    elements += _pair_elements(block.tile, seat_wind, round_wind)
                    continue
                has_chi = has_chi or block.shape == "chi"
                concealed_set = index != exposed_index
                elements += _set_elements(
                    block.shape, block.tile, concealed_set, seat_wind, round_wind
                )
            if not has_chi:
                elements.append(Element("no-chi"))
            if sum(e.points for e in elements) == RULES["mahjong"].points:
                elements.append(Element("no-score"))
            score = _total(elements)
            if best is None or (score.value, score.points) > (best.value, best.points):
                best = score
    assert best is not None
    return best


def _claimed_places(blocks: tuple[Block, ...], win: Win) -> list[int | None]:
    """Which block a claimed winning tile may have completed (None: no block is exposed)."""
    if win.self_drawn or win.tile is None:
        return [None]
    t = win.tile
    places = [
        i
        for i, b in enumerate(blocks)
        if (b.shape == "chi" and b.tile <= t <= b.tile + 2) or (b.shape != "chi" and b.tile == t)
    ]
    return places or [None]


def settle(
    values: Sequence[int], winner: int, discarder: int | None, leader: int
) -> tuple[Payment, ...]:
    """The payments of a won hand (docs/classic.md#settlement).

    Each loser pays the winner the winner's value, doubled where the leading wind pays
    or wins; if the winning tile was a discard its discarder pays all of that alone.
    Then the three losers pay each other the differences of their values, doubled
    between the leading wind and another."""

    def factor(a: int, b: int) -> int:
        return 2 if leader in (a, b) else 1

    losers = [s for s in range(4) if s != winner]
    payments = []
    if discarder is None:
        for s in losers:
            payments.append(Payment(s, winner, values[winner] * factor(s, winner), "winner"))
    else:
        total = sum(values[winner] * factor(s, winner) for s in losers)
        payments.append(Payment(discarder, winner, total, "winner"))
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            diff = values[a] - values[b]
            if diff > 0:
                payments.append(Payment(b, a, diff * factor(a, b), "losers"))
            elif diff < 0:
                payments.append(Payment(a, b, -diff * factor(a, b), "losers"))
    return tuple(payments)


def deltas(payments: Sequence[Payment]) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return (out[0], out[1], out[2], out[3])
