"""E-mail addresses (docs/site.md#e-mail-addresses): an address becomes an account's
only once its mailbox follows the link sent to it, and whether an address is taken is
told only to that mailbox. So sign-up and the profile answer the same for a taken and a
free address, and the mail itself goes out through Celery, so that neither does the time
the answer takes.
"""

from __future__ import annotations

from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import get_language

from .models import User


class ConfirmationTokens(PasswordResetTokenGenerator):
    """A link's token, good for one pending address of one account, once: it is bound
    to the account's ``address_nonce``, drawn anew by every change of its addresses, so
    it no longer matches once the address is confirmed or changed, even after the
    account has gone back to the same addresses (A, then B, then A again)."""

    key_salt = "accounts.addresses.ConfirmationTokens"

    def _make_hash_value(self, user: User, timestamp: int) -> str:
        # Without a nonce yet (an account no change has reached since nonces came), the
        # value is what it was before them, so that the links already mailed still work.
        return f"{user.pk}{user.pending_email}{user.email}{timestamp}{user.address_nonce}"


confirmation_tokens = ConfirmationTokens()


def ask_to_confirm(user: User, site: str) -> None:
    """Have the worker mail the user's pending address (or its owner), once it is
    stored. ``site`` is the scheme and host the links point at."""
    from .tasks import mail_pending_address

    mail_pending_address.delay(user.pk, site, get_language())


def mail_pending_address(user: User, site: str) -> str:
    """The mail for the user's pending address: the link to confirm it, or, when another
    account has it, a note to that account's owner. Which one it was (for the log)."""
    address = user.pending_email
    owner = User.objects.filter(email__iexact=address).exclude(pk=user.pk).first()
    if owner is not None:
        _send("address_taken", owner.email, {"owner": owner, "site": site})
        return "taken"
    path = reverse(
        "confirm_email",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": confirmation_tokens.make_token(user),
        },
    )
    _send("confirm_email", address, {"user": user, "link": site + path})
    return "confirm"


def _send(template: str, to: str, context: dict) -> None:
    subject = render_to_string(f"registration/{template}_subject.txt", context)
    body = render_to_string(f"registration/{template}_email.txt", context)
    send_mail(" ".join(subject.split()), body, None, [to])


class CannotConfirm(Exception):
    """The link is stale, or the address became another account's meanwhile."""


def confirm(user: User, token: str) -> None:
    """Make the user's pending address theirs, if the link is good and nobody else
    confirmed the address first (the database decides a race)."""
    if not user.pending_email or not confirmation_tokens.check_token(user, token):
        raise CannotConfirm("stale")
    if User.objects.filter(email__iexact=user.pending_email).exclude(pk=user.pk).exists():
        raise CannotConfirm("taken")
    user.email, user.pending_email = user.pending_email, ""
    try:
        with transaction.atomic():
            user.save(update_fields=["email", "pending_email"])
    except IntegrityError:
        raise CannotConfirm("taken") from None
