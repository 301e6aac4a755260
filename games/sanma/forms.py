"""What the Sanma pages post: the practice and room options, a room's code, a decision
at the table."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.tables import pages
from games.tables.rooms import NAME_LENGTH, normalized_code

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


class DecisionForm(pages.DecisionForm):
    """A decision's move is the action without the seat: ``"d:5Dr"``, ``"pon"``."""

    move = forms.RegexField(regex=r"^[a-z]+(?::[0-9A-Za-z]{1,3})?$", max_length=16)


class RoomForm(PracticeForm):
    """A private room's options (docs/sanma.md#rooms): those of practice, the bots'
    strength for the empty seats, and the name a guest is shown by."""

    name = forms.CharField(
        label=_("Your name (for guests)"), max_length=NAME_LENGTH, required=False, strip=True
    )

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("auto_id", "room_%s")  # beside the practice form on one page
        super().__init__(*args, **kwargs)


class JoinCodeForm(forms.Form):
    """A room's code as a player types it ("abc-def" is fine)."""

    code = forms.CharField(label=_("Room code"), max_length=20)

    def clean_code(self) -> str:
        code = normalized_code(self.cleaned_data["code"])
        if code is None:
            raise forms.ValidationError(
                _("A room code has six letters and digits, like %(example)s.")
                % {"example": "KXM-4TP"}
            )
        return code


class SeatNameForm(forms.Form):
    name = forms.CharField(max_length=NAME_LENGTH, required=False, strip=True)


class SwapForm(forms.Form):
    """The host swaps two seats of the room."""

    first = forms.IntegerField(min_value=0, max_value=2)
    second = forms.IntegerField(min_value=0, max_value=2)


class AwayForm(forms.Form):
    """Leave the seat to the server ("1") or come back to it ("0")."""

    away = forms.ChoiceField(choices=[("0", "0"), ("1", "1")])
