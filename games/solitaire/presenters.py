"""What the templates show of a game: tiles, status line, stuck box, win summary.

Templates never decide rules; everything they need to know is computed here.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from leaderboards.services import summary_for

from . import daily, engine, play
from .models import Game


@dataclass(frozen=True)
class Tile:
    index: int
    x: int
    y: int
    z: int
    code: str
    free: bool
    selected: bool
    label: str  # the spoken name with its state (P14)
    flags: str = ""  # animation classes: is-wiggling, is-blocker, is-hint
    removed: bool = False


def _language() -> str:
    return "de" if (get_language() or "en").startswith("de") else "en"


def _tile_states() -> dict[tuple[bool, bool], str]:
    """The spoken state of a tile by (selected, free), in the active language."""
    selected, free, blocked = _("selected"), _("free"), _("blocked")
    return {
        (True, True): selected,
        (True, False): selected,
        (False, True): free,
        (False, False): blocked,
    }


def format_seconds(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _status_text(outcome: play.Outcome | None) -> str:
    if outcome is None:
        return ""
    if outcome.kind == "blocked":
        if outcome.reason == "covered":
            return _("A tile lies on it")
        return _("Blocked left and right")
    if outcome.kind == "stale":
        return _("The board had changed (another tab or a double tap): here it is as it is now.")
    if outcome.kind == "hinted":
        return _("Hint: the two marked tiles can go.")
    if outcome.kind == "hopeless":
        if outcome.undos_to_winnable is None:
            return _("This board can no longer be cleared: undo some moves or start anew.")
        count = outcome.undos_to_winnable
        return ngettext(
            "This board can no longer be cleared: %(count)d undo brings it back.",
            "This board can no longer be cleared: %(count)d undos bring it back.",
            count,
        ) % {"count": count}
    if outcome.kind == "nothing":
        return _("Nothing to do here right now.")
    return ""


def _outcome_from_session(request: HttpRequest, game: Game) -> play.Outcome | None:
    """The message of a no-JavaScript post, carried across its redirect once."""
    note = request.session.pop("last_outcome", None)
    if not note or note.get("game") != game.pk or note.get("version") != game.version:
        return None
    return play.Outcome(
        game,
        note["kind"],
        set(note["changed"]),
        blockers=note["blockers"],
        reason=note["reason"],
        hint_pair=tuple(note["hint_pair"]) or None,
        undos_to_winnable=note["undos_to_winnable"],
        tapped=note["tapped"],
    )


# P12: after this many seconds without a move a free pair pulses (the page may be told
# otherwise through the help element's data-idle, as the browser tests do).
GENTLE_HELP_SECONDS = 20


def _first_game(request: HttpRequest, game: Game) -> bool:
    """Whether this is the visitor's very first game, told once (P12).

    The session remembers it for guests and accounts alike (it carries over on log-in);
    a player with an earlier game is never new, on whatever device.
    """
    if request.session.get("welcomed"):
        return False
    request.session["welcomed"] = True
    return not Game.objects.owned_by(request.user, game.guest_id).exclude(pk=game.pk).exists()


def board_context(request: HttpRequest, game: Game, outcome: play.Outcome | None = None) -> dict:
    page = outcome is None  # the whole page, not an answer to an action
    outcome = outcome or _outcome_from_session(request, game)
    geometry = play.geometry_of(game)
    board = play.board_of(game)
    free = geometry.free_mask(board.occupied)
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
            f"{engine.tile_name(board.faces[index], language)}, {states[selected, is_free]}",
            " ".join(flags.get(index, ())),
            removed=not board.occupied >> index & 1,
        )

    def all_tiles() -> list[Tile]:
        occupied = [i for i in range(geometry.n) if board.occupied >> i & 1]
        return sorted((tile(i) for i in occupied), key=lambda t: (t.z, t.y, t.x))

    def changed_tiles() -> list[Tile]:
        if outcome is None:
            return []
        return [tile(i) for i in sorted(outcome.changed | set(outcome.blockers))]

    playing = game.status == Game.Status.PLAYING

    @functools.cache
    def free_pairs() -> list[tuple[int, int]]:
        # One look serves the stuck box and the gentle help, which answers render both.
        return engine.free_pairs(geometry, board)

    def stuck() -> bool:
        return playing and bool(board.occupied) and not free_pairs()

    def can_shuffle() -> bool:
        return stuck() and engine.shuffle_can_help(geometry, board.occupied)

    def help_pair() -> str:
        """A free pair for the gentle help to pulse (P12): no hint, nothing counted."""
        pairs = free_pairs() if playing and not game.paused_at else []
        return " ".join(map(str, pairs[0])) if pairs else ""

    dim = request.session.get("dim", game.layout.letter == "a")
    # Callables are evaluated by the template only where a partial needs them: a select
    # tap's answer never builds the whole board.
    return {
        "game": game,
        "tiles": all_tiles,
        "changed_tiles": changed_tiles,
        "outcome": outcome,
        "status_text": _status_text(outcome),
        "paused": bool(game.paused_at),
        "playing": playing,
        "stuck": stuck,
        "can_shuffle": can_shuffle,
        "help_pair": help_pair,
        "help_seconds": GENTLE_HELP_SECONDS,
        "welcome": page and playing and game.moves == 0 and _first_game(request, game),
        "dim": dim,
        "tile_style": request.session.get("tiles", "art"),
        "width": geometry.width,
        "height": geometry.height,
        "levels": geometry.levels,
        "clock": format_seconds(game.clock_seconds()),
        "clock_seconds": int(game.clock_seconds()),
        "layout_name": game.layout.name_de
        if language == "de" and game.layout.name_de
        else game.layout.name,
    }


def summary_context(request: HttpRequest, game: Game) -> dict:
    if game.status != Game.Status.WON:
        return {"summary": None}
    return {
        "summary": {
            "time": format_seconds(game.elapsed_seconds),
            "hints": game.hints,
            "undos": game.undos,
            "shuffles": game.shuffles,
            "no_help": game.no_help,
            "link": request.build_absolute_uri(f"/play/{game.code}"),
            "standing": summary_for(game),  # personal bests and places (P11)
            "streak": daily.streak(play.Owner(game.user, game.guest_id))
            if game.daily_date
            else None,
        }
    }


def still_board(positions, board: engine.Board) -> dict:
    """A board to look at, not to play: the tiles on it in drawing order."""
    geometry = engine.geometry_for(positions)
    tiles = sorted(
        (
            {"x": x, "y": y, "z": z, "code": board.faces[i]}
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
