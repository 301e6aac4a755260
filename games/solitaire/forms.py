from django import forms
from django.utils.translation import gettext_lazy as _

from . import play
from .exports import MAX_EXPORT_BYTES, MAX_MOVES
from .picker import SIZES


class ReplayUploadForm(forms.Form):
    """An exported game (docs/solitaire.md#export-and-replay) to replay from its deal."""

    export = forms.FileField(label=_("Game export (.json)"))

    def clean_export(self):
        upload = self.cleaned_data["export"]
        if upload.size > MAX_EXPORT_BYTES:
            raise forms.ValidationError(_("The file is too large to be a game export."))
        return upload


class ReplayStepForm(forms.Form):
    """A step of a replay: which one, and for an uploaded export the export itself,
    which the page posts again with every step."""

    step = forms.IntegerField(min_value=0, max_value=MAX_MOVES)
    export_text = forms.CharField(max_length=MAX_EXPORT_BYTES, strip=False, required=False)


class NewGameForm(forms.Form):
    """The layout of a new game, by its letter; anything else is no layout (a NUL byte
    included: it is refused here, before a query could see it)."""

    layout = forms.CharField(max_length=1)

    def letter(self) -> str:
        return self.cleaned_data["layout"] if self.is_valid() else ""


class ActionForm(forms.Form):
    """Every action on a game posts the board version its page showed; a version that
    is missing or no number matches no board, so the page gets the board afresh."""

    version = forms.IntegerField(required=False)

    def arguments(self) -> dict:
        return {"version": self.cleaned_data.get("version")}


class TapForm(ActionForm):
    """A tap names the tile and the selection its page showed (empty: none)."""

    position = forms.IntegerField()
    selected = forms.IntegerField(required=False)

    def arguments(self) -> dict:
        if "selected" not in self.data:
            seen: int | None | play.Unseen = play.UNSEEN  # a page from before the field
        elif "selected" in self.errors:
            seen = -1  # matches no selection: the page gets the board afresh
        else:
            seen = self.cleaned_data["selected"]
        return {
            "position": self.cleaned_data["position"],
            **super().arguments(),
            "seen_selection": seen,
        }


class NoFieldsForm(forms.Form):
    """Hint, pause and resume need nothing but the game."""

    def arguments(self) -> dict:
        return {}


class PreferencesForm(forms.Form):
    """Dimming of blocked tiles, kept in the session. The tile faces are a style, worn
    on every game's pages (docs/site.md#styles)."""

    dim = forms.ChoiceField(choices=[("on", "on"), ("off", "off")], required=False)
    next = forms.CharField(required=False)


class LayoutFilterForm(forms.Form):
    """The layout picker's filters, read from the query string: a size and whether only
    layouts whole on an upright phone are shown."""

    size = forms.ChoiceField(
        label=_("Size"),
        choices=[("", _("Any"))] + [(key, label) for key, (label, *_r) in SIZES.items()],
        required=False,
    )
    phone = forms.BooleanField(label=_("Fits a phone"), required=False)

    def filters(self) -> dict:
        """The chosen filters; none where the query string held something else."""
        if not self.is_valid():
            return {}
        return {"size": self.cleaned_data["size"], "phone": self.cleaned_data["phone"]}
