"""Export a game as JSON (its code and move log) and replay such an export.

The export carries the positions the game was dealt on, so that it replays even after
an admin has changed or retired the layout. A replay recomputes the deal from the code
and applies every move under the rules: a forged export cannot reach a board that
play could not.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.utils.translation import gettext as _

from . import engine, play, problems
from .models import Game, Move

FORMAT = "mahjong-solitaire-game/1"
MAX_EXPORT_BYTES = 1_000_000
MAX_MOVES = 10_000


class BadExport(ValueError):
    """The uploaded file is not a game export this site can replay."""


def export_game(game: Game) -> dict:
    log = game.log.order_by("number")
    return {
        "format": FORMAT,
        "code": game.code,
        "layout": game.layout.letter,
        "positions": game.positions,
        "status": game.status,
        "seconds": round(game.clock_seconds(), 1),
        "hints": game.hints,
        "moves": [_export_move(move) for move in log],
    }


def _export_move(move: Move) -> dict:
    if move.kind == Move.Kind.REMOVE:
        return {"kind": move.kind, "tiles": [move.first, move.second]}
    if move.kind == Move.Kind.SHUFFLE:
        return {"kind": move.kind, "faces": move.faces}
    return {"kind": move.kind}


@dataclass(frozen=True)
class Replay:
    """An export replayed: its deal as an unsaved game, its whole log, and the boards of
    the moves in effect at the end of it."""

    code: str
    game: Game
    log: list[Move]
    boards: list[engine.Board]

    @property
    def positions(self) -> list:
        return self.game.positions

    @property
    def board(self) -> engine.Board:
        return self.boards[-1]

    @property
    def moves(self) -> int:
        return len(self.boards) - 1


def replay_export(raw: bytes) -> Replay:
    """Replay an export from its deal; BadExport says in words what is wrong with it."""
    if len(raw) > MAX_EXPORT_BYTES:
        raise BadExport(_("The file is too large to be a game export."))
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # bad UTF-8 or JSON, huge numbers, deep nesting
        raise BadExport(_("The file is not JSON.")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadExport(
            _("The file is not a game export (format %(format)s).") % {"format": FORMAT}
        )
    try:
        code = engine.parse_code(str(data.get("code", "")))
    except engine.InvalidGameCode as error:
        raise BadExport(problems.say(error.problem)) from None
    positions = data.get("positions")
    report = engine.validate_layout(positions if isinstance(positions, list) else [])
    if not report.ok:
        raise BadExport(
            _("The positions in the file are no valid layout: %(problem)s")
            % {"problem": problems.say(report.errors[0])}
        )
    moves = data.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise BadExport(_("The file's list of moves is missing or too long."))

    geometry = engine.geometry_for(positions)
    faces = list(engine.deal(geometry, code.seed))
    game = Game(code=str(code), seed=code.seed, positions=positions, initial_faces=faces)
    log = [_move_from(entry, number) for number, entry in enumerate(moves, 1)]
    try:
        boards = play.history(game, log)
    except engine.IllegalMove as error:
        raise BadExport(
            _("The moves do not follow the rules: %(problem)s")
            % {"problem": problems.say(error.problem)}
        ) from None
    return Replay(str(code), game, log, boards)


def _move_from(entry: object, number: int) -> Move:
    if not isinstance(entry, dict) or entry.get("kind") not in Move.Kind.values:
        raise BadExport(
            _("Move %(number)s is not a removal, shuffle, undo, redo or restart.")
            % {"number": number}
        )
    kind = entry["kind"]
    if kind == Move.Kind.REMOVE:
        tiles = entry.get("tiles")
        if not (
            isinstance(tiles, list) and len(tiles) == 2 and all(type(t) is int for t in tiles)
        ):
            raise BadExport(
                _("Move %(number)s must name two tiles by their position numbers.")
                % {"number": number}
            )
        return Move(number=number, kind=kind, first=tiles[0], second=tiles[1])
    if kind == Move.Kind.SHUFFLE:
        faces = entry.get("faces")
        if not (isinstance(faces, list) and all(isinstance(f, str) for f in faces)):
            raise BadExport(
                _("Move %(number)s must list the faces after the shuffle.") % {"number": number}
            )
        return Move(number=number, kind=kind, faces=faces)
    return Move(number=number, kind=kind)
