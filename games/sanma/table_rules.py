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


def _timeout_action(state: engine.State, seat: int) -> str:
    """The server's move for a human out of time or away (docs/sanma.md#rooms): the
    drawn tile is discarded (after a pon, the last tile that may go), no call is ever
    made, and the table goes on after a hand's result."""
    legal = engine.legal_actions(state, seat)
    moves = {action.move: action for action in legal}
    if "next" in moves:
        return str(moves["next"])
    if "pass" in moves:
        return str(moves["pass"])
    discards = [action for action in legal if action.move == "d"]
    drawn = engine.view(state, seat).drawn
    chosen = next((a for a in discards if a.tile == drawn), discards[-1] if discards else None)
    if chosen is None:  # a seat that may only win or abort now (never so in the rules)
        chosen = legal[0]
    return str(chosen)


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
    timeout_action=_timeout_action,
    answering=lambda state: state.phase == "call",
)
