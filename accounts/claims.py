"""On sign-up and log-in a guest's games become the account's, in every game
(docs/site.md#guests-and-claiming).

Django's login() keeps the session's data (it only changes the key) and sends
user_logged_in last, so the guest's id is still there when the receiver runs.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from games.players import take_guest_id
from games.solitaire.claims import claim_guest_games
from games.tables.claims import claim_guest_tables


@receiver(user_logged_in, dispatch_uid="accounts.claim_guest_games")
def claim_on_log_in(sender, request: HttpRequest | None, user: AbstractBaseUser, **kwargs) -> None:
    guest_id = take_guest_id(request)
    if guest_id:
        claim_guest_games(user, guest_id)
        claim_guest_tables(user, guest_id)
