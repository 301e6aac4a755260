"""What the Sanma pages post: the practice options and a decision at the table."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .table_rules import BOT_LEVEL_NAMES, BOT_LEVELS, LENGTH_NAMES


class PracticeForm(forms.Form):
    """The options of a game against bots (docs/sanma.md#practice-against-bots)."""

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
    level = forms.ChoiceField(
        label=_("Bot strength"),
        choices=[(level, BOT_LEVEL_NAMES[level]) for level in BOT_LEVELS],
        initial="normal",
        widget=forms.RadioSelect,
    )


class DecisionForm(forms.Form):
    """A decision names its move and the version of the table its page showed; a
    missing or broken version matches no table, so the page gets the table afresh."""

    move = forms.RegexField(regex=r"^[a-z]+(?::[0-9A-Za-z]{1,3})?$", max_length=16)
    version = forms.IntegerField(required=False, min_value=0)
