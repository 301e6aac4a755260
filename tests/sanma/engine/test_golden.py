"""Golden games: a seed means the same walls and, with the same decisions, the same game
on every machine and release. If one of these changes, old games replay differently."""

import pytest

from games.sanma.engine import Options
from games.sanma.engine.tiles import code
from games.sanma.engine.wall import shuffled_wall

from .players import play


def test_the_first_wall_of_a_seed_is_pinned():
    assert [code(t, True) for t in shuffled_wall(2026, 0)[:14]] == [
        "2D", "7D", "4D", "W", "3D", "2D", "9C", "9D", "9C", "5Dr", "4B", "1B", "7D", "1B",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("seed", "decisions", "scores", "points"),
    [
        (1, 337, (35900, 34900, 34200), (15.9, -0.1, -15.8)),
        (2, 409, (63300, 27800, 13900), (43.3, -7.2, -36.1)),
        (3, 265, (28700, 25700, 50600), (-6.3, -24.3, 30.6)),
    ],
)
def test_golden_east_games(seed, decisions, scores, points):
    state, log = play(Options(length="east"), seed, greedy=True)
    assert (len(log), state.game_result.scores, state.game_result.points) == (
        decisions,
        scores,
        points,
    )
