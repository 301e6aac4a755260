"""A Solitaire game won in Finnish and in Danish on a phone (docs/site.md#languages):
Finnish words are long, so the header, the action bar, the menu and the win summary
are measured against the 360×640 viewport, and no label runs out of its button."""

import pytest
from playwright.sync_api import Browser, Page, expect

from games.solitaire.models import Game

from .conftest import PHONE
from .helpers import (
    SCREENSHOTS,
    game_on,
    log_in,
    make_stuck,
    open_game,
    skip_build,
    solution,
    tile,
)

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "fi": {"cleared": "Tyhjennetty!", "undo": "Kumoa", "menu": "Valikko"},
    "da": {"cleared": "Ryddet!", "undo": "Fortryd", "menu": "Menu"},
}


def _no_overflow(page: Page, where: str) -> None:
    """Nothing scrolls sideways, every control of ``where`` lies inside the viewport and
    no label is wider than its control."""
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, where
    controls = page.eval_on_selector_all(
        f"{where} :is(a, button, summary, select, label, h1, h2, p)",
        """items => items.filter(i => i.checkVisibility()).map(i => {
             const box = i.getBoundingClientRect();
             return [i.textContent.trim().slice(0, 40), box.left, box.right,
                     i.scrollWidth - i.clientWidth];
           })""",
    )
    assert controls, where
    for text, left, right, spill in controls:
        assert left >= -0.5 and right <= width + 0.5, (where, text, left, right)
        assert spill <= 1, (where, text, spill)


def _within(page: Page, selector: str) -> None:
    width, height = page.evaluate("[innerWidth, innerHeight]")
    box = page.locator(selector).bounding_box()
    assert box, selector
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= width + 0.5, (selector, box)
    assert box["y"] + box["height"] <= height + 0.5, (selector, box)


@pytest.mark.parametrize("language", ["fi", "da"])
def test_a_game_is_won_in_the_language_on_a_phone(browser: Browser, live_server, language):
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game = open_game(page, live_server.url + "/")
    assert page.evaluate("document.documentElement.lang") == language
    expect(page.locator("#undo-button")).to_contain_text(WORDS[language]["undo"])
    _no_overflow(page, ".site-header")
    _no_overflow(page, "#actions")
    _within(page, "#actions")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"language-{language}-game.png")

    page.locator(".menu summary").click()
    _within(page, ".menu-body")
    _no_overflow(page, ".menu-body")
    page.screenshot(path=SCREENSHOTS / f"language-{language}-menu.png")
    page.keyboard.press("Escape")
    expect(page.locator(".menu-body")).to_be_hidden()

    for first, second in solution(game):
        tile(page, first).click()
        expect(tile(page, first)).to_have_attribute("aria-pressed", "true")
        tile(page, second).click()
        expect(page.locator(f"span#tile-{second}.is-removing")).to_be_attached()

    expect(page.locator("#summary h2")).to_have_text(WORDS[language]["cleared"])
    page.wait_for_timeout(600)  # the last pair's flight and the summary's entrance
    _within(page, "#summary")
    _no_overflow(page, "#summary")
    page.screenshot(path=SCREENSHOTS / f"language-{language}-won.png")
    game.refresh_from_db()
    assert game.status == Game.Status.WON and game.verified
    assert errors == []
    context.close()


@pytest.mark.parametrize("language", ["fi", "da"])
def test_the_sanma_table_and_the_pages_around_it_fit_a_phone(
    browser: Browser, live_server, language
):
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    page.goto(live_server.url + "/sanma/")
    _no_overflow(page, "main")
    page.screenshot(path=SCREENSHOTS / f"language-{language}-sanma-start.png", full_page=True)
    page.click("button.primary")
    expect(page.locator("#table")).to_be_visible()
    _within(page, "#table")
    _no_overflow(page, "#table")
    page.screenshot(path=SCREENSHOTS / f"language-{language}-sanma-table.png")
    for path in ("/accounts/signup", "/leaderboards/a", "/how-to-play"):
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
    page.goto(live_server.url + "/leaderboards/a")
    page.screenshot(path=SCREENSHOTS / f"language-{language}-board.png", full_page=True)
    context.close()


@pytest.mark.parametrize("language", ["fi", "da"])
def test_the_stuck_box_fits_a_phone_in_the_language(browser: Browser, live_server, language):
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    page.goto(f"{live_server.url}/play/20261130-c")  # the tallest tower
    skip_build(page)
    make_stuck(game_on(page))
    page.goto(page.url)
    _within(page, "#stuck")
    _no_overflow(page, "#stuck")
    assert page.locator("#stuck button").count() == 4
    page.screenshot(path=SCREENSHOTS / f"language-{language}-stuck.png")
    context.close()


@pytest.mark.parametrize("language", ["fi", "da"])
def test_the_stats_of_an_account_fit_a_phone(browser: Browser, live_server, language):
    from accounts.models import User
    from tests.factories import finished_game

    player = User.objects.create_user("kaisa", password="x", display_name="Kaisa")
    for minute in range(3):
        finished_game(player, 80 + minute, minute=minute, hints=minute)
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    log_in(page, live_server, player)
    for path in ("/accounts/stats", "/accounts/profile", "/accounts/coins", "/accounts/styles"):
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.lang") == language
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
    page.goto(live_server.url + "/accounts/stats")
    page.screenshot(path=SCREENSHOTS / f"language-{language}-stats.png", full_page=True)
    context.close()
