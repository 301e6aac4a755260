"""Classic's result card and score sheet in a real browser at 360×640, 640×360 and
1280×800 (docs/classic.md#the-result-card-and-the-score-sheet): nothing of them is cut
off: the card lies inside the screen, nothing in it reaches past its sides, and what
does not fit its height scrolls inside it. Screenshots go to screenshots/."""

from __future__ import annotations

from functools import cache

import pytest
from playwright.sync_api import Page, expect

from games.classic import engine
from games.classic.kind import CLASSIC, options_of
from games.players import Player
from tests.classic.web.helpers import OPTIONS, craft, finished_table

from .helpers import SCREENSHOTS, log_in

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(360, 640), (640, 360), (1280, 800)]
EDITION_2 = {**OPTIONS, "edition": 2}


@cache
def _won_hand() -> tuple[int, tuple[str, ...]]:
    """A seed and a log that ends with a hand won, with payments between the losers too:
    the longest card there is to show. Beginner bots play every seat."""
    for seed in range(40):
        state = engine.new_game(options_of(EDITION_2), seed)
        log: list[str] = []
        while state.phase != engine.GAME_END:
            text = CLASSIC.forced_action(state) or CLASSIC.bot_action(
                state, min(engine.waiting_for(state)), "beginner", seed, len(log)
            )
            state = engine.apply(state, engine.Action.parse(text))
            log.append(text)
            result = state.last_result
            if (
                state.phase == engine.HAND_END
                and result is not None
                and any(p.reason == "losers" for p in result.payments)
            ):
                return seed, tuple(log)
    raise LookupError("no won hand with payments between the losers")


def _inside(page: Page, selector: str, width: int, height: int) -> None:
    """The element lies inside the screen, nothing in it reaches past its sides, and
    what is taller than it scrolls inside it."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, box
    sticking_out = page.evaluate(
        """(selector) => {
            const card = document.querySelector(selector);
            const edge = card.getBoundingClientRect();
            const out = [...card.querySelectorAll('*')].filter((e) => {
                const r = e.getBoundingClientRect();
                return r.width && (r.left < edge.left - 0.5 || r.right > edge.right + 0.5);
            });
            return {
                out: out.slice(0, 5).map((e) => e.tagName + '.' + e.className),
                wide: card.scrollWidth - card.clientWidth,
                tall: card.scrollHeight > card.clientHeight,
                scrolls: ['auto', 'scroll'].includes(getComputedStyle(card).overflowY),
            };
        }""",
        selector,
    )
    assert sticking_out["out"] == [] and sticking_out["wide"] <= 0, sticking_out
    assert not sticking_out["tall"] or sticking_out["scrolls"], sticking_out


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_hand_result_and_the_score_sheet_are_whole_at_each_size(
    page: Page, live_server, alice, width, height
):
    seed, log = _won_hand()
    table = craft(Player(alice), seed, list(log), 0, **EDITION_2)
    log_in(page, live_server, alice)
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{live_server.url}/classic/{table.public_id}")
    card = page.locator(".hand-result")
    expect(card).to_be_visible()
    expect(card.locator(".payments .payment").first).to_be_visible()
    assert card.locator(".score-items .item-tiles .tl").count() > 0
    _inside(page, ".hand-result", width, height)
    page.screenshot(path=str(SCREENSHOTS / f"classic-result-card-{width}x{height}.png"))
    card.evaluate("(card) => card.scrollTo(0, card.scrollHeight)")
    expect(card.locator(".score-rows")).to_be_in_viewport()
    expect(card.locator(".action-next")).to_be_in_viewport()
    page.screenshot(path=str(SCREENSHOTS / f"classic-result-card-end-{width}x{height}.png"))

    card.locator(".sheet-link a").click()
    panel = page.locator("#rules-panel")
    expect(panel.locator("table.score-sheet")).to_be_visible()
    _inside(page, "#rules-panel", width, height)
    page.screenshot(path=str(SCREENSHOTS / f"classic-score-sheet-{width}x{height}.png"))
    page.keyboard.press("Escape")
    expect(panel.locator("table.score-sheet")).to_have_count(0)
    expect(card).to_be_visible()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_game_over_card_with_its_score_sheet_is_whole_at_each_size(
    page: Page, live_server, alice, width, height
):
    table = finished_table(Player(alice), 3)
    log_in(page, live_server, alice)
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{live_server.url}/classic/{table.public_id}")
    card = page.locator(".game-result")
    expect(card.locator("table.score-sheet")).to_be_visible()
    _inside(page, ".game-result", width, height)
    page.screenshot(path=str(SCREENSHOTS / f"classic-game-over-{width}x{height}.png"))
