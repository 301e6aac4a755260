"""What the Classic pages post: the options of a game against bots, a decision at the
table."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.tables import pages

from .table_rules import BOT_LEVEL_NAMES, BOT_LEVELS, DEALER_RULE_NAMES, ROUND_NAMES


class PracticeForm(forms.Form):
    """The options of a game against three bots (docs/classic.md#options)."""

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
    level = forms.ChoiceField(
        label=_("Bot strength"),
        choices=[(level, BOT_LEVEL_NAMES[level]) for level in BOT_LEVELS],
        initial="normal",
        widget=forms.RadioSelect,
    )


class DecisionForm(pages.DecisionForm):
    """A decision's move is the action without the seat: ``"discard 5B"``, ``"chi 3D"``,
    ``"pong"``."""

    move = forms.RegexField(regex=r"^[a-z]+(?: [0-9A-Za-z]{1,2})?$", max_length=16)
