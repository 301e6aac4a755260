"""The Classic Mahjong engine: plain Python, no Django (docs/classic.md).

The public API: ``new_game``, ``legal_actions``, ``apply``, ``replay``, ``waiting_for``,
``view`` and ``open_view``; ``Options``, ``Action`` (with ``Action.parse`` and
``str(action)``), ``State`` and ``IllegalAction``.
"""

from .rules import (
    CALL,
    DISCARD,
    DRAW,
    GAME_END,
    HAND_END,
    PHASES,
    Action,
    GameResult,
    HandResult,
    IllegalAction,
    Options,
    State,
    apply,
    legal_actions,
    new_game,
    replay,
    waiting_for,
)
from .view import MeldView, View, open_view, view

__all__ = [
    "CALL",
    "DISCARD",
    "DRAW",
    "GAME_END",
    "HAND_END",
    "PHASES",
    "Action",
    "GameResult",
    "HandResult",
    "IllegalAction",
    "MeldView",
    "Options",
    "State",
    "View",
    "apply",
    "legal_actions",
    "new_game",
    "open_view",
    "replay",
    "view",
    "waiting_for",
]
