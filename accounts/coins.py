"""Coins and styles: the daily check-in, buying a style and wearing one
(docs/site.md#coins, docs/site.md#styles). The one place that writes the ledger and the
styles an account wears; games never change a balance.

Every change of a balance is one ``CoinEntry``; the balance is their sum. A check-in or
purchase locks the player's account row, so that one player's coin moves happen one
after another; the database's constraints (one check-in a day, each style bought once)
hold even so, should two requests get past the lock's check at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from django.contrib.sessions.backends.base import SessionBase
from django.db import IntegrityError, transaction
from django.db.models import F, Sum, Window
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from games.players import SessionKey
from games.styles import BY_KEY, Look, Part, Style, session_look

from .models import CoinEntry, OwnedStyle, User

CHECK_IN_COINS = 10  # a check-in's coins on the first day of a streak
STREAK_BONUS = 2  # and this many more for each day the streak has run before today
STREAK_BONUS_CAP = 10  # at most, from the sixth day on
CHECK_IN_MOST = CHECK_IN_COINS + STREAK_BONUS_CAP

# Where an account keeps the style it wears of each part.
WORN_FIELD = {Part.CLOTH: "cloth", Part.BACK: "tile_back", Part.FACES: "tile_faces"}

# The time zones there are, as minutes ahead of UTC: from UTC−12 to UTC+14.
EARLIEST_OFFSET = -12 * 60
LATEST_OFFSET = 14 * 60


class Refused(Exception):
    """A coin move that cannot be made; the message is for the player."""


def coins_for(streak: int) -> int:
    """What a check-in on the ``streak``-th day in a row earns."""
    return CHECK_IN_COINS + min((streak - 1) * STREAK_BONUS, STREAK_BONUS_CAP)


def balance(user: User) -> int:
    return CoinEntry.objects.filter(user=user).balance()


def last_check_in(user: User) -> CoinEntry | None:
    return (
        CoinEntry.objects.filter(user=user, reason=CoinEntry.Reason.CHECK_IN)
        .order_by("-day")
        .first()
    )


def ledger(user: User):
    """The player's entries, newest first, each with the balance after it."""
    running = Window(Sum("amount"), order_by=[F("at").asc(), F("pk").asc()])
    return CoinEntry.objects.filter(user=user).annotate(balance_after=running)


# --- the daily check-in -------------------------------------------------------------


def local_day(moment: datetime, offset: int) -> date:
    """The calendar date at ``moment`` (the server's clock) in the time zone ``offset``
    minutes ahead of UTC."""
    return (moment.astimezone(UTC) + timedelta(minutes=offset)).date()


def check_in(user: User, offset: int = 0, *, now: datetime | None = None) -> CoinEntry:
    """Credit the player's check-in of today: the server's clock ``now`` read in the
    player's time zone (``offset``, minutes ahead of UTC, as their device says; UTC
    without JavaScript). Once a day, with a bonus while the days run on without a gap
    (docs/site.md#coins).

    The day is never the player's to name: it must be later than the last check-in's,
    and a midnight must have passed since then in the time zone that check-in was made
    in, so that switching time zones never buys a second check-in in one real day; and
    it is never a day before the account existed."""
    now = now or timezone.now()
    if not EARLIEST_OFFSET <= offset <= LATEST_OFFSET:
        raise Refused(_("That is no time zone: a check-in needs one from UTC−12 to UTC+14."))
    day = local_day(now, offset)
    with transaction.atomic():
        account = _lock(user)
        if day < local_day(account.date_joined, offset):
            raise Refused(_("Your account did not exist yet on that day."))
        last = last_check_in(user)
        if last is not None and (last.day >= day or local_day(now, last.utc_offset) <= last.day):
            raise Refused(_("You have checked in today already: come back tomorrow."))
        streak = last.streak + 1 if last is not None and (day - last.day).days == 1 else 1
        try:
            with transaction.atomic():
                return CoinEntry.objects.create(
                    user=user,
                    amount=coins_for(streak),
                    reason=CoinEntry.Reason.CHECK_IN,
                    at=now,
                    day=day,
                    streak=streak,
                    utc_offset=offset,
                )
        except IntegrityError:  # another request credited this day first
            raise Refused(_("You have checked in today already: come back tomorrow.")) from None


# --- styles ---------------------------------------------------------------------------


def style_named(key: str) -> Style:
    style = BY_KEY.get(key)
    if style is None:
        raise Refused(_("There is no such style."))
    return style


def owned(user: User | None) -> set[str]:
    """The keys of the styles a player may wear: the free ones, and an account's bought
    ones (kept for good)."""
    free = {key for key, style in BY_KEY.items() if style.free}
    if user is None:
        return free
    return free | set(OwnedStyle.objects.filter(user=user).values_list("style", flat=True))


@dataclass(frozen=True)
class Bought:
    style: Style
    balance: int


def buy(user: User, key: str) -> Bought:
    """Pay for a style and wear it: the ledger entry, the style owned and worn are one
    transaction, so that none of them is ever kept without the others."""
    style = style_named(key)
    if style.free:
        raise Refused(_("This style is free: wear it as you like."))
    try:
        with transaction.atomic():
            account = _lock(user)
            if OwnedStyle.objects.filter(user=user, style=style.key).exists():
                raise Refused(_("This style is yours already."))
            have = balance(user)
            if have < style.price:
                raise Refused(
                    _(
                        "%(style)s costs %(price)d coins and you have %(have)d: check in "
                        "on the days to come to collect the rest."
                    )
                    % {"style": style.name, "price": style.price, "have": have}
                )
            entry = CoinEntry.objects.create(
                user=user, amount=-style.price, reason=CoinEntry.Reason.PURCHASE, style=key
            )
            OwnedStyle.objects.create(user=user, style=style.key, paid_by=entry)
            _wear_on(account, style)
    except IntegrityError:  # bought by another request at the same moment
        raise Refused(_("This style is yours already.")) from None
    setattr(user, WORN_FIELD[style.part], style.key)
    return Bought(style, have - style.price)


def wear(request: HttpRequest, key: str) -> Style:
    """Wear a style from now on: an account's on every device (stored with the
    account), a guest's in this browser's session (free styles only)."""
    style = style_named(key)
    user = request.user if request.user.is_authenticated else None
    if style.key not in owned(user):
        if user is None:
            raise Refused(_("Sign up to collect coins: this style is bought with them."))
        raise Refused(_("Buy this style first."))
    if user is None:
        request.session[SessionKey.LOOK] = {**session_look(request.session), style.part: key}
    else:
        _wear_on(user, style)
    return style


def adopt_guest_look(session: SessionBase, user: User) -> None:
    """A new account keeps the free styles its guest had chosen in this browser."""
    chosen = Look.of(session_look(session))
    fields = []
    for style in chosen:
        if style.free and getattr(user, WORN_FIELD[style.part]) != style.key:
            setattr(user, WORN_FIELD[style.part], style.key)
            fields.append(WORN_FIELD[style.part])
    if fields:
        user.save(update_fields=fields)


def _wear_on(user: User, style: Style) -> None:
    field = WORN_FIELD[style.part]
    setattr(user, field, style.key)
    user.save(update_fields=[field])


def _lock(user: User) -> User:
    """The player's account row, locked until the transaction ends."""
    return User.objects.select_for_update().get(pk=user.pk)
