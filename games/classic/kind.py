"""Classic Mahjong as a kind of table game, declared once (docs/tables.md#game-kinds):
its names and options (docs/classic.md#options), its bots, how the machinery reaches its
engine, what its pages show of their own and its records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.tables.forms import TableOptionsForm
from games.tables.registry import ExtraFigure, GameKind, SeatResult

from . import bots, engine, names, presenters, records
from . import steps as step_pictures
from .engine import helper
from .engine.scoring import LIMIT
from .models import SeatRecord

ROUND_NAMES = {1: _("East round"), 4: _("A whole year (four rounds)")}
DEALER_RULE_NAMES = {
    "official": _("Official: East stays East after a win of East or a draw"),
    "winner": _("Variant: the deal passes after every hand, the winner leads"),
}
LEVEL_NAMES = {"beginner": _("Beginner"), "normal": _("Normal"), "expert": _("Expert")}


class OptionsForm(TableOptionsForm):
    """The options of a new table (docs/classic.md#options)."""

    level_names = LEVEL_NAMES

    rounds = forms.TypedChoiceField(
        label=_("Rounds"),
        choices=[(str(n), name) for n, name in ROUND_NAMES.items()],
        coerce=int,
        initial="1",
        widget=forms.RadioSelect,
    )
    flowers = forms.ChoiceField(
        label=_("Flowers and seasons"),
        choices=[("on", _("With flowers and seasons (144 tiles)")), ("off", _("Without"))],
        initial="on",
        widget=forms.RadioSelect,
    )
    dealer_rule = forms.ChoiceField(
        label=_("Dealer rule"),
        choices=DEALER_RULE_NAMES.items(),
        initial="official",
        widget=forms.RadioSelect,
    )

    def options(self) -> dict:
        chosen = self.cleaned_data
        return {
            "rounds": chosen["rounds"],
            "flowers": chosen["flowers"] == "on",
            "dealer_rule": chosen["dealer_rule"],
            "edition": engine.rules.scoring.EDITION,
        }


def options_of(stored: dict) -> engine.Options:
    """The engine's options from a table's stored ones; ValueError for anything else."""
    try:
        return engine.Options(
            rounds=int(stored["rounds"]),
            flowers=bool(stored["flowers"]),
            dealer_rule=str(stored["dealer_rule"]),
            # Tables stored before the second edition keep the rules they began with
            # (docs/classic.md#editions).
            edition=int(stored.get("edition", 1)),
        )
    except (KeyError, TypeError) as error:
        raise ValueError(f"not Classic options: {stored!r}") from error


class Classic(GameKind):
    key = "classic"
    seats = 4
    bot_levels = tuple(bots.LEVELS)
    name = _("Classic Mahjong")
    short_name = _("Classic")
    header_tile = "E"
    dealer_title = _("East: deals and starts")
    set_aside_label = _("Flowers and seasons set aside")
    intro = _(
        "Four players, the old Chinese rules: four sets and a pair, Mah Jong, and everyone "
        "pays. You play against three bots. Pick the game, then play at once."
    )
    bot_names = ("Mei", "Bao", "Lan", "Jun")
    level_names = LEVEL_NAMES
    options_form_class = OptionsForm
    lobby_choices = {
        "east": (ROUND_NAMES[1], {"rounds": 1, "flowers": True, "dealer_rule": "official"}),
        "year": (ROUND_NAMES[4], {"rounds": 4, "flowers": True, "dealer_rule": "official"}),
    }
    wind_names = names.WINDS
    move_names = names.MOVES
    button_names = names.BUTTONS
    meld_names = names.MELDS
    keys_help = _(
        "Arrow keys move along your hand; Enter discards the tile in focus. Keys: M Mah Jong, "
        "P pong, K kan, C chi, X pass."
    )
    action_keys = {
        "tsumo": "m",
        "ron": "m",
        "pon": "p",
        "kan": "k",
        "chi": "c",
        "pass": "x",
        "draw": "d",
    }
    step_limit = 40
    points_label = _("Score")
    board_title = _("Best total score")
    board_note = ngettext_lazy(
        "Classic Mahjong against three bots of one strength: the total of each player's final "
        "scores. Ranked after %(n)s finished game.",
        "Classic Mahjong against three bots of one strength: the total of each player's final "
        "scores. Ranked after %(n)s finished games.",
        "n",
    )
    record_model = SeatRecord
    extra_figures = (
        ExtraFigure("self_drawn", _("From the wall"), "self-drawn-rate", per="wins"),
        ExtraFigure("best_hand", _("Best hand"), "best-hand", per=""),
    )
    stats_note = _(
        "Won hands and deal-ins are per hand played, wins from the wall per won hand; a "
        "hand's value is before the settlement."
    )

    # ---- the engine, for the table machinery

    def start(self, options: dict, seed: int) -> engine.State:
        return engine.new_game(options_of(options), seed)

    def apply(self, state: engine.State, text: str) -> engine.State:
        return engine.apply(state, engine.Action.parse(text))  # IllegalAction: a ValueError

    def waiting_for(self, state: engine.State) -> set[int]:
        return engine.waiting_for(state)

    def anyone_continues(self, state: engine.State) -> bool:
        return state.phase == engine.HAND_END

    def answering(self, state: engine.State) -> bool:
        return state.phase == engine.CALL

    def bot_action(self, state: engine.State, seat: int, level: str, seed: int, index: int) -> str:
        # A bot decides from its seat's view alone, as a human does.
        rng = bots.decision_rng(seed, seat, index)
        return str(bots.choose(level, engine.view(state, seat), rng))

    def forced_action(self, state: engine.State) -> str | None:
        """The draw from the wall, when it is the only move of the seat in turn: a
        player who may declare nine terminals first still decides
        (docs/classic.md#the-turn)."""
        if state.phase != engine.DRAW:
            return None
        legal = engine.legal_actions(state, state.turn)
        return str(legal[0]) if len(legal) == 1 else None

    def timeout_action(self, state: engine.State, seat: int, seed: int, index: int) -> str:
        """The server's move for a human out of time or away: the drawn tile is
        discarded (else the first tile that may go), no claim is made, the table goes
        on."""
        legal = engine.legal_actions(state, seat)
        moves = {action.move: action for action in legal}
        for move in ("next", "pass", "draw"):
            if move in moves:
                return str(moves[move])
        drawn = engine.view(state, seat).drawn
        discards = [a for a in legal if a.move == "d"]
        chosen = next((a for a in discards if a.tile == drawn), discards[0] if discards else None)
        return str(chosen if chosen is not None else legal[0])

    def results(self, state: engine.State) -> Sequence[SeatResult] | None:
        result = state.game_result
        if result is None:
            return None
        places = {seat: place for place, seat in enumerate(result.placements, 1)}
        return [SeatResult(places[s], result.scores[s], float(result.scores[s])) for s in range(4)]

    # ---- the pages

    def describe_options(self, options: dict) -> str:
        rounds = str(ROUND_NAMES.get(options.get("rounds"), ""))
        flowers = _("flowers and seasons") if options.get("flowers") else _("no flowers")
        return f"{rounds} · {flowers}"

    def view(self, state: engine.State, seat: int) -> engine.View:
        return engine.view(state, seat)

    def full_view(self, state: engine.State, seat: int) -> engine.View:
        return engine.full_view(state, seat)

    def discard_helper(self, view: engine.View, options: dict):
        return helper.helper(view, options_of(options).edition)

    def present(self, view: engine.View, seats: Mapping, viewer: int) -> dict:
        return presenters.present_own(self, view, seats, viewer)

    def sheet_entry(self, view: engine.View, seats: Mapping, viewer: int):
        return presenters.sheet_entry(self, view, seats, viewer)

    def rules_context(self) -> dict:
        """The engine's scoring table (docs/classic.md#scoring)."""
        return {"scoring": presenters.scoring_table(), "limit": LIMIT}

    @property
    def steps(self):
        return step_pictures.STEPS

    def hand_figures(
        self, ends: Sequence[tuple[int, engine.State]], log: Sequence[str]
    ) -> list[dict]:
        return records.hand_figures(ends, log)


CLASSIC = Classic()
