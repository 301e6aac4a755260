"""The Classic Mahjong engine: plain Python, no Django (docs/classic.md).

The public API: ``new_game``, ``legal_actions``, ``apply``, ``replay``, ``waiting_for``,
``view`` and ``full_view``; ``Options``, ``Action`` (the table games' shared decision,
with ``Action.parse`` and ``str(action)``), ``State`` and ``IllegalAction``.

Moves (docs/tables.md#the-event-log): ``draw``; ``d:X`` discard X; ``tsumo`` Mah Jong
on the own tile; ``kan:K`` a concealed Kan of K or a Pong grown to a Kan; ``abort``
nine terminals and honours in the first go-round; on a discard ``ron`` (Mah Jong),
``kan``, ``pon``, ``chi:X`` (the Chi from X up) or ``pass``; ``next`` after a hand.
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
from .view import View, full_view, view

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
    "Options",
    "State",
    "View",
    "apply",
    "legal_actions",
    "new_game",
    "full_view",
    "replay",
    "view",
    "waiting_for",
]
