"""A finished Classic table counts for the player's stats and the Classic boards."""

from __future__ import annotations

import pytest

from games.classic import engine
from games.classic.kind import options_of
from games.classic.models import SeatRecord
from games.classic.records import hand_figures
from games.players import Player
from games.tables.states import hand_ends

from .helpers import finished_table, state_of

pytestmark = pytest.mark.django_db


def test_the_figures_of_a_finished_table_match_its_hands(alice):
    table = finished_table(Player(alice), seed=2)
    log = table.log
    figures = hand_figures(hand_ends(table), log)
    state = engine.replay(options_of(table.options), 2, log)
    assert {f["hands"] for f in figures} == {state.game_result.hands_played}
    wins = sum(f["wins"] for f in figures)
    deal_ins = sum(f["deal_ins"] for f in figures)
    self_drawn = sum(f["self_drawn"] for f in figures)
    assert wins == deal_ins + self_drawn
    for f in figures:
        assert f["best_hand"] <= 300 and f["win_points"] >= f["best_hand"]


def test_the_stats_page_shows_classic_figures_per_bot_strength(alice_client, alice):
    table = finished_table(Player(alice), seed=2)
    record = SeatRecord.objects.get(seat__table=table, seat__index=0)
    html = alice_client.get("/accounts/stats").content.decode()
    assert 'id="classic-stats"' in html
    row = html.split('data-classic-level="Beginner"')[1].split("</tr>")[0]
    assert 'data-figure="classic-games">1<' in row
    assert f'data-figure="classic-best-hand">{record.best_hand}<' in row
    seat = table.seats.get(index=0)
    assert seat.place is not None and seat.score == state_of(table).game_result.scores[0]


def test_the_classic_board_ranks_total_scores_after_enough_games(alice, bob, client):
    from leaderboards.tables import MIN_GAMES

    for seed in range(MIN_GAMES):
        finished_table(Player(alice), seed=seed, level="beginner")
    finished_table(Player(bob), seed=0, level="beginner")
    page = client.get("/leaderboards/classic/beginner").content.decode()
    board = page.split("</nav>")[-1]
    assert "Best total score" in board and "Alice" in board and "Bob" not in board
    assert "Alice" not in client.get("/leaderboards/classic/normal").content.decode()
    assert client.get("/leaderboards/classic/master").status_code == 404
    assert client.get("/leaderboards/classic")["Location"].endswith("/leaderboards/classic/normal")
