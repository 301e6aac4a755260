"""The client address that django-axes throttles failed log-ins by, and that sign-up
and reset are rate limited by (accounts/limits.py): the site's one rule, shared with the
live stream (games/addresses.py)."""

from games.addresses import client_ip

__all__ = ["client_ip"]
