"""The client address that django-axes throttles failed log-ins by, and that sign-up
and reset are rate limited by (accounts/limits.py)."""

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """REMOTE_ADDR, or behind our load balancer the address it saw (docs/site.md#production-shape).

    The balancer appends the peer it saw to X-Forwarded-For, so only the last entry is
    trusted: anything before it came from the client and can be forged.
    """
    remote = request.META.get("REMOTE_ADDR", "")
    if not settings.BEHIND_PROXY:
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    return hops[-1] if hops else remote
