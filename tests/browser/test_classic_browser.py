"""Classic Mahjong in a real browser: a hand played by clicking at 360×640 to its
result, the table whole at a phone's and a desktop's size, the rules over the table and
the German pages (docs/classic.md#the-table-page). Screenshots go to screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.tables.models import Table
from games.tables.play import current_state

from .helpers import (
    SCREENSHOTS,
    assert_whole_table_in_view,
    click_and_wait,
    next_table_click,
    table_version,
)

pytestmark = pytest.mark.django_db(transaction=True)

# Clicked first when offered: Mah Jong, then the buttons that move the game on.
FIRST_CHOICES = ("mahjong", "pass", "draw")


def _start(page: Page, url: str) -> None:
    page.goto(url + "/classic/")
    page.check("input[name=level][value=beginner]")
    page.click("button.primary")
    expect(page.locator("#table")).to_be_visible()
    page.wait_for_load_state()  # the page's scripts are in


def test_a_hand_is_played_by_clicking_on_a_phone(page: Page, live_server):
    page.emulate_media(reduced_motion="reduce")  # no waiting for the bots' animations
    _start(page, live_server.url)
    shot = False
    for _ in range(200):
        phase = page.locator("#table").get_attribute("data-phase")
        if phase in ("hand-end", "game-end"):
            break
        if phase == "discard" and page.locator("#table .hand button.hand-tile[name=move]").count():
            widths = [t.bounding_box()["width"] for t in page.locator(".hand .hand-tile").all()]
            assert min(widths) >= 24, widths
            assert_whole_table_in_view(page, 360, 640)
            if not shot and int(page.locator("#table").get_attribute("data-wall")) < 40:
                page.screenshot(path=str(SCREENSHOTS / "classic-table-late-360x640.png"))
                shot = True
        if page.locator('#table [data-action="pass"]').count():
            page.screenshot(path=str(SCREENSHOTS / "classic-claim-360x640.png"))
        click_and_wait(page, next_table_click(page, FIRST_CHOICES))
    else:
        pytest.fail("the hand did not end")
    card = page.locator(".hand-result, .game-result")
    expect(card).to_be_visible()
    box = card.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["y"] >= 0
    assert box["y"] + box["height"] <= 640 + 0.5  # the card scrolls inside itself
    page.screenshot(path=str(SCREENSHOTS / "classic-hand-result-360x640.png"))
    table = Table.objects.get()
    assert table.kind == "classic"
    assert current_state(table).phase in ("hand-end", "game-end")  # as stored, not shown
    if page.locator('#table [data-action="next"]').count():
        click_and_wait(page, page.locator('#table [data-action="next"]'))
        assert page.locator("#table").get_attribute("data-phase") in ("discard", "call", "draw")


def test_a_phone_held_sideways_keeps_the_hand_and_the_buttons_in_view_all_hand(
    page: Page, live_server
):
    """Late in a hand the ponds are long and a claim adds the offered tile and its
    buttons: at 640x360 the seats' ponds scroll inside their boxes instead."""
    page.set_viewport_size({"width": 640, "height": 360})
    page.emulate_media(reduced_motion="reduce")
    _start(page, live_server.url)
    seen = set()
    for _ in range(200):
        phase = page.locator("#table").get_attribute("data-phase")
        if phase in ("hand-end", "game-end"):
            break
        seen.add(phase)
        assert_whole_table_in_view(page, 640, 360)
        assert page.evaluate("window.scrollY") == 0  # nothing had to scroll into view
        for button in page.locator("#table .actions button").all():
            box = button.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 360, box
        status = page.locator("#table-status").bounding_box()
        assert status["y"] + status["height"] <= 360, status
        click_and_wait(page, next_table_click(page, FIRST_CHOICES))
    else:
        pytest.fail("the hand did not end")
    assert "discard" in seen
    page.screenshot(path=str(SCREENSHOTS / "classic-hand-end-640x360.png"))


def test_a_tile_under_the_pointer_stays_in_place_when_the_hand_is_replaced(
    page: Page, live_server
):
    """The pointer lights a hand tile up without moving it: a tile that rose from
    under a pointer at its lower edge dropped and rose again on every frame."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(reduced_motion="reduce")  # no transition to wait for
    _start(page, live_server.url)
    tile = page.locator("#table .hand button.hand-tile[name=move]").last
    for _ in range(20):  # on to the player's own turn
        if tile.count():
            break
        click_and_wait(page, next_table_click(page, FIRST_CHOICES))
    box = tile.bounding_box()
    for above_edge in (1, 3, 5):
        page.mouse.move(0, 0)
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - above_edge)
        tops = tile.evaluate(
            """(old) => new Promise((done) => {
                // as an answer replaces the hand under a pointer that does not move
                const tile = old.cloneNode(true);
                old.replaceWith(tile);
                const tops = [];
                const frame = () => {
                    tops.push(tile.getBoundingClientRect().top);
                    if (tops.length < 12) requestAnimationFrame(frame); else done(tops);
                };
                setTimeout(() => requestAnimationFrame(frame), 200);
            })"""
        )
        assert set(tops) == {box["y"]}, (above_edge, box["y"], tops)


@pytest.mark.parametrize(("width", "height"), [(360, 640), (640, 360), (1280, 800)])
def test_the_table_is_whole_at_each_size(page: Page, live_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    _start(page, live_server.url)
    page.wait_for_timeout(2500)  # the bots' turns have arrived
    assert_whole_table_in_view(page, width, height)
    if width == 360:
        widths = [t.bounding_box()["width"] for t in page.locator(".hand .hand-tile").all()]
        assert min(widths) >= 24
    header = page.locator(".site-header")
    for name in ("Solitaire", "Sanma", "Classic"):
        link = header.get_by_role("link", name=name, exact=True)
        box = link.bounding_box()
        assert box and box["x"] + box["width"] <= width, name  # in view, not scrolled away
    page.screenshot(path=str(SCREENSHOTS / f"classic-table-{width}x{height}.png"))


def test_the_rules_open_over_the_table_and_close_again(page: Page, live_server):
    _start(page, live_server.url)
    before = table_version(page)
    page.locator("#table .rules-link").click()
    panel = page.locator("#rules-panel")
    expect(panel.get_by_role("heading", name="Classic Mahjong rules")).to_be_visible()
    expect(panel.locator("table.scoring").first).to_be_visible()
    page.keyboard.press("Escape")
    expect(panel.get_by_role("heading", name="Classic Mahjong rules")).to_have_count(0)
    assert table_version(page) == before and "/classic/rules" not in page.url


def test_a_german_browser_gets_the_german_table_and_steps(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="de-DE")
    page = context.new_page()
    _start(page, live_server.url)
    expect(page.locator("#table .rules-link")).to_have_text("Regeln")
    expect(page.locator(".site-header").get_by_role("link", name="Klassisch")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(SCREENSHOTS / "classic-table-de-360x640.png"))
    page.goto(live_server.url + "/classic/rules/steps?step=kan")
    expect(page.get_by_role("heading", name="Schrittweise erklärt")).to_be_visible()
    expect(page.locator(".picture .tl.back")).to_have_count(2)  # the concealed Kan's outer tiles
    page.screenshot(path=str(SCREENSHOTS / "classic-steps-de-360x640.png"), full_page=True)
    page.goto(live_server.url + "/classic/rules")
    expect(page.get_by_role("heading", name="Regeln des klassischen Mahjong")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


@pytest.mark.parametrize("locale", ["de-DE", "fi-FI", "da-DK"])
def test_the_rules_and_their_scoring_tables_fit_a_phone_in_each_language(
    browser, live_server, locale
):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale)
    page = context.new_page()
    page.goto(live_server.url + "/classic/rules")
    expect(page.locator("table.scoring")).to_have_count(5)  # a table per group, special hands too
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for right in page.eval_on_selector_all(
        "table.scoring", "tables => tables.map(t => t.getBoundingClientRect().right)"
    ):
        assert right <= 360
    context.close()
