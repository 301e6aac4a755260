"""What one seat may see of a table (docs/classic.md#what-a-player-sees).

Templates and bots get a ``View``, never a ``State``: it holds the seat's own hand but
of the others only how many tiles they hold, and nothing of the wall but its count.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import GAME_END, Action, GameResult, HandResult, State, legal_actions, waiting_for
from .tiles import WIND_CODES, code


@dataclass(frozen=True)
class MeldView:
    """A set on the table. ``tiles`` lists its faces; a concealed Kan shows its two
    outer tiles face down (``None``)."""

    shape: str  # "chi", "pong" or "kan"
    tiles: tuple[str | None, ...]
    concealed: bool
    claimed_from: int | None


@dataclass(frozen=True)
class View:
    seat: int | None  # None: the open view with every hand
    phase: str
    version: int
    round: str  # e.g. "E1": the round wind and which East of the round this is
    round_wind: str
    hand_number: int
    dealer: int
    leader: int
    seat_winds: tuple[str, str, str, str]
    turn: int
    waiting_for: tuple[int, ...]
    dice: tuple[int, int]
    wall: int  # live tiles left
    dead_end: int  # tiles in the dead end
    scores: tuple[int, int, int, int]
    hand: tuple[str, ...]  # the viewer's concealed tiles, sorted
    drawn: str | None  # the tile the viewer has just drawn
    hand_sizes: tuple[int, int, int, int]
    discards: tuple[tuple[str, ...], ...]
    melds: tuple[tuple[MeldView, ...], ...]
    bonus: tuple[tuple[str, ...], ...]
    last_discard: str | None
    discarder: int | None
    legal_actions: tuple[Action, ...]
    last_result: HandResult | None
    game_result: GameResult | None
    hands: tuple[tuple[str, ...], ...] | None = None  # every hand: the open view only


def _meld_view(meld) -> MeldView:
    faces: list[str | None] = [code(t) for t in meld.tiles]
    if meld.shape == "kan" and meld.concealed:
        faces[0] = faces[-1] = None
    return MeldView(meld.shape, tuple(faces), meld.concealed, meld.claimed_from)


def _waiting(state: State, seat: int | None) -> tuple[int, ...]:
    waiting = waiting_for(state)
    if state.phase == "call" and seat is not None:
        # Only seats that may claim are asked; telling who else is thinking would tell
        # what they hold.
        return (seat,) if seat in waiting else ()
    return tuple(sorted(waiting))


def _common(state: State, seat: int | None) -> dict:
    players = state.players
    own = players[seat] if seat is not None else None
    drawn = None
    if own is not None and seat == state.turn and state.drawn_tile is not None:
        drawn = code(state.drawn_tile)
    return dict(
        seat=seat,
        phase=state.phase,
        version=state.version,
        round=state.round_label,
        round_wind=WIND_CODES[state.round_wind],
        hand_number=state.hand_number,
        dealer=state.dealer,
        leader=state.leader,
        seat_winds=tuple(WIND_CODES[(s - state.dealer) % 4] for s in range(4)),
        turn=state.turn,
        waiting_for=_waiting(state, seat),
        dice=state.dice,
        wall=state.live_tiles,
        dead_end=len(state.wall) - state.live_tiles,
        scores=state.scores,
        hand=tuple(code(t) for t in own.hand) if own is not None else (),
        drawn=drawn,
        hand_sizes=tuple(len(p.hand) for p in players),
        discards=tuple(tuple(code(t) for t in p.discards) for p in players),
        melds=tuple(tuple(_meld_view(m) for m in p.melds) for p in players),
        bonus=tuple(tuple(code(t) for t in p.bonus) for p in players),
        # The discard being claimed; once taken or passed it is part of a pond or a set.
        last_discard=code(state.last_discard) if state.phase == "call" else None,
        discarder=state.discarder if state.phase == "call" else None,
        legal_actions=tuple(legal_actions(state, seat)) if seat is not None else (),
        last_result=state.last_result,
        game_result=state.game_result,
    )


def view(state: State, seat: int) -> View:
    """What ``seat`` may see now."""
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"not a seat: {seat!r} (seats are 0-3)")
    return View(**_common(state, seat))


def open_view(state: State) -> View:
    """Every hand open, for replays of finished games only: the caller must check that
    the game is over (``state.phase == "game-end"``) before showing it to anyone."""
    hands = tuple(tuple(code(t) for t in p.hand) for p in state.players)
    return View(**_common(state, None), hands=hands)


__all__ = ["GAME_END", "MeldView", "View", "open_view", "view"]
