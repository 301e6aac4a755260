"""Sanma bot tests: plain Python, no Django and no database.

Run them alone with ``python -m pytest tests/sanma/bots -q -p no:django``.
"""

import pytest


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    """The project-wide fixture of this name configures Django; these tests need none."""
    yield
