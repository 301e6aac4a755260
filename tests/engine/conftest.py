"""Engine tests: plain Python, no Django and no database.

Run them alone with ``python -m pytest tests/engine -q -p no:django``.
"""

from __future__ import annotations

import os

from hypothesis import settings

# Hypothesis budgets: quick by default, more examples with HYPOTHESIS_PROFILE=thorough.
settings.register_profile("engine", max_examples=25, deadline=None)
settings.register_profile("thorough", max_examples=300, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "engine"))
