"""Classic's stored logs move to the action vocabulary both table games share
(games/tables/migrations/0003): the converted logs are the same games."""

from __future__ import annotations

import hashlib
import importlib

import pytest

from games.classic.engine import Options, new_game, replay
from games.classic.engine.wall import SplitMix64
from tests.classic.engine.test_properties import bot_game, play_hand, random_player

migration = importlib.import_module(
    "games.tables.migrations.0003_classic_logs_in_the_shared_vocabulary"
)


def _fingerprint(log: list[str]) -> str:
    return hashlib.sha256("\n".join(log).encode()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("levels", "options", "seed", "before"),
    [
        # The fingerprints tests/classic/engine/test_golden.py pinned before the change,
        # played at first-edition tables, where the bots still make the moves of that time
        # (docs/classic.md#special-hands-the-bots-steer-for).
        (
            ("expert", "normal", "beginner", "expert"),
            Options(rounds=1, edition=1),
            2026,
            "55c4419d3e8f5d06",
        ),
        (
            ("normal",) * 4,
            Options(rounds=1, flowers=False, dealer_rule="winner", edition=1),
            77,
            "d7a2f164294315c3",
        ),
    ],
)
def test_the_golden_games_in_the_old_words_are_the_logs_pinned_before(
    levels, options, seed, before
):
    _state, log = bot_game(levels, options, seed)
    old = migration.old_log(log)
    assert _fingerprint(old) == before
    assert migration.shared_log(old) == log


def test_every_kind_of_win_and_claim_converts_back_to_the_same_game():
    rng = SplitMix64(5)
    choose = random_player(rng, any_action_one_in=3)
    moves = set()
    for seed in range(120):
        log = []

        def logged(state, seat, log=log):
            action = choose(state, seat)
            log.append(str(action))
            return action

        state = play_hand(new_game(Options(), seed), logged, rng, deep=False)
        moves |= {text.split()[1].split(":")[0] for text in log}
        assert migration.shared_log(migration.old_log(log)) == log
        assert replay(Options(), seed, migration.shared_log(migration.old_log(log))) == state
    assert {"ron", "tsumo", "pon", "chi", "kan", "pass", "d", "draw"} <= moves
