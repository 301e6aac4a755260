"""Classic Mahjong engine and bot tests: plain Python, no Django and no database.

Run them alone with ``python -m pytest tests/classic -q -p no:django`` (the web tests
in web/ need the database and are then left out).
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    """The project-wide fixture of this name configures Django; these tests create no
    users, so it is replaced by nothing here."""
    yield
