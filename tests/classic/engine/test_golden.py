"""Golden games: a seed means the same walls, and with the same bots the same game, on
every machine and release. If one of these changes, a table's stored log would replay
differently: change them only on purpose."""

from __future__ import annotations

import hashlib
from dataclasses import replace

from games.classic.engine import Options, new_game, view

from .test_properties import bot_game


def test_the_first_wall_of_a_seed_is_pinned():
    state = new_game(Options(), 2026)
    assert state.dice == (1, 1)
    assert " ".join(view(state, 0).hand) == "7C 9C 9C 9C 1D 4D 7D 8D 2B 3B 6B 9B Wh R"
    assert len(state.wall) == 144 - 53 - sum(len(p.bonus) for p in state.players)


def _fingerprint(log: list[str]) -> str:
    return hashlib.sha256("\n".join(log).encode()).hexdigest()[:16]


def test_a_game_of_mixed_bots_is_pinned():
    levels = ("expert", "normal", "beginner", "expert")
    state, log = bot_game(levels, Options(rounds=1), 2026)
    assert log[:6] == ["0 d:1D", "1 draw", "1 d:W", "2 draw", "2 d:1D", "3 draw"]
    assert (len(log), state.game_result.hands_played) == (317, 4)
    assert state.scores == (584, -68, -518, 2)
    assert _fingerprint(log) == "ed5b942f27846071"
    # The bots steer for special hands only where they score (docs/classic.md#bots): a
    # first-edition table plays the moves and scores it always did.
    old, old_log = bot_game(levels, Options(rounds=1, edition=1), 2026)
    assert (len(old_log), old.game_result.hands_played) == (486, 6)
    assert _fingerprint(old_log) == "045d7341654585d0"
    assert old.scores == (-510, -20, -810, 1340)


def test_a_game_without_flowers_under_the_winner_rule_is_pinned():
    options = Options(rounds=1, flowers=False, dealer_rule="winner")
    state, log = bot_game(("normal",) * 4, options, 77)
    assert (len(log), state.game_result.hands_played) == (238, 4)
    assert state.scores == (-66, 78, -124, 112)  # the second edition's scoring
    assert _fingerprint(log) == "9dafa62d1ea9ca1b"
    old, old_log = bot_game(("normal",) * 4, replace(options, edition=1), 77)
    assert _fingerprint(old_log) == "f93c07b4c92e2017"
    assert old.scores == (60, -380, 130, 190)
