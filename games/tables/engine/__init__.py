"""What every table game's engine shares, as plain Python (no Django): the decisions
(``Action``, one vocabulary for the moves the games have in common) and the shape of a
seat's view that every engine emits and the shared presenter reads
(docs/tables.md#one-shape-for-every-table-game)."""

from .actions import Action, IllegalAction, is_secret
from .view import GameResultView, MeldView, Offer, PondTile, SeatView, TableView

__all__ = [
    "Action",
    "GameResultView",
    "IllegalAction",
    "MeldView",
    "Offer",
    "PondTile",
    "SeatView",
    "TableView",
    "is_secret",
]
