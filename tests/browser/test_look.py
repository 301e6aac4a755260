"""How the game looks: every built-in layout whole on an upright phone and on a desktop
window, stacks drawn with a visible offset, screenshots, and the German page for a
German browser (docs/solitaire.md#languages)."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.solitaire import engine

from .helpers import SCREENSHOTS, click_visible_part, covered_tile, open_game

pytestmark = pytest.mark.django_db(transaction=True)

CODES = {letter: f"20261130-{letter}" for letter in engine.BUILTIN_LAYOUTS}
README_CODES = {letter: CODES[letter] for letter in "abc"}  # the README shows these
SIZES = [(360, 640), (1280, 800)]
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _box(page: Page, selector: str) -> dict:
    box = page.locator(selector).bounding_box()
    assert box, selector
    return box


def _tiles_box(page: Page) -> dict:
    """The box around every tile drawn, which may reach beyond the board's own box."""
    return page.eval_on_selector_all(
        "#board button.tile",
        """tiles => {
          const boxes = tiles.map(t => t.getBoundingClientRect());
          const x = Math.min(...boxes.map(b => b.left)), y = Math.min(...boxes.map(b => b.top));
          return {x, y, right: Math.max(...boxes.map(b => b.right)),
                  bottom: Math.max(...boxes.map(b => b.bottom))};
        }""",
    )


def _level_offset(page: Page) -> float:
    """How far up-left a level is drawn from the one below, in CSS px."""
    return page.eval_on_selector_all(
        "#board button.tile",
        """tiles => {
          const seen = {};
          for (const t of tiles) {
            const x = t.dataset.x, z = +t.dataset.z, left = t.getBoundingClientRect().left;
            for (const [z2, left2] of seen[x] || []) {
              if (z2 !== z) return (left2 - left) / (z - z2);
            }
            (seen[x] = seen[x] || []).push([z, left]);
          }
          return 0;
        }""",
    )


@pytest.mark.parametrize("letter", sorted(engine.BUILTIN_LAYOUTS))
def test_every_builtin_layout_shows_whole_on_a_phone_and_a_desktop(
    page: Page, live_server, letter
):
    SCREENSHOTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        open_game(page, f"{live_server.url}/play/{CODES[letter]}")
        board = _box(page, "#board")
        actions = _box(page, "#actions")
        assert board["x"] >= 0 and board["x"] + board["width"] <= width
        assert board["y"] >= 0 and board["y"] + board["height"] <= height
        tiles = _tiles_box(page)  # every tile inside the board, nothing cut off
        assert tiles["x"] >= board["x"] and tiles["right"] <= board["x"] + board["width"] + 1
        assert tiles["y"] >= board["y"] and tiles["bottom"] <= board["y"] + board["height"] + 1
        assert actions["y"] + actions["height"] <= height  # the buttons too, no scrolling
        tile_width = _box(page, "#board button.tile >> nth=0")["width"]
        if width == 360 and not engine.LAYOUT_FIGURES[letter].wide:
            assert tile_width >= 40  # every phone layout, not only Pavillon
        assert _level_offset(page) >= 0.2 * tile_width / 2  # stacks read as stacks
        page.screenshot(path=SCREENSHOTS / f"board-{letter}-{width}x{height}.png")


@pytest.mark.skipif(not os.environ.get("DOCS_PICTURES"), reason="DOCS_PICTURES=1 redraws them")
def test_the_readme_pictures_of_the_layouts(browser, live_server):
    """docs/layout-<letter>.png: each tower as a phone shows it, drawn a little smaller."""
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, device_scale_factor=0.75, reduced_motion="reduce"
    )
    page = context.new_page()
    for letter, code in README_CODES.items():
        page.goto(f"{live_server.url}/play/{code}")
        page.eval_on_selector_all(
            ".is-nudge", "ts => ts.forEach(t => t.classList.remove('is-nudge'))"
        )
        page.locator("#board").screenshot(path=DOCS / f"layout-{letter}.png")
    context.close()


def test_a_german_browser_gets_the_german_page_and_can_switch_to_english(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="de-DE")
    page = context.new_page()
    game = open_game(page, live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".layout-name")).to_have_text("Pavillon")
    actions = page.locator("#actions")
    for label in ("Zurück", "Wiederholen", "Tipp", "Pause", "Neues Spiel"):
        expect(actions.get_by_role("button", name=label)).to_be_visible()
    labels = page.eval_on_selector_all("#board button.tile", "ts => ts.map(t => t.ariaLabel)")
    assert all(re.search(r", (frei|blockiert)$", label) for label in labels), labels[:3]

    covered, _above = covered_tile(game)
    click_visible_part(page, covered)
    expect(page.locator("#status")).to_have_text("Da liegt noch ein Stein drauf")

    page.locator(".menu summary").click()
    expect(page.locator("#language option[value=de]")).to_have_text("Deutsch")
    expect(page.locator("#language option[value=en]")).to_have_text("English")
    page.locator("#language").select_option("en")
    page.locator("#language ~ button").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#actions").get_by_role("button", name="Undo")).to_be_visible()
    context.close()
