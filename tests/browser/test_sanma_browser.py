"""Sanma in a real browser: a whole East round played by clicking at 360×640, the table
whole at every size, keyboard play, the rules over the table and the German page
(docs/sanma.md#the-table-page). Screenshots go to screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.tables.models import Table

from .helpers import (
    SCREENSHOTS,
    assert_whole_table_in_view,
    click_and_wait,
    next_table_click,
    table_version,
)

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(360, 640), (640, 360), (1280, 800)]
# Clicked first when offered: wins, then the buttons that move the game on.
FIRST_CHOICES = ("tsumo", "ron", "next", "pass")


def _start(page: Page, url: str, length: str = "east") -> None:
    page.goto(url + "/sanma/")
    page.check(f"input[name=length][value={length}]")
    page.click("button.primary")
    expect(page.locator("#table")).to_be_visible()
    page.wait_for_load_state()  # the page's scripts are in


def test_a_whole_east_round_is_played_by_clicking_on_a_phone(page: Page, live_server):
    page.emulate_media(reduced_motion="reduce")  # no waiting for the bots' animations
    _start(page, live_server.url)
    results = turns = 0
    for _ in range(600):
        phase = page.locator("#table").get_attribute("data-phase")
        if phase == "game-end":
            break
        if phase == "hand-end":
            expect(page.locator(".hand-result")).to_be_visible()
            if not results:
                page.screenshot(path=str(SCREENSHOTS / "sanma-hand-result-360x640.png"))
            results += 1
        elif (
            phase == "discard" and page.locator("#table .hand button.hand-tile[name=move]").count()
        ):
            # The player's own turn: "discard" (docs/tables.md#one-shape-for-every-table-game).
            widths = [t.bounding_box()["width"] for t in page.locator(".hand .hand-tile").all()]
            assert min(widths) >= 24, widths
            assert_whole_table_in_view(page, 360, 640)
            turns += 1
        click_and_wait(page, next_table_click(page, FIRST_CHOICES))
    else:
        pytest.fail("the East round did not end")
    expect(page.locator(".game-result")).to_be_visible()
    expect(page.locator(".game-result tr[data-place]")).to_have_count(3)
    page.screenshot(path=str(SCREENSHOTS / "sanma-game-result-360x640.png"))
    table = Table.objects.get()
    # Every hand but the last ended in a result the player continued from (an East
    # round has three hands at least, unless a seat goes below zero sooner).
    continued = sum(1 for text in table.log if text.endswith(" next"))
    assert table.status == Table.Status.FINISHED and results == continued >= 1
    assert turns  # the hand's tiles were measured on the player's turns


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_table_is_whole_at_each_size(page: Page, live_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    _start(page, live_server.url)
    page.wait_for_timeout(2500)  # the bots' turns have arrived
    assert_whole_table_in_view(page, width, height)
    if width == 360:
        widths = [t.bounding_box()["width"] for t in page.locator(".hand .hand-tile").all()]
        assert min(widths) >= 24
    header = page.locator(".site-header")
    for name in ("Solitaire", "Sanma"):
        link = header.get_by_role("link", name=name, exact=True)
        box = link.bounding_box()
        assert box and box["x"] + box["width"] <= width, name  # in view, not scrolled away
    page.screenshot(path=str(SCREENSHOTS / f"sanma-table-{width}x{height}.png"))


def test_the_bots_turns_arrive_one_after_another(page: Page, live_server):
    page.emulate_media(reduced_motion="reduce")
    _start(page, live_server.url)
    discards = page.locator("#table .hand button.hand-tile[name=move]")
    while not discards.count():  # a call to answer first
        click_and_wait(page, next_table_click(page, FIRST_CHOICES))
    page.emulate_media(reduced_motion="no-preference")
    click_and_wait(page, discards.first)
    steps = page.eval_on_selector_all(
        "#table .is-new", "tiles => tiles.map(t => getComputedStyle(t).animationDelay)"
    )
    assert len(steps) >= 1 and len(set(steps)) == len(steps)  # each at its own moment


def test_the_hand_plays_by_keyboard(page: Page, live_server):
    page.emulate_media(reduced_motion="reduce")
    _start(page, live_server.url)
    while not page.locator("#table .hand button.hand-tile[name=move]").count():
        click_and_wait(page, next_table_click(page, FIRST_CHOICES))
    first = page.locator("#table .hand .hand-tile").first
    first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.index")
    assert focused == "1"
    while not page.locator("#table .hand button.hand-tile[name=move]:focus").count():
        page.keyboard.press("ArrowRight")
    before = table_version(page)
    expect(page.locator("#table")).not_to_have_attribute("data-guarded", "1")
    page.keyboard.press("Enter")
    expect(page.locator("#table")).not_to_have_attribute("data-version", before)
    assert page.evaluate(
        "document.activeElement.closest('.hand') !== null || "
        "document.activeElement.dataset.action !== undefined"
    )


def test_the_rules_open_over_the_table_and_close_again(page: Page, live_server):
    _start(page, live_server.url)
    before = table_version(page)
    page.locator("#table .rules-link").click()
    panel = page.locator("#rules-panel")
    expect(panel.get_by_role("heading", name="Sanma rules")).to_be_visible()
    assert page.url.rstrip("/").endswith(page.url.rstrip("/").rsplit("/", 1)[-1])
    page.keyboard.press("Escape")
    expect(panel.get_by_role("heading", name="Sanma rules")).to_have_count(0)
    assert table_version(page) == before and "/sanma/rules" not in page.url


def test_a_german_browser_gets_the_german_table(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="de-DE")
    page = context.new_page()
    _start(page, live_server.url)
    expect(page.locator("#table .rules-link")).to_have_text("Regeln")
    expect(page.locator(".site-header").get_by_role("link", name="Sanma")).to_be_visible()
    page.goto(live_server.url + "/sanma/rules/steps?step=north")
    expect(page.get_by_role("heading", name="Schrittweise erklärt")).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / "sanma-steps-de-360x640.png"), full_page=True)
    context.close()


def test_a_phone_held_sideways_keeps_the_hand_and_the_live_line_in_view_all_hand(
    page: Page, live_server
):
    """Late in a hand the ponds are long: at 640x360 they scroll inside their boxes, and
    the hand, the buttons and the live line stay on the screen. A hand the bots end
    within a few turns is followed by the next one, until one has been long."""
    page.set_viewport_size({"width": 640, "height": 360})
    page.emulate_media(reduced_motion="reduce")
    _start(page, live_server.url)
    decisions = 0  # in the current hand
    for _ in range(400):
        phase = page.locator("#table").get_attribute("data-phase")
        if phase == "game-end" or (phase == "hand-end" and decisions > 5):
            break
        assert_whole_table_in_view(page, 640, 360)
        status = page.locator("#table-status").bounding_box()
        assert status["y"] + status["height"] <= 360, status
        click_and_wait(page, next_table_click(page, FIRST_CHOICES))
        decisions = 0 if phase == "hand-end" else decisions + 1
    else:
        pytest.fail("the game did not end")
    assert decisions > 5, "no hand of the game lasted more than five decisions"
    page.screenshot(path=str(SCREENSHOTS / "sanma-hand-end-640x360.png"))
