"""What a hand is worth: the library's value of a win, and a rough value before tenpai.

``win_points`` asks the library (through the engine's scoring) what a win on a given
tile would pay, so yaku, fu, dora, red fives and set-aside Norths are all counted the
way the game will count them; 0 means the win has no yaku. ``estimate`` guesses the
value of a hand that is not tenpai yet from its dora and the yaku it is heading for.
"""

from __future__ import annotations

from functools import lru_cache

from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from games.sanma.engine import scoring
from games.sanma.engine.state import Meld
from games.sanma.engine.tiles import EAST, RED_FIVES, kind_code, parse_code

from .reading import Reading, is_simple, kind_of, suit_of

# A ron's value without honba is the same as in four-player Mahjong (docs/sanma.md#scoring).
_THREE_PLAYERS = OptionalRules(is_three_player=True)


def _ids(codes: tuple[str, ...]) -> list[int]:
    """Distinct tile ids for codes: a red five is its kind's red tile, others avoid it."""
    used: set[int] = set()
    out = []
    for c in codes:
        kind, red = parse_code(c)
        pool = range(4 * kind, 4 * kind + 4)
        if red:
            tile = 4 * kind
        else:
            tile = next((t for t in pool if t not in used and t not in RED_FIVES), None)
            if tile is None:  # a fourth plain five of a set without red fives
                tile = next(t for t in pool if t not in used)
        used.add(tile)
        out.append(tile)
    return out


@lru_cache(maxsize=50_000)
def _points(
    concealed: tuple[str, ...],
    win: str,
    melds: tuple[tuple[str, tuple[str, ...]], ...],
    dora: tuple[str, ...],
    seat_wind: int,
    round_wind: int,
    norths: int,
    tsumo: bool,
    riichi: bool,
) -> int:
    codes = (*concealed, win, *(c for _, tiles in melds for c in tiles))
    if sum(1 for c in codes if kind_of(c) == kind_of(win)) > 4:
        return 0  # a wait on a kind the hand holds all four of: no tile can win
    ids = _ids(codes)
    hand_ids = ids[: len(concealed) + 1]
    rest = iter(ids[len(concealed) + 1 :])
    engine_melds = []
    for kind, tiles in melds:
        meld_ids = tuple(next(rest) for _ in tiles)
        called = None if kind == "closed-kan" else meld_ids[0]
        engine_melds.append(Meld(kind=kind, tiles=meld_ids, called=called))  # type: ignore[arg-type]
    ctx = scoring.WinContext(
        seat_wind=seat_wind,
        round_wind=round_wind,
        tsumo=tsumo,
        riichi=riichi,
        norths=norths,
    )
    indicators = [4 * kind_of(c) + 3 for c in dora]  # never a red five
    value = scoring.hand_value(hand_ids, hand_ids[-1], engine_melds, indicators, [], ctx)
    if value.error is not None or value.cost is None:
        return 0
    cost = value.cost
    return int(cost["main"]) + (int(cost["additional"]) if tsumo else 0)


def win_points(
    r: Reading, concealed: tuple[str, ...], win_kind: int, *, tsumo: bool, riichi: bool
) -> int:
    """What a win of ``concealed`` (13 - 3 per meld codes) on ``win_kind`` pays; 0: no yaku.

    Without honba and sticks, without ura dora or ippatsu: what the hand is surely worth.
    """
    return _points(
        tuple(sorted(concealed)),
        kind_code(win_kind),
        tuple((m.kind, m.tiles) for m in r.me.melds),
        r.view.dora,
        "ESW".index(r.me.wind),
        "ES".index(r.view.round[0]),
        len(r.me.set_aside),
        tsumo,
        riichi,
    )


def concealed_after(r: Reading, kind: int) -> tuple[str, ...]:
    """Own concealed codes after discarding ``kind`` (a plain five before a red one)."""
    codes = list(r.tiles)
    plain = [c for c in codes if kind_of(c) == kind]
    codes.remove(sorted(plain, key=lambda c: c.endswith("r"))[0])
    return tuple(codes)


def tenpai_points(r: Reading, concealed: tuple[str, ...], waits, *, riichi: bool) -> float:
    """The average value of a win over ``waits``, by unseen copies, a third of them tsumo."""
    total = 0.0
    copies = 0
    for k in waits:
        left = r.unseen(k)
        if not left:
            continue
        ron = win_points(r, concealed, k, tsumo=False, riichi=riichi)
        tsumo = win_points(r, concealed, k, tsumo=True, riichi=riichi) if r.is_closed else ron
        total += left * (2 * ron + tsumo) / 3
        copies += left
    return total / copies if copies else 0.0


def points_of_han(r: Reading, han: float, fu: int = 30) -> int:
    """The library's ron value of ``han`` han for this seat (dealer or not)."""
    han = max(1, round(han))
    config = HandConfig(player_wind=EAST + "ESW".index(r.me.wind), options=_THREE_PLAYERS)
    return int(ScoresCalculator.calculate_scores(han, fu, config)["main"])


def estimate(
    r: Reading,
    counts: tuple[int, ...] | None = None,
    melds: tuple[int, ...] | None = None,
    extra_han: int = 0,
) -> float:
    """Rough value of a hand if it wins, before it is tenpai: dora plus likely yaku.

    By default the bot's own hand; ``counts`` and ``melds`` (meld kinds) describe the
    hand after a call, ``extra_han`` the dora the call brings in.
    """
    counts = counts if counts is not None else r.counts
    closed = melds is None and r.is_closed
    melds = melds if melds is not None else r.meld_kinds
    han = float(r.dora_han + extra_han)
    value_sets = sum(1 for k in melds if k in r.value_kinds)
    value_sets += sum(1 for k in r.value_kinds if counts[k] >= 3)
    han += value_sets + 0.4 * sum(1 for k in r.value_kinds if counts[k] == 2 and r.unseen(k))
    if closed:
        han += 1.4  # riichi, and often tsumo, pinfu or ura dora with it
    kinds = [k for k in range(34) if counts[k]] + list(melds)
    if all(is_simple(k) for k in kinds):
        han += 1
    suits = {suit_of(k) for k in kinds} - {None}
    if len(suits) == 1:
        han += 3 if closed else 2
    return points_of_han(r, han)
