"""What the templates show of a game: tiles, status line, stuck box, win summary.

Templates never decide rules; everything they need to know is computed here.
"""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games import languages
from games.players import Player, SessionKey
from games.styles import look_of
from games.tiles import tile_name

from . import daily, engine, play
from .clock import clock_text
from .models import Game, Move
from .outcomes import Kind, Outcome, Reason
from .templatetags.tiles import face_markup, tile_markup
from .templatetags.topbar import topbar_markup


@dataclass(frozen=True)
class Tile:
    index: int
    x: int
    y: int
    z: int
    code: str
    free: bool
    selected: bool
    label: str  # the spoken name with its state (docs/solitaire.md#accessibility)
    flags: str = ""  # animation classes: is-wiggling, is-blocker, is-hint
    removed: bool = False


def _language() -> str:
    return languages.current()


def _tile_states() -> dict[tuple[bool, bool], str]:
    """The spoken state of a tile by (selected, free), in the active language."""
    return _tile_states_in(get_language())


@functools.lru_cache(maxsize=16)
def _tile_states_in(language: str | None) -> dict[tuple[bool, bool], str]:
    selected, free, blocked = _("selected"), _("free"), _("blocked")
    return {
        (True, True): selected,
        (True, False): selected,
        (False, True): free,
        (False, False): blocked,
    }


def _status_text(outcome: Outcome | None) -> str:
    if outcome is None:
        return ""
    match outcome.kind:
        case Kind.BLOCKED if outcome.reason == Reason.COVERED:
            return _("A tile lies on it")
        case Kind.BLOCKED:
            return _("Blocked left and right")
        case Kind.STALE:
            return _(
                "The board had changed (another tab or a double tap): here it is as it is now."
            )
        case Kind.PAUSED if outcome.reason == Reason.CLOCK_RUNS_ON:
            return _(
                "Paused. The daily puzzle's clock runs on: everybody can see its deal, "
                "so a pause could be used to study it."
            )
        case Kind.HINTED:
            return _("Hint: the two marked tiles can go.")
        case Kind.HOPELESS if outcome.undos_to_winnable is None:
            return _("This board can no longer be cleared: undo some moves or start anew.")
        case Kind.HOPELESS:
            count = outcome.undos_to_winnable
            return ngettext(
                "This board can no longer be cleared: %(count)d undo brings it back.",
                "This board can no longer be cleared: %(count)d undos bring it back.",
                count,
            ) % {"count": count}
        case Kind.RESTARTED:
            return _(
                "Back to the deal as it was dealt; the clock runs on. Redo brings your moves back."
            )
        case Kind.NOTHING:
            return _("Nothing to do here right now.")
    return ""


def _first_game(request: HttpRequest, game: Game) -> bool:
    """Whether this is the visitor's very first game, told once
    (docs/solitaire.md#gentle-help).

    The session remembers it for guests and accounts alike (it carries over on log-in);
    a player with an earlier game is never new, on whatever device.
    """
    if request.session.get(SessionKey.WELCOMED):
        return False
    request.session[SessionKey.WELCOMED] = True
    return not Game.objects.of(_player_of(game)).exclude(pk=game.pk).exists()


def _player_of(game: Game) -> Player:
    return Player(game.user) if game.user_id else Player(guest_id=game.guest_id)


def _tile_maker(game: Game, board: engine.Board, outcome: Outcome | None, free: int | None):
    """The function that makes the Tile of a position; `free` is the board's free mask,
    or None where only a few tiles are made (each then asks the free rule)."""
    geometry = play.geometry_of(game)
    language = _language()
    states = _tile_states()
    flags: dict[int, list[str]] = {}
    if outcome is not None:
        if outcome.tapped is not None:
            flags.setdefault(outcome.tapped, []).append("is-wiggling")
        for index in outcome.blockers:
            flags.setdefault(index, []).append("is-blocker")
        for index in outcome.hint_pair or ():
            flags.setdefault(index, []).append("is-hint")

    def tile(index: int) -> Tile:
        x, y, z = geometry.positions[index]
        if free is None:
            is_free = geometry.is_free(index, board.occupied)
        else:
            is_free = bool(free >> index & 1)
        selected = game.selected == index
        return Tile(
            index,
            x,
            y,
            z,
            board.faces[index],
            is_free,
            selected,
            f"{tile_name(board.faces[index], language)}, {states[selected, is_free]}",
            " ".join(flags.get(index, ())),
            removed=not board.occupied >> index & 1,
        )

    return tile


def _changed(outcome: Outcome) -> list[int]:
    return sorted(outcome.changed | set(outcome.blockers))


def answer_markup(request: HttpRequest, outcome: Outcome) -> str | None:
    """The answer to an action that changes only some tiles (a tap, a removal, a hint),
    made of its parts' markup without the template engine's page context: the answers
    of the site's most frequent requests. None for an outcome that sends the whole board
    (docs/solitaire.md#board-attributes)."""
    game = outcome.game
    if outcome.kind.whole_board:
        return None
    board = play.board_of(game)
    tile = _tile_maker(game, board, outcome, free=None)
    look = look_of(request)
    sprite = None if look.numbers else look.sprite
    paused = bool(game.paused_at)
    parts = [
        tile_markup(t, face_markup(t.code, look.numbers, sprite), oob=True, paused=paused)
        for t in (tile(index) for index in _changed(outcome))
    ]
    parts.append(_status_line(_status_text(outcome)))
    if outcome.kind.controls:
        parts += _controls_markup(request, board_context(request, game, outcome))
    return "".join(parts)


def _controls_markup(request: HttpRequest, context: dict) -> list[str]:
    """The top bar, the stuck box, the action bar and the gentle help, as the page shows
    them, for an out-of-band swap. They read nothing of the page's context processors,
    so they are rendered without them (a test compares them with the whole page's); the
    top bar is a tag's markup, the empty stuck box rendered once, the action bar once
    per state (actions_markup)."""
    plain = {**context, "oob": True}
    if context["stuck"]():
        stuck = render_to_string("solitaire/game.html#stuck", plain, request)
    else:
        stuck = _empty_stuck_box()
    return [
        topbar_markup(plain),
        stuck,
        actions_markup(request, context),
        render_to_string("solitaire/game.html#help", plain),
    ]


@functools.cache
def _empty_stuck_box() -> str:
    return render_to_string("solitaire/game.html#stuck", {"stuck": False, "oob": True})


@functools.lru_cache(maxsize=64)
def _status_line(text: str) -> str:
    """The status line's partial for an out-of-band swap, rendered once per text."""
    return render_to_string("solitaire/game.html#status", {"status_text": text, "oob": True})


def board_context(request: HttpRequest, game: Game, outcome: Outcome | None = None) -> dict:
    page = outcome is None  # the whole page, not an answer to an action
    outcome = outcome or Outcome.kept_for(request.session, game)
    geometry = play.geometry_of(game)
    board = play.board_of(game)

    def all_tiles() -> list[Tile]:
        tile = _tile_maker(game, board, outcome, free=geometry.free_mask(board.occupied))
        occupied = [i for i in range(geometry.n) if board.occupied >> i & 1]
        return sorted((tile(i) for i in occupied), key=lambda t: (t.z, t.y, t.x))

    def changed_tiles() -> list[Tile]:
        if outcome is None:
            return []
        tile = _tile_maker(game, board, outcome, free=None)
        return [tile(i) for i in _changed(outcome)]

    playing = game.status == Game.Status.PLAYING

    @functools.cache
    def free_pairs() -> list[tuple[int, int]]:
        # One look serves the stuck box and the gentle help, which answers render both.
        return engine.free_pairs(geometry, board)

    def stuck() -> bool:
        return playing and bool(board.occupied) and not free_pairs()

    def can_shuffle() -> bool:
        return stuck() and engine.shuffle_can_help(geometry, board.occupied)

    welcome = page and playing and game.moves == 0 and _first_game(request, game)

    def help_pair() -> str:
        """The welcome's free pair, on the first page of a visitor's first game: the one
        help due at once. Any other pair is handed out only once due (play.nudge), so
        no page carries one before (docs/solitaire.md#gentle-help)."""
        pairs = free_pairs() if welcome and not game.paused_at else []
        return " ".join(map(str, pairs[0])) if pairs else ""

    dim = request.session.get(SessionKey.DIM, game.layout.letter == "a")
    # Callables are evaluated by the template only where a partial needs them: a select
    # tap's answer never builds the whole board.
    context = {
        "game": game,
        "tiles": all_tiles,
        "changed_tiles": changed_tiles,
        "outcome": outcome,
        "status_text": _status_text(outcome),
        "paused": bool(game.paused_at),
        "undo_disabled": bool(game.paused_at) or not game.moves,
        "redo_disabled": bool(game.paused_at) or not game.redoable,
        "tiles_left": board.occupied.bit_count(),
        "pairs_now": lambda: len(free_pairs()),
        "playing": playing,
        "stuck": stuck,
        "can_shuffle": can_shuffle,
        "help_pair": help_pair,
        "help_seconds": settings.GENTLE_HELP_SECONDS,
        "welcome": welcome,
        "dim": dim,
        "width": geometry.width,
        "height": geometry.height,
        "levels": geometry.levels,
        "clock": clock_text(game.clock_seconds()),
        "clock_seconds": int(game.clock_seconds()),
        "layout_name": game.layout.display_name,
    }
    return context


# The action bar changes with a few states of a game only, yet it is the largest part of
# an answer to a removal (five forms): it is rendered once per game, language and
# state, and each answer fills in the board version and its CSRF token.
_CSRF_MARK = "csrf-token-filled-in-per-answer"
_VERSION_MARK = "version-filled-in-per-answer"
_ACTIONS: dict[tuple, str] = {}


def actions_markup(request: HttpRequest, context: dict) -> SafeString:
    """The action bar for an out-of-band swap, as the `actions` partial renders it."""
    game = context["game"]
    states = ("playing", "paused", "undo_disabled", "redo_disabled")
    key = (get_language(), game.public_id, game.layout.letter, *(context[s] for s in states))
    markup = _ACTIONS.get(key)
    if markup is None:
        marked = copy.copy(game)
        marked.version = _VERSION_MARK
        marks = {"game": marked, "csrf_token": _CSRF_MARK, "oob": True}
        markup = render_to_string("solitaire/game.html#actions", {**context, **marks})
        if len(_ACTIONS) >= 4096:
            _ACTIONS.clear()
        _ACTIONS[key] = markup
    filled = markup.replace(_CSRF_MARK, get_token(request))
    return mark_safe(filled.replace(_VERSION_MARK, str(game.version)))


def summary_context(request: HttpRequest, game: Game) -> dict:
    if game.status != Game.Status.WON:
        return {"summary": None}
    return {
        "summary": {
            "time": clock_text(game.elapsed_seconds),
            "hints": game.hints,
            "undos": game.undos,
            "shuffles": game.shuffles,
            "no_help": game.no_help,
            "link": request.build_absolute_uri(f"/play/{game.code}"),
            "streak": daily.streak(_player_of(game)) if game.daily_date else None,
        }
    }


def still_board(
    positions,
    board: engine.Board,
    marked: frozenset[int] = frozenset(),
    hidden: bool = False,
) -> dict:
    """A board to look at, not to play: the tiles on it in drawing order, the ``marked``
    ones outlined, blank when its faces are ``hidden``
    (docs/solitaire.md#what-a-player-may-see)."""
    geometry = engine.geometry_for(positions)
    tiles = sorted(
        (
            {
                "x": x,
                "y": y,
                "z": z,
                "code": "" if hidden else board.faces[i],
                "flags": "is-marked" if i in marked else "",
            }
            for i, (x, y, z) in enumerate(geometry.positions)
            if board.occupied >> i & 1
        ),
        key=lambda tile: (tile["z"], tile["y"], tile["x"]),
    )
    return {
        "tiles": tiles,
        "width": geometry.width,
        "height": geometry.height,
        "levels": geometry.levels,
    }


def replay_context(game: Game, log: list, step: int | None) -> dict:
    """One step of a replay: the board after the first ``step`` entries of the log (all
    of them when ``None``), what the last of them did, and the pair the next one takes
    (docs/solitaire.md#export-and-replay)."""
    steps = len(log)
    step = steps if step is None else min(max(step, 0), steps)
    board = play.replay_log(game, log[:step]).boards[-1]
    upcoming = log[step] if step < steps else None
    marked = frozenset()
    if upcoming is not None and upcoming.kind == Move.Kind.REMOVE:
        marked = frozenset((upcoming.first, upcoming.second))
    return {
        "step": step,
        "steps": steps,
        "previous_step": max(step - 1, 0),
        "next_step": min(step + 1, steps),
        "step_text": _step_text(log[step - 1], board) if step else _("The deal, before any move."),
        "left": board.occupied.bit_count(),
        **still_board(game.positions, board, marked),
    }


def _step_text(move, board: engine.Board) -> str:
    language = _language()
    match move.kind:
        case Move.Kind.REMOVE:
            return _("%(first)s and %(second)s taken away.") % {
                "first": tile_name(board.faces[move.first], language),
                "second": tile_name(board.faces[move.second], language),
            }
        case Move.Kind.SHUFFLE:
            return _("Shuffled: the faces of the tiles left were dealt anew on their places.")
        case Move.Kind.UNDO:
            return _("The last move undone.")
        case Move.Kind.REDO:
            return _("The move undone last, made again.")
        case _:
            return _("Restarted: back to the deal.")
