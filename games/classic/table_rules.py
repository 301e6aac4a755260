"""Classic Mahjong as a kind of table: what the table machinery needs of the engine
(docs/tables.md#game-kinds), and the options of a table (docs/classic.md#options)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from games.tables.registry import GameRules, SeatResult

from . import bots, engine

KIND = "classic"
# The bots' strengths, weakest first.
BOT_LEVELS = tuple(bots.LEVELS)
BOT_LEVEL_NAMES = {
    "beginner": _("Beginner"),
    "normal": _("Normal"),
    "expert": _("Expert"),
}
ROUND_NAMES = {1: _("East round"), 4: _("A whole year (four rounds)")}
DEALER_RULE_NAMES = {
    "official": _("Official: East stays East after a win of East or a draw"),
    "winner": _("Variant: the deal passes after every hand, the winner leads"),
}


def options_of(stored: dict) -> engine.Options:
    """The engine's options from a table's stored ones; ValueError for anything else."""
    try:
        return engine.Options(
            rounds=int(stored["rounds"]),
            flowers=bool(stored["flowers"]),
            dealer_rule=str(stored["dealer_rule"]),
        )
    except (KeyError, TypeError) as error:
        raise ValueError(f"not Classic options: {stored!r}") from error


def _start(options: dict, seed: int) -> engine.State:
    return engine.new_game(options_of(options), seed)


def _apply(state: engine.State, text: str) -> engine.State:
    return engine.apply(state, engine.Action.parse(text))  # IllegalAction is a ValueError


def _bot_action(state: engine.State, seat: int, level: str, seed: int, index: int) -> str:
    # A bot decides from its seat's view alone, as a human does.
    rng = bots.decision_rng(seed, seat, index)
    return str(bots.choose(level, engine.view(state, seat), rng))


def _forced_action(state: engine.State) -> str | None:
    """The draw from the wall, when it is the only move of the seat in turn: a player
    who may declare nine terminals first still decides (docs/classic.md#the-turn)."""
    if state.phase != engine.DRAW:
        return None
    legal = engine.legal_actions(state, state.turn)
    return str(legal[0]) if len(legal) == 1 else None


def _timeout_action(state: engine.State, seat: int) -> str:
    """The server's move for a human out of time or away: the drawn tile is discarded
    (else the first tile that may go), no claim is made, the table goes on."""
    legal = engine.legal_actions(state, seat)
    verbs = {action.verb: action for action in legal}
    for verb in ("next", "pass", "draw"):
        if verb in verbs:
            return str(verbs[verb])
    drawn = state.drawn_tile
    discards = [a for a in legal if a.verb == "discard"]
    chosen = next((a for a in discards if a.tile == drawn), discards[0] if discards else legal[0])
    return str(chosen)


def _results(state: engine.State) -> Sequence[SeatResult] | None:
    result = state.game_result
    if result is None:
        return None
    places = {seat: place for place, seat in enumerate(result.placements, 1)}
    return [SeatResult(places[s], result.scores[s], float(result.scores[s])) for s in range(4)]


CLASSIC = GameRules(
    kind=KIND,
    seats=4,
    start=_start,
    apply=_apply,
    waiting_for=engine.waiting_for,
    anyone_continues=lambda state: state.phase == engine.HAND_END,
    bot_action=_bot_action,
    results=_results,
    begins_hand=lambda text: text.endswith(" next"),
    bot_levels=BOT_LEVELS,
    timeout_action=_timeout_action,
    answering=lambda state: state.phase == engine.CALL,
    forced_action=_forced_action,
)
