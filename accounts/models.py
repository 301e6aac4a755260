from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from .names import skeleton


class User(AbstractUser):
    """A player. The e-mail stays private; others see only the display name.

    The database holds what must be unique, so that two sign-ups at the same moment
    cannot both pass (docs/site.md#display-names): the user name and the confirmed
    e-mail address regardless of case, the display name by its look (``name_key``, its
    skeleton). An address typed at sign-up or on the profile waits in ``pending_email``
    until its mailbox follows the link sent to it (docs/site.md#e-mail-addresses).
    """

    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    name_key = models.CharField(max_length=160, blank=True, editable=False)
    pending_email = models.EmailField(_("e-mail address to confirm"), blank=True)

    class Meta(AbstractUser.Meta):
        constraints = [
            models.UniqueConstraint(
                Lower("username"),
                name="one_username_whatever_its_case",
                violation_error_message=_("A user with that username already exists."),
            ),
            models.UniqueConstraint(
                Lower("email"),
                condition=~Q(email=""),
                name="one_account_per_email",
                violation_error_message=_("Another account has this e-mail address."),
            ),
            models.UniqueConstraint(
                fields=["name_key"], condition=~Q(name_key=""), name="one_display_name_per_look"
            ),
        ]

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    def clean(self) -> None:
        """The display name's look is checked where forms do not (the admin)."""
        super().clean()
        key = skeleton(self.display_name)
        if key and User.objects.exclude(pk=self.pk).filter(name_key=key).exists():
            raise ValidationError({"display_name": _("Another player already goes by this name.")})

    def save(self, *args, **kwargs) -> None:
        self.name_key = skeleton(self.display_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "display_name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)
