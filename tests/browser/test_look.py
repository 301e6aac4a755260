"""How the game looks: every built-in layout whole on an upright phone and on a desktop
window, stacks drawn with a visible offset, screenshots, and the German page for a
German browser (docs/solitaire.md#languages)."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.sanma.presenters import dora_of
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


# --- the table games: a real table at every size, late in a long hand ---------------------

TABLE_SIZES = [(360, 640), (640, 360), (1280, 800)]
# Seeds whose first hands run long; the wall at which the hand is looked at.
# Sanma's seed 3 has two seats in riichi and two sets called by then.
LONG_HANDS = {"sanma": (3, 6), "classic": (7, 8)}


def _boxes(page: Page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(
        selector,
        """els => els.filter(e => e.checkVisibility()).map(e => {
          const b = e.getBoundingClientRect();
          return {left: b.left, right: b.right, top: b.top, bottom: b.bottom, width: b.width};
        })""",
    )


def _one(page: Page, selector: str) -> dict:
    boxes = _boxes(page, selector)
    assert len(boxes) == 1, (selector, boxes)
    return boxes[0]


def _largest_gap(intervals: list[tuple[float, float]], top: float, bottom: float) -> float:
    """The tallest band between ``top`` and ``bottom`` that no interval covers."""
    gap, reached = 0.0, top
    for start, end in sorted(intervals):
        if end <= reached:
            continue
        if start >= bottom:
            break
        gap = max(gap, start - reached)
        reached = max(reached, end)
    return max(gap, bottom - reached)


def _late_table(browser, live_server, django_user_model, kind: str, done):
    from .helpers import play_table_until, seeded_table

    user = django_user_model.objects.create_user(
        "maxi", "maxi@example.com", "lantern-orchid-49", display_name="Maximiliane Ostermann"
    )
    seed, _wall = LONG_HANDS[kind]
    table = seeded_table(kind, user, seed)
    view = play_table_until(table, user, done)
    return user, table, view


def _table_page(browser, live_server, user, kind, table, width, height, locale="en-US"):
    from .helpers import log_in

    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, reduced_motion="reduce"
    )
    page = context.new_page()
    log_in(page, live_server, user)
    page.goto(f"{live_server.url}/{kind}/{table.public_id}")
    return context, page


@pytest.mark.parametrize("kind", ["sanma", "classic"])
def test_the_table_lies_round_a_centre_late_in_a_long_hand(
    browser, live_server, django_user_model, kind
):
    """Ponds round the centre panel, each toward its seat's side, the own pond above the
    hand at the bottom; every pond tile whole in view (at least 22 px wide on an upright
    phone), no empty band over a fifth of the screen, and the marks the log calls for
    (docs/tables.md#the-table-page)."""
    _seed, wall = LONG_HANDS[kind]
    user, table, view = _late_table(
        browser,
        live_server,
        django_user_model,
        kind,
        lambda v: v.wall <= wall and v.phase == "discard" and v.turn == v.seat and v.drawn,
    )
    assert max(len(s.pond) for s in view.seats) >= 15  # a long hand: full ponds
    SCREENSHOTS.mkdir(exist_ok=True)
    for width, height in TABLE_SIZES:
        context, page = _table_page(browser, live_server, user, kind, table, width, height)
        page.screenshot(path=SCREENSHOTS / f"{kind}-late-{width}x{height}.png")
        assert page.evaluate("[scrollX, scrollY]") == [0, 0]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        tiles = _boxes(page, "#table .pond .tl")
        assert len(tiles) == sum(len(s.pond) for s in view.seats)
        for tile_ in tiles:  # whole in view: nothing clipped, nothing to scroll to
            assert tile_["left"] >= 0 and tile_["right"] <= width + 0.5, tile_
            assert tile_["top"] >= 0 and tile_["bottom"] <= height + 0.5, tile_
        if width == 360:
            assert min(t["width"] for t in tiles if t["width"] > 0) >= 22
        centre = _one(page, "#table .table-info")
        left = _one(page, "#table .seat.left > .pond")
        right = _one(page, "#table .seat.right > .pond")
        mine = _one(page, "#table .seat.me > .pond")
        hand = _one(page, "#table .hand")
        assert left["right"] <= centre["left"] + 0.5  # each pond toward its own side
        assert right["left"] >= centre["right"] - 0.5
        middle = max(centre["bottom"], mine["bottom"] if width == 640 else 0)
        assert left["top"] < middle and right["top"] < middle  # beside the centre
        assert mine["top"] >= centre["bottom"] - 0.5 or width == 640  # sideways: beside
        assert mine["bottom"] <= hand["top"] + 0.5  # the own pond right above the hand
        assert hand["bottom"] <= height + 0.5
        opponents = [left, right]
        if kind == "classic":
            across = _one(page, "#table .seat.across > .pond")
            assert across["bottom"] <= centre["top"] + 0.5
            opponents.append(across)
        parts = _boxes(
            page,
            "#table :is(.seat:not(.me), .table-info, .seat.me > .pond, .hand-info, .actions,"
            " .hand-row)",
        )
        band = _largest_gap(
            [(p["top"], p["bottom"]) for p in parts],
            min(o["top"] for o in opponents),
            hand["top"],
        )
        assert band <= height / 5, band
        # The marks: each tsumogiri, the latest discard, riichi sticks, sideways riichi tiles.
        tsumogiri = sum(p.tsumogiri for s in view.seats for p in s.pond)
        assert page.locator("#table .pond .tl.tsumogiri").count() == tsumogiri
        expect(page.locator("#table .pond .tl.last")).to_have_count(1)
        riichi = sum(s.riichi for s in view.seats)
        expect(page.locator("#table .table-info .riichi-stick")).to_have_count(riichi)
        sideways = sum(p.riichi for s in view.seats for p in s.pond)
        expect(page.locator("#table .pond .tl.sideways")).to_have_count(sideways)
        called = sum(m.called is not None for s in view.seats for m in s.melds)
        expect(page.locator("#table .meld .tl.sideways")).to_have_count(called)
        assert called > 0  # the marks are seen, not only their absence
        if kind == "sanma":
            assert riichi > 0 and sideways > 0
        # the dora in the own hand, the red fives among them
        dora = {t.code for t in dora_of(view.dora)} if kind == "sanma" else set()
        mine = [c for c in (*view.hand, view.drawn) if c and (c[-1] == "r" or c in dora)]
        expect(page.locator("#table .hand .tl.dora")).to_have_count(len(mine))
        context.close()


@pytest.mark.parametrize("kind", ["sanma", "classic"])
@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_result_card_and_the_rules_open_below_the_header(
    browser, live_server, django_user_model, kind, locale
):
    user, table, _view = _late_table(
        browser, live_server, django_user_model, kind, lambda v: v.phase == "hand-end"
    )
    for width, height in TABLE_SIZES:
        context, page = _table_page(browser, live_server, user, kind, table, width, height, locale)
        header = _one(page, ".site-header")
        title = _one(page, "#result-title")
        assert title["top"] >= header["bottom"], (title, header)
        page.screenshot(path=SCREENSHOTS / f"{kind}-result-{locale}-{width}x{height}.png")
        page.locator("#table .rules-link").dispatch_event("click")  # under the card
        close = page.locator("[data-close-rules]")
        expect(close).to_be_visible()
        closing = close.bounding_box()
        assert closing["y"] >= header["bottom"]  # never under the header's ☰ menu
        context.close()


def test_the_dora_in_the_own_hand_are_marked_at_the_start_of_a_hand(
    browser, live_server, django_user_model
):
    """Seed 19 deals the player a red 5B and two 7B under the indicator 6B: each wears the
    gold corner, at every size (docs/tables.md#the-table-page)."""
    from .helpers import play_table_until, seeded_table

    user = django_user_model.objects.create_user("mia", "mia@example.com", "lantern-orchid-49")
    table = seeded_table("sanma", user, 19)
    view = play_table_until(table, user, lambda v: v.turn == v.seat)
    dora = {t.code for t in dora_of(view.dora)}
    mine = [c for c in (*view.hand, view.drawn) if c and (c[-1] == "r" or c in dora)]
    assert len(mine) >= 3, (view.dora, view.hand)
    for width, height in TABLE_SIZES:
        context, page = _table_page(browser, live_server, user, "sanma", table, width, height)
        marked = page.locator("#table .hand .tl.dora")
        expect(marked).to_have_count(len(mine))
        assert sorted(marked.evaluate_all("ts => ts.map(t => t.dataset.tile)")) == sorted(mine)
        corner = marked.first.evaluate("t => getComputedStyle(t, '::after').backgroundColor")
        assert corner != "rgba(0, 0, 0, 0)"  # the gold corner is drawn
        assert "dora" in marked.first.get_attribute("aria-label")
        page.screenshot(path=SCREENSHOTS / f"sanma-start-dora-{width}x{height}.png")
        context.close()


@pytest.mark.parametrize("kind", ["sanma", "classic"])
def test_the_numbers_faces_at_a_table_of_each_game(browser, live_server, django_user_model, kind):
    """A player who wears the Numbers faces sees them at Sanma's and Classic's tables too
    (docs/site.md#how-every-game-wears-a-style): every face a label, readable, whole."""
    from .helpers import play_table_until, seeded_table

    user = django_user_model.objects.create_user(
        "numa", "numa@example.com", "lantern-orchid-49", tile_faces="numbers"
    )
    table = seeded_table(kind, user, 19)
    play_table_until(table, user, lambda v: v.turn == v.seat and len(v.seats[0].pond) >= 2)
    for width, height in TABLE_SIZES:
        context, page = _table_page(browser, live_server, user, kind, table, width, height)
        expect(page.locator("body")).to_have_class(re.compile(r"\bfaces-numbers\b"))
        expect(page.locator("#table .tl svg")).to_have_count(0)
        faces = page.locator("#table .hand .tl .face-text")
        assert faces.count() >= 13
        sizes = faces.evaluate_all(
            """fs => fs.map(f => {
              const b = f.getBoundingClientRect();
              return [parseFloat(getComputedStyle(f).fontSize), f.scrollWidth <= b.width + 1];
            })"""
        )
        assert all(size >= 8 and fits for size, fits in sizes), sizes
        assert_whole_hand = _one(page, "#table .hand")
        assert assert_whole_hand["bottom"] <= height + 0.5
        page.screenshot(path=SCREENSHOTS / f"{kind}-numbers-{width}x{height}.png")
        context.close()
