"""The admin's forms for layouts: editing as a text grid, uploading a file."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from . import curation, engine, problems
from .layout_files import LayoutFileError, grid_from_positions, positions_from_grid
from .models import Layout

GRID_HELP = _(
    "One block of rows per level, from “# level 0” (the bottom) up. A tile is the "
    "digit 1 in its top-left cell: a 1 in column x of row y under “# level z” is the "
    "position (x, y, z), counted from 0 on the half-tile grid. The digits 2, 3 and 4 "
    "in a tile's other cells only help the eye, “.” is empty; the grid is redrawn "
    "cleanly on save."
)
BUILTIN_GRID_HELP = _(
    "A built-in layout keeps its positions: its game codes must deal the same towers "
    "forever. Rename or deactivate it instead."
)
SHAPE_IN_USE = _(
    "Games have been dealt on this layout, and their codes must deal the same towers "
    "forever: leave its shape as it is, and add the new shape as a layout of its own."
)
GRID_STYLE = "font-family: ui-monospace, monospace; line-height: 1.15; white-space: pre"


class LayoutForm(forms.ModelForm):
    """Name, active flag and the positions as a grid; saving runs the engine's
    validator and shows every problem it finds on the grid."""

    grid = forms.CharField(
        label=_("Positions"),
        help_text=GRID_HELP,
        strip=False,
        widget=forms.Textarea(
            attrs={
                "rows": 24,
                "cols": 48,
                "spellcheck": "false",
                "wrap": "off",
                "style": GRID_STYLE,
            }
        ),
    )

    class Meta:
        model = Layout
        fields = ["name", "name_de", "name_fi", "name_da", "active"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.positions: list[list[int]] | None = None
        self.report: engine.LayoutReport | None = None
        self.shape_changed = False
        if not self.instance._state.adding:
            self.fields["grid"].initial = grid_from_positions(self.instance.positions)
        if self.instance.builtin:
            self.fields["grid"].disabled = True
            self.fields["grid"].help_text = BUILTIN_GRID_HELP

    def clean_grid(self) -> str:
        text = self.cleaned_data["grid"]
        try:
            edited = positions_from_grid(text)
        except LayoutFileError as error:
            raise ValidationError(error.problems) from None
        if problem := curation.count_problem(len(edited)):
            raise ValidationError(problem)
        stored = self.instance.positions or []
        self.positions = curation.positions_to_store(stored, edited)
        self.shape_changed = self.positions != [list(p) for p in stored]
        if self.shape_changed and self.instance.pk and self.instance.games.exists():
            # A code names a deal forever: new shapes need a new letter.
            raise ValidationError(SHAPE_IN_USE)
        return text

    def clean(self) -> dict:
        cleaned = super().clean()
        if self.positions is not None:
            self.report = engine.validate_layout(self.positions)
            for problem in self.report.errors:
                self.add_error("grid", problems.say(problem))
        if self.instance._state.adding and curation.next_free_letter() is None:
            raise ValidationError(curation.NO_FREE_LETTER)
        return cleaned

    def save(self, commit: bool = True) -> Layout:
        layout = super().save(commit=False)
        assert self.positions is not None and self.report is not None  # a valid form
        layout.positions = self.positions
        layout.wide = self.report.wide
        if commit:
            if layout._state.adding:
                curation.save_new_layout(layout)
            else:
                layout.save()
        return layout


class LayoutImportForm(forms.Form):
    """A KMahjongg ``.layout`` file (version 1.0 or 1.1) and an optional name."""

    file = forms.FileField(
        label=_("KMahjongg layout file"),
        help_text=_("A .layout file of version 1.0 or 1.1. The new layout starts inactive."),
    )
    name = forms.CharField(
        label=_("Name"),
        max_length=60,
        required=False,
        help_text=_("Leave empty to name it after the file."),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.positions: tuple[curation.Position, ...] = ()
        self.report: engine.LayoutReport | None = None

    def clean(self) -> dict:
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload is None:
            return cleaned
        try:
            self.positions, self.report = curation.read_layout_file(
                upload.read(curation.MAX_FILE_BYTES + 1)
            )
        except curation.LayoutRejected as error:
            self.add_error("file", ValidationError([problems.say(p) for p in error.problems]))
            return cleaned
        if curation.next_free_letter() is None:
            raise ValidationError(curation.NO_FREE_LETTER)
        cleaned["name"] = cleaned.get("name") or curation.name_from_filename(upload.name)
        return cleaned

    def save(self, user) -> Layout:
        assert self.report is not None  # a valid form
        return curation.create_imported_layout(
            self.positions, self.report, name=self.cleaned_data["name"], user=user
        )
