"""Sanma as a kind of table: what the table machinery needs of the engine
(docs/tables.md#game-kinds), and the practice options (docs/sanma.md#options)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from games.tables.registry import GameRules, SeatResult

from . import bots, engine

KIND = "sanma"
# The bots' strengths, weakest first.
BOT_LEVELS = bots.LEVELS
BOT_LEVEL_NAMES = {
    "beginner": _("Beginner"),
    "normal": _("Normal"),
    "expert": _("Expert"),
    "master": _("Mahjong Master"),
}
LENGTH_NAMES = {
    "one-hand": _("One hand"),
    "east": _("East round"),
    "east-south": _("East and South rounds"),
}


def options_of(stored: dict) -> engine.Options:
    """The engine's options from a table's stored ones; ValueError for anything else."""
    try:
        return engine.Options(length=stored["length"], red_fives=bool(stored["red_fives"]))
    except (KeyError, TypeError) as error:
        raise ValueError(f"not Sanma options: {stored!r}") from error


def _start(options: dict, seed: int) -> engine.State:
    return engine.new_game(options_of(options), seed)


def _apply(state: engine.State, text: str) -> engine.State:
    return engine.apply(state, engine.Action.parse(text))  # IllegalAction is a ValueError


def _bot_action(state: engine.State, seat: int, level: str, seed: int, index: int) -> str:
    # A bot decides from its seat's view alone, as a human does.
    rng = bots.rng_for(seed, index, seat)
    return str(bots.choose(level, engine.view(state, seat), rng))


def _results(state: engine.State) -> Sequence[SeatResult] | None:
    result = state.game_result
    if result is None:
        return None
    places = {seat: place for place, seat in enumerate(result.placements, 1)}
    return [SeatResult(places[s], result.scores[s], result.points[s]) for s in range(3)]


SANMA = GameRules(
    kind=KIND,
    seats=3,
    start=_start,
    apply=_apply,
    waiting_for=engine.waiting_for,
    anyone_continues=lambda state: state.phase == "hand-end",
    bot_action=_bot_action,
    results=_results,
    begins_hand=lambda text: text.endswith(" next"),
    bot_levels=BOT_LEVELS,
)
