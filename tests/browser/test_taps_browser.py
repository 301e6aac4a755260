"""Taps that cannot misfire, in a real browser at 360×640
(docs/tables.md#taps-that-cannot-misfire): two taps on the drawn tile, a short while
apart, discard one tile, whether a first tap raises the tile or one tap discards it, at a
practice table and at a room's table (a host who starts the room alone, bots in the
other seats)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.tables.models import Seat, Table

from .helpers import click_and_wait, next_table_click

pytestmark = pytest.mark.django_db(transaction=True)

DRAWN = "#table .hand button.hand-tile.drawn[name=move]"
# The page counts the decisions it posts, and their answers.
COUNT_REQUESTS = """
window.tapRequests = {sent: 0, done: 0};
document.addEventListener("htmx:beforeRequest", () => window.tapRequests.sent++);
document.addEventListener("htmx:afterRequest", () => window.tapRequests.done++);
"""


def _own_discards(seat: Seat) -> int:
    log = Table.objects.get(pk=seat.table_id).log
    return sum(text.startswith(f"{seat.index} d:") for text in log)


def _tap_the_drawn_tile_twice(page: Page, gap_ms: int) -> None:
    """Two taps on the just-drawn tile ``gap_ms`` apart post one decision, which
    discards one tile of the seat's."""
    _to_a_drawn_tile(page)
    seat = Seat.objects.get(bot_level="")
    before = _own_discards(seat)
    box = page.locator(DRAWN).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    version = page.locator("#table").get_attribute("data-version")
    page.evaluate(COUNT_REQUESTS)

    page.mouse.click(x, y)
    page.wait_for_timeout(gap_ms)
    page.mouse.click(x, y)

    expect(page.locator("#table")).not_to_have_attribute("data-version", version)
    expect(page.locator("#table")).not_to_have_attribute("data-guarded", "1")
    page.wait_for_function("window.tapRequests.sent === window.tapRequests.done")
    assert page.evaluate("window.tapRequests.sent") == 1
    assert _own_discards(seat) == before + 1


def _one_tap(page: Page) -> None:
    expect(page.locator("#table")).not_to_have_attribute("data-guarded", "1")
    page.click('#table [data-toggle="one_tap"]')
    expect(page.locator("#table")).to_have_attribute("data-one-tap", "1")


def _to_a_drawn_tile(page: Page) -> None:
    """Play on until the player holds a drawn tile, on a table shown long enough."""
    for _ in range(200):
        if page.locator(DRAWN).count():
            break
        click_and_wait(page, next_table_click(page, ("next", "pass")))
    else:
        pytest.fail("no drawn tile came")
    expect(page.locator("#table")).not_to_have_attribute("data-guarded", "1")


@pytest.mark.parametrize("one_tap", [False, True], ids=["tap-to-raise", "one-tap"])
@pytest.mark.parametrize("gap_ms", [50, 100, 180, 300])
def test_two_taps_on_the_drawn_tile_discard_one_tile(page: Page, live_server, one_tap, gap_ms):
    page.emulate_media(reduced_motion="reduce")
    page.goto(live_server.url + "/sanma/")
    page.check("input[name=length][value=one-hand]")
    page.click("button.primary")
    expect(page.locator("#table")).to_be_visible()
    page.wait_for_load_state()
    if one_tap:
        _one_tap(page)
    _tap_the_drawn_tile_twice(page, gap_ms)


# Each room costs a room page and a table: the gaps a double tap and a quick second
# tap take, where a tile that arrived meanwhile could be hit.
@pytest.mark.parametrize("one_tap", [False, True], ids=["tap-to-raise", "one-tap"])
@pytest.mark.parametrize("gap_ms", [50, 180])
def test_in_a_room_two_taps_on_the_drawn_tile_discard_one_tile(
    page: Page, live_server, one_tap, gap_ms
):
    page.emulate_media(reduced_motion="reduce")
    page.goto(live_server.url + "/sanma/")
    page.locator(".room-options-form summary").click()
    page.check("#room_length_0")  # one hand
    page.fill("#room_name", "Ann")
    page.click("button.open-room")
    expect(page.locator(".room-code")).to_be_visible()
    page.click("button.start-room")  # alone: bots take the empty seats
    expect(page.locator("#table")).to_be_visible()
    page.wait_for_load_state()
    table = Table.objects.get()
    assert table.rooms.exists() and table.seats.filter(bot_level="").count() == 1
    if one_tap:
        _one_tap(page)
    _tap_the_drawn_tile_twice(page, gap_ms)
