"""Every built-in layout has its boards page, with its own picture and figures, and its
row on a player's stats page (docs/site.md#per-layout)."""

from __future__ import annotations

import re

import pytest

from games.solitaire import engine
from tests.factories import finished_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("letter", sorted(engine.BUILTIN_LAYOUTS))
def test_every_layout_has_a_board_page_with_its_picture_and_figures(client, letter):
    response = client.get(f"/leaderboards/{letter}")
    assert response.status_code == 200
    html = response.content.decode()
    figures = engine.LAYOUT_FIGURES[letter]
    section = re.search(r'<section class="board-layout".*?</section>', html, re.S).group(0)
    assert f'src="/layouts/{letter}.svg"' in section
    assert f"{figures.tiles} tiles · {figures.free_at_start} free at the start" in section
    assert f"Greedy wins: {round(figures.greedy_win_share * 100)} %" in section
    assert f'name="layout" value="{letter}"' in section  # "Play this layout" deals there
    assert client.get(f"/layouts/{letter}.svg").status_code == 200
    assert re.search(rf'<a href="/leaderboards/{letter}" aria-current="page">', html)


def test_a_win_on_a_new_layout_enters_its_board_and_the_players_stats(client, alice):
    finished_game(alice, 200.0, letter="w")
    html = client.get("/leaderboards/w").content.decode()
    assert "Alice" in html and "3:20" in html
    assert "Alice" not in client.get("/leaderboards/a").content.decode()
    client.force_login(alice)
    stats = client.get("/accounts/stats").content.decode()
    row = re.search(r'id="stats-w".*?</section>', stats, re.S).group(0)
    assert "Whale" in row
    assert dict(re.findall(r'data-figure="([\w-]+)">([^<]*)<', row))["best"] == "3:20"
