"""Classic Mahjong bot tests: plain Python, no Django and no database.

Run them alone with ``python -m pytest tests/classic/bots -q -p no:django``.
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    """The project-wide fixture of this name configures Django; these tests create no
    users, so it is replaced by nothing here."""
    yield
