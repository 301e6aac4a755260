"""What a table page may sound (docs/tables.md#sounds): the cue of the decisions since
the page's version, and whether the viewer decides now. The page plays them only where
its player switched sounds on; every cue is of something every seat learns (a riichi,
a win) or of the viewer's own choices, never of another seat's."""

from __future__ import annotations

from collections.abc import Sequence

from .engine import TableView
from .engine.actions import Action, is_secret

WINS = frozenset({"ron", "tsumo"})


def cue(log: Sequence[str], since: int) -> str:
    """The cue of the decisions after the log's first ``since``: "win" where one won a
    hand, else "riichi" where one declared riichi, else nothing. A page read whole
    (``since`` at the log's end) sounds nothing."""
    if since < 0:
        return ""
    moves = {Action.parse(text).move for text in log[since:] if not is_secret(text)}
    if moves & WINS:
        return "win"
    return "riichi" if "riichi" in moves else ""


def deciding(view: TableView) -> bool:
    """Whether the viewer has a decision to make now, a hand's result aside."""
    return any(action.move != "next" for action in view.legal)
