"""A new player signs up, wins a Pavillon game by clicking tiles, and finds the time on
the leaderboard and the stats page (docs/site.md#sign-up-and-log-in), in Chromium at 360x640."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.solitaire import engine
from games.solitaire.models import Game
from tests.solitaire.web.helpers import as_if_earlier

pytestmark = pytest.mark.django_db(transaction=True)


def _solution(game: Game) -> list[tuple[int, int]]:
    geometry = engine.geometry_for(game.positions)
    board = engine.Board(tuple(game.faces), game.occupied_mask)
    solved = engine.solve(geometry, board, budget=10)
    assert solved.status == "yes"
    return solved.order


def test_sign_up_win_and_see_the_time_on_the_board_and_the_stats(live_server, page: Page):
    page.goto(f"{live_server.url}/accounts/signup")
    page.locator("#id_username").fill("ming")
    page.locator("#id_display_name").fill("Ming the Quick")
    page.locator("#id_email").fill("ming@example.com")
    page.locator("#id_password1").fill("lantern-orchid-49")
    page.locator("#id_password2").fill("lantern-orchid-49")
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/game/[0-9a-f-]+$"))
    # The welcome lies over the page and leaves the game's buttons where they are.
    expect(page.locator(".messages")).to_contain_text("Welcome, Ming the Quick!")
    new_game = page.locator("#new-game-button").bounding_box()
    assert new_game["y"] + new_game["height"] <= 640
    page.locator(".site-menu summary").click()
    expect(page.locator(".site-menu-body")).to_contain_text("Ming the Quick")
    page.locator(".site-menu summary").click()

    game = Game.objects.get(user__username="ming", status=Game.Status.PLAYING)
    assert game.layout.letter == "a"
    page.keyboard.press("Shift")  # any key skips the opening animation
    for first, second in _solution(game):
        as_if_earlier(game, 1.0)  # a pair a second: a human's pace (docs/site.md#plausible-wins)
        page.locator(f"#tile-{first}").click()
        expect(page.locator(f"#tile-{first}")).to_have_attribute("aria-pressed", "true")
        page.locator(f"#tile-{second}").click()
        expect(page.locator(f"button#tile-{second}")).to_have_count(0)  # removed

    summary = page.locator("#summary")
    expect(summary).to_contain_text("Cleared!")
    expect(summary).to_contain_text("New personal best!")
    expect(summary).to_contain_text("Place 1 of 1 on the leaderboard")
    time = summary.locator(".summary-time").inner_text()
    assert re.fullmatch(r"\d+:\d\d", time)

    summary.get_by_role("link", name="Place 1 of 1 on the leaderboard").click()
    expect(page).to_have_url(re.compile(r"/leaderboards/a$"))
    first_row = page.locator("#board-all ~ table tbody tr").first
    expect(first_row).to_contain_text("Ming the Quick")
    expect(first_row.locator(".time")).to_have_text(time)

    page.locator(".site-menu summary").click()
    page.locator(".site-menu-body").get_by_role("link", name="Stats").click()
    expect(page.locator('#stats-a ~ dl [data-figure="best"]')).to_have_text(time)
    expect(page.locator('#stats-a ~ dl [data-figure="won"]')).to_have_text("1")
    expect(page.locator("#stats-a ~ .chart svg rect.is-best")).to_have_count(1)
