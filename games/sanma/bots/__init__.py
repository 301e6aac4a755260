"""Sanma bots: four strengths that play from their seat's view alone (docs/sanma-bots.md).

Plain Python, no Django. A bot is fair: it gets ``view(state, seat)``, never the state,
and it only ever returns one of ``view.legal``.

    from games.sanma import bots
    bots.LEVELS == ("beginner", "normal", "expert", "master")
    action = bots.choose(level, view, bots.rng_for(seed, decision_index, seat))

``choose`` is deterministic given the generator: the same view and the same generator
state give the same action. ``rng_for(seed, decision_index, seat)`` derives a fresh
generator from the table's seed, the index of the decision in the event log and the
seat, so a replayed game replays its bots too.

Levels (each a subclass of the one before, answering some questions better):

``beginner``  (Anfänger) lowest shanten with noise; wins, riichi and North always.
``normal``    accepted tiles with the tiles it can see; folds against riichi with safe
              tiles (genbutsu, suji, kabe).
``expert``    (Experte) push or fold by hand value and shanten; riichi
              with every ready closed hand.
``master``    (Mahjong-Meister) under threat, the expected value of each discard of a
              hand not yet ready; placement in the last hand.
"""

from __future__ import annotations

from games.prng import SplitMix64
from games.sanma.engine import Action, View

from .beginner import Beginner
from .expert import Expert
from .master import Master
from .normal import Normal

LEVELS = ("beginner", "normal", "expert", "master")

_MASK64 = (1 << 64) - 1
_DECISION_MIX = 0x9E3779B97F4A7C15  # odd 64-bit constants: spread indices and seats apart
_SEAT_MIX = 0xC2B2AE3D27D4EB4F

_BOTS = {
    "beginner": Beginner(),
    "normal": Normal(),
    "expert": Expert(),
    "master": Master(),
}


def choose(level: str, view: View, rng: SplitMix64) -> Action:
    """The action of a bot of ``level`` in the seat of ``view``: one of ``view.legal``."""
    bot = _BOTS.get(level)
    if bot is None:
        raise ValueError(f"unknown bot level: {level!r} (one of {', '.join(LEVELS)})")
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to decide now (phase {view.phase})")
    action = bot.choose(view, rng)
    assert action in view.legal, (level, action)
    return action


def rng_for(seed: int, decision_index: int, seat: int) -> SplitMix64:
    """The generator of one bot decision: from the table's seed, the event index, the seat."""
    mixed = (seed ^ (decision_index * _DECISION_MIX) ^ (seat * _SEAT_MIX)) & _MASK64
    return SplitMix64(SplitMix64(mixed).next_u64())
