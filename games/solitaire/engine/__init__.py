"""The game engine: rules, layouts, solvable deals, shuffle, solver and hints.

Plain Python, no Django: the web layer, the daily-puzzle job, the admin, the
management commands and the tests all use this one implementation. A layout is a
tuple of positions ``(x, y, z)`` on the half-tile grid; positions are referred to by
index, and sets of them are ``int`` bitmasks. A board is ``Board(faces, occupied)``.

Typical use::

    from games.solitaire import engine

    code = engine.parse_code("41739205-a")              # or engine.InvalidGameCode
    layout = engine.BUILTIN_LAYOUTS[code.letter]
    geometry = engine.geometry_for(layout.positions)    # cached per positions
    board = engine.initial_board(geometry, code.seed)   # solvable by construction
    geometry.is_free(0, board.occupied)
    engine.free_pairs(geometry, board)                   # [(i, j), ...]
    board = engine.apply_removal(geometry, board, i, j)  # or engine.IllegalMove
    engine.is_stuck(geometry, board); engine.shuffle_can_help(geometry, board.occupied)
    board = engine.shuffle(geometry, board, seed)       # same faces, solvable again
    engine.solve(geometry, board, budget=1.0)           # Solution("yes"/"no"/"unknown", order)
    engine.hint(geometry, board)                         # Hint(pair, winnable)
    engine.LAYOUT_FIGURES[code.letter].greedy_win_share  # a built-in layout's difficulty

Group names: ``match_group`` gives the code itself for the 34 normal kinds and
``FLOWER_GROUP`` / ``SEASON_GROUP`` ("flowers" / "seasons") for the bonus tiles; not
"F" / "S", because "S" is the south wind's code.

Modules: ``tiles`` (the kinds and matching), ``geometry`` (positions and the free rule),
``layouts`` (built-in layouts, soundness, the Turtle of the solver's benchmarks) with the
shapes of ``catalogue``, ``deal`` (codes, deals, shuffle), ``solver`` (can it be cleared,
the hint), ``difficulty`` (random greedy playouts), ``problems`` (refusals typed, for the
web layer to translate) and the generated ``layout_figures``; the generator is
``games.prng``. The rules they implement are told in docs/solitaire.md.
"""

from games.prng import Rng, SplitMix64

from .deal import (
    MAX_SEED,
    GameCode,
    IllegalMove,
    InvalidGameCode,
    Undecided,
    apply_removal,
    deal,
    free_pairs,
    initial_board,
    is_stuck,
    parse_code,
    random_seed,
    removal_order,
    shuffle,
    shuffle_can_help,
)
from .difficulty import LayoutFigures, greedy_win_share, layout_win_share
from .geometry import Board, Geometry, Position, bits, geometry_for
from .layout_figures import LAYOUT_FIGURES
from .layouts import (
    BUILTIN_LAYOUTS,
    BuiltinLayout,
    LayoutReport,
    turtle_positions,
    validate_layout,
)
from .problems import EngineError, Problem
from .solver import Hint, Solution, hint, moves_back_to_winnable, solve
from .tiles import (
    FLOWER_GROUP,
    MAX_TILES,
    NORMAL_CODES,
    SEASON_GROUP,
    TILE_CODES,
    describe_tile_set,
    match_group,
    tile_set,
    tiles_match,
)

__all__ = [
    "BUILTIN_LAYOUTS",
    "FLOWER_GROUP",
    "LAYOUT_FIGURES",
    "MAX_SEED",
    "MAX_TILES",
    "NORMAL_CODES",
    "SEASON_GROUP",
    "TILE_CODES",
    "Board",
    "BuiltinLayout",
    "GameCode",
    "Geometry",
    "Hint",
    "EngineError",
    "IllegalMove",
    "InvalidGameCode",
    "Problem",
    "LayoutFigures",
    "LayoutReport",
    "Position",
    "Rng",
    "Solution",
    "SplitMix64",
    "apply_removal",
    "bits",
    "deal",
    "describe_tile_set",
    "free_pairs",
    "geometry_for",
    "greedy_win_share",
    "hint",
    "initial_board",
    "is_stuck",
    "layout_win_share",
    "match_group",
    "moves_back_to_winnable",
    "parse_code",
    "random_seed",
    "removal_order",
    "Undecided",
    "shuffle",
    "shuffle_can_help",
    "solve",
    "tile_set",
    "tiles_match",
    "turtle_positions",
    "validate_layout",
]
