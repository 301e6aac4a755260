"""Classic Mahjong bots, one module per strength (docs/classic.md#bots).

Each has ``choose(view, rng) -> Action``: it sees only its seat's ``View`` and draws
every random choice from ``rng`` (a generator the table derives from its seed), so the
same table plays the same way every time, and it picks only from the view's legal
actions.
"""

from __future__ import annotations

from collections.abc import Callable

from games.classic.engine.view import View
from games.classic.engine.wall import SplitMix64
from games.tables.engine import Action

from . import beginner, expert, normal

Bot = Callable[[View, SplitMix64], Action]
LEVELS: dict[str, Bot] = {
    "beginner": beginner.choose,
    "normal": normal.choose,
    "expert": expert.choose,
}


def decision_rng(seed: int, seat: int, version: int) -> SplitMix64:
    """The generator for one decision of the bot on ``seat`` at a table with ``seed``,
    when the table's state has ``version``: a table never has to keep a generator
    between requests, and a replay makes the same choices."""
    mixed = SplitMix64(seed ^ (0x5EA7 << 48) ^ (seat << 40) ^ version).next_u64()
    return SplitMix64(mixed)


def choose(level: str, view: View, rng: SplitMix64) -> Action:
    try:
        bot = LEVELS[level]
    except KeyError:
        raise ValueError(f"no bot level {level!r} (one of {', '.join(LEVELS)})") from None
    return bot(view, rng)
