from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. The e-mail stays private; others see only the display name."""

    display_name = models.CharField(_("display name"), max_length=40, blank=True)

    @property
    def public_name(self) -> str:
        return self.display_name or self.username
