"""Mail goes out from the worker, never inside a request (docs/site.md#e-mail-addresses):
a slow mail server then slows nobody's page, and a known address answers as fast as
an unknown one. Under `make run` the tasks run in-process."""

from __future__ import annotations

from celery import shared_task
from django.contrib.auth.forms import PasswordResetForm
from django.utils import translation

from . import addresses
from .models import User


@shared_task(name="accounts.mail_pending_address")
def mail_pending_address(user_id: int, site: str, language: str) -> str:
    user = User.objects.filter(pk=user_id).first()
    if user is None or not user.pending_email:
        return "nothing"
    with translation.override(language):
        return addresses.mail_pending_address(user, site)


@shared_task(name="accounts.send_password_reset")
def send_password_reset(email: str, domain: str, use_https: bool, language: str) -> None:
    """Django's own reset mail, for each active account with this confirmed address
    (none for an unknown one)."""
    form = PasswordResetForm({"email": email})
    if form.is_valid():
        with translation.override(language):
            form.save(domain_override=domain, use_https=use_https)
