"""The one place that applies a player's action to a stored game (S2, S3).

Every action locks the game row, checks the page's board version, applies the rules
through the engine, appends to the move log, saves and commits before the view
answers. The answer names what changed, so that the view can send only those tiles.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from django.db import connection, transaction
from django.utils import timezone

from leaderboards.services import record_win

from . import engine
from .models import Game, Layout, Move


class Unseen(enum.Enum):
    """A tap that does not say which selection its page showed (an older page)."""

    UNSEEN = "unseen"


UNSEEN = Unseen.UNSEEN


@dataclass(frozen=True)
class Owner:
    """Who plays: an account, or a guest identified by an id kept in the session."""

    user: object | None
    guest_id: str = ""

    def games(self):
        return Game.objects.owned_by(self.user, self.guest_id)


@dataclass
class Outcome:
    """What an action did, for the view to render."""

    game: Game
    kind: str
    changed: set[int] = field(default_factory=set)  # tiles to send again
    blockers: list[int] = field(default_factory=list)
    reason: str = ""  # "covered" or "sides" for a blocked tap
    tapped: int | None = None
    hint_pair: tuple[int, int] | None = None
    undos_to_winnable: int | None = None  # where the board can no longer be cleared

    @property
    def full(self) -> bool:
        """Whether the whole board must be sent again."""
        return self.kind in {"stale", "undone", "shuffled", "paused", "resumed", "won"}


def geometry_of(game: Game) -> engine.Geometry:
    return engine.geometry_for(game.positions)


def board_of(game: Game) -> engine.Board:
    return engine.Board(tuple(game.faces), game.occupied_mask)


def _store_board(game: Game, board: engine.Board) -> None:
    game.faces = list(board.faces)
    game.occupied_mask = board.occupied


def start_game(
    owner: Owner,
    layout: Layout,
    seed: int | None = None,
    daily_date: date | None = None,
    *,
    replaces_current: bool = False,
) -> Game:
    """Deal a new game for this owner, who plays it from now on.

    Their untouched deals are dropped. A game in progress is given up only when the
    player asked for a new game (`replaces_current`); following a link (a shared code,
    the daily puzzle) leaves it resumable.
    """
    seed = engine.random_seed() if seed is None else seed
    geometry = engine.geometry_for(layout.positions)
    faces = list(engine.deal(geometry, seed))
    with transaction.atomic():
        left_behind = owner.games().playing()
        if not replaces_current:
            left_behind = left_behind.filter(version=0, hints=0)
        left_behind.update(status=Game.Status.ABANDONED)
        return Game.objects.create(
            code=str(engine.GameCode(seed, layout.letter)),
            seed=seed,
            layout=layout,
            positions=layout.positions,
            initial_faces=faces,
            faces=faces,
            occupied=format(geometry.full_mask, "x"),
            user=owner.user if getattr(owner.user, "is_authenticated", False) else None,
            guest_id="" if getattr(owner.user, "is_authenticated", False) else owner.guest_id,
            daily_date=daily_date,
        )


def _locked(owner: Owner, public_id) -> Game:
    """The owner's game, locked until the transaction ends; Game.DoesNotExist otherwise."""
    return (
        owner.games()
        .select_related("layout")
        .select_for_update(of=("self",))
        .get(public_id=public_id)
    )


def _is_current(game: Game, version: int | None) -> bool:
    return version == game.version and game.status == Game.Status.PLAYING and not game.paused_at


@transaction.atomic
def tap(
    owner: Owner,
    public_id,
    position: int,
    version: int | None,
    seen_selection: int | None | Unseen = UNSEEN,
) -> Outcome:
    """`seen_selection` is the selection the page showed: a tab that did not show the
    current one must not complete it (S3)."""
    game = _locked(owner, public_id)
    geometry = geometry_of(game)
    board = board_of(game)
    if (
        not _is_current(game, version)
        or not (0 <= position < geometry.n and board.occupied >> position & 1)
        or (seen_selection is not UNSEEN and seen_selection != game.selected)
    ):
        return Outcome(game, "stale")

    previous = game.selected
    changed = {position} | ({previous} if previous is not None else set())
    if not geometry.is_free(position, board.occupied):
        above, sides = geometry.blockers(position, board.occupied)
        _store_selection(game, None)
        return Outcome(
            game,
            "blocked",
            changed,
            blockers=above or sides,
            reason="covered" if above else "sides",
            tapped=position,
        )
    if previous is None or previous == position:
        _store_selection(game, None if previous == position else position)
        return Outcome(game, "deselected" if previous == position else "selected", changed)
    if not engine.tiles_match(board.faces[previous], board.faces[position]):
        _store_selection(game, position)
        return Outcome(game, "selected", changed)

    after = engine.apply_removal(geometry, board, previous, position)
    newly_free = geometry.free_mask(after.occupied) & ~geometry.free_mask(board.occupied)
    changed |= set(engine.bits(newly_free))
    _store_board(game, after)
    game.selected = None
    game.moves += 1
    game.version += 1
    Move.objects.create(
        game=game,
        number=game.version,
        kind=Move.Kind.REMOVE,
        first=previous,
        second=position,
    )
    if after.occupied == 0:
        _finish(game)
        game.save()
        return Outcome(game, "won", changed)
    game.save(update_fields=["occupied", "selected", "moves", "version"])
    return Outcome(game, "removed", changed)


def _store_selection(game: Game, selected: int | None) -> None:
    """A selection is not a move (S2): its commit need not wait for the disk."""
    game.selected = selected
    if connection.vendor != "postgresql":
        game.save(update_fields=["selected"])
        return
    # One round trip for both: this is the most frequent write of the site.
    with connection.cursor() as cursor:
        cursor.execute(
            "SET LOCAL synchronous_commit TO OFF; "
            "UPDATE solitaire_game SET selected = %s WHERE id = %s",
            [selected, game.pk],
        )


def _finish(game: Game) -> None:
    """Close a won game with the server's clock; it counts only if its log replays."""
    game.status = Game.Status.WON
    game.finished_at = timezone.now()
    game.elapsed_seconds = game.clock_seconds(game.finished_at)
    game.verified = replays_to_empty(game, list(game.log.all()))
    record_win(game)  # into the player's bests and the boards, in this transaction (B1)


def replays_to_empty(game: Game, log: list[Move]) -> bool:
    """Whether the log, replayed from the deal of the game's code, empties the board (B3).

    The deal is computed again from the code, not taken from the stored game.
    """
    geometry = geometry_of(game)
    if list(engine.deal(geometry, game.seed)) != list(game.initial_faces):
        return False
    try:
        return history(game, log)[-1].occupied == 0
    except engine.IllegalMove:
        return False


def history(game: Game, log: list[Move]) -> list[engine.Board]:
    """The boards from the stored deal to now, one per move in effect (undone moves drop
    out). Raises engine.IllegalMove when the log holds a move the rules do not allow."""
    geometry = geometry_of(game)
    boards = [engine.Board(tuple(game.initial_faces), geometry.full_mask)]
    for move in log:
        board = boards[-1]
        if move.kind == Move.Kind.REMOVE:
            boards.append(engine.apply_removal(geometry, board, move.first, move.second))
        elif move.kind == Move.Kind.SHUFFLE:
            boards.append(_checked_shuffle(geometry, board, move.faces))
        elif move.kind == Move.Kind.UNDO:
            if len(boards) == 1:
                raise engine.IllegalMove("undo with nothing to undo")
            boards.pop()
        else:
            raise engine.IllegalMove(f"unknown move kind {move.kind!r}")
    return boards


def _remaining_faces(board: engine.Board) -> Counter:
    return Counter(f for i, f in enumerate(board.faces) if board.occupied >> i & 1)


def _checked_shuffle(geometry, board: engine.Board, faces) -> engine.Board:
    if not engine.is_stuck(geometry, board):
        raise engine.IllegalMove("a shuffle is only allowed when no pair can be removed")
    shuffled = engine.Board(tuple(faces or ()), board.occupied)
    if len(shuffled.faces) != geometry.n or _remaining_faces(shuffled) != _remaining_faces(board):
        raise engine.IllegalMove("a shuffle must keep the remaining tiles")
    return shuffled


@transaction.atomic
def undo(owner: Owner, public_id, version: int | None) -> Outcome:
    game = _locked(owner, public_id)
    if not _is_current(game, version):
        return Outcome(game, "stale")
    boards = history(game, list(game.log.all()))
    if len(boards) == 1:
        return Outcome(game, "nothing")
    _store_board(game, boards[-2])
    game.selected = None
    game.moves -= 1
    game.undos += 1
    game.version += 1
    Move.objects.create(game=game, number=game.version, kind=Move.Kind.UNDO)
    game.save()
    return Outcome(game, "undone")


@transaction.atomic
def shuffle(owner: Owner, public_id, version: int | None) -> Outcome:
    game = _locked(owner, public_id)
    geometry = geometry_of(game)
    board = board_of(game)
    if not _is_current(game, version):
        return Outcome(game, "stale")
    # Only when stuck, and only where a new distribution can be cleared at all (P6, P7).
    if not engine.is_stuck(geometry, board) or not engine.shuffle_can_help(
        geometry, board.occupied
    ):
        return Outcome(game, "nothing")
    shuffled = engine.shuffle(geometry, board, engine.random_seed())
    _store_board(game, shuffled)
    game.selected = None
    game.moves += 1
    game.shuffles += 1
    game.version += 1
    Move.objects.create(
        game=game, number=game.version, kind=Move.Kind.SHUFFLE, faces=list(shuffled.faces)
    )
    game.save()
    return Outcome(game, "shuffled")


@transaction.atomic
def hint(owner: Owner, public_id) -> Outcome:
    game = _locked(owner, public_id)
    if game.status != Game.Status.PLAYING or game.paused_at:
        return Outcome(game, "stale")
    geometry = geometry_of(game)
    board = board_of(game)
    game.hints += 1
    game.save(update_fields=["hints"])
    found = engine.hint(geometry, board)
    if found.pair is not None:
        return Outcome(game, "hinted", set(found.pair), hint_pair=found.pair)
    back = engine.moves_back_to_winnable(geometry, history(game, list(game.log.all())))
    return Outcome(game, "hopeless", undos_to_winnable=back)


@transaction.atomic
def pause(owner: Owner, public_id) -> Outcome:
    game = _locked(owner, public_id)
    if game.status == Game.Status.PLAYING and not game.paused_at:
        game.paused_at = timezone.now()
        game.save(update_fields=["paused_at"])
    return Outcome(game, "paused")


@transaction.atomic
def resume(owner: Owner, public_id) -> Outcome:
    game = _locked(owner, public_id)
    if game.paused_at:
        game.paused_seconds += (timezone.now() - game.paused_at).total_seconds()
        game.paused_at = None
        game.save(update_fields=["paused_at", "paused_seconds"])
    return Outcome(game, "resumed")
