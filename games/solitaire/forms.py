from django import forms
from django.utils.translation import gettext_lazy as _

from .exports import MAX_EXPORT_BYTES


class ReplayUploadForm(forms.Form):
    """An exported game (S4) to replay from its deal."""

    export = forms.FileField(label=_("Game export (.json)"))

    def clean_export(self):
        upload = self.cleaned_data["export"]
        if upload.size > MAX_EXPORT_BYTES:
            raise forms.ValidationError(_("The file is too large to be a game export."))
        return upload
