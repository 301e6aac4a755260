"""Sign-up, profile, log-in, reset and coin forms: a display name others see, an e-mail
nobody else sees and nobody must give (docs/site.md#display-names,
docs/site.md#e-mail-addresses)."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.core.validators import MaxLengthValidator
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .models import User
from .names import has_hidden_characters, skeleton

NAME_TAKEN = _("Another player already goes by this name, or by one that looks the same.")
USERNAME_TAKEN_AS_NAME = _(
    "Another player goes by a name that looks like your user name: please choose a display name."
)


class _PublicIdentity(forms.ModelForm):
    """The display name must not look like another player's: a name on a board points
    at one player. The e-mail address is never checked against others here (that would
    tell whose it is): it waits for its mailbox to confirm it."""

    email = forms.EmailField(
        label=_("E-mail address (optional)"),
        required=False,
        help_text=_(
            "Only for resetting a forgotten password, once you follow the link we mail to "
            "it; never shown."
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["display_name"].required = True
        self.fields["display_name"].help_text = _("Shown on the leaderboards and your stats.")

    def _others(self):
        return User.objects.exclude(pk=self.instance.pk) if self.instance.pk else User.objects

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        if not name and not self.fields["display_name"].required:
            return self._name_from_username()
        if has_hidden_characters(name):
            raise forms.ValidationError(
                _("A display name cannot hold invisible or control characters.")
            )
        key = skeleton(name)
        if not key:
            raise forms.ValidationError(_("Please choose a name with letters or digits."))
        if self._others().filter(name_key=key).exists():
            raise forms.ValidationError(NAME_TAKEN)
        return name

    def _name_from_username(self) -> str:
        """No display name given: the user name is shown instead, and must not look like
        another player's name either."""
        username = self.cleaned_data.get("username", "")
        if username and self._others().filter(name_key=skeleton(username)).exists():
            raise forms.ValidationError(USERNAME_TAKEN_AS_NAME)
        return username

    def clean_email(self) -> str:
        return User.objects.normalize_email(self.cleaned_data["email"].strip())

    def save(self, commit: bool = True) -> User:
        """The address typed only ever becomes pending (``needs_mail`` then says that a
        mail must ask its mailbox); the confirmed one stays as it was. An empty field
        means no address: none waits, and a confirmed one is given up."""
        user = super().save(commit=False)
        typed = self.cleaned_data["email"]
        shown = self.initial.get("email") or ""
        self.needs_mail = bool(typed) and (
            typed.casefold() != shown.casefold()
            and typed.casefold() != (user.email or "").casefold()
        )
        if not typed:
            user.email = user.pending_email = ""
        elif self.needs_mail:
            user.pending_email = typed
        elif typed.casefold() == (user.email or "").casefold():
            user.pending_email = ""
        if commit:
            user.save()
        return user


class SignUpForm(_PublicIdentity, UserCreationForm):
    """A user name and a password are all it takes (docs/site.md#sign-up-and-log-in)."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.order_fields(["username", "password1", "password2", "display_name", "email"])
        name = self.fields["display_name"]
        name.required = False
        name.label = _("Display name (optional)")
        name.help_text = _("Shown on the leaderboards and your stats; your user name if empty.")


class ProfileForm(_PublicIdentity):
    class Meta:
        model = User
        fields = ("display_name",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The address shown is the one waiting for its link, else the confirmed one.
        self.initial["email"] = self.instance.pending_email or self.instance.email
        self.fields["email"].help_text = _(
            "Only for resetting a forgotten password; never shown. A new address counts "
            "once you follow the link we mail to it; an empty field removes the address."
        )


class LogInForm(AuthenticationForm):
    """Django's log-in form, with the user name's length checked: Django sets the
    field's max_length after the field is made, so it is shown but never validated, and
    an overlong name reached the lockout table's 255-character column."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's reset form, with its mail sent by the worker (accounts/tasks.py): the
    request only queues the address, known or not, so both answer alike and at once."""

    def save(self, domain_override=None, use_https=False, request=None, **options) -> None:
        from .tasks import send_password_reset

        domain = domain_override or (request.get_host() if request else "localhost")
        send_password_reset.delay(self.cleaned_data["email"], domain, use_https, get_language())


class CheckInForm(forms.Form):
    """The daily check-in: the player's time zone, minutes ahead of UTC, as their page
    knows it (none without JavaScript: UTC). The day is the server's to decide
    (docs/site.md#coins)."""

    offset = forms.IntegerField(required=False, min_value=-12 * 60, max_value=14 * 60)
    next = forms.CharField(required=False)


class StyleForm(forms.Form):
    """A style to buy or wear, by its key (games/styles.py)."""

    style = forms.CharField(max_length=20)
    next = forms.CharField(required=False)
