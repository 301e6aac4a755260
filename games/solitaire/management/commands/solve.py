"""``manage.py solve <code> [--budget SECONDS] [--json]``: can the deal of a game code
be cleared? Prints the answer, one way to clear it (pairs with their positions and
tiles) and how long the solver took (docs/solitaire.md#the-deal-and-solve-commands)."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandParser

from games.solitaire import engine
from games.solitaire.management.commands.deal import layout_for


class Command(BaseCommand):
    help = "Say whether the deal of a game code can be cleared, and show one way."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("code", help="a game code: digits, a dash, a layout letter")
        parser.add_argument(
            "--budget", type=float, default=10.0, help="seconds the solver may take (10)"
        )
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args, code: str, budget: float, json: bool = False, **options) -> None:
        parsed, name, geometry = layout_for(code)
        board = engine.initial_board(geometry, parsed.seed)
        result = engine.solve(geometry, board, budget)
        moves = [[_tile(geometry, board, i), _tile(geometry, board, j)] for i, j in result.order]
        if json:
            self.stdout.write(
                _json_dumps(
                    {
                        "code": str(parsed),
                        "layout": name,
                        "status": result.status,
                        "seconds": round(result.seconds, 6),
                        "nodes": result.nodes,
                        "moves": moves,
                    }
                )
            )
            return
        took = f"{result.seconds * 1000:.1f} ms"
        if result.status == "yes":
            self.stdout.write(f"{parsed} on {name} can be cleared. One way, {len(moves)} moves:")
            for number, (a, b) in enumerate(moves, 1):
                self.stdout.write(f"{number:3}. {_shown(a)} + {_shown(b)}")
        elif result.status == "no":
            self.stdout.write(f"{parsed} on {name} cannot be cleared.")
        else:
            self.stdout.write(
                f"{parsed} on {name}: not decided within {budget:g} s; try a larger --budget."
            )
        self.stdout.write(f"Solver time: {took} ({result.nodes} search nodes).")


def _tile(geometry: engine.Geometry, board: engine.Board, i: int) -> dict[str, object]:
    x, y, z = geometry.positions[i]
    return {"x": x, "y": y, "z": z, "tile": board.faces[i]}


def _shown(tile: dict[str, object]) -> str:
    return f"{tile['tile']} at ({tile['x']}, {tile['y']}, {tile['z']})"


def _json_dumps(value: object) -> str:
    # `json` is also the name of the option in handle(); keep the module reachable.
    return json.dumps(value)
