from django.contrib.auth.models import AbstractUser
from django.contrib.auth.signals import user_logged_out
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q, Sum
from django.db.models.functions import Coalesce, Lower
from django.dispatch import receiver
from django.utils import timezone
from django.utils.crypto import get_random_string, salted_hmac
from django.utils.translation import gettext_lazy as _

from games.styles import BY_KEY, Look, Part

from .names import skeleton


class User(AbstractUser):
    """A player. The e-mail stays private; others see only the display name.

    The database holds what must be unique, so that two sign-ups at the same moment
    cannot both pass (docs/site.md#display-names): the user name and the confirmed
    e-mail address regardless of case, the display name by its look (``name_key``, its
    skeleton). An address typed at sign-up or on the profile waits in ``pending_email``
    until its mailbox follows the link sent to it (docs/site.md#e-mail-addresses); every
    change of either address draws a new ``address_nonce``, which the link's token is
    bound to, so that no link outlives the change after it.
    """

    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    name_key = models.CharField(max_length=160, blank=True, editable=False)
    pending_email = models.EmailField(_("e-mail address to confirm"), blank=True)
    # The styles worn on every device and in every game (docs/site.md#styles); blank
    # is the free default. Only accounts/coins.py writes them, each an owned style.
    cloth = models.CharField(_("table cloth"), max_length=20, blank=True, editable=False)
    tile_back = models.CharField(_("tile back"), max_length=20, blank=True, editable=False)
    tile_faces = models.CharField(_("tile faces"), max_length=20, blank=True, editable=False)
    # The language chosen with the switch (docs/site.md#languages); blank follows the
    # browser. Only accounts/views.py's set_language writes it, a code of LANGUAGES.
    language = models.CharField(_("language"), max_length=8, blank=True, editable=False)
    # Log-outs so far: each ends every session of the account, on every device
    # (docs/site.md#sessions): a signed-cookie session cannot be ended one by one.
    log_outs = models.PositiveIntegerField(default=0, editable=False)
    # Drawn anew by save() whenever the confirmed or the pending address changes: a
    # confirmation link is good for one nonce, so a used link or one of an address
    # given up never works again, even once the same address is typed again.
    address_nonce = models.CharField(max_length=22, blank=True, editable=False)
    # The table toggles chosen last, for every new table (docs/tables.md#toggles); only
    # games/tables/toggles.py writes them.
    table_toggles = models.JSONField(default=list, blank=True, editable=False)

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

    @property
    def look(self) -> Look:
        return Look.of(
            {Part.CLOTH: self.cloth, Part.BACK: self.tile_back, Part.FACES: self.tile_faces}
        )

    def _get_session_auth_hash(self, secret=None) -> str:
        """What a session of this account carries to stay logged in: Django's HMAC of
        the password, and of the log-outs once there were any (so the sessions of
        before any log-out stay valid)."""
        if not self.log_outs:
            return super()._get_session_auth_hash(secret=secret)
        return salted_hmac(
            "accounts.User.session_auth_hash",
            f"{self.password}:{self.log_outs}",
            secret=secret,
            algorithm="sha256",
        ).hexdigest()

    def clean(self) -> None:
        """The display name's look is checked where forms do not (the admin)."""
        super().clean()
        key = skeleton(self.display_name)
        if key and User.objects.exclude(pk=self.pk).filter(name_key=key).exists():
            raise ValidationError({"display_name": _("Another player already goes by this name.")})

    _ADDRESS_FIELDS = ("email", "pending_email")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._addresses_as_loaded = self._addresses()

    def refresh_from_db(self, *args, fields=None, **kwargs) -> None:
        super().refresh_from_db(*args, fields=fields, **kwargs)
        refreshed = self._addresses()
        for name in self._ADDRESS_FIELDS:
            if fields is None or name in fields:
                self._addresses_as_loaded[name] = refreshed[name]

    def _addresses(self) -> dict[str, str | None]:
        """The addresses as they are in memory; a field not loaded (deferred) is None,
        and is never loaded just to look at it."""
        return {name: self.__dict__.get(name) for name in self._ADDRESS_FIELDS}

    def save(self, *args, **kwargs) -> None:
        self.name_key = skeleton(self.display_name)
        update_fields = kwargs.get("update_fields")
        saves_addresses = update_fields is None or {"email", "pending_email"} & set(update_fields)
        extra = set()
        if update_fields is not None and "display_name" in update_fields:
            extra.add("name_key")
        changed = self._addresses() != self._addresses_as_loaded
        if saves_addresses and (changed or self._state.adding and not self.address_nonce):
            self.address_nonce = get_random_string(22)
            extra.add("address_nonce")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, *extra}
        super().save(*args, **kwargs)
        if saves_addresses:
            self._addresses_as_loaded = self._addresses()


@receiver(user_logged_out, dispatch_uid="accounts.end_sessions_on_log_out")
def end_sessions_on_log_out(sender, request, user, **kwargs) -> None:
    """Every session of the account ends with a log-out (docs/site.md#sessions)."""
    if user is not None and user.pk is not None:
        User.objects.filter(pk=user.pk).update(log_outs=F("log_outs") + 1)


class CoinEntryQuerySet(models.QuerySet):
    def balance(self) -> int:
        return self.aggregate(total=Coalesce(Sum("amount"), 0))["total"]


class CoinEntry(models.Model):
    """One change of a player's coins (docs/site.md#coins): the ledger. A balance is the
    sum of its entries; an entry is never changed or removed once written.

    The database holds the rules that a race could break: one check-in per player and
    day, each style bought once, check-ins adding and purchases taking.
    """

    class Reason(models.TextChoices):
        CHECK_IN = "check-in", _("Daily check-in")
        PURCHASE = "purchase", _("Style bought")

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="coin_entries")
    amount = models.IntegerField(_("coins"))
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    at = models.DateTimeField(_("when"), default=timezone.now, editable=False)
    day = models.DateField(_("check-in day"), null=True, blank=True)  # the player's date
    # A check-in's time zone, minutes ahead of UTC: the next one needs a midnight there
    # (docs/site.md#coins). Check-ins made before it was kept count as UTC's.
    utc_offset = models.SmallIntegerField(_("time zone (minutes from UTC)"), null=True, blank=True)
    streak = models.PositiveIntegerField(_("streak"), null=True, blank=True)
    style = models.CharField(_("style"), max_length=20, blank=True)

    objects = CoinEntryQuerySet.as_manager()

    class Meta:
        verbose_name = _("coin entry")
        verbose_name_plural = _("coin ledger")
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["user", "-at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "day"],
                condition=Q(reason="check-in"),
                name="one_check_in_a_day",
            ),
            models.CheckConstraint(
                condition=(
                    Q(reason="check-in", amount__gt=0, day__isnull=False, streak__gte=1)
                    & Q(utc_offset__gte=-12 * 60, utc_offset__lte=14 * 60)
                    & Q(utc_offset__isnull=False)
                    | Q(reason="purchase", amount__lt=0, day__isnull=True, utc_offset__isnull=True)
                    & ~Q(style="")
                ),
                name="coin_entry_adds_up",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.amount:+d} ({self.get_reason_display()})"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None and not self._state.adding:
            raise ValueError("a coin entry is never changed once written")
        super().save(*args, **kwargs)

    @property
    def style_name(self) -> str:
        style = BY_KEY.get(self.style)
        return str(style.name) if style else self.style


class OwnedStyle(models.Model):
    """A style a player bought, theirs for good: with the ledger entry that paid for it,
    written in the same transaction (accounts/coins.py)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="owned_styles")
    style = models.CharField(_("style"), max_length=20)
    paid_by = models.OneToOneField(
        CoinEntry, on_delete=models.RESTRICT, related_name="bought", verbose_name=_("paid by")
    )

    class Meta:
        verbose_name = _("owned style")
        verbose_name_plural = _("owned styles")
        constraints = [
            models.UniqueConstraint(fields=["user", "style"], name="each_style_bought_once")
        ]

    def __str__(self) -> str:
        style = BY_KEY.get(self.style)
        return str(style.name) if style else self.style
