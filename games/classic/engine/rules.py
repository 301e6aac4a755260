"""The rules of Classic Mahjong as pure functions on an immutable state.

``new_game`` deals the first hand; ``legal_actions`` says what a seat may do;
``apply`` is the only way from one state to the next; ``replay`` rebuilds a state
from its seed and action log. Seats are 0-3 in turn order, seat 0 the first East.
The rules themselves are described in docs/classic.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from games.tables.engine.actions import Action, IllegalAction
from games.tables.engine.values import replace

from . import scoring
from .hand import Meld, is_winning, waits
from .scoring import HandScore, Payment, Win
from .tiles import (
    NORMAL_KINDS,
    WIND_CODES,
    WINDS,
    code,
    is_bonus,
    is_suited,
    is_terminal_or_honour,
    kind,
    rank_of,
)
from .wall import DEAD_END, build_wall

DRAW, DISCARD, CALL, HAND_END, GAME_END = "draw", "discard", "call", "hand-end", "game-end"
PHASES = (DRAW, DISCARD, CALL, HAND_END, GAME_END)
DEALER_RULES = ("official", "winner")
# Claims on a discard, strongest first (docs/classic.md#claims-and-their-priority).
CLAIM_PRIORITY = ("ron", "kan", "pon", "chi")


@dataclass(frozen=True)
class Options:
    """``rounds``: 1 (the East round) or 4 (a whole year); ``flowers``: play with the
    eight flowers and seasons (144 tiles) or without (136); ``dealer_rule``:
    ``"official"`` (East stays East after a win or a draw, and East is the leading wind)
    or ``"winner"`` (the deal passes after every hand; the last winner is the leading
    wind); ``edition``: the rules the table was started with (docs/classic.md#editions):
    2, with the special hands and the doublings of the second edition, or 1 for tables
    started before."""

    rounds: int = 1
    flowers: bool = True
    dealer_rule: str = "official"
    edition: int = scoring.EDITION

    def __post_init__(self) -> None:
        if self.rounds not in (1, 4):
            raise ValueError("rounds must be 1 (the East round) or 4 (a whole year)")
        if not isinstance(self.flowers, bool):
            raise ValueError("flowers must be true or false")
        if self.dealer_rule not in DEALER_RULES:
            raise ValueError(f"dealer_rule must be one of {', '.join(DEALER_RULES)}")
        if self.edition not in (1, 2):
            raise ValueError("edition must be 1 or 2")


@dataclass(frozen=True)
class Player:
    hand: tuple[int, ...] = ()  # concealed tiles, sorted
    melds: tuple[Meld, ...] = ()
    bonus: tuple[int, ...] = ()  # flowers and seasons set aside
    discards: tuple[int, ...] = ()  # the pond; a claimed discard leaves it


@dataclass(frozen=True)
class HandResult:
    """How a hand ended. On a win every hand is shown (``hands``), with each seat's
    score and every payment; a draw moves no points and shows no hand."""

    round: str
    hand_number: int
    outcome: str  # "win" or "draw"
    draw_reason: str | None = None  # "wall", "four-winds", "nine-terminals", "three-mahjong"
    winner: int | None = None
    discarder: int | None = None  # None: the winner drew the winning tile himself
    winning_tile: str | None = None
    hands: tuple[tuple[str, ...], ...] | None = None
    scores: tuple[HandScore, ...] | None = None
    payments: tuple[Payment, ...] = ()
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)
    # Who declared nine terminals and honours, and the hand it showed to do so.
    aborter: int | None = None
    aborting_hand: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameResult:
    scores: tuple[int, int, int, int]
    placements: tuple[int, int, int, int]  # seats from first to last
    hands_played: int


@dataclass(frozen=True)
class State:
    options: Options
    seed: int
    version: int  # actions applied so far
    scores: tuple[int, int, int, int]
    round_wind: int  # 0-3: East, South, West, North round
    rotations: int  # how often the deal has passed in this round (0-3)
    hand_number: int  # 0 for the first hand of the game
    dealer: int  # the seat that is East
    leader: int  # the leading wind: wins and loses double
    phase: str
    turn: int
    players: tuple[Player, Player, Player, Player]
    wall: tuple[int, ...]  # wall[0] the next live tile, wall[-1] the next replacement
    dice: tuple[int, int]
    after_draw: bool = False  # the turn seat drew (may Kan or win) rather than claimed
    drawn_tile: int | None = None  # the tile the turn seat just drew
    from_dead_end: bool = False  # ... and it came from the dead end
    kans_in_a_row: int = 0  # the turn seat's Kans since its last discard or live draw
    last_discard: int | None = None
    discarder: int | None = None
    asked: tuple[int, ...] = ()  # seats that may claim the last discard
    answers: tuple[Action | None, Action | None, Action | None, Action | None] = (
        None,
        None,
        None,
        None,
    )
    opening: tuple[int, ...] | None = ()  # first discards while nobody has claimed
    discarded: frozenset[int] = field(default_factory=frozenset)  # seats that discarded
    last_result: HandResult | None = None
    game_result: GameResult | None = None

    @property
    def live_tiles(self) -> int:
        return max(0, len(self.wall) - DEAD_END)

    @property
    def round_label(self) -> str:
        return f"{WIND_CODES[self.round_wind]}{self.rotations + 1}"

    def seat_wind(self, seat: int) -> int:
        return WINDS[(seat - self.dealer) % 4]


# ---------------------------------------------------------------- starting a hand


def new_game(options: Options | None = None, seed: int = 0) -> State:
    """The first hand of a game, dealt from ``seed`` (docs/classic.md#options)."""
    options = options or Options()
    empty = (Player(), Player(), Player(), Player())
    base = State(
        options=options,
        seed=int(seed),
        version=0,
        scores=(0, 0, 0, 0),
        round_wind=0,
        rotations=0,
        hand_number=0,
        dealer=0,
        leader=0,
        phase=DISCARD,
        turn=0,
        players=empty,
        wall=(),
        dice=(0, 0),
    )
    return _deal(base)


def _deal(state: State) -> State:
    """Deal a hand: stacks of two round the table from East until everyone has 12, then
    East two more and the others one; then the flowers are set aside, East first."""
    dice, wall = build_wall(state.seed, state.hand_number, state.options.flowers)
    hands: list[list[int]] = [[], [], [], []]
    order = [(state.dealer + i) % 4 for i in range(4)]
    position = 0
    for _ in range(6):
        for seat in order:
            hands[seat] += wall[position : position + 2]
            position += 2
    hands[state.dealer] += wall[position : position + 2]
    position += 2
    for seat in order[1:]:
        hands[seat].append(wall[position])
        position += 1
    rest = list(wall[position:])
    players = []
    bonus: list[list[int]] = [[], [], [], []]
    for seat in order:
        while any(is_bonus(t) for t in hands[seat]):
            for t in [t for t in hands[seat] if is_bonus(t)]:
                hands[seat].remove(t)
                bonus[seat].append(t)
                hands[seat].append(rest.pop())
    for seat in range(4):
        players.append(Player(hand=tuple(sorted(hands[seat])), bonus=tuple(bonus[seat])))
    return replace(
        state,
        phase=DISCARD,
        turn=state.dealer,
        players=tuple(players),
        wall=tuple(rest),
        dice=dice,
        after_draw=True,  # East's fourteenth tile counts as his draw
        drawn_tile=None,
        from_dead_end=False,
        kans_in_a_row=0,
        last_discard=None,
        discarder=None,
        asked=(),
        answers=(None, None, None, None),
        opening=(),
        discarded=frozenset(),
    )


# ---------------------------------------------------------------- what a seat may do


def _remove(hand: Sequence[int], *tiles: int) -> tuple[int, ...]:
    out = list(hand)
    for t in tiles:
        out.remove(t)
    return tuple(out)


def _chi_starts(hand: Sequence[int], tile: int) -> list[int]:
    """Lowest tiles of the Chis that ``tile`` completes with two tiles of ``hand``."""
    if not is_suited(tile):
        return []
    rank = rank_of(tile)
    starts = []
    for low_rank in (rank - 2, rank - 1, rank):
        if 1 <= low_rank <= 7:
            low = tile - (rank - low_rank)
            needed = [t for t in (low, low + 1, low + 2) if t != tile]
            if all(t in hand for t in needed):
                starts.append(low)
    return starts


def _claims(state: State, seat: int) -> list[Action]:
    """The claims ``seat`` may make on the last discard, besides passing."""
    tile, hand = state.last_discard, state.players[seat].hand
    assert tile is not None and state.discarder is not None
    found = []
    open_sets = len(state.players[seat].melds)
    if is_winning((*hand, tile), open_sets, state.options.edition):
        found.append(Action(seat, "ron"))
    count = hand.count(tile)
    if count == 3 and len(state.wall) > 0:
        found.append(Action(seat, "kan"))
    if count >= 2:
        found.append(Action(seat, "pon"))
    if seat == (state.discarder + 1) % 4:  # only the next in turn, never of honours
        found += [Action(seat, "chi", code(low)) for low in _chi_starts(hand, tile)]
    return found


def _may_declare_nine(state: State, seat: int) -> bool:
    """Nine different terminals and honours on the first turn, before anyone has a set
    on the table (docs/classic.md#draws)."""
    if seat in state.discarded or any(p.melds for p in state.players):
        return False
    if state.phase == DISCARD and not state.after_draw:
        return False
    return len({t for t in state.players[seat].hand if is_terminal_or_honour(t)}) >= 9


def _own_kans(state: State, seat: int) -> list[Action]:
    if not state.after_draw or len(state.wall) == 0:
        return []
    player = state.players[seat]
    kans = {t for t in player.hand if player.hand.count(t) == 4}
    kans |= {m.tile for m in player.melds if m.shape == "pong" and m.tile in player.hand}
    return [Action(seat, "kan", code(t)) for t in sorted(kans)]


def legal_actions(state: State, seat: int) -> list[Action]:
    """Everything ``seat`` may do now; empty when it is not this seat's decision."""
    phase = state.phase
    if phase == HAND_END:
        return [Action(seat, "next")]
    if phase == CALL:
        if seat in state.asked and state.answers[seat] is None:
            return [Action(seat, "pass"), *_claims(state, seat)]
        return []
    if seat != state.turn or phase == GAME_END:
        return []
    nine = [Action(seat, "abort")] if _may_declare_nine(state, seat) else []
    if phase == DRAW:
        return [Action(seat, "draw"), *nine]
    hand = state.players[seat].hand
    found = [Action(seat, "d", code(t)) for t in sorted(set(hand))]
    found += _own_kans(state, seat)
    open_sets = len(state.players[seat].melds)
    if state.after_draw and is_winning(hand, open_sets, state.options.edition):
        found.append(Action(seat, "tsumo"))
    return found + nine


def waiting_for(state: State) -> set[int]:
    """The seats whose decision the game waits for."""
    if state.phase == HAND_END:
        return {0, 1, 2, 3}
    if state.phase == CALL:
        return {s for s in state.asked if state.answers[s] is None}
    if state.phase == GAME_END:
        return set()
    return {state.turn}


# ---------------------------------------------------------------- applying an action


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``IllegalAction`` if the rules do not allow it now."""
    if not isinstance(action, Action):
        raise IllegalAction(f"not an action: {action!r}")
    if action not in legal_actions(state, action.seat):
        raise IllegalAction(f"'{action}' is not allowed now ({_situation(state)})")
    state = replace(state, version=state.version + 1)
    move = action.move
    if move == "next":
        return _next_hand(state)
    if state.phase == CALL:
        return _answer(state, action)
    if move == "draw":
        return _draw(state, action.seat, replacement=False)
    if move == "d":
        return _discard(state, action.seat, kind(action.tile))
    if move == "kan":
        return _own_kan(state, action.seat, kind(action.tile))
    if move == "tsumo":
        return _win(state, action.seat, None, state.drawn_tile)
    if move == "abort":
        return _end_in_draw(state, "nine-terminals", aborter=action.seat)
    raise AssertionError(move)  # every legal move is handled above


def replay(options: Options | None, seed: int, actions: Iterable[Action | str]) -> State:
    """The state after playing ``actions`` (objects or their text) from a new game."""
    state = new_game(options, seed)
    for action in actions:
        state = apply(state, action if isinstance(action, Action) else Action.parse(action))
    return state


def _situation(state: State) -> str:
    if state.phase == CALL:
        waiting = ", ".join(str(s) for s in sorted(waiting_for(state)))
        return f"claims on {code(state.last_discard)} from seats {waiting}"
    if state.phase in (HAND_END, GAME_END):
        return f"phase {state.phase}"
    return f"phase {state.phase}, seat {state.turn} to play"


def _with_player(state: State, seat: int, **changes) -> tuple[Player, ...]:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return tuple(players)


def _take(state: State, seat: int, from_dead_end: bool) -> State:
    """Draw a tile for ``seat`` (live or replacement); flowers and seasons are set aside
    at once and replaced from the dead end."""
    wall = list(state.wall)
    tile = wall.pop(-1 if from_dead_end else 0)
    player = state.players[seat]
    bonus = list(player.bonus)
    while is_bonus(tile) and wall:
        bonus.append(tile)
        tile = wall.pop()
    hand = tuple(sorted((*player.hand, tile)))
    players = _with_player(state, seat, hand=hand, bonus=tuple(bonus))
    dead_end = from_dead_end or len(bonus) > len(player.bonus)
    return replace(
        state, wall=tuple(wall), players=players, drawn_tile=tile, from_dead_end=dead_end
    )


def _draw(state: State, seat: int, replacement: bool) -> State:
    state = _take(state, seat, from_dead_end=replacement)
    kans = state.kans_in_a_row + 1 if replacement else 0
    return replace(state, phase=DISCARD, turn=seat, after_draw=True, kans_in_a_row=kans)


def _discard(state: State, seat: int, tile: int) -> State:
    player = state.players[seat]
    players = _with_player(
        state, seat, hand=_remove(player.hand, tile), discards=(*player.discards, tile)
    )
    opening = state.opening
    if opening is not None:
        opening = (*opening, tile)
    state = replace(
        state,
        players=players,
        last_discard=tile,
        discarder=seat,
        after_draw=False,
        drawn_tile=None,
        kans_in_a_row=0,
        opening=opening if opening is not None and len(opening) < 4 else None,
        discarded=state.discarded | {seat},
    )
    if opening is not None and len(opening) == 4 and len(set(opening)) == 1 and tile in WINDS:
        return _end_in_draw(state, "four-winds")
    asked = tuple(s for s in _turn_order_after(seat) if _claims(state, s))
    if asked:
        return replace(state, phase=CALL, asked=asked, answers=(None, None, None, None))
    return _pass_turn(state)


def _turn_order_after(seat: int) -> tuple[int, int, int]:
    return ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4)


def _pass_turn(state: State) -> State:
    """Nobody claims: the next seat draws, unless the wall is down to the dead end."""
    state = replace(state, phase=DRAW, asked=(), answers=(None, None, None, None))
    if state.live_tiles == 0:
        return _end_in_draw(state, "wall")
    return replace(state, turn=(state.discarder + 1) % 4)


def _answer(state: State, action: Action) -> State:
    answers = list(state.answers)
    answers[action.seat] = action
    state = replace(state, answers=tuple(answers))
    if any(answers[s] is None for s in state.asked):
        return state
    claims = [a for a in (answers[s] for s in state.asked) if a.move != "pass"]
    if not claims:
        return _pass_turn(state)
    best = min(CLAIM_PRIORITY.index(a.move) for a in claims)
    # Among equal claims (only Mah Jong can tie) the next in turn wins: ``asked`` is in
    # turn order after the discarder.
    winners = [a for a in claims if CLAIM_PRIORITY.index(a.move) == best]
    if winners[0].move == "ron" and len(winners) == 3:
        return _end_in_draw(state, "three-mahjong")
    claim = winners[0]
    if claim.move == "ron":
        return _win(state, claim.seat, state.discarder, state.last_discard)
    return _make_set(state, claim)


def _make_set(state: State, claim: Action) -> State:
    tile, seat, discarder = state.last_discard, claim.seat, state.discarder
    assert tile is not None and discarder is not None
    player = state.players[seat]
    if claim.move == "chi":
        low = kind(claim.tile)
        meld = Meld("chi", low, claimed_from=discarder, called=tile)
        used = [t for t in (low, low + 1, low + 2) if t != tile]
    else:
        shape = "kan" if claim.move == "kan" else "pong"
        meld = Meld(shape, tile, claimed_from=discarder, called=tile)
        used = [tile] * (3 if shape == "kan" else 2)
    pond = state.players[discarder].discards[:-1]
    players = list(_with_player(state, discarder, discards=pond))
    players[seat] = replace(player, hand=_remove(player.hand, *used), melds=(*player.melds, meld))
    state = replace(
        state,
        players=tuple(players),
        phase=DISCARD,
        turn=seat,
        after_draw=False,
        drawn_tile=None,
        kans_in_a_row=0,
        asked=(),
        answers=(None, None, None, None),
        opening=None,
    )
    if claim.move == "kan":
        return _draw(state, seat, replacement=True)
    return state


def _own_kan(state: State, seat: int, tile: int) -> State:
    player = state.players[seat]
    if player.hand.count(tile) == 4:
        melds = (*player.melds, Meld("kan", tile, concealed=True))
        hand = _remove(player.hand, tile, tile, tile, tile)
    else:  # the fourth tile to an exposed Pong
        melds = tuple(
            Meld("kan", tile, claimed_from=m.claimed_from, called=m.called, added=True)
            if m.shape == "pong" and m.tile == tile
            else m
            for m in player.melds
        )
        hand = _remove(player.hand, tile)
    state = replace(state, players=_with_player(state, seat, hand=hand, melds=melds), opening=None)
    return _draw(state, seat, replacement=True)


# ---------------------------------------------------------------- the end of a hand


def _win(state: State, winner: int, discarder: int | None, tile: int | None) -> State:
    players = list(state.players)
    if discarder is not None:
        taker = players[winner]
        players[winner] = replace(taker, hand=tuple(sorted((*taker.hand, tile))))
        players[discarder] = replace(players[discarder], discards=players[discarder].discards[:-1])
    round_wind = WINDS[state.round_wind]
    hand = players[winner].hand
    before = _remove(hand, tile) if tile is not None else None
    only_tile = before is not None and len(waits(before)) == 1
    edition = state.options.edition
    win = _how_won(state, winner, discarder, tile, only_tile)
    scores = []
    for seat, player in enumerate(players):
        args = (player.hand, player.melds, player.bonus, state.seat_wind(seat), round_wind)
        if seat == winner:
            scores.append(scoring.score_winner(*args, win, edition))
        else:
            scores.append(scoring.score_loser(*args, edition))
    payments = scoring.settle([s.value for s in scores], winner, discarder, state.leader)
    result = HandResult(
        round=state.round_label,
        hand_number=state.hand_number,
        outcome="win",
        winner=winner,
        discarder=discarder,
        winning_tile=None if tile is None else code(tile),
        hands=tuple(tuple(code(t) for t in p.hand) for p in players),
        scores=tuple(scores),
        payments=payments,
        deltas=scoring.deltas(payments),
    )
    return _hand_over(replace(state, players=tuple(players)), result)


def _how_won(
    state: State, winner: int, discarder: int | None, tile: int | None, only_tile: bool
) -> Win:
    """The winning tile and the moments the special hands ask about
    (docs/classic.md#special-hands)."""
    if discarder is None:
        return Win(
            tile,
            self_drawn=True,
            only_tile=only_tile,
            dead_end=state.from_dead_end,
            last_tile=state.live_tiles == 0 and not state.from_dead_end,
            kan_upon_kan=state.kans_in_a_row >= 2,
            # East's fourteen dealt tiles, before any Kan or discard.
            heavenly=winner == state.dealer and state.drawn_tile is None and not state.discarded,
        )
    return Win(
        tile,
        self_drawn=False,
        only_tile=only_tile,
        last_tile=state.live_tiles == 0,
        # East's first discard, with nothing claimed or declared before it.
        earthly=discarder == state.dealer and state.opening == (tile,),
    )


def _end_in_draw(state: State, reason: str, aborter: int | None = None) -> State:
    shown = () if aborter is None else tuple(code(t) for t in state.players[aborter].hand)
    result = HandResult(
        round=state.round_label,
        hand_number=state.hand_number,
        outcome="draw",
        draw_reason=reason,
        aborter=aborter,
        aborting_hand=shown,
    )
    return _hand_over(state, result)


def _course_after(state: State, result: HandResult) -> tuple[int, int, int, int] | None:
    """(round wind, rotations, dealer, leader) of the next hand, or None when the game
    is over (docs/classic.md#the-course-of-a-round-and-a-year)."""
    round_wind, rotations, dealer, leader = (
        state.round_wind,
        state.rotations,
        state.dealer,
        state.leader,
    )
    if state.options.dealer_rule == "official":
        east_stays = result.outcome == "draw" or result.winner == dealer
        if not east_stays:
            dealer, rotations = (dealer + 1) % 4, rotations + 1
        leader = dealer
    else:
        dealer, rotations = (dealer + 1) % 4, rotations + 1
        if result.winner is not None:
            leader = result.winner
    if rotations == 4:
        round_wind, rotations = round_wind + 1, 0
    if round_wind >= state.options.rounds:
        return None
    return round_wind, rotations, dealer, leader


def _hand_over(state: State, result: HandResult) -> State:
    scores = tuple(a + b for a, b in zip(state.scores, result.deltas, strict=True))
    state = replace(
        state,
        scores=scores,
        last_result=result,
        phase=HAND_END,
        asked=(),
        answers=(None, None, None, None),
        after_draw=False,
        drawn_tile=None,
    )
    if _course_after(state, result) is None:
        placements = tuple(sorted(range(4), key=lambda s: (-scores[s], s)))
        game = GameResult(scores, placements, state.hand_number + 1)  # type: ignore[arg-type]
        return replace(state, phase=GAME_END, game_result=game)
    return state


def _next_hand(state: State) -> State:
    assert state.last_result is not None
    course = _course_after(state, state.last_result)
    assert course is not None  # the game would have ended
    round_wind, rotations, dealer, leader = course
    return _deal(
        replace(
            state,
            round_wind=round_wind,
            rotations=rotations,
            dealer=dealer,
            leader=leader,
            hand_number=state.hand_number + 1,
            players=(Player(), Player(), Player(), Player()),
            last_discard=None,
            discarder=None,
        )
    )


__all__ = [
    "CALL",
    "DISCARD",
    "DRAW",
    "GAME_END",
    "HAND_END",
    "NORMAL_KINDS",
    "Action",
    "GameResult",
    "HandResult",
    "IllegalAction",
    "Options",
    "Player",
    "State",
    "apply",
    "legal_actions",
    "new_game",
    "replay",
    "waiting_for",
]
