"""The rules page's Controls and Questions, the same for every table game
(docs/tables.md#controls-and-questions): the keys a table understands, read from the
game's own key map (the one its buttons carry), the toggles as the table shows them,
and the questions every game answers alike, after the game's own."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from .registry import GameKind
from .toggles import HINTS, LABELS, SEAT_TOGGLES, Toggle

QUESTIONS = (
    (
        _("Do I need a download or an e-mail address?"),
        _(
            "No download: you play in the browser, on a phone as on a computer. An account "
            "needs only a user name and a password; an e-mail address is optional and serves "
            "only to reset a forgotten password. As a guest you play at once: your games are "
            "kept for this browser only, so clearing its data loses them unless an account "
            "keeps them."
        ),
    ),
    (
        _("Do games cost or earn coins?"),
        _(
            "No. Coins come from the daily check-in and buy styles for the tables and tiles. "
            "No game, move, win or table ever costs a coin or brings one."
        ),
    ),
)


def keys(kind: GameKind) -> list[tuple[str, str]]:
    """Each letter key of the game's buttons and what it presses ("T", "Tsumo"), in
    the order the game lists them; a key two moves share (Classic's Mah Jong) once."""
    shown: dict[str, str] = {}
    for move, key in kind.action_keys.items():
        shown.setdefault(key.upper(), str(kind.button_names[move]))
    return list(shown.items())


def toggles(kind: GameKind) -> list[tuple[Toggle, str, str]]:
    """Every toggle a table of the game may show: its name, label and hint."""
    listed = [t for t in SEAT_TOGGLES if kind.riichi or t != Toggle.AUTO_DISCARD]
    listed += [Toggle.ONE_TAP, Toggle.HELPER, Toggle.SOUND]
    return [(toggle, str(LABELS[toggle]), str(HINTS[toggle])) for toggle in listed]


def context(kind: GameKind) -> dict:
    return {
        "control_keys": keys(kind),
        "control_toggles": toggles(kind),
        "questions": [*kind.questions, *QUESTIONS],
    }
