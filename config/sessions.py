"""Sessions in a signed cookie (docs/site.md#sessions): reading one costs no round trip
to the database or to Redis, so it survives an outage of either.

A cookie of the database sessions the site kept before is still honoured: its session
is read from the database once and goes on in a signed cookie, so that no guest loses
their games and nobody is logged out by the change.
"""

from django.contrib.sessions.backends import db, signed_cookies


class SessionStore(signed_cookies.SessionStore):
    """Django's signed-cookie sessions, which also take over an old database session."""

    def load(self) -> dict:
        if _is_database_session_key(self.session_key):
            data = db.SessionStore(self.session_key).load()
            self.modified = bool(data)  # sent back as a signed cookie with this answer
            return data
        return super().load()

    @classmethod
    def clear_expired(cls) -> None:
        """Signed cookies expire by their signature's age; old database sessions are
        deleted once expired."""
        db.SessionStore.clear_expired()


def _is_database_session_key(key: str | None) -> bool:
    """A key of Django's database sessions: 32 lower-case letters and digits; a signed
    cookie always holds a ':' between the data and its signature. Anything else (a NUL
    byte, which PostgreSQL refuses in a query, or kilobytes of junk) never reaches the
    database."""
    return bool(key and len(key) == 32 and set(key) <= _DATABASE_KEY_CHARACTERS)


_DATABASE_KEY_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
