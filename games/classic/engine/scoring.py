"""Scoring and settlement of Classic Mahjong (docs/classic.md#scoring).

A hand's value: add up the points of its sets, pair and bonus tiles (the winner adds
his bonus points), round the sum to the nearest ten, double it once per doubling, and
stop at the limit; a special hand is worth the limit whatever its sum. Every value comes
from one row of ``RULES``, and every row names where its figure comes from.

Tables started before the special hands and the further doublings keep the rules they
were started with: their options carry ``edition`` 1 (docs/classic.md#editions), and
rows marked for one edition count only there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .hand import Block, Meld, decompositions, is_thirteen_orphans
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
    is_suited,
    is_terminal_or_honour,
    kind,
    rank_of,
    suit_of,
)

HOUSE = "our rules"
BABCOCK = "Babcock, Rules for Mah-Jongg (Red Book), 2nd ed. 1923, ch. 5-7"
SONTAG = "Sontag, Mah-Jongg-Homepage (TU Chemnitz), Bewertungen and Abrechnung"
KAJONGG = "Kajongg (KDE), ruleset Classical Chinese DMJL (Deutsche Mah Jongg Liga)"
EDITION = 2  # the rules of new tables (docs/classic.md#editions)
GREEN = frozenset(kind(c) for c in ("2B", "3B", "4B", "6B", "8B", "G"))


@dataclass(frozen=True)
class Rule:
    """One row of the scoring table. ``winner_only`` rows count for Mah Jong alone."""

    key: str
    label: str
    points: int
    doublings: int
    winner_only: bool
    source: str
    limit: bool = False  # a special hand: worth the limit, whatever the sum
    editions: tuple[int, ...] = (1, 2)  # the editions of the rules that count it


OLD = (1,)  # counted only at tables of the first edition
NEW = (2,)  # counted only from the second edition on

RULES: dict[str, Rule] = {
    rule.key: rule
    for rule in (
        # Bonus points of the winner.
        Rule("mahjong", "Mah Jong", 20, 0, True, HOUSE),
        Rule("no-chi", "Only Pongs and Kans, no Chi", 10, 0, True, f"{BABCOCK}; {SONTAG}"),
        Rule("self-drawn", "Winning tile drawn from the wall", 2, 0, True, BABCOCK),
        Rule("only-tile", "Won on the only possible tile", 2, 0, True, BABCOCK),
        Rule("no-score", "No points besides Mah Jong", 10, 0, True, BABCOCK, editions=OLD),
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
        Rule(
            "three-concealed-pongs",
            "Three concealed Pongs or Kans",
            0,
            1,
            False,
            KAJONGG,
            editions=NEW,
        ),
        Rule("little-three-dragons", "Little three dragons", 0, 1, False, KAJONGG, editions=NEW),
        Rule("big-three-dragons", "Big three dragons", 0, 2, False, KAJONGG, editions=NEW),
        Rule("little-four-winds", "Little four winds", 0, 1, False, KAJONGG, editions=NEW),
        Rule("big-four-winds", "Big four winds", 0, 2, False, KAJONGG, editions=NEW),
        # Doublings of the winner.
        Rule(
            "concealed-hand",
            "Concealed hand: no set claimed before Mah Jong",
            0,
            1,
            True,
            HOUSE,
            editions=OLD,
        ),
        Rule(
            "concealed-drawn",
            "Concealed hand, won on a tile from the wall",
            0,
            1,
            True,
            KAJONGG,
            editions=NEW,
        ),
        Rule("zero-point", "Zero-point hand", 0, 1, True, f"{HOUSE}; {KAJONGG}", editions=NEW),
        Rule("all-simples", "All simples", 0, 1, True, HOUSE, editions=NEW),
        Rule("straight", "Three Chis in a row", 0, 1, True, HOUSE, editions=NEW),
        Rule("same-chis", "Three Chis of the same numbers", 0, 1, True, HOUSE, editions=NEW),
        Rule(
            "outside",
            "A terminal or honour in every set and the pair",
            0,
            1,
            True,
            HOUSE,
            editions=NEW,
        ),
        Rule("all-majors", "Only terminals and honours", 0, 1, True, KAJONGG, editions=NEW),
        Rule("one-suit-honours", "One suit with honours", 0, 1, True, BABCOCK),
        Rule("one-suit", "One suit only", 0, 3, True, BABCOCK),
        Rule("all-honours", "Honours only", 0, 3, True, BABCOCK, editions=OLD),
        Rule(
            "last-of-wall", "Won on the last tile of the wall", 0, 1, True, KAJONGG, editions=NEW
        ),
        Rule(
            "last-discard",
            "Won on the discard of the last tile of the wall",
            0,
            1,
            True,
            KAJONGG,
            editions=NEW,
        ),
        Rule(
            "dead-end",
            "Won on a replacement tile from the dead end",
            0,
            1,
            True,
            KAJONGG,
            editions=NEW,
        ),
        # Special hands of the winner: the limit.
        Rule("heavenly", "Heavenly hand", 0, 0, True, KAJONGG, True, NEW),
        Rule("earthly", "Earthly hand", 0, 0, True, KAJONGG, True, NEW),
        Rule("thirteen-orphans", "Thirteen orphans", 0, 0, True, KAJONGG, True, NEW),
        Rule("nine-gates", "Nine gates", 0, 0, True, KAJONGG, True, NEW),
        Rule("squirming-snake", "Squirming snake", 0, 0, True, KAJONGG, True, NEW),
        Rule("concealed-one-suit", "One suit only, all concealed", 0, 0, True, KAJONGG, True, NEW),
        Rule("honours-only", "All honours", 0, 0, True, KAJONGG, True, NEW),
        Rule("all-terminals", "All terminals", 0, 0, True, KAJONGG, True, NEW),
        Rule("four-kans", "Four Kans", 0, 0, True, KAJONGG, True, NEW),
        Rule("hidden-treasure", "Four concealed Pongs", 0, 0, True, KAJONGG, True, NEW),
        Rule(
            "three-great-scholars",
            "Three great scholars: three dragon Pongs",
            0,
            0,
            True,
            KAJONGG,
            True,
            NEW,
        ),
        Rule("four-blessings", "Four blessings: four wind Pongs", 0, 0, True, KAJONGG, True, NEW),
        Rule("imperial-jade", "All green", 0, 0, True, KAJONGG, True, NEW),
        Rule("plum-blossom", "Plum blossom from the roof", 0, 0, True, KAJONGG, True, NEW),
        Rule(
            "moon-from-the-sea", "Moon from the bottom of the sea", 0, 0, True, KAJONGG, True, NEW
        ),
        Rule("twofold-fortune", "Kan upon Kan", 0, 0, True, KAJONGG, True, NEW),
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
    """How a hand was won: the winning tile (None: East's dealt fourteen), drawn by the
    winner himself or claimed, and whether it was the only tile the hand was waiting
    for; then the moments the special hands ask about (docs/classic.md#special-hands):
    a replacement from the dead end, the last tile of the live wall (drawn or
    discarded), the second replacement after two Kans in a row, East's dealt tiles
    (``heavenly``), East's first discard (``earthly``)."""

    tile: int | None
    self_drawn: bool
    only_tile: bool
    dead_end: bool = False
    last_tile: bool = False
    kan_upon_kan: bool = False
    heavenly: bool = False
    earthly: bool = False


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int
    reason: str  # "winner": paying the winner; "losers": the losers among themselves
    # What the amount is made of, so that a player can check it: the value paid for
    # (the winner's value, or the difference of two losers' values) times each share's
    # factor, 2 where the leading wind pays or wins: one share, or the three a discarder
    # pays alone (2 + 1 + 1, or 2 + 2 + 2 when the leading wind wins).
    shares: tuple[int, ...] = (1,)

    @property
    def factor(self) -> int:
        return sum(self.shares)

    @property
    def base(self) -> int:
        return self.amount // self.factor


def round_points(points: int) -> int:
    """To the nearest ten, halves up: 24 -> 20, 25 -> 30, 4 -> 0."""
    return (points + 5) // 10 * 10


def _total(elements: list[Element], rounding: bool = True) -> HandScore:
    points = sum(e.points for e in elements)
    doublings = sum(e.doublings for e in elements)
    rounded = round_points(points) if rounding else points
    raw = rounded << doublings
    if any(e.rule.limit for e in elements):  # a special hand: the limit, whatever the sum
        return HandScore(tuple(elements), points, rounded, doublings, LIMIT, True)
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
    edition: int = EDITION,
) -> HandScore:
    """A hand that did not win: its sets on the table, every three of a kind among its
    concealed tiles as a concealed Pong, its best pair, its bonus tiles, and the
    doublings those bring (docs/classic.md#settlement). From the second edition the sum
    is not rounded (the rules round the winner's sum only) and the doublings of a
    hand's honour sets count too."""
    elements = _meld_elements(melds, seat_wind, round_wind)
    counts = counts34(concealed)
    pongs = [(m.tile, m.shape == "kan" and m.concealed) for m in melds if m.shape != "chi"]
    best_pair: list[Element] = []
    pairs = []
    for k in range(NORMAL_KINDS):
        if counts[k] >= 3:
            elements += _set_elements("pong", k, True, seat_wind, round_wind)
            pongs.append((k, True))
        elif counts[k] == 2:
            pairs.append(k)
            pair = _pair_elements(k, seat_wind, round_wind)
            if sum(e.points for e in pair) > sum(e.points for e in best_pair):
                best_pair = pair
    elements += best_pair
    elements += _bonus_elements(bonus, seat_wind)
    if edition >= 2:
        elements += _honour_set_doublings(pongs, pairs)
    return _total(elements, rounding=edition < 2)


def _honour_set_doublings(pongs: Sequence[tuple[int, bool]], pairs: Sequence[int]):
    """The doublings of every hand for its Pongs and Kans (``(tile, concealed)``) and
    pairs: three concealed, the three dragons, the four winds (Kajongg's DMJL rules)."""
    found = []
    if sum(1 for _, concealed in pongs if concealed) >= 3:
        found.append(Element("three-concealed-pongs"))
    dragons = sum(1 for t, _ in pongs if t in DRAGONS)
    winds = sum(1 for t, _ in pongs if t in WINDS)
    if dragons == 3:
        found.append(Element("big-three-dragons", tuple(code(t) for t in DRAGONS)))
    elif dragons == 2 and any(t in DRAGONS for t in pairs):
        found.append(Element("little-three-dragons", tuple(code(t) for t in DRAGONS)))
    if winds == 4:
        found.append(Element("big-four-winds", tuple(code(t) for t in WINDS)))
    elif winds == 3 and any(t in WINDS for t in pairs):
        found.append(Element("little-four-winds", tuple(code(t) for t in WINDS)))
    return found


def _whole_hand_doublings(kinds: Sequence[int], edition: int) -> list[Element]:
    """What the tiles of the whole hand bring, however it is read."""
    suits = {suit_of(k) for k in kinds if not is_honour(k)}
    honours = any(is_honour(k) for k in kinds)
    if not suits:
        return [Element("honours-only" if edition >= 2 else "all-honours")]
    found = []
    if len(suits) == 1:
        found.append(Element("one-suit-honours" if honours else "one-suit"))
    if edition < 2:
        return found
    if all(is_terminal_or_honour(k) for k in kinds):
        found.append(Element("all-majors" if honours else "all-terminals"))
    elif not any(is_terminal_or_honour(k) for k in kinds):
        found.append(Element("all-simples"))
    if all(k in GREEN for k in kinds):
        found.append(Element("imperial-jade"))
    return found


def _is_nine_gates(concealed: Sequence[int], melds: Sequence[Meld]) -> bool:
    """1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit, all in the hand, and one more of it."""
    if melds or len(concealed) != 14 or not all(is_suited(k) for k in concealed):
        return False
    if len({suit_of(k) for k in concealed}) != 1:
        return False
    ranks = [rank_of(k) for k in concealed]
    return ranks.count(1) >= 3 and ranks.count(9) >= 3 and set(ranks) == set(range(1, 10))


def _is_squirming_snake(sets: Sequence[tuple[str, int, bool]], pair: int) -> bool:
    """One suit: Pongs (or Kans) of 1 and 9, a pair of 2, 5 or 8, and two Chis of the
    other numbers."""
    tiles = [pair] + [s[1] for s in sets]
    if not all(is_suited(k) for k in tiles) or len({suit_of(k) for k in tiles}) != 1:
        return False
    pongs = sorted(rank_of(t) for shape, t, _ in sets if shape != "chi")
    chi_ranks = sorted(rank_of(t) + i for shape, t, _ in sets if shape == "chi" for i in range(3))
    rest = sorted(set(range(2, 9)) - {rank_of(pair)})
    return pongs == [1, 9] and rank_of(pair) in (2, 5, 8) and chi_ranks == rest


def _reading_doublings(
    sets: Sequence[tuple[str, int, bool]],
    pair: int,
    pair_scores: bool,
    melds: Sequence[Meld],
    win: Win,
) -> list[Element]:
    """The second edition's doublings and special hands of one reading of a Mah Jong
    hand: ``sets`` are (shape, lowest tile, concealed), the four sets of the hand."""
    found: list[Element] = []
    chis = [t for shape, t, _ in sets if shape == "chi"]
    pongs = [(t, concealed) for shape, t, concealed in sets if shape != "chi"]
    found += _honour_set_doublings(pongs, [pair])
    if all(shape == "chi" for shape, _, _ in sets) and not pair_scores:
        found.append(Element("zero-point"))
    for suit in range(3):
        if {suit * 9, suit * 9 + 3, suit * 9 + 6} <= set(chis):
            found.append(Element("straight"))
    if any({r, r + 9, r + 18} <= set(chis) for r in range(7)):
        found.append(Element("same-chis"))

    def major(shape: str, t: int) -> bool:
        return is_terminal_or_honour(t) or (shape == "chi" and rank_of(t) == 7)

    every_set = all(major(shape, t) for shape, t, _ in sets) and is_terminal_or_honour(pair)
    if every_set and chis:  # without a Chi it is a hand of terminals and honours only
        found.append(Element("outside"))
    if sum(1 for m in melds if m.shape == "kan") == 4:
        found.append(Element("four-kans"))
    if len(pongs) == 4 and all(concealed for _, concealed in pongs) and win.self_drawn:
        found.append(Element("hidden-treasure"))
    if sum(1 for t, _ in pongs if t in DRAGONS) == 3:
        found.append(Element("three-great-scholars"))
    if sum(1 for t, _ in pongs if t in WINDS) == 4:
        found.append(Element("four-blessings"))
    if _is_squirming_snake(sets, pair):
        found.append(Element("squirming-snake"))
    return found


def _win_doublings(concealed_hand: bool, suits: int, honours: bool, win: Win) -> list[Element]:
    """The second edition's doublings and special hands of how the hand was won."""
    found = []
    if concealed_hand and win.self_drawn:
        found.append(Element("concealed-drawn"))
        if suits == 1 and not honours:
            found.append(Element("concealed-one-suit"))
    if win.dead_end:
        found.append(Element("dead-end"))
        if win.tile == kind("5D"):
            found.append(Element("plum-blossom"))
    if win.last_tile:
        found.append(Element("last-of-wall" if win.self_drawn else "last-discard"))
        if win.self_drawn and win.tile == kind("1D"):
            found.append(Element("moon-from-the-sea"))
    if win.kan_upon_kan:
        found.append(Element("twofold-fortune"))
    if win.heavenly:
        found.append(Element("heavenly"))
    if win.earthly:
        found.append(Element("earthly"))
    return found


def score_winner(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    bonus: Sequence[int],
    seat_wind: int,
    round_wind: int,
    win: Win,
    edition: int = EDITION,
) -> HandScore:
    """The Mah Jong hand: ``concealed`` includes the winning tile. Of all the ways to
    read the hand (which sets, and which set the claimed tile completed: a Pong made
    with a discard counts as exposed) the one worth most is scored. Thirteen orphans,
    no hand of four sets and a pair, wins from the second edition on."""
    kinds = list(concealed) + [t for m in melds for t in m.tiles]
    concealed_hand = all(m.shape == "kan" and m.concealed for m in melds)
    suits = len({suit_of(k) for k in kinds if not is_honour(k)})
    honours = any(is_honour(k) for k in kinds)
    base = _meld_elements(melds, seat_wind, round_wind)
    base += _bonus_elements(bonus, seat_wind)
    if edition >= 2:
        base += _win_doublings(concealed_hand, suits, honours, win)
        if is_thirteen_orphans(concealed) and not melds:
            elements = [Element("thirteen-orphans", tuple(code(k) for k in sorted(concealed)))]
            return _total([*elements, *base])
        if _is_nine_gates(concealed, melds):
            base.append(Element("nine-gates", tuple(code(k) for k in sorted(concealed))))
    readings = decompositions(concealed)
    if not readings:
        raise ValueError("not a complete hand: four sets and one pair are needed")
    base += _whole_hand_doublings(kinds, edition)
    if edition < 2 and concealed_hand:
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
            sets = [(m.shape, m.tile, m.shape == "kan" and m.concealed) for m in melds]
            pair, pair_scores = -1, False
            for index, block in enumerate(blocks):
                if block.shape == "pair":
                    pair = block.tile
                    pair_elements = _pair_elements(block.tile, seat_wind, round_wind)
                    pair_scores = bool(pair_elements)
                    elements += pair_elements
                    continue
                has_chi = has_chi or block.shape == "chi"
                concealed_set = index != exposed_index
                sets.append((block.shape, block.tile, concealed_set))
                elements += _set_elements(
                    block.shape, block.tile, concealed_set, seat_wind, round_wind
                )
            if not has_chi:
                elements.append(Element("no-chi"))
            if edition >= 2:
                elements += _reading_doublings(sets, pair, pair_scores, melds, win)
            elif sum(e.points for e in elements) == RULES["mahjong"].points:
                elements.append(Element("no-score"))
            score = _total(elements)
            if best is None or _rank(score) > _rank(best):
                best = score
    assert best is not None
    return best


def _rank(score: HandScore) -> tuple[int, bool, int]:
    """Readings compare by value; at the limit a special hand is named before a sum."""
    return (score.value, any(e.rule.limit for e in score.elements), score.points)


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
            f = factor(s, winner)
            payments.append(Payment(s, winner, values[winner] * f, "winner", (f,)))
    else:
        shares = tuple(factor(s, winner) for s in losers)
        total = values[winner] * sum(shares)
        payments.append(Payment(discarder, winner, total, "winner", shares))
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            diff, f = values[a] - values[b], factor(a, b)
            if diff > 0:
                payments.append(Payment(b, a, diff * f, "losers", (f,)))
            elif diff < 0:
                payments.append(Payment(a, b, -diff * f, "losers", (f,)))
    return tuple(payments)


def deltas(payments: Sequence[Payment]) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return (out[0], out[1], out[2], out[3])
