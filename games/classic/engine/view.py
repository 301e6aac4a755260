"""What one seat may see of a table (docs/classic.md#what-a-player-sees).

Templates and bots get a ``View``, never a ``State``: the table games' shared seat view
(``games.tables.engine.TableView``: the seat's own hand, of the others only how many
tiles they hold, every pond, set and flower, nothing of the wall but its count) and
what is Classic's own (the dice, the leading wind, the last hand's result, the
edition of the rules).
``full_view`` opens every hand, for replays of finished games only.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.tables.engine.view import (
    GameResultView,
    MeldView,
    Offer,
    PondTile,
    SeatView,
    TableView,
)

from .hand import Meld
from .rules import CALL, DRAW, GameResult, HandResult, State, legal_actions, waiting_for
from .tiles import WIND_CODES, code


@dataclass(frozen=True, kw_only=True)
class View(TableView):
    round_wind: str
    hand_number: int
    dealer: int  # the seat that is East
    leader: int  # the leading wind: wins and loses double
    dice: tuple[int, int]
    dead_end: int  # tiles in the dead end
    last_result: HandResult | None
    edition: int  # the rules the table plays (docs/classic.md#editions): public, as its options


def _meld_view(meld: Meld) -> MeldView:
    if meld.shape == "kan":
        kind = "closed-kan" if meld.concealed else "added-kan" if meld.added else "open-kan"
    else:
        kind = "pon" if meld.shape == "pong" else meld.shape
    called = None if meld.called is None else code(meld.called)
    return MeldView(kind, tuple(code(t) for t in meld.tiles), called, meld.claimed_from)


def _game_view(result: GameResult | None) -> GameResultView | None:
    if result is None:
        return None
    return GameResultView(result.placements, result.scores, tuple(map(float, result.scores)))


def _waiting(state: State, seat: int) -> tuple[int, ...]:
    waiting = waiting_for(state)
    if state.phase == CALL:
        # Only seats that may claim are asked; telling who else is thinking would tell
        # what they hold.
        return (seat,) if seat in waiting else ()
    return tuple(sorted(waiting))


def _phase_and_turn(state: State, seat: int) -> tuple[str, int]:
    """The phase and the seat in turn as ``seat`` sees them: while a discard may be
    claimed, a seat not asked about it (or that has answered) sees the next seat about
    to draw, as when nobody could claim: whether another seat could is its secret
    (docs/tables.md#nothing-hidden-leaks)."""
    if state.phase == CALL and seat not in waiting_for(state) and state.discarder is not None:
        return DRAW, (state.discarder + 1) % 4
    return state.phase, state.turn


def _build(state: State, seat: int, open_all: bool) -> View:
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"not a seat: {seat!r} (seats are 0-3)")
    players = state.players
    own = players[seat]
    drawn = None
    if seat == state.turn and state.drawn_tile is not None:
        drawn = code(state.drawn_tile)
    hand = [code(t) for t in own.hand]
    if drawn is not None and drawn in hand:
        hand.remove(drawn)  # shown apart, as every seat's drawn tile
    seats = tuple(
        SeatView(
            seat=s,
            wind=WIND_CODES[(s - state.dealer) % 4],
            is_dealer=s == state.dealer,
            score=state.scores[s],
            hand_size=len(p.hand),
            pond=tuple(PondTile(code(t)) for t in p.discards),
            melds=tuple(_meld_view(m) for m in p.melds),
            set_aside=tuple(code(t) for t in p.bonus),
        )
        for s, p in enumerate(players)
    )
    phase, turn = _phase_and_turn(state, seat)
    offer = None
    if phase == CALL and state.last_discard is not None and state.discarder is not None:
        offer = Offer("discard", state.discarder, code(state.last_discard))
    return View(
        seat=seat,
        version=state.version,
        phase=phase,
        round=state.round_label,
        wall=state.live_tiles,
        scores=state.scores,
        turn=turn,
        waiting_for=_waiting(state, seat),
        seats=seats,
        hand=tuple(hand),
        drawn=drawn,
        legal=tuple(legal_actions(state, seat)),
        offer=offer,
        open_hands=tuple(tuple(code(t) for t in p.hand) for p in players) if open_all else None,
        round_wind=WIND_CODES[state.round_wind],
        hand_number=state.hand_number,
        dealer=state.dealer,
        leader=state.leader,
        dice=state.dice,
        dead_end=len(state.wall) - state.live_tiles,
        last_result=state.last_result,
        game_result=_game_view(state.game_result),
        edition=state.options.edition,
    )


def view(state: State, seat: int) -> View:
    """What ``seat`` may see now."""
    return _build(state, seat, open_all=False)


def full_view(state: State, seat: int = 0) -> View:
    """Every hand open, seen from ``seat``: for replays of finished games only; the
    caller must check that the game is over before showing it to anyone."""
    return _build(state, seat, open_all=True)


__all__ = ["View", "full_view", "view"]
