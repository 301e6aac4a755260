"""Sessions in the database (docs/site.md#faults), refusing a cookie that no session of
ours can carry before it reaches the database."""

from django.contrib.sessions.backends import db


class SessionStore(db.SessionStore):
    """Django's database sessions. Their keys are 32 lower-case letters and digits; any
    other cookie (a NUL byte, which PostgreSQL refuses in a query, or kilobytes of junk)
    is treated as no session at all, so the visitor simply gets a new one."""

    def _validate_session_key(self, key: str | None) -> bool:
        return bool(
            key
            and super()._validate_session_key(key)
            and len(key) <= 40  # the column's width
            and key.isascii()
            and key.isalnum()
        )
