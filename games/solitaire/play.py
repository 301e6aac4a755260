"""The one place that applies a player's action to a stored game, and decides which
game a visitor plays (docs/solitaire.md#playing-a-game).

Every action locks the game row, checks the page's board version, applies the rules
through the engine, appends to the move log, saves and commits before the view answers
(docs/site.md#a-move-is-committed-before-its-answer). The outcome names what changed, so
that the view can send only those tiles. An action on a game that is not the player's
answers ``None``.
"""

from __future__ import annotations

import enum
import functools
import json
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Concatenate

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.players import Player

from . import daily, engine, pace, sightings
from .engine import Problem
from .models import Game, Layout, Move
from .outcomes import Kind, Outcome, Reason
from .signals import game_won


class Unseen(enum.Enum):
    """A tap that does not say which selection its page showed (an older page)."""

    UNSEEN = "unseen"


UNSEEN = Unseen.UNSEEN

# An action on a game: (player, the game's public id, what the page posted) -> outcome.
type Action = Callable[..., Outcome | None]


class CannotDeal(Exception):
    """There is no deal to open; the message is for the player, ``status`` for HTTP."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


# --- which game a visitor plays ---------------------------------------------------------


def current_or_new_game(player: Player) -> Game:
    """The player's game in play, or a new deal: on the layout they played last while
    it is offered, else the first layout for newcomers."""
    game = Game.objects.of(player).playing().order_by("-created_at").first()
    if game is not None:
        return game
    last = Game.objects.of(player).order_by("-created_at").select_related("layout").first()
    layout = last.layout if last and last.layout.active else Layout.objects.first_for_newcomers()
    if layout is None:
        raise CannotDeal(_("No layout is available yet."), status=503)
    return Game.objects.deal(player, layout)


def new_game(player: Player, letter: str) -> Game:
    """A new deal on the chosen layout, giving up the game in play."""
    layout = Layout.objects.active().filter(letter=letter).first()
    if layout is None:
        raise CannotDeal(_("Please choose one of the layouts offered."))
    return Game.objects.deal(player, layout, replaces_current=True)


def open_code(player: Player, code: engine.GameCode, today: date) -> Game | date:
    """The game of a shared or typed code: the player's own unfinished game of that
    deal, else a new one. A daily puzzle still open to the player is played only
    through its daily page, so that nobody practises it first: then its day."""
    layout = Layout.objects.filter(letter=code.letter).first()
    if layout is None or not (
        layout.active or Game.objects.of(player).filter(layout=layout).exists()
    ):
        raise CannotDeal(
            _("There is no layout “%(letter)s”, so “%(code)s” is no game code.")
            % {"letter": code.letter, "code": code},
            status=404,
        )
    _refuse_a_day_to_come(code, today)
    open_day = daily.open_day_of(str(code), player, today)
    if open_day is not None:
        return open_day
    game = Game.objects.of(player).playing().filter(code=str(code)).first()
    return game or Game.objects.deal(player, layout, seed=code.seed)


def _refuse_a_day_to_come(code: engine.GameCode, today: date) -> None:
    day = daily.day_to_come(str(code), today)
    if day is not None:
        raise CannotDeal(
            _("“%(code)s” is the daily puzzle of %(day)s: it opens on its day.")
            % {"code": code, "day": day.isoformat()},
            status=403,
        )


def check_deal_may_be_shown(player: Player, code: engine.GameCode, today: date) -> None:
    """Raise CannotDeal when the faces of this deal may not be shown to the player now,
    anywhere but in their own game (docs/solitaire.md#what-a-player-may-see): a daily
    puzzle before its day, a daily puzzle still open to them (played only through its
    page), and the deal of a game of theirs that is paused."""
    _refuse_a_day_to_come(code, today)
    if daily.open_day_of(str(code), player, today) is not None:
        raise CannotDeal(
            _("“%(code)s” is a daily puzzle you have not solved yet: play it on its page.")
            % {"code": code},
            status=403,
        )
    if Game.objects.of(player).playing().filter(code=str(code), paused_at__isnull=False).exists():
        raise CannotDeal(
            _("“%(code)s” is the deal of your paused game: resume it to see the tiles.")
            % {"code": code},
            status=403,
        )


def may_see_deal(player: Player, code: engine.GameCode, today: date) -> bool:
    try:
        check_deal_may_be_shown(player, code, today)
    except CannotDeal:
        return False
    return True


# --- actions on a game ------------------------------------------------------------------


def geometry_of(game: Game) -> engine.Geometry:
    return game.geometry


def board_of(game: Game) -> engine.Board:
    return engine.Board(tuple(game.faces), game.occupied_mask)


def _store_board(game: Game, board: engine.Board) -> None:
    game.faces = list(board.faces)
    game.occupied_mask = board.occupied


def _on_own_game[**P](
    action: Callable[Concatenate[Game, P], Outcome],
) -> Callable[Concatenate[Player, uuid.UUID, P], Outcome | None]:
    """Run the action on the player's game, locked until the action commits; ``None``
    when the game is not the player's."""

    @functools.wraps(action)
    def on_game(player: Player, public_id: uuid.UUID, *args: P.args, **kwargs: P.kwargs):
        with transaction.atomic():
            games = (
                Game.objects.of(player).select_related("layout").select_for_update(of=("self",))
            )
            try:
                game = games.get(public_id=public_id)
            except Game.DoesNotExist:
                return None
            return action(game, *args, **kwargs)

    return on_game


def _is_current(game: Game, version: int | None) -> bool:
    return version == game.version and game.status == Game.Status.PLAYING and not game.paused_at


def _record(game: Game, kind: Move.Kind, **move) -> None:
    """Append a move to the log: it bumps the version the next page must show."""
    game.selected = None
    game.version += 1
    Move.objects.create(game=game, number=game.version, kind=kind, **move)


# A tap reads the game without a lock, applies the rules in memory and stores what
# changed with one statement that locks the row, checks that nothing moved since the
# read (version and selection) and writes: a select tap costs two round trips, a
# removal two with its durable commit. When something moved in between, the tap reads
# again; a win goes through the locked path of every other action
# (docs/site.md#a-move-is-committed-before-its-answer).
_TAP_READS = 3


def tap(
    player: Player,
    public_id: uuid.UUID,
    position: int,
    version: int | None,
    seen_selection: int | None | Unseen = UNSEEN,
) -> Outcome | None:
    """``seen_selection`` is the selection the page showed: a tab that did not show the
    current one must not complete it (docs/site.md#stale-pages)."""
    if connection.vendor == "postgresql":
        for _read in range(_TAP_READS):
            game = _read_for_tap(public_id)
            if game is None or not player.holds(game):
                return None
            read = (game.version, game.selected)
            outcome, removed = _apply_tap(game, position, version, seen_selection)
            if outcome.kind == Kind.STALE:
                return outcome
            if outcome.kind == Kind.WON:
                break
            if store_tap(game, read, removed):
                return outcome
    return _tap_locked(player, public_id, position, version, seen_selection)


@_on_own_game
def _tap_locked(
    game: Game, position: int, version: int | None, seen_selection: int | None | Unseen
) -> Outcome:
    outcome, removed = _apply_tap(game, position, version, seen_selection)
    if outcome.kind == Kind.STALE:
        return outcome
    if removed is None:
        _store_selection(game, game.selected)
        return outcome
    Move.objects.create(
        game=game, number=game.version, kind=Move.Kind.REMOVE, first=removed[0], second=removed[1]
    )
    if outcome.kind == Kind.WON:
        _finish(game)
        game.save()
        return outcome
    game.save(update_fields=["occupied", "selected", "moves", "redoable", "version"])
    return outcome


def _apply_tap(
    game: Game, position: int, version: int | None, seen_selection: int | None | Unseen
) -> tuple[Outcome, tuple[int, int] | None]:
    """The rules of a tap, applied to the game in memory: the outcome, and the pair
    when the tap removed one (then the game's version names its move)."""
    geometry = geometry_of(game)
    board = board_of(game)
    if (
        not _is_current(game, version)
        or not (0 <= position < geometry.n and board.occupied >> position & 1)
        or (seen_selection is not UNSEEN and seen_selection != game.selected)
    ):
        return Outcome(game, Kind.STALE), None

    previous = game.selected
    changed = {position} | ({previous} if previous is not None else set())
    if not geometry.is_free(position, board.occupied):
        above, sides = geometry.blockers(position, board.occupied)
        game.selected = None
        blocked = Outcome(
            game,
            Kind.BLOCKED,
            changed,
            blockers=above or sides,
            reason=Reason.COVERED if above else Reason.SIDES,
            tapped=position,
        )
        return blocked, None
    if previous is None or previous == position:
        game.selected = None if previous == position else position
        kind = Kind.DESELECTED if previous == position else Kind.SELECTED
        return Outcome(game, kind, changed), None
    if not engine.tiles_match(board.faces[previous], board.faces[position]):
        game.selected = position
        return Outcome(game, Kind.SELECTED, changed), None

    after = engine.apply_removal(geometry, board, previous, position)
    # Only the tiles the pair lay on or beside can have become free.
    near = (geometry.affects[previous] | geometry.affects[position]) & after.occupied
    newly_free = geometry.free_among(near, after.occupied) & ~geometry.free_among(
        near, board.occupied
    )
    changed |= set(engine.bits(newly_free))
    _store_board(game, after)
    game.moves += 1
    game.redoable = 0
    game.selected = None
    game.version += 1
    kind = Kind.WON if after.occupied == 0 else Kind.REMOVED
    return Outcome(game, kind, changed), (previous, position)


# What a tap reads: the game without its deal and its verdict fields (a win reads them
# in the locked path), and the names of its layout.
_TAP_SKIPS = {"seed", "initial_faces", "elapsed_seconds", "verified", "implausible"}
_TAP_SKIPS |= {"cleared_at", "cleared_by"}
_LAYOUT_FIELDS = ("id", "letter", "name", "name_de", "name_fi", "name_da")


@functools.cache
def _tap_query() -> tuple[str, list, list]:
    fields = [f for f in Game._meta.concrete_fields if f.name not in _TAP_SKIPS]
    layout_fields = [Layout._meta.get_field(name) for name in _LAYOUT_FIELDS]
    columns = [f"g.{f.column}" for f in fields] + [f"l.{f.column}" for f in layout_fields]
    sql = (
        f"SELECT {', '.join(columns)} FROM {Game._meta.db_table} g "
        f"JOIN {Layout._meta.db_table} l ON l.id = g.layout_id WHERE g.public_id = %s"
    )
    return sql, fields, layout_fields


@functools.lru_cache(maxsize=128)
def _geometry_of_stored(positions: str) -> engine.Geometry:
    """The geometry of positions as stored: read once per layout (and per edit of one)."""
    return engine.geometry_for(json.loads(positions))


def tap_row(public_id: uuid.UUID) -> tuple[dict, tuple] | None:
    """What a tap reads of the game, whoever's it is, in one plain SELECT: the game's
    columns by attribute name, and its layout's values in the order of _LAYOUT_FIELDS.
    Public, as ``store_tap``: the floor benchmark (bench/floor_urls.py) sends the tap's
    own statements through them."""
    sql, fields, _layout_fields = _tap_query()
    with connection.cursor() as cursor:
        cursor.execute(sql, [public_id])
        row = cursor.fetchone()
    if row is None:
        return None
    return dict(zip([f.attname for f in fields], row, strict=False)), row[len(fields) :]


def _read_for_tap(public_id: uuid.UUID) -> Game | None:
    """The game with what a tap needs, whoever's it is (its row: tap_row)."""
    read = tap_row(public_id)
    if read is None:
        return None
    values, layout_values = read
    geometry = _geometry_of_stored(values["positions"])
    values["positions"] = geometry.positions
    values["faces"] = json.loads(values["faces"])
    game = Game.from_db(connection.alias, list(values), list(values.values()))
    game.geometry = geometry
    layout = Layout.from_db(connection.alias, list(_LAYOUT_FIELDS), layout_values)
    Game.layout.field.set_cached_value(game, layout)
    return game


def store_tap(game: Game, read: tuple[int, int | None], removed: tuple[int, int] | None) -> bool:
    """Store the tap's change in one statement, if the game is as it was read; whether
    it was. A selection's commit does not wait for the disk; a removal's does."""
    version, selected = read
    unchanged = (
        "id = %s AND version = %s AND selected IS NOT DISTINCT FROM %s "
        "AND status = %s AND paused_at IS NULL"
    )
    checks = [game.pk, version, selected, Game.Status.PLAYING.value]
    games, moves = Game._meta.db_table, Move._meta.db_table
    with connection.cursor() as cursor:
        if removed is None:
            cursor.execute(
                "WITH lazy AS (SELECT set_config('synchronous_commit', 'off', true)) "
                f"UPDATE {games} SET selected = %s FROM lazy WHERE {unchanged}",
                [game.selected, *checks],
            )
        else:
            cursor.execute(
                f"WITH moved AS (UPDATE {games} SET occupied = %s, selected = NULL, "
                f"moves = moves + 1, redoable = 0, version = version + 1 WHERE {unchanged} "
                f"RETURNING id, version) INSERT INTO {moves} "
                "(game_id, number, kind, first, second, created_at) "
                "SELECT id, version, %s, %s, %s, %s FROM moved",
                [game.occupied, *checks, Move.Kind.REMOVE.value, *removed, timezone.now()],
            )
        return cursor.rowcount == 1


def _store_selection(game: Game, selected: int | None) -> None:
    """A selection is not a move: its commit need not wait for the disk."""
    game.selected = selected
    if connection.vendor != "postgresql":
        game.save(update_fields=["selected"])
        return
    # One statement for both, as store_tap writes (docs/site.md#database-connections).
    with connection.cursor() as cursor:
        cursor.execute(
            "WITH lazy AS (SELECT set_config('synchronous_commit', 'off', true)) "
            f"UPDATE {Game._meta.db_table} SET selected = %s FROM lazy WHERE id = %s",
            [selected, game.pk],
        )


def _finish(game: Game) -> None:
    """Close a won game with the server's clock; it counts only if its log replays
    (docs/site.md#verified-wins-only)."""
    game.status = Game.Status.WON
    game.finished_at = timezone.now()
    game.elapsed_seconds = game.clock_seconds(game.finished_at)
    log = list(game.log.all())
    game.verified = replays_to_empty(game, log)
    if game.verified:  # docs/site.md#plausible-wins
        pairs = len(game.positions) // 2
        game.implausible = pace.judge(game.elapsed_seconds, pairs, game.started_at, log)
        # Paused while the deal was open elsewhere: docs/site.md#a-deal-open-elsewhere.
        if not game.implausible and sightings.open_elsewhere(game, game.finished_at):
            game.implausible = pace.Implausible.SEEN_ELSEWHERE
    game_won.send(Game, game=game)  # the boards take it in, in this transaction


def replays_to_empty(game: Game, log: list[Move]) -> bool:
    """Whether the log, replayed from the deal of the game's code, empties the board.

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
    return replay_log(game, log).boards


@dataclass(frozen=True)
class Replayed:
    """A move log applied as a stack (docs/solitaire.md#redo-and-restart): the
    boards of the moves in effect, from the deal to now, and the boards taken back that
    Redo brings again, the next one last."""

    boards: list[engine.Board]
    undone: list[engine.Board]


def replay_log(game: Game, log: list[Move]) -> Replayed:
    """Apply the log from the stored deal under the rules; engine.IllegalMove for a move
    they do not allow. A removal or shuffle pushes a board and forgets what was undone;
    an undo pops one, a redo pushes the last undone one back, a restart pops them all."""
    geometry = geometry_of(game)
    boards = [engine.Board(tuple(game.initial_faces), geometry.full_mask)]
    undone: list[engine.Board] = []
    for move in log:
        board = boards[-1]
        if move.kind == Move.Kind.REMOVE:
            boards.append(engine.apply_removal(geometry, board, move.first, move.second))
            undone.clear()
        elif move.kind == Move.Kind.SHUFFLE:
            boards.append(_checked_shuffle(geometry, board, move.faces))
            undone.clear()
        elif move.kind == Move.Kind.UNDO:
            if len(boards) == 1:
                raise engine.IllegalMove(Problem("no_undo", "undo with nothing to undo"))
            undone.append(boards.pop())
        elif move.kind == Move.Kind.REDO:
            if not undone:
                raise engine.IllegalMove(Problem("no_redo", "redo with nothing to redo"))
            boards.append(undone.pop())
        elif move.kind == Move.Kind.RESTART:
            if len(boards) == 1:
                raise engine.IllegalMove(
                    Problem("no_restart", "restart of a deal nobody moved on")
                )
            undone.extend(reversed(boards[1:]))
            del boards[1:]
        else:
            raise engine.IllegalMove(
                Problem("unknown_kind", "unknown move kind {kind!r}", kind=move.kind)
            )
    return Replayed(boards, undone)


def _remaining_faces(board: engine.Board) -> Counter:
    return Counter(f for i, f in enumerate(board.faces) if board.occupied >> i & 1)


def _checked_shuffle(geometry, board: engine.Board, faces) -> engine.Board:
    if not engine.is_stuck(geometry, board):
        raise engine.IllegalMove(
            Problem("early_shuffle", "a shuffle is only allowed when no pair can be removed")
        )
    shuffled = engine.Board(tuple(faces or ()), board.occupied)
    if len(shuffled.faces) != geometry.n or _remaining_faces(shuffled) != _remaining_faces(board):
        raise engine.IllegalMove(
            Problem("shuffle_changes_tiles", "a shuffle must keep the remaining tiles")
        )
    return shuffled


@_on_own_game
def undo(game: Game, version: int | None) -> Outcome:
    if not _is_current(game, version):
        return Outcome(game, Kind.STALE)
    boards = history(game, list(game.log.all()))
    if len(boards) == 1:
        return Outcome(game, Kind.NOTHING)
    _store_board(game, boards[-2])
    game.moves -= 1
    game.undos += 1
    game.redoable += 1
    _record(game, Move.Kind.UNDO)
    game.save()
    return Outcome(game, Kind.UNDONE)


@_on_own_game
def redo(game: Game, version: int | None) -> Outcome:
    """The move the last undo took back, once more; a new move forgets what was undone
    (docs/solitaire.md#redo-and-restart)."""
    if not _is_current(game, version):
        return Outcome(game, Kind.STALE)
    undone = replay_log(game, list(game.log.all())).undone
    if not undone:
        return Outcome(game, Kind.NOTHING)
    _store_board(game, undone[-1])
    game.moves += 1
    game.redoable -= 1
    _record(game, Move.Kind.REDO)
    game.save()
    return Outcome(game, Kind.REDONE)


@_on_own_game
def restart(game: Game, version: int | None) -> Outcome:
    """Back to the deal in this same game: every move taken back at once, as one undo;
    the clock runs on (docs/solitaire.md#redo-and-restart)."""
    if not _is_current(game, version):
        return Outcome(game, Kind.STALE)
    if not game.moves:  # removals and shuffles in effect: none means the board is the deal
        return Outcome(game, Kind.NOTHING)
    _store_board(game, history(game, list(game.log.all()))[0])
    game.redoable += game.moves
    game.moves = 0
    game.undos += 1
    _record(game, Move.Kind.RESTART)
    game.save()
    return Outcome(game, Kind.RESTARTED)


@_on_own_game
def shuffle(game: Game, version: int | None) -> Outcome:
    geometry = geometry_of(game)
    board = board_of(game)
    if not _is_current(game, version):
        return Outcome(game, Kind.STALE)
    # Only when stuck, and only where a new distribution can be cleared at all.
    if not engine.is_stuck(geometry, board) or not engine.shuffle_can_help(
        geometry, board.occupied
    ):
        return Outcome(game, Kind.NOTHING)
    shuffled = engine.shuffle(geometry, board, engine.random_seed())
    _store_board(game, shuffled)
    game.moves += 1
    game.redoable = 0
    game.shuffles += 1
    _record(game, Move.Kind.SHUFFLE, faces=list(shuffled.faces))
    game.save()
    return Outcome(game, Kind.SHUFFLED)


@_on_own_game
def hint(game: Game) -> Outcome:
    if game.status != Game.Status.PLAYING or game.paused_at:
        return Outcome(game, Kind.STALE)
    geometry = geometry_of(game)
    board = board_of(game)
    game.hints += 1
    game.save(update_fields=["hints"])
    found = engine.hint(geometry, board)
    if found.pair is not None:
        return Outcome(game, Kind.HINTED, set(found.pair), hint_pair=found.pair)
    back = engine.moves_back_to_winnable(geometry, history(game, list(game.log.all())))
    return Outcome(game, Kind.HOPELESS, undos_to_winnable=back)


MAX_NUDGES = 2  # gentle help given per game (docs/solitaire.md#gentle-help)


def help_is_due(game: Game, now=None) -> bool:
    """Whether the gentle help may show a pair: the game in play and not paused, fewer
    than two given, and nothing moved on the board for the idle time."""
    if game.status != Game.Status.PLAYING or game.paused_at or game.nudges >= MAX_NUDGES:
        return False
    last = game.log.order_by("-number").values_list("created_at", flat=True).first()
    quiet_since = max(game.started_at, last) if last else game.started_at
    now = now or timezone.now()
    return (now - quiet_since).total_seconds() >= settings.GENTLE_HELP_SECONDS


@_on_own_game
def nudge(game: Game) -> Outcome:
    """The gentle help's pair, only once it is due: no hint, nothing counted but the
    help itself. Before then, or when no pair is free, the outcome carries none."""
    pairs = engine.free_pairs(geometry_of(game), board_of(game)) if help_is_due(game) else []
    if not pairs:
        return Outcome(game, Kind.NOTHING)
    game.nudges += 1
    game.save(update_fields=["nudges"])
    return Outcome(game, Kind.NOTHING, hint_pair=pairs[0])


@_on_own_game
def pause(game: Game) -> Outcome:
    if game.status == Game.Status.PLAYING and not game.paused_at:
        game.paused_at = timezone.now()
        game.save(update_fields=["paused_at"])
    runs_on = sightings.is_a_daily_deal(game)
    return Outcome(game, Kind.PAUSED, reason=Reason.CLOCK_RUNS_ON if runs_on else None)


@_on_own_game
def resume(game: Game) -> Outcome:
    if game.paused_at:
        # Everybody has a daily deal open at once, so its pause stops no clock
        # (docs/site.md#a-deal-open-elsewhere).
        if not sightings.is_a_daily_deal(game):
            game.paused_seconds += (timezone.now() - game.paused_at).total_seconds()
        game.paused_at = None
        game.save(update_fields=["paused_at", "paused_seconds"])
    return Outcome(game, Kind.RESUMED)


def owns(player: Player, public_id: uuid.UUID) -> bool:
    return Game.objects.of(player).filter(public_id=public_id).exists()
