"""Who plays, for every game of the site: an account, or a guest known by an id that
the guest's session keeps (docs/site.md#guests-and-claiming). The session keys the site keeps are
named here too, so that no other module spells one out.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from django.http import HttpRequest

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser
    from django.db.models import QuerySet

Q = TypeVar("Q", bound="QuerySet")


class SessionKey(StrEnum):
    """Everything the site keeps in a visitor's session."""

    GUEST_ID = "guest_id"  # who a guest is (see Player)
    LAST_OUTCOME = "last_outcome"  # a no-JavaScript action's message, across its redirect
    WELCOMED = "welcomed"  # the first-game welcome was shown once
    DIM = "dim"  # blocked tiles dimmed (Solitaire's menu)
    LOOK = "look"  # a guest's chosen styles by part (games/styles.py)
    GUEST_NOTICE = "guest_notice"  # a guest was told once what keeps their records
    TABLE_TOGGLES = "table_toggles"  # a guest's table toggles (games/tables/toggles.py)


@dataclass(frozen=True)
class Player:
    """An account (``user``), or a guest (``guest_id``) when nobody is logged in."""

    user: AbstractBaseUser | None = None
    guest_id: str = ""

    def __post_init__(self) -> None:
        if (self.user is None) == (not self.guest_id):
            raise ValueError("a player is either an account or a guest")

    @property
    def is_guest(self) -> bool:
        return self.user is None

    def owned(self, objects: Q) -> Q:
        """Those of ``objects`` (anything with ``user`` and ``guest_id``) that are this
        player's: an account's never include a guest's, nor the other way round."""
        if self.user is not None:
            return objects.filter(user=self.user)
        return objects.filter(user__isnull=True, guest_id=self.guest_id)

    def holds(self, thing) -> bool:
        """Whether ``thing`` (anything with ``user_id`` and ``guest_id``) is this player's."""
        if self.user is not None:
            return thing.user_id == self.user.pk
        return thing.user_id is None and thing.guest_id == self.guest_id

    def owner_fields(self) -> dict:
        """The ``user`` and ``guest_id`` values of something this player starts."""
        return {"user": self.user, "guest_id": self.guest_id}


def player_of(request: HttpRequest) -> Player:
    """The visitor: their account, or a guest whose id is made once per session."""
    if request.user.is_authenticated:
        return Player(request.user)
    guest_id = request.session.get(SessionKey.GUEST_ID)
    if not guest_id:
        guest_id = request.session[SessionKey.GUEST_ID] = uuid.uuid4().hex
    return Player(guest_id=guest_id)


def known_player(request: HttpRequest | None) -> Player | None:
    """The visitor if they are anybody yet, without making a guest id just to look."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Player(user)
    session = getattr(request, "session", None)
    guest_id = session.get(SessionKey.GUEST_ID) if session is not None else None
    return Player(guest_id=guest_id) if guest_id else None


def take_guest_id(request: HttpRequest | None) -> str | None:
    """The guest id of a session that is becoming an account's; it is gone afterwards."""
    session = getattr(request, "session", None)
    return session.pop(SessionKey.GUEST_ID, None) if session is not None else None
