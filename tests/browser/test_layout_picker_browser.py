"""The layout picker in Chromium (docs/solitaire.md#the-layout-picker): the grid fits
360×640 and 1280×800 without sideways scrolling, the filters swap the grid in place,
and each phone layout opened from it shows whole at 360×640 with tiles at least 40 CSS
px wide. Screenshots go to screenshots/."""

import pytest
from playwright.sync_api import Page, expect

from games.solitaire import engine

from .helpers import SCREENSHOTS, game_on, skip_build

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(360, 640), (1280, 800)]
PHONE_LAYOUTS = sorted(letter for letter, f in engine.LAYOUT_FIGURES.items() if not f.wide)


def _fits_across(page: Page, width: int) -> None:
    """Nothing reaches beyond the viewport's width: no sideways scrolling."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    right = page.eval_on_selector_all(
        ".layout-card, .picker-filters label",
        "items => Math.max(...items.map(i => i.getBoundingClientRect().right))",
    )
    assert right <= width


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_picker_fits_and_its_filters_swap_the_grid(page: Page, live_server, size):
    width, height = size
    SCREENSHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/layouts")
    cards = page.locator(".layout-card")
    expect(cards).to_have_count(len(engine.BUILTIN_LAYOUTS))
    _fits_across(page, width)
    first = cards.first.bounding_box()
    assert first["y"] + first["height"] <= height  # a whole card shows without scrolling
    across = 2 if width == 360 else 6
    assert cards.nth(across - 1).bounding_box()["y"] == first["y"]  # cards side by side
    page.screenshot(path=SCREENSHOTS / f"picker-{width}x{height}.png")
    page.screenshot(path=SCREENSHOTS / f"picker-{width}x{height}-all.png", full_page=True)

    page.evaluate("window.unchanged = true")  # gone if the page were loaded anew
    page.get_by_label("Fits a phone").check()
    expect(cards).to_have_count(len(PHONE_LAYOUTS))
    expect(page.locator(".layout-card.is-wide")).to_have_count(0)
    page.get_by_label("Large").check()
    expect(cards).to_have_count(1)  # Hoher Turm, the full set on a phone
    assert page.evaluate("window.unchanged") is True  # swapped in place by HTMX
    assert page.url.endswith("/layouts?size=full&phone=1")  # the filtered grid's address
    page.screenshot(path=SCREENSHOTS / f"picker-filtered-{width}x{height}.png")
    page.reload()  # the address alone gives the same grid
    expect(cards).to_have_count(1)
    expect(page.get_by_label("Large")).to_be_checked()


def test_the_filters_work_without_javascript(browser, live_server):
    phone = {"width": 360, "height": 640}
    context = browser.new_context(java_script_enabled=False, viewport=phone)
    page = context.new_page()
    page.goto(f"{live_server.url}/layouts")
    page.get_by_label("Small").check()
    page.get_by_role("button", name="Show").click()
    page.wait_for_url("**/layouts?size=small")
    small = [letter for letter, f in engine.LAYOUT_FIGURES.items() if f.tiles <= 50]
    expect(page.locator(".layout-card")).to_have_count(len(small))
    page.locator('.layout-card[data-letter="e"] button').click()
    page.wait_for_url("**/game/**")
    assert game_on(page).layout.letter == "e"
    context.close()


def test_each_phone_layout_opened_from_the_picker_shows_whole_on_a_phone(page: Page, live_server):
    SCREENSHOTS.mkdir(exist_ok=True)
    width, height = 360, 640
    page.set_viewport_size({"width": width, "height": height})
    for letter in PHONE_LAYOUTS:
        page.goto(f"{live_server.url}/layouts?phone=1")
        card = page.locator(f'.layout-card[data-letter="{letter}"] button')
        card.scroll_into_view_if_needed()
        card.click()
        page.wait_for_url("**/game/**")
        skip_build(page)
        assert game_on(page).layout.letter == letter
        board = page.locator("#board").bounding_box()
        tiles = page.eval_on_selector_all(
            "#board button.tile",
            """tiles => {
              const boxes = tiles.map(t => t.getBoundingClientRect());
              return {left: Math.min(...boxes.map(b => b.left)),
                      top: Math.min(...boxes.map(b => b.top)),
                      right: Math.max(...boxes.map(b => b.right)),
                      bottom: Math.max(...boxes.map(b => b.bottom)),
                      narrowest: Math.min(...boxes.map(b => b.width))};
            }""",
        )
        assert tiles["left"] >= 0 and tiles["top"] >= 0, letter
        assert tiles["right"] <= width and tiles["bottom"] <= height, letter  # whole tower
        assert board["x"] >= 0 and board["x"] + board["width"] <= width, letter
        actions = page.locator("#actions").bounding_box()
        assert actions["y"] + actions["height"] <= height, letter  # buttons too
        assert tiles["narrowest"] >= 40, f"{letter}: {tiles['narrowest']:.1f} px"
        page.screenshot(path=SCREENSHOTS / f"picked-{letter}-{width}x{height}.png")
