"""The client's address, one rule for the whole site (docs/site.md#production-shape):
what django-axes throttles failed log-ins by, what sign-up and resets are rate limited
by (games/limits.py) and what the live stream caps its streams by
(games/tables/stream.py).

Plain functions of the peer's address and the ``X-Forwarded-For`` header, so that a
Django request and the stream's ASGI scope are read alike.
"""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING

from django.conf import settings

if TYPE_CHECKING:
    from django.http import HttpRequest


def forwarded_client(remote: str, forwarded: str, behind_proxy: bool) -> str:
    """The peer's address, or behind our load balancer the address it saw.

    The balancer appends the peer it saw to X-Forwarded-For, so only the last entry is
    trusted: anything before it came from the client and can be forged.
    """
    if not behind_proxy:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    return hops[-1] if hops else remote


def client_ip(request: HttpRequest) -> str:
    """The client address of a Django request (REMOTE_ADDR, or the balancer's)."""
    return forwarded_client(
        request.META.get("REMOTE_ADDR", ""),
        request.META.get("HTTP_X_FORWARDED_FOR", ""),
        settings.BEHIND_PROXY,
    )


def address_key(address: str) -> str:
    """An address as a key to count by: an IPv6 client by its /64, which one line
    usually gets whole, so that hopping within it gains nothing."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False).network_address)
    return str(parsed)
