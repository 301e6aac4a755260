"""Sanma as a kind of table game, declared once (docs/tables.md#game-kinds): its names
and options (docs/sanma.md#options), its bots, how the machinery reaches its engine,
what its pages show of their own, its records and its export."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.tables.forms import TableOptionsForm
from games.tables.registry import ExtraFigure, GameKind, SeatResult

from . import bots, engine, names, presenters, records
from . import export as tenhou
from . import steps as step_pictures
from .engine import analysis
from .models import SeatRecord

LENGTH_NAMES = {
    "one-hand": _("One hand"),
    "east": _("East round"),
    "east-south": _("East and South rounds"),
}
LEVEL_NAMES = {
    "beginner": _("Beginner"),
    "normal": _("Normal"),
    "expert": _("Expert"),
    "master": _("Mahjong Master"),
}


class OptionsForm(TableOptionsForm):
    """The options of a new table (docs/sanma.md#practice-against-bots)."""

    level_names = LEVEL_NAMES

    length = forms.ChoiceField(
        label=_("Game length"),
        choices=LENGTH_NAMES.items(),
        initial="east",
        widget=forms.RadioSelect,
    )
    red_fives = forms.ChoiceField(
        label=_("Red fives"),
        choices=[("on", _("A red 5 of circles and of bamboo")), ("off", _("None"))],
        initial="on",
        widget=forms.RadioSelect,
    )

    def options(self) -> dict:
        chosen = self.cleaned_data
        return {"length": chosen["length"], "red_fives": chosen["red_fives"] == "on"}


def options_of(stored: dict) -> engine.Options:
    """The engine's options from a table's stored ones; ValueError for anything else."""
    try:
        return engine.Options(length=stored["length"], red_fives=bool(stored["red_fives"]))
    except (KeyError, TypeError) as error:
        raise ValueError(f"not Sanma options: {stored!r}") from error


class Sanma(GameKind):
    key = "sanma"
    seats = 3
    bot_levels = bots.LEVELS
    name = _("Sanma")
    short_name = _("Sanma")
    header_tile = "N"
    dealer_title = _("Dealer")
    set_aside_label = _("Norths set aside")
    intro = _("Three-player Riichi Mahjong against two bots. Pick the game, then play at once.")
    bot_names = ("Aki", "Kumo", "Sora")
    level_names = LEVEL_NAMES
    options_form_class = OptionsForm
    lobby_choices = {
        "east": (LENGTH_NAMES["east"], {"length": "east", "red_fives": True}),
        "east-south": (LENGTH_NAMES["east-south"], {"length": "east-south", "red_fives": True}),
    }
    wind_names = names.WINDS
    move_names = names.MOVES
    button_names = names.BUTTONS
    meld_names = names.MELDS
    keys_help = _(
        "Arrow keys move along your hand; Enter discards the tile in focus. Keys: T tsumo, "
        "R ron, I riichi, P pon, K kan, N north, A abort, X pass."
    )
    action_keys = {
        "tsumo": "t",
        "ron": "r",
        "riichi": "i",
        "pon": "p",
        "kan": "k",
        "nuki": "n",
        "abort": "a",
        "pass": "x",
    }
    points_label = _("Placement points")
    board_title = _("Best total placement points")
    board_note = ngettext_lazy(
        "Sanma against two bots of one strength: the total of each player's results (score "
        "− 35,000, in thousands, plus the placement points). Ranked after %(n)s finished game.",
        "Sanma against two bots of one strength: the total of each player's results (score "
        "− 35,000, in thousands, plus the placement points). Ranked after %(n)s finished games.",
        "n",
    )
    points_digits = 1
    record_model = SeatRecord
    extra_figures = (ExtraFigure("riichis", _("Riichi"), "riichi-rate"),)
    stats_note = _(
        "Rates of won hands, deal-ins and riichi are per hand played; the average win is a "
        "won hand's value before honba and sticks."
    )
    exports = True
    riichi = True
    questions = (
        (
            _("Can someone ron the North I set aside?"),
            _(
                "Yes: it lies open on the table, and whoever waits on North may ron it (this "
                "is not robbing a kan). Setting a North aside also ends everyone's ippatsu. "
                "When someone is in riichi and no North has shown yet, think before you set "
                "yours aside at once."
            ),
        ),
    )

    # ---- the engine, for the table machinery

    def start(self, options: dict, seed: int) -> engine.State:
        return engine.new_game(options_of(options), seed)

    def apply(self, state: engine.State, text: str) -> engine.State:
        return engine.apply(state, engine.Action.parse(text))  # IllegalAction: a ValueError

    def waiting_for(self, state: engine.State) -> set[int]:
        return engine.waiting_for(state)

    def anyone_continues(self, state: engine.State) -> bool:
        return state.phase == "hand-end"

    def answering(self, state: engine.State) -> bool:
        return state.phase == "call"

    def bot_action(self, state: engine.State, seat: int, level: str, seed: int, index: int) -> str:
        # A bot decides from its seat's view alone, as a human does.
        rng = bots.rng_for(seed, index, seat)
        return str(bots.choose(level, engine.view(state, seat), rng))

    def timeout_action(self, state: engine.State, seat: int, seed: int, index: int) -> str:
        """The server's move for a human out of time or away (docs/sanma.md#rooms): the
        drawn tile is discarded (after a pon, the last tile that may go), no call is
        ever made, and the table goes on after a hand's result."""
        legal = engine.legal_actions(state, seat)
        moves = {action.move: action for action in legal}
        for move in ("next", "pass"):
            if move in moves:
                return str(moves[move])
        discards = [action for action in legal if action.move == "d"]
        drawn = engine.view(state, seat).drawn
        chosen = next((a for a in discards if a.tile == drawn), discards[-1] if discards else None)
        return str(chosen if chosen is not None else legal[0])

    def results(self, state: engine.State) -> Sequence[SeatResult] | None:
        result = state.game_result
        if result is None:
            return None
        places = {seat: place for place, seat in enumerate(result.placements, 1)}
        return [SeatResult(places[s], result.scores[s], result.points[s]) for s in range(3)]

    # ---- the pages

    def describe_options(self, options: dict) -> str:
        length = str(LENGTH_NAMES.get(options.get("length"), ""))
        fives = _("red fives") if options.get("red_fives") else _("no red fives")
        return f"{length} · {fives}"

    def view(self, state: engine.State, seat: int) -> engine.View:
        return engine.view(state, seat)

    def full_view(self, state: engine.State, seat: int) -> engine.View:
        return engine.full_view(state, seat)

    def discard_helper(self, view: engine.View, options: dict):
        return analysis.helper(view)

    def present(self, view: engine.View, seats: Mapping, viewer: int) -> dict:
        return presenters.present_own(self, view, seats, viewer)

    @property
    def steps(self):
        return step_pictures.STEPS

    def hand_figures(
        self, ends: Sequence[tuple[int, engine.State]], log: Sequence[str]
    ) -> list[dict]:
        return records.hand_figures(ends, log)

    def export(self, options: dict, seed: int, log: Sequence[str], names: list[str]) -> str:
        return tenhou.export_json(options_of(options), seed, log, names=names)


SANMA = Sanma()
