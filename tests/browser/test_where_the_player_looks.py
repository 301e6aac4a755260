"""What matters shows where the player looks, whole, without scrolling, at 360×640 and
1280×800, in English and German, logged in or not: the header on one line with room for
more games, the menu one tap away, the win summary and the stuck box over the board
(docs/solitaire.md#phone-first, docs/site.md#the-header). Screenshots go to screenshots/."""

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.factories import finished_game

from .helpers import (
    SCREENSHOTS,
    game_on,
    log_in,
    make_stuck,
    play_all_but_the_last_pair,
    skip_build,
    tile,
)

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(360, 640), (1280, 800)]
LOCALES = ["en-US", "de-DE"]
CODES = {"a": "20261130-a", "b": "20261130-b", "c": "20261130-c"}
LONG_NAME = "Maximiliane Ostermann"  # a long display name, as people choose them

COMBINATIONS = [
    pytest.param(
        (size, locale, logged_in),
        id=f"{size[0]}x{size[1]}-{locale}-{'account' if logged_in else 'guest'}",
    )
    for size in SIZES
    for locale in LOCALES
    for logged_in in (False, True)
]


@pytest.fixture
def visitor(request, browser: Browser, live_server, django_user_model):
    """A page of the given size and language, logged in or a guest."""
    (width, height), locale, logged_in = request.param

    contexts = []

    def make() -> Page:
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        contexts.append(context)
        page = context.new_page()
        if logged_in:
            user = django_user_model.objects.create_user(
                "maxi", "maxi@example.com", "lantern-orchid-49", display_name=LONG_NAME
            )
            finished_game(user, 400, seed=77)  # an earlier best, so the summary has more to say
            log_in(page, live_server, user)
        return page

    yield make
    for context in contexts:
        context.close()


def _within(page: Page, selector: str) -> dict:
    """The element's box, asserted whole inside the viewport of the unscrolled page."""
    assert page.evaluate("[scrollX, scrollY]") == [0, 0], "the page had to scroll"
    width, height = page.evaluate("[innerWidth, innerHeight]")
    box = page.locator(selector).bounding_box()
    assert box, f"{selector} is not shown"
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= width + 0.5, (selector, box)
    assert box["y"] + box["height"] <= height + 0.5, (selector, box)
    return box


def _uncovered(page: Page, selector: str) -> None:
    """Nothing lies over the middle of the element: a tap there reaches it."""
    hit = page.locator(selector).evaluate(
        """element => {
          const box = element.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return element.contains(top);
        }"""
    )
    assert hit, f"something lies over {selector}"


def _header_holds(page: Page) -> None:
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    header = _within(page, ".site-header")
    assert header["height"] <= 40
    shown = page.eval_on_selector_all(
        ".site-header :is(a, button, summary)",
        """items => items.filter(i => i.checkVisibility())
                         .map(i => { const b = i.getBoundingClientRect();
                                     return [b.left, b.right, b.top, i.textContent.trim()]; })""",
    )
    assert shown
    for left, right, top, text in shown:
        assert left >= 0 and right <= width + 0.5, (text, left, right)
        assert abs(top - shown[0][2]) <= 6, (text, top)  # one line
    # Every game link shows whole: Solitaire's, Sanma's and Classic's.
    for link_right, nav_right in page.eval_on_selector_all(
        ".game-links a",
        """links => links.map(a => [a.getBoundingClientRect().right,
                                    a.parentElement.getBoundingClientRect().right])""",
    ):
        assert link_right <= nav_right + 0.5


@pytest.mark.parametrize("visitor", COMBINATIONS, indirect=True)
def test_the_header_fits_and_the_menu_is_one_tap_away(visitor, live_server):
    page = visitor()
    for letter, code in CODES.items():
        page.goto(f"{live_server.url}/play/{code}")
        skip_build(page)
        _header_holds(page)
        locale = page.evaluate("navigator.language")

        # The game's menu: its button is in view, one tap opens it whole.
        _within(page, ".menu summary")
        page.locator(".menu summary").click()
        body = _within(page, ".menu-body")
        overflow = page.locator(".menu-body").evaluate("m => m.scrollHeight - m.clientHeight")
        assert overflow <= 1, f"the menu of {letter} needs scrolling ({overflow} px)"
        assert body["height"] > 100
        page.keyboard.press("Escape")
        expect(page.locator(".menu-body")).to_be_hidden()

        # On a phone the site's links are in the header's menu, also whole.
        if page.locator(".site-menu summary").is_visible():
            page.locator(".site-menu summary").click()
            _within(page, ".site-menu-body")
            page.keyboard.press("Escape")
        width = page.evaluate("innerWidth")
        if (
            width == 360
            and letter == "c"
            and page.locator(".who").count()
            and locale.startswith("de")
        ):
            SCREENSHOTS.mkdir(exist_ok=True)
            page.screenshot(path=SCREENSHOTS / "header-de-logged-in-360x640.png")
            page.locator(".site-menu summary").click()
            page.screenshot(path=SCREENSHOTS / "header-de-logged-in-menu-360x640.png")


@pytest.mark.parametrize("visitor", COMBINATIONS, indirect=True)
def test_the_win_summary_shows_whole_where_the_board_was(visitor, live_server):
    page = visitor()
    page.goto(f"{live_server.url}/play/{CODES['a']}")
    skip_build(page)
    game = game_on(page)
    first, second = play_all_but_the_last_pair(game)
    page.goto(page.url)  # afresh: a reload would restore the scroll position
    tile(page, first).click()
    tile(page, second).click()

    title = page.locator("#summary-title")
    expect(title).to_be_visible()
    expect(title).to_be_focused()
    page.wait_for_timeout(700)  # the summary comes in after the last pair's flight
    width, _height = page.evaluate("[innerWidth, innerHeight]")
    locale = page.evaluate("document.documentElement.lang")
    account = "account" if page.locator(".who").count() else "guest"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"win-{locale}-{account}-{width}.png")
    summary = _within(page, "#summary")
    board = page.locator(".board-wrap").bounding_box()
    assert summary["y"] < board["y"] + board["height"]  # over the board, not below it
    for part in (
        "#summary-title",
        "#summary .summary-time",
        "#summary .again a.button[href^='/play/']",
        "#summary .again a.button[href='/layouts']",
        "#summary .again button",
        "#summary .copy-link",
    ):
        _within(page, part)
        _uncovered(page, part)
    if page.locator(".who").count():
        expect(page.locator("#summary .standing")).to_be_visible()


STUCK_COMBINATIONS = [
    pytest.param((size, locale, False), id=f"{size[0]}x{size[1]}-{locale}")
    for size in SIZES
    for locale in LOCALES
]


@pytest.mark.parametrize("visitor", STUCK_COMBINATIONS, indirect=True)
def test_the_stuck_box_and_its_buttons_show_whole_over_the_tallest_tower(visitor, live_server):
    page = visitor()
    page.goto(f"{live_server.url}/play/{CODES['c']}")
    skip_build(page)
    make_stuck(game_on(page))
    page.goto(page.url)
    _within(page, "#stuck")
    buttons = page.locator("#stuck button")
    assert buttons.count() == 4  # shuffle, undo, restart, new game
    for index in range(buttons.count()):
        _within(page, f"#stuck form:nth-of-type({index + 1}) button")
        _uncovered(page, f"#stuck form:nth-of-type({index + 1}) button")
    _within(page, "#actions")
    width = page.evaluate("innerWidth")
    locale = page.evaluate("document.documentElement.lang")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"stuck-{locale}-{width}.png")

    page.locator("#stuck").get_by_role(
        "button", name="Shuffle" if locale == "en" else "Mischen"
    ).click()
    expect(page.locator("#stuck p")).to_have_count(0)
