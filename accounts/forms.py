"""Sign-up and profile forms: a display name others see, an e-mail nobody else sees."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _

from .models import User


class _PublicIdentity(forms.ModelForm):
    """Display names and e-mail addresses are unique, whatever their case: a name on a
    board must point at one player, and a password reset at one account."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["display_name"].required = True
        self.fields["display_name"].help_text = _("Shown on the leaderboards and your stats.")
        self.fields["email"].required = True
        self.fields["email"].help_text = _("Only for resetting your password; never shown.")

    def _others(self):
        return User.objects.exclude(pk=self.instance.pk) if self.instance.pk else User.objects

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        if self._others().filter(display_name__iexact=name).exists():
            raise forms.ValidationError(_("Another player already goes by this name."))
        return name

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if self._others().filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail address exists."))
        return email


class SignUpForm(_PublicIdentity, UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name", "email")


class ProfileForm(_PublicIdentity):
    class Meta:
        model = User
        fields = ("display_name", "email")


class LogInForm(AuthenticationForm):
    """Django's log-in form, with the user name's length checked: Django sets the
    field's max_length after the field is made, so it is shown but never validated, and
    an overlong name reached the lockout table's 255-character column."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))
