"""Engine tests: plain Python, no Django and no database (except test_commands.py).

Run them alone with ``python -m pytest tests/engine -q -p no:django``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# Hypothesis budgets: quick by default, more examples with HYPOTHESIS_PROFILE=thorough.
settings.register_profile("engine", max_examples=25, deadline=None)
settings.register_profile("thorough", max_examples=300, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "engine"))


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    """The project-wide fixture of this name configures Django; engine tests run
    without Django and create no users, so it is replaced by nothing here."""
    yield


def pytest_ignore_collect(collection_path, config) -> bool | None:
    """Without pytest-django (``-p no:django``) the one Django test file is left out,
    so that the engine tests run without Django or a database."""
    if collection_path.name == "test_commands.py" and not config.pluginmanager.hasplugin("django"):
        return True
    return None
