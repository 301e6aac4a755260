"""The engine's problems in the player's language (docs/site.md#languages).

The one place where a ``Problem`` of the engine (games/solitaire/engine/problems.py)
becomes words for a page: its kind picks the translatable sentence, its params fill it.
A kind missing here shows the engine's English; tests/site/test_translations.py checks
that every kind the engine raises is here.
"""

from django.utils.translation import gettext_lazy as _

from .engine import Problem

SENTENCES = {
    # game codes
    "not_a_code": _(
        "“%(text)s” is not a game code: expected digits, a dash and a layout letter, "
        "like 41739205-a"
    ),
    # moves
    "same_tile": _("a tile cannot be paired with itself"),
    "no_tile": _("there is no tile at position %(at)s"),
    "not_free": _("the tile at position %(at)s is not free"),
    "no_match": _("%(first)s and %(second)s do not match"),
    "no_undo": _("undo with nothing to undo"),
    "no_redo": _("redo with nothing to redo"),
    "no_restart": _("restart of a deal nobody moved on"),
    "unknown_kind": _("unknown move kind %(kind)r"),
    "early_shuffle": _("a shuffle is only allowed when no pair can be removed"),
    "shuffle_changes_tiles": _("a shuffle must keep the remaining tiles"),
    # layouts
    "not_a_list": _("the positions must be a list of [x, y, z]"),
    "too_many": _("the layout has %(count)s positions: at most %(most)s fit a set"),
    "not_a_position": _("%(item)s is not a position: expected three numbers [x, y, z]"),
    "not_whole": _("%(item)s is not a position: coordinates must be whole numbers"),
    "negative": _("position %(position)s has a negative coordinate"),
    "too_far": _("position %(position)s is too far out: coordinates go up to %(most)s"),
    "no_positions": _("the layout has no positions"),
    "odd": _("the layout has %(count)s positions: it needs an even number"),
    "twice": _("position %(position)s appears twice"),
    "overlaps": _("position %(first)s overlaps %(second)s"),
    "undecided": _(
        "no removal order was found within the check's limit: most likely the tiles "
        "cannot all be removed two free tiles at a time; look for tall columns"
    ),
    "no_order": _(
        "no complete removal order: the tiles cannot all be removed two free tiles at a "
        "time, whatever the faces"
    ),
}


def say(problem: Problem | str) -> str:
    """The problem in the active language."""
    sentence = SENTENCES.get(getattr(problem, "kind", ""))
    if sentence is None:
        return str(problem)
    params = {name: _param(value) for name, value in problem.params.items()}
    return str(sentence) % params


def _param(value: object) -> object:
    # Positions read as the engine writes them, "(3, 4, 0)", whatever the language.
    return str(value) if isinstance(value, tuple) else value
