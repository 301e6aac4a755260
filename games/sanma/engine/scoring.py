"""Everything the ``mahjong`` library computes for us: shanten, waits, hand values.

Configured for Tenhou's three-player rules (docs/sanma.md#scoring): open tanyao, red
fives as chosen, no double yakuman (several yakuman still add up), kazoe yakuman at 13
han, no kiriage, tsumo loss and 200 per honba on a ron. Set-aside Norths are passed as
``num_nuki_dora``; a North is never a seat or round wind.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as LibraryMeld
from mahjong.shanten import Shanten

from games.tables.engine.shapes import may_lower_regular_shanten
from games.tables.engine.shapes import regular_shanten as shared_regular_shanten

from .state import Meld
from .tiles import EAST, KINDS, TERMINALS_AND_HONOURS

_RULES = {
    red: OptionalRules(
        is_three_player=True,
        has_open_tanyao=True,
        has_aka_dora=red,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=False,
    )
    for red in (False, True)
}


@lru_cache(maxsize=200_000)
def shanten(counts: tuple[int, ...]) -> int:
    """Shanten of concealed tiles given as 34 counts (-1: complete, 0: tenpai): the
    library's, the lowest of its three forms (``Shanten.calculate_shanten``), each form
    asked on its own so that the costly regular one is memoised apart."""
    best = regular_shanten(counts)
    if sum(counts) >= 13:
        best = min(best, seven_pairs_shanten(counts), orphans_shanten(counts))
    return best


def regular_shanten(counts: tuple[int, ...]) -> int:
    """The library's shanten of the regular form (four sets and a pair), its costly one,
    by the shared memo (games/tables/engine/shapes.py)."""
    return shared_regular_shanten(counts, three_player=True)


def seven_pairs_shanten(counts: tuple[int, ...]) -> int:
    return Shanten.calculate_shanten_for_chiitoitsu_hand(counts)


def orphans_shanten(counts: tuple[int, ...]) -> int:
    return Shanten.calculate_shanten_for_kokushi_hand(counts)


@lru_cache(maxsize=200_000)
def waits(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds that complete a hand of 3n+1 concealed tiles (docs/sanma.md#furiten).

    A kind of which the hand itself holds all four is no wait: that tile cannot come.
    """
    if sum(counts) % 3 != 1 or shanten(counts) != 0:
        return ()
    return tuple(kind for kind in KINDS if counts[kind] < 4 and lowers(counts, kind, 0))


def lowers(counts: tuple[int, ...], kind: int, below: int) -> bool:
    """Whether one more ``kind`` brings the library's shanten of 3n+1 concealed tiles
    below ``below`` (0 for a wait; the hand's own shanten for a tile it accepts): when it
    does so in one form. One tile lowers a form by one at most, so a form is asked only
    while the hand's own count in it could still go below; seven pairs and thirteen
    orphans are a count and asked first, the costly regular form only of a kind within
    its reach (docs/tables.md#bots-ask-only-tiles-within-reach)."""
    more = tuple(_plus(counts, kind))
    hand = reach(counts)
    if sum(more) >= 13:
        if hand.seven_pairs <= below and seven_pairs_shanten(more) < below:
            return True
        if hand.orphans <= below and orphans_shanten(more) < below:
            return True
    if hand.regular > below or kind not in hand.near:
        return False
    return regular_shanten(more) < below


@dataclass(frozen=True, slots=True)
class Reach:
    """What one more tile may do to a 3n+1 hand: its shanten in each form, and the kinds
    within reach of its regular form."""

    seven_pairs: int
    orphans: int
    regular: int
    near: frozenset[int]


@lru_cache(maxsize=20_000)
def reach(counts: tuple[int, ...]) -> Reach:
    """Asked once per hand: the bots try many tiles on the same hand."""
    return Reach(
        seven_pairs_shanten(counts),
        orphans_shanten(counts),
        regular_shanten(counts),
        frozenset(may_lower_regular_shanten(counts)),
    )


def may_discard_to_ready(counts: tuple[int, ...]) -> bool:
    """Whether some discard may leave 3n+2 concealed tiles ready. Never when they are two
    or more from complete: no discard brings a hand closer to ready
    (tests/sanma/engine/test_shanten_forms.py), so riichi and the discard helper try no
    discard of such a hand."""
    return shanten(counts) <= 0


def kokushi_waits(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The waits of a thirteen-orphans tenpai (the only hand that may rob a closed kan)."""
    if sum(counts) != 13 or Shanten.calculate_shanten_for_kokushi_hand(counts) != 0:
        return ()
    return tuple(
        k
        for k in sorted(TERMINALS_AND_HONOURS)
        if Shanten.calculate_shanten_for_kokushi_hand(_plus(counts, k)) == -1
    )


def _plus(counts: tuple[int, ...], kind: int) -> list[int]:
    plus = list(counts)
    plus[kind] += 1
    return plus


@dataclass(frozen=True)  # no slots: the rules change it with the shared ``replace``
class WinContext:
    """How a hand would be won: everything the library's HandConfig needs."""

    seat_wind: int  # 0 East, 1 South, 2 West
    round_wind: int  # 0 East, 1 South
    tsumo: bool
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    honba: int = 0
    sticks: int = 0
    norths: int = 0
    red_fives: bool = True


def _library_melds(melds: Iterable[Meld]) -> list[LibraryMeld]:
    out = []
    for m in melds:
        if m.kind == "pon":
            out.append(LibraryMeld(LibraryMeld.PON, m.tiles, opened=True, called_tile=m.called))
        elif m.kind == "added-kan":
            out.append(
                LibraryMeld(LibraryMeld.SHOUMINKAN, m.tiles, opened=True, called_tile=m.called)
            )
        else:
            out.append(
                LibraryMeld(
                    LibraryMeld.KAN, m.tiles, opened=m.kind == "open-kan", called_tile=m.called
                )
            )
    return out


def _config(ctx: WinContext, nagashi: bool = False) -> HandConfig:
    return HandConfig(
        is_tsumo=ctx.tsumo,
        is_riichi=ctx.riichi and not ctx.double_riichi,
        is_daburu_riichi=ctx.double_riichi,
        is_ippatsu=ctx.ippatsu,
        is_rinshan=ctx.rinshan,
        is_chankan=ctx.chankan,
        is_haitei=ctx.haitei,
        is_houtei=ctx.houtei,
        is_tenhou=ctx.tenhou,
        is_chiihou=ctx.chiihou,
        is_nagashi_mangan=nagashi,
        player_wind=EAST + ctx.seat_wind,
        round_wind=EAST + ctx.round_wind,
        tsumi_number=ctx.honba,
        kyoutaku_number=ctx.sticks,
        num_nuki_dora=ctx.norths,
        options=_RULES[ctx.red_fives],
    )


@dataclass(frozen=True, slots=True)
class Value:
    """The library's verdict on a hand: an error, or yaku, han, fu and the cost."""

    error: str | None
    yaku: tuple[tuple[str, int], ...] = ()
    han: int = 0
    fu: int = 0
    cost: dict | None = None  # the library's ScoresResult
    limit: str = ""  # "", "mangan" ... "sanbaiman", "kazoe yakuman", "yakuman", "2x yakuman"...


def limit_of(level: str, han: int, has_yakuman: bool) -> str:
    """The hand's limit as the result card and the export name it: 13 han or more
    without a yakuman yaku is a counted yakuman (docs/sanma.md#yakuman). The library
    names it "kazoe yakuman" and then overwrites that with "yakuman" for any 13 han,
    so the level it reports cannot tell the two apart."""
    if han >= 13 and not has_yakuman:
        return "kazoe yakuman"
    return level


def hand_value(
    concealed: Sequence[int],
    win_tile: int,
    melds: Sequence[Meld],
    dora_indicators: Sequence[int],
    ura_indicators: Sequence[int],
    ctx: WinContext,
) -> Value:
    """Value a complete hand; ``concealed`` includes the winning tile."""
    tiles = [*concealed, *(t for m in melds for t in m.tiles)]
    library_melds = _library_melds(melds)
    result = HandCalculator.estimate_hand_value(
        tiles,
        win_tile,
        melds=library_melds,
        dora_indicators=list(dora_indicators),
        config=_config(ctx),
        ura_dora_indicators=list(ura_indicators) if ctx.riichi else None,
    )
    if result.error:
        return Value(error=result.error)
    is_open = any(m.kind != "closed-kan" for m in melds)
    yaku = tuple(
        (y.name, (y.han_open if is_open and y.han_open else y.han_closed)) for y in result.yaku
    )
    cost = dict(result.cost)
    has_yakuman = any(y.is_yakuman for y in result.yaku)
    limit = limit_of(str(cost["yaku_level"]), result.han, has_yakuman)
    return Value(None, yaku, result.han, result.fu, cost, limit)


def nagashi_value(seat_wind: int, red_fives: bool) -> Value:
    """Nagashi mangan: paid like a mangan tsumo, without honba or sticks."""
    ctx = WinContext(seat_wind=seat_wind, round_wind=0, tsumo=True, red_fives=red_fives)
    result = HandCalculator.estimate_hand_value(
        [], 0, config=_config(ctx, nagashi=True), dora_indicators=[]
    )
    cost = dict(result.cost)
    return Value(
        None, (("Nagashi Mangan", 5),), result.han, result.fu, cost, str(cost["yaku_level"])
    )
