"""Every built-in layout deals boards that can be cleared
(docs/solitaire.md#solvable-deals), checked by the solver on its own: it gets only the
faces, never the order the deal was built in, and its answer is replayed through the
rules move by move.

200 codes a layout, 24 layouts: 10 to 30 seconds on one core (the solver returns as
soon as it has an order, so the generous budget costs nothing on the usual deal).
"""

from __future__ import annotations

import pytest

from games.solitaire.engine import BUILTIN_LAYOUTS, initial_board, solve

from .helpers import layout_geometry, play_out

SEEDS = 200
BUDGET = 10.0  # seconds a deal; the slowest of these takes under half a second


@pytest.mark.parametrize("letter", sorted(BUILTIN_LAYOUTS))
def test_the_first_codes_of_every_layout_can_be_cleared(letter: str) -> None:
    geometry = layout_geometry(letter)
    for seed in range(SEEDS):
        board = initial_board(geometry, seed)
        result = solve(geometry, board, BUDGET)
        assert result.status == "yes", f"{seed}-{letter}: {result.status}"
        assert play_out(geometry, board, result.order).is_cleared, f"{seed}-{letter}"
