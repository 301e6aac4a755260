"""The rules: the one place where a decision changes the game (docs/sanma.md).

``legal_actions`` says what a seat may do; ``apply`` checks an action against it and
returns the next state. Draws are not decisions: they follow from the wall.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.tables.engine.values import replace

from . import scoring
from .actions import Action, IllegalAction
from .scoring import WinContext
from .state import (
    PLACEMENT_POINTS,
    START_SCORE,
    Claim,
    ClaimKind,
    GameResult,
    HandResult,
    HandState,
    Meld,
    Options,
    Payment,
    PondTile,
    SeatState,
    State,
    Win,
)
from .tiles import (
    ALL_TILES,
    NORTH,
    RED_FIVES,
    TERMINALS_AND_HONOURS,
    code,
    counts34,
    is_terminal_or_honour,
    kind_code,
    parse_code,
    sort_key,
)
from .wall import DEAL_SIZE, DORA_AT, LIVE_END, URA_AT, shuffled_wall

RIICHI_COST = 1000
RIICHI_MIN_LIVE_TILES = 3  # docs/sanma.md#riichi: you will draw at least once more
MAX_KANS = 4

# --------------------------------------------------------------------------- start


def new_game(options: Options, seed: int) -> State:
    """A new game: seat 0 deals the first hand and has drawn its 14th tile."""
    wall = shuffled_wall(seed, 0)
    return start_position(options, wall, seed=seed)


def start_position(
    options: Options,
    wall: Sequence[int],
    *,
    seed: int = 0,
    scores: tuple[int, int, int] = (START_SCORE,) * 3,
    round_wind: int = 0,
    hand_in_round: int = 0,
    honba: int = 0,
    sticks: int = 0,
    hand_number: int = 0,
) -> State:
    """A game whose current hand is dealt from ``wall`` (see ``wall.stacked_wall``).

    For hand-built positions (tests, the rules' step-by-step pictures). Later hands
    follow from ``seed`` as in any game.
    """
    if sorted(wall) != list(ALL_TILES):
        raise ValueError("a wall holds each of the 108 Sanma tiles once")
    hand = _deal(tuple(wall), hand_number, round_wind, hand_in_round, honba, sticks)
    return State(options=options, seed=seed, scores=scores, hand=hand)


def _deal(
    wall: tuple[int, ...],
    number: int,
    round_wind: int,
    hand_in_round: int,
    honba: int,
    sticks: int,
) -> HandState:
    dealer = hand_in_round
    seats: list[SeatState] = [SeatState()] * 3
    for i in range(3):
        tiles = wall[13 * i : 13 * i + 13]
        seats[(dealer + i) % 3] = SeatState(hand=_sorted(tiles))
    hand = HandState(
        number=number,
        round_wind=round_wind,
        hand_in_round=hand_in_round,
        honba=honba,
        sticks=sticks,
        wall=wall,
        draw_pos=DEAL_SIZE,
        live_end=LIVE_END,
        dora_count=1,
        pending_dora=0,
        seats=(seats[0], seats[1], seats[2]),
        turn=dealer,
        phase="draw",
    )
    return _draw(hand, dealer)


def _sorted(tiles: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(tiles, key=sort_key))


def _set_seat(hand: HandState, seat: int, new: SeatState) -> HandState:
    seats = list(hand.seats)
    seats[seat] = new
    return replace(hand, seats=(seats[0], seats[1], seats[2]))


def _draw(hand: HandState, seat: int) -> HandState:
    tile = hand.wall[hand.draw_pos]
    hand = _set_seat(hand, seat, replace(hand.seats[seat], drawn=tile))
    return replace(
        hand, draw_pos=hand.draw_pos + 1, turn=seat, phase="draw", rinshan=False, claim=None
    )


def _draw_replacement(hand: HandState, seat: int) -> HandState:
    """A replacement tile after a kan or a North: the live wall's last tile."""
    tile = hand.wall[hand.live_end - 1]
    hand = _set_seat(hand, seat, replace(hand.seats[seat], drawn=tile))
    return replace(
        hand, live_end=hand.live_end - 1, turn=seat, phase="draw", rinshan=True, claim=None
    )


# --------------------------------------------------------------------- public reads


def dora_indicators(hand: HandState) -> tuple[int, ...]:
    return hand.wall[DORA_AT : DORA_AT + hand.dora_count]


def ura_indicators(hand: HandState) -> tuple[int, ...]:
    return hand.wall[URA_AT : URA_AT + hand.dora_count]


def waits_of(seat: SeatState) -> tuple[int, ...]:
    """The kinds that complete the seat's concealed hand (without a drawn tile)."""
    return scoring.waits(counts34(seat.hand))


def furiten_kind(seat: SeatState) -> str | None:
    """``"riichi"``, ``"discard"``, ``"temporary"`` or None (docs/sanma.md#furiten)."""
    if seat.riichi_furiten:
        return "riichi"
    waits = waits_of(seat)
    if waits and any(p.tile // 4 in waits for p in seat.pond):
        return "discard"
    if seat.temporary_furiten:
        return "temporary"
    return None


def waiting_for(state: State) -> set[int]:
    """The seats whose decision the game waits for (any one of them in ``hand-end``)."""
    if state.game_result is not None:
        return set()
    hand = state.hand
    if hand.phase == "hand-end":
        return {0, 1, 2}
    if hand.phase == "call":
        assert hand.claim is not None
        answered = {s for s, _ in hand.claim.answers}
        return set(hand.claim.eligible) - answered
    return {hand.turn}


def first_turn(hand: HandState, seat: int) -> bool:
    """The seat has not discarded yet and nobody has called, declared a kan or a North."""
    return not hand.seats[seat].pond and not hand.interrupted


def four_kans_abort_due(hand: HandState) -> bool:
    return len(hand.kan_seats) == MAX_KANS and len(set(hand.kan_seats)) > 1


# ------------------------------------------------------------------ legal actions


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a stable order."""
    if state.game_result is not None or seat not in (0, 1, 2):
        return []
    hand = state.hand
    if hand.phase == "hand-end":
        return [Action(seat, "next")]
    if hand.phase == "call":
        claim = hand.claim
        assert claim is not None
        if seat not in claim.eligible or any(s == seat for s, _ in claim.answers):
            return []
        return [*_call_options(state, seat, claim), Action(seat, "pass")]
    if seat != hand.turn:
        return []
    if hand.phase == "discard":
        return _discards(state, seat, after_call=True)
    return _turn_options(state, seat)


def _codes(tiles: Iterable[int], red: bool) -> list[str]:
    seen: dict[str, None] = {}
    for t in sorted(tiles, key=sort_key):
        seen.setdefault(code(t, red), None)
    return list(seen)


def _discards(state: State, seat: int, after_call: bool = False) -> list[Action]:
    hand = state.hand
    s = hand.seats[seat]
    red = state.options.red_fives
    if s.riichi and s.drawn is not None:
        return [Action(seat, "d", code(s.drawn, red))]
    codes = _codes(s.concealed, red)
    if after_call and hand.kuikae is not None:
        allowed = [c for c in codes if parse_code(c)[0] != hand.kuikae]
        codes = allowed or codes
    return [Action(seat, "d", c) for c in codes]


def _turn_options(state: State, seat: int) -> list[Action]:
    hand = state.hand
    s = hand.seats[seat]
    red = state.options.red_fives
    actions = _discards(state, seat)
    concealed = s.concealed
    counts = counts34(concealed)
    if (
        not s.riichi
        and s.is_closed
        and state.scores[seat] >= RIICHI_COST
        and hand.live_tiles >= RIICHI_MIN_LIVE_TILES
        and scoring.may_discard_to_ready(counts)
    ):
        for c in _codes(concealed, red):
            if scoring.waits(_minus(counts, parse_code(c)[0])):
                actions.append(Action(seat, "riichi", c))
    if scoring.shanten(counts) == -1 and _tsumo_value(state, seat).error is None:
        actions.append(Action(seat, "tsumo"))
    if hand.live_tiles > 0 and len(hand.kan_seats) < MAX_KANS:
        for kind in _kan_kinds(hand, s, counts):
            actions.append(Action(seat, "kan", kind_code(kind)))
    if hand.live_tiles > 0 and counts[NORTH] and (not s.riichi or _drawn_kind(s) == NORTH):
        actions.append(Action(seat, "nuki"))
    if first_turn(hand, seat) and sum(1 for k in TERMINALS_AND_HONOURS if counts[k]) >= 9:
        actions.append(Action(seat, "abort"))
    return actions


def _drawn_kind(s: SeatState) -> int | None:
    return None if s.drawn is None else s.drawn // 4


def _minus(counts: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    out = list(counts)
    out[kind] -= n
    return tuple(out)


def _kan_keeps_waits(s: SeatState, counts: tuple[int, ...], kind: int) -> bool:
    """Whether a closed kan of ``kind`` leaves a seat in riichi the waits it has
    (docs/sanma.md#riichi): the waits of the hand as it would be, the four tiles taken
    out as a meld, against those of the hand before the drawn tile. The kind of the kan
    is no wait afterwards, all four of it being in the kan: 1234445677 of bamboo waits
    on 4 and 7 (44 + 456), with 4444 as a kan on 7 alone."""
    after = tuple(k for k in scoring.waits(_minus(counts, kind, 4)) if k != kind)
    return waits_of(s) == after


def _kan_kinds(hand: HandState, s: SeatState, counts: tuple[int, ...]) -> list[int]:
    kinds = []
    for kind in sorted({t // 4 for t in s.concealed}):
        if counts[kind] == 4:
            # In riichi only a kan of the drawn tile that keeps the waits.
            keeps = _drawn_kind(s) == kind and _kan_keeps_waits(s, counts, kind)
            if not s.riichi or keeps:
                kinds.append(kind)
    if not s.riichi:
        for m in s.melds:
            if m.kind == "pon" and counts[m.tiles[0] // 4]:
                kinds.append(m.tiles[0] // 4)
    return kinds


def _call_options(state: State, seat: int, claim: Claim) -> list[Action]:
    hand = state.hand
    s = hand.seats[seat]
    options = []
    if _ron_value(state, seat, claim).error is None:
        options.append(Action(seat, "ron"))
    if (
        claim.kind == "discard"
        and not s.riichi
        and hand.live_tiles > 0
        and not four_kans_abort_due(hand)
    ):
        held = sum(1 for t in s.hand if t // 4 == claim.tile // 4)
        if held >= 2:
            options.append(Action(seat, "pon"))
        if held == 3 and len(hand.kan_seats) < MAX_KANS:
            options.append(Action(seat, "kan"))
    return options


# ------------------------------------------------------------------------ values


def _context(state: State, seat: int, **win: bool) -> WinContext:
    hand = state.hand
    s = hand.seats[seat]
    return WinContext(
        seat_wind=hand.seat_wind(seat),
        round_wind=hand.round_wind,
        riichi=s.riichi,
        double_riichi=s.double_riichi,
        ippatsu=s.ippatsu,
        honba=hand.honba,
        sticks=hand.sticks,
        norths=len(s.norths),
        red_fives=state.options.red_fives,
        **win,  # type: ignore[arg-type]
    )


def _tsumo_value(state: State, seat: int) -> scoring.Value:
    hand = state.hand
    s = hand.seats[seat]
    assert s.drawn is not None
    first = first_turn(hand, seat)
    ctx = _context(
        state,
        seat,
        tsumo=True,
        rinshan=hand.rinshan,
        haitei=hand.live_tiles == 0 and not hand.rinshan,
        tenhou=first and seat == hand.dealer,
        chiihou=first and seat != hand.dealer,
    )
    return scoring.hand_value(
        s.concealed, s.drawn, s.melds, dora_indicators(hand), ura_indicators(hand), ctx
    )


def _ron_value(state: State, seat: int, claim: Claim, *, first: bool = True) -> scoring.Value:
    """The value of a ron on the tile on offer, or an error (no wait, furiten, no yaku)."""
    hand = state.hand
    s = hand.seats[seat]
    counts = counts34(s.hand)
    kind = claim.tile // 4
    waits = scoring.kokushi_waits(counts) if claim.kind == "closed-kan" else scoring.waits(counts)
    if kind not in waits:
        return scoring.Value(error="not_a_wait")
    if furiten_kind(s) is not None:
        return scoring.Value(error="furiten")
    ctx = _context(
        state,
        seat,
        tsumo=False,
        chankan=claim.kind in ("added-kan", "closed-kan"),
        houtei=claim.kind == "discard" and hand.live_tiles == 0,
    )
    if not first:  # the second winner of a double ron gets no honba and no sticks
        ctx = replace(ctx, honba=0, sticks=0)
    return scoring.hand_value(
        (*s.hand, claim.tile),
        claim.tile,
        s.melds,
        dora_indicators(hand),
        ura_indicators(hand),
        ctx,
    )


def cannot_win_reason(state: State, seat: int) -> str | None:
    """Why a complete hand cannot win now: ``"no-yaku"`` or ``"furiten"`` (or None)."""
    hand = state.hand
    s = hand.seats[seat]
    if hand.phase == "draw" and hand.turn == seat and s.drawn is not None:
        if scoring.shanten(counts34(s.concealed)) == -1:
            error = _tsumo_value(state, seat).error
            return "no-yaku" if error else None
        return None
    if hand.phase == "call" and hand.claim is not None and hand.claim.seat != seat:
        error = _ron_value(state, seat, hand.claim).error
        if error == "furiten":
            return "furiten"
        if error and error != "not_a_wait":
            return "no-yaku"
    return None


def win_preview(state: State, seat: int, legal: Iterable[Action]) -> scoring.Value | None:
    """The library's value of the tsumo or ron this seat may declare now (``legal``: its
    legal actions, which the caller has already worked out)."""
    hand = state.hand
    moves = {a.move for a in legal}
    if "tsumo" in moves:
        return _tsumo_value(state, seat)
    if "ron" in moves and hand.claim is not None:
        # Shown with honba and sticks: whether a double ron takes them is not known yet.
        return _ron_value(state, seat, hand.claim)
    return None


# ------------------------------------------------------------------------- apply


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises IllegalAction if it is not legal now."""
    if not isinstance(action, Action):
        raise IllegalAction(f"not an action: {action!r}")
    if action not in legal_actions(state, action.seat):
        raise IllegalAction(
            f"{action} is not legal now (phase {state.phase}, "
            f"waiting for {sorted(waiting_for(state))})"
        )
    new = _apply(state, action)
    return replace(new, actions=state.actions + 1)


def replay(options: Options, seed: int, actions: Iterable[Action | str]) -> State:
    """Rebuild a game from its seed and its event log (actions or their texts)."""
    state = new_game(options, seed)
    for action in actions:
        state = apply(state, action if isinstance(action, Action) else Action.parse(action))
    return state


def _apply(state: State, action: Action) -> State:
    seat, move = action.seat, action.move
    if move == "next":
        return _next_hand(state)
    if state.hand.phase == "call":
        return _answer(state, seat, move)
    if move in ("d", "riichi"):
        assert action.tile is not None
        return _discard(state, seat, action.tile, riichi=move == "riichi")
    if move == "tsumo":
        return _tsumo(state, seat)
    if move == "kan":
        assert action.tile is not None
        return _declare_kan(state, seat, parse_code(action.tile)[0])
    if move == "nuki":
        return _declare_north(state, seat)
    if move == "abort":
        return _abort(state, "nine-terminals", aborter=seat)
    raise IllegalAction(f"unknown move {move!r}")  # pragma: no cover - legal_actions guards


def _take(s: SeatState, tile: int) -> SeatState:
    """The seat without ``tile``; the drawn tile joins the hand."""
    rest = list(s.concealed)
    rest.remove(tile)
    return replace(s, hand=_sorted(rest), drawn=None)


def _pick(s: SeatState, tile_code: str, red: bool) -> int:
    if s.drawn is not None and code(s.drawn, red) == tile_code:
        return s.drawn
    return next(t for t in s.hand if code(t, red) == tile_code)


def _discard(state: State, seat: int, tile_code: str, riichi: bool) -> State:
    hand = state.hand
    s = hand.seats[seat]
    tile = _pick(s, tile_code, state.options.red_fives)
    tsumogiri = tile == s.drawn
    first = first_turn(hand, seat)
    s = _take(s, tile)
    s = replace(
        s,
        pond=(*s.pond, PondTile(tile, tsumogiri=tsumogiri, riichi=riichi)),
        riichi=s.riichi or riichi,
        double_riichi=s.double_riichi or (riichi and first),
        ippatsu=riichi,  # a riichi's ippatsu ends with the seat's next discard
        temporary_furiten=False,
        nagashi=s.nagashi and is_terminal_or_honour(tile),
    )
    hand = _set_seat(hand, seat, s)
    hand = replace(
        hand,
        last_discard=(seat, tile),
        kuikae=None,
        rinshan=False,
        dora_count=hand.dora_count + hand.pending_dora,  # an open kan's indicator
        pending_dora=0,
        pending_riichi=seat if riichi else None,
    )
    return _offer(replace(state, hand=hand), "discard", seat, tile)


def _offer(state: State, kind: ClaimKind, seat: int, tile: int) -> State:
    """Put a tile on offer; seats that can call on it must answer."""
    claim = Claim(kind=kind, seat=seat, tile=tile, eligible=())
    probe = replace(state, hand=replace(state.hand, claim=claim, phase="call", turn=seat))
    eligible = tuple(
        other for other in ((seat + 1) % 3, (seat + 2) % 3) if _call_options(probe, other, claim)
    )
    claim = replace(claim, eligible=eligible)
    probe = replace(probe, hand=replace(probe.hand, claim=claim))
    if not eligible:
        return _resolve(probe)
    return probe


def _answer(state: State, seat: int, move: str) -> State:
    hand = state.hand
    assert hand.claim is not None
    claim = replace(hand.claim, answers=(*hand.claim.answers, (seat, move)))
    state = replace(state, hand=replace(hand, claim=claim))
    if len(claim.answers) == len(claim.eligible):
        return _resolve(state)
    return state


def _resolve(state: State) -> State:
    hand = state.hand
    claim = hand.claim
    assert claim is not None
    answers = dict(claim.answers)
    rons = [s for s in ((claim.seat + 1) % 3, (claim.seat + 2) % 3) if answers.get(s) == "ron"]
    if rons:
        return _ron(state, rons, claim)
    state = _mark_missed_wins(state, claim)
    state = _settle_riichi(state)
    hand = state.hand
    if claim.kind == "discard":
        callers = [(s, m) for s, m in claim.answers if m in ("pon", "kan")]
        if callers:
            return _call(state, *callers[0])
        return _after_discard(state)
    if claim.kind == "north":
        return _complete_north(state)
    if claim.kind == "added-kan":
        return _complete_added_kan(state)
    return _complete_closed_kan(state)


def _mark_missed_wins(state: State, claim: Claim) -> State:
    """A seat that lets a winning tile go is furiten (docs/sanma.md#furiten)."""
    hand = state.hand
    for other in ((claim.seat + 1) % 3, (claim.seat + 2) % 3):
        s = hand.seats[other]
        counts = counts34(s.hand)
        waits = scoring.kokushi_waits(counts) if claim.kind == "closed-kan" else waits_of(s)
        if claim.tile // 4 in waits:
            s = replace(s, temporary_furiten=True, riichi_furiten=s.riichi_furiten or s.riichi)
            hand = _set_seat(hand, other, s)
    return replace(state, hand=hand)


def _settle_riichi(state: State) -> State:
    """The riichi discard was not won on: the stick goes down now."""
    hand = state.hand
    seat = hand.pending_riichi
    if seat is None:
        return state
    scores = list(state.scores)
    scores[seat] -= RIICHI_COST
    return replace(
        state,
        scores=(scores[0], scores[1], scores[2]),
        hand=replace(hand, sticks=hand.sticks + 1, pending_riichi=None),
    )


def _interrupt(hand: HandState) -> HandState:
    """A call, a kan or a North: the first go-around and every ippatsu are over."""
    seats = tuple(replace(s, ippatsu=False) for s in hand.seats)
    return replace(hand, interrupted=True, seats=seats)  # type: ignore[arg-type]


def _after_discard(state: State) -> State:
    hand = state.hand
    if four_kans_abort_due(hand):
        return _abort(state, "four-kans")
    if hand.live_tiles == 0:
        return _exhaustive_draw(state)
    return replace(state, hand=_draw(replace(hand, claim=None), (hand.turn + 1) % 3))


def _call(state: State, caller: int, move: str) -> State:
    hand = state.hand
    claim = hand.claim
    assert claim is not None
    discarder = hand.seats[claim.seat]
    pond = (*discarder.pond[:-1], replace(discarder.pond[-1], called=True))
    hand = _set_seat(hand, claim.seat, replace(discarder, pond=pond, nagashi=False))
    s = hand.seats[caller]
    kind = claim.tile // 4
    # Red fives go into the meld first: they count as dora there too.
    own = sorted((t for t in s.hand if t // 4 == kind), key=lambda t: (t not in RED_FIVES, t))
    own = own[: 2 if move == "pon" else 3]
    rest = list(s.hand)
    for t in own:
        rest.remove(t)
    meld = Meld(
        kind="pon" if move == "pon" else "open-kan",
        tiles=_sorted((*own, claim.tile)),
        called=claim.tile,
        from_seat=claim.seat,
    )
    hand = _set_seat(hand, caller, replace(s, hand=_sorted(rest), melds=(*s.melds, meld)))
    hand = _interrupt(replace(hand, claim=None, turn=caller))
    if move == "pon":
        return replace(state, hand=replace(hand, phase="discard", kuikae=kind, rinshan=False))
    hand = replace(
        hand,
        kan_seats=(*hand.kan_seats, caller),
        dora_count=hand.dora_count + hand.pending_dora,
        pending_dora=1,
    )
    return replace(state, hand=_draw_replacement(hand, caller))


def _declare_kan(state: State, seat: int, kind: int) -> State:
    hand = state.hand
    s = hand.seats[seat]
    if any(m.kind == "pon" and m.tiles[0] // 4 == kind for m in s.melds):
        tile = next(t for t in s.concealed if t // 4 == kind)
        hand = _set_seat(hand, seat, _take(s, tile))
        return _offer(replace(state, hand=hand), "added-kan", seat, tile)
    tile = max(t for t in s.concealed if t // 4 == kind)
    hand = _set_seat(hand, seat, _take(s, tile))
    return _offer(replace(state, hand=hand), "closed-kan", seat, tile)


def _declare_north(state: State, seat: int) -> State:
    hand = state.hand
    s = hand.seats[seat]
    tile = s.drawn if _drawn_kind(s) == NORTH else next(t for t in s.hand if t // 4 == NORTH)
    assert tile is not None
    hand = _set_seat(hand, seat, _take(s, tile))
    return _offer(replace(state, hand=hand), "north", seat, tile)


def _complete_north(state: State) -> State:
    hand = state.hand
    claim = hand.claim
    assert claim is not None
    s = hand.seats[claim.seat]
    hand = _set_seat(hand, claim.seat, replace(s, norths=(*s.norths, claim.tile)))
    hand = _interrupt(hand)
    return replace(state, hand=_draw_replacement(hand, claim.seat))


def _complete_added_kan(state: State) -> State:
    hand = state.hand
    claim = hand.claim
    assert claim is not None
    s = hand.seats[claim.seat]
    kind = claim.tile // 4
    melds = tuple(
        replace(m, kind="added-kan", tiles=_sorted((*m.tiles, claim.tile)), added=claim.tile)
        if m.kind == "pon" and m.tiles[0] // 4 == kind
        else m
        for m in s.melds
    )
    hand = _set_seat(hand, claim.seat, replace(s, melds=melds))
    hand = _interrupt(hand)
    hand = replace(
        hand,
        kan_seats=(*hand.kan_seats, claim.seat),
        dora_count=hand.dora_count + hand.pending_dora,
        pending_dora=1,
    )
    return replace(state, hand=_draw_replacement(hand, claim.seat))


def _complete_closed_kan(state: State) -> State:
    hand = state.hand
    claim = hand.claim
    assert claim is not None
    s = hand.seats[claim.seat]
    kind = claim.tile // 4
    tiles = [t for t in s.hand if t // 4 == kind]
    rest = [t for t in s.hand if t // 4 != kind]
    meld = Meld(kind="closed-kan", tiles=_sorted((*tiles, claim.tile)))
    hand = _set_seat(hand, claim.seat, replace(s, hand=_sorted(rest), melds=(*s.melds, meld)))
    hand = _interrupt(hand)
    hand = replace(
        hand,
        kan_seats=(*hand.kan_seats, claim.seat),
        dora_count=hand.dora_count + hand.pending_dora + 1,  # a closed kan's shows at once
        pending_dora=0,
    )
    return replace(state, hand=_draw_replacement(hand, claim.seat))


# ------------------------------------------------------------------ hand endings


def _win(state: State, seat: int, tile: int, from_seat: int | None, value) -> Win:
    hand = state.hand
    s = hand.seats[seat]
    concealed = s.concealed if from_seat is None else (*s.hand, tile)
    cost = value.cost
    assert cost is not None and value.error is None
    return Win(
        seat=seat,
        from_seat=from_seat,
        tile=tile,
        hand=_sorted(concealed),
        melds=s.melds,
        norths=len(s.norths),
        yaku=value.yaku,
        han=value.han,
        fu=value.fu,
        points=cost["main"] + (cost["additional"] if from_seat is None else 0),
        limit=value.limit,
        ura_indicators=ura_indicators(hand) if s.riichi else (),
        cost=cost,
    )


def _tsumo_payments(hand: HandState, seat: int, cost: dict) -> list[Payment]:
    payments = []
    for payer in ((seat + 1) % 3, (seat + 2) % 3):
        if payer == hand.dealer:
            amount, bonus = cost["main"], cost["main_bonus"]
        else:
            amount, bonus = cost["additional"], cost["additional_bonus"]
        payments.append(Payment(payer, seat, amount, "tsumo"))
        if bonus:
            payments.append(Payment(payer, seat, bonus, "honba"))
    return payments


def _tsumo(state: State, seat: int) -> State:
    hand = state.hand
    s = hand.seats[seat]
    assert s.drawn is not None
    value = _tsumo_value(state, seat)
    win = _win(state, seat, s.drawn, None, value)
    payments = _tsumo_payments(hand, seat, win.cost)
    if win.cost["kyoutaku_bonus"]:
        payments.append(Payment(None, seat, int(win.cost["kyoutaku_bonus"]), "sticks"))
    return _end_with_wins(state, (win,), payments)


def _ron(state: State, winners: list[int], claim: Claim) -> State:
    wins = []
    payments = []
    for i, seat in enumerate(winners):
        value = _ron_value(state, seat, claim, first=i == 0)
        win = _win(state, seat, claim.tile, claim.seat, value)
        wins.append(win)
        payments.append(Payment(claim.seat, seat, int(win.cost["main"]), "ron"))
        if win.cost["main_bonus"]:
            payments.append(Payment(claim.seat, seat, int(win.cost["main_bonus"]), "honba"))
        if win.cost["kyoutaku_bonus"]:
            payments.append(Payment(None, seat, int(win.cost["kyoutaku_bonus"]), "sticks"))
    hand = state.hand
    if claim.kind == "discard":
        discarder = hand.seats[claim.seat]
        pond = (*discarder.pond[:-1], replace(discarder.pond[-1], called=True))
        hand = _set_seat(hand, claim.seat, replace(discarder, pond=pond))
    # A ron on the riichi discard voids that riichi: no stick is paid.
    hand = replace(hand, pending_riichi=None)
    return _end_with_wins(replace(state, hand=hand), tuple(wins), payments)


def _end_with_wins(state: State, wins: tuple[Win, ...], payments: list[Payment]) -> State:
    hand = state.hand
    dealer_stays = any(w.seat == hand.dealer for w in wins)
    return _end_hand(
        state,
        HandResult(
            kind="win",
            reason="tsumo" if wins[0].from_seat is None else "ron",
            wins=wins,
            payments=tuple(payments),
            dealer_stays=dealer_stays,
        ),
        sticks_left=0,
    )


def _exhaustive_draw(state: State) -> State:
    hand = state.hand
    tenpai = tuple(i for i in range(3) if waits_of(hand.seats[i]))
    nagashi = tuple(i for i in range(3) if hand.seats[i].nagashi and hand.seats[i].pond)
    payments: list[Payment] = []
    if nagashi:
        for seat in nagashi:
            value = scoring.nagashi_value(hand.seat_wind(seat), state.options.red_fives)
            assert value.cost is not None
            payments += [
                replace(p, reason="nagashi") for p in _tsumo_payments(hand, seat, value.cost)
            ]
    elif len(tenpai) in (1, 2):
        noten = [i for i in range(3) if i not in tenpai]
        each = 2000 // (len(tenpai) * len(noten))
        payments = [Payment(n, t, each, "noten") for n in noten for t in tenpai]
    return _end_hand(
        state,
        HandResult(
            kind="draw",
            reason="nagashi" if nagashi else "exhaustive",
            tenpai=tenpai,
            nagashi=nagashi,
            payments=tuple(payments),
            dealer_stays=hand.dealer in tenpai,
        ),
        sticks_left=hand.sticks,
    )


def _abort(state: State, reason: str, aborter: int | None = None) -> State:
    return _end_hand(
        state,
        HandResult(kind="abort", reason=reason, dealer_stays=True, aborter=aborter),
        sticks_left=state.hand.sticks,
    )


def _end_hand(state: State, result: HandResult, sticks_left: int) -> State:
    hand = state.hand
    deltas = [0, 0, 0]
    for p in result.payments:
        deltas[p.payee] += p.amount
        if p.payer is not None:
            deltas[p.payer] -= p.amount
    scores = tuple(state.scores[i] + deltas[i] for i in range(3))
    result = replace(
        result,
        deltas=(deltas[0], deltas[1], deltas[2]),
        scores=scores,  # type: ignore[arg-type]
        hands=tuple(s.concealed for s in hand.seats),
    )
    hand = replace(hand, phase="hand-end", result=result, claim=None, sticks=sticks_left)
    return replace(state, scores=scores, hand=hand)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the game's course


def ranking(scores: Sequence[int]) -> tuple[int, int, int]:
    """Seats by score, ties by seat order from the starting dealer."""
    order = sorted(range(3), key=lambda s: (-scores[s], s))
    return (order[0], order[1], order[2])


def final_hand(options: Options) -> tuple[int, int]:
    return (1, 2) if options.length == "east-south" else (0, 2)


def _game_over(state: State) -> bool:
    hand = state.hand
    result = hand.result
    assert result is not None
    if min(state.scores) < 0:
        return True
    if state.options.length == "one-hand":
        return result.kind != "abort"
    if (hand.round_wind, hand.hand_in_round) != final_hand(state.options):
        return False
    if not result.dealer_stays:
        return True
    # The last dealer who wins and is then first ends the game (docs/sanma.md#the-games-course).
    return result.kind == "win" and ranking(state.scores)[0] == hand.dealer


def _next_hand(state: State) -> State:
    hand = state.hand
    result = hand.result
    assert result is not None
    if _game_over(state):
        return _finish(state)
    round_wind, hand_in_round = hand.round_wind, hand.hand_in_round
    if result.dealer_stays:
        honba = hand.honba + 1
    else:
        honba = hand.honba + 1 if result.kind != "win" else 0
        hand_in_round += 1
        if hand_in_round == 3:
            round_wind, hand_in_round = round_wind + 1, 0
    number = hand.number + 1
    new_hand = _deal(
        shuffled_wall(state.seed, number), number, round_wind, hand_in_round, honba, hand.sticks
    )
    return replace(state, hand=new_hand)


def _finish(state: State) -> State:
    scores = list(state.scores)
    order = ranking(scores)
    sticks = state.hand.sticks
    scores[order[0]] += sticks * RIICHI_COST
    one_hand = state.options.length == "one-hand"
    points = [0.0, 0.0, 0.0]
    for place, seat in enumerate(order):
        bonus = 0 if one_hand else PLACEMENT_POINTS[place]
        points[seat] = round((scores[seat] - START_SCORE) / 1000 + bonus, 1)
    result = GameResult(
        placements=order,
        scores=(scores[0], scores[1], scores[2]),
        points=(points[0], points[1], points[2]),
        leftover_sticks=sticks,
    )
    return replace(
        state,
        scores=result.scores,
        hand=replace(state.hand, sticks=0),
        game_result=result,
    )
