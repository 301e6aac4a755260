"""A replay plays on by itself, in a real browser (docs/tables.md#replay-stepping):
Play steps on at the speed chosen, Space pauses and plays again, the address follows
the step shown, it stops at the last step, and the speed is kept."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games.players import Player
from tests.classic.web import helpers as classic
from tests.sanma.web import helpers as sanma

from .helpers import log_in

pytestmark = pytest.mark.django_db(transaction=True)

PLAY = ".replay-player .replay-play"


def _index(page: Page) -> int:
    return int(page.locator(".replay-steps").get_attribute("data-index"))


def _wait_past(page: Page, index: int, seconds: float = 10) -> None:
    """Until the replay shows a step after ``index`` (the page's policy forbids the
    string evaluation wait_for_function needs)."""
    for _ in range(int(seconds * 20)):
        if _index(page) > index:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the replay stayed at step {_index(page)}")


@pytest.mark.parametrize("game", [sanma, classic], ids=["sanma", "classic"])
def test_a_replay_plays_on_and_pauses(page: Page, live_server, alice, game):
    table = game.finished_table(Player(alice), 3)
    log_in(page, live_server, alice)
    page.goto(f"{live_server.url}/{table.kind}/{table.public_id}/replay?at=0")
    expect(page.locator(PLAY)).to_be_visible()
    expect(page.locator(PLAY)).to_have_attribute("aria-pressed", "false")
    page.select_option(".replay-speed", "4")
    first_note = page.locator(".replay-note").inner_text()
    page.click(PLAY)
    expect(page.locator(PLAY)).to_have_attribute("aria-pressed", "true")
    _wait_past(page, 2)
    assert page.locator(".replay-note").inner_text() != first_note

    # Space pauses (the focus away from the button, as after a look at the table).
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Space")
    expect(page.locator(PLAY)).to_have_attribute("aria-pressed", "false")
    page.wait_for_timeout(400)  # a step already asked for may still arrive
    paused_at = _index(page)
    page.wait_for_timeout(1200)  # nearly five steps at 4×
    assert _index(page) == paused_at
    assert page.url.endswith(f"?at={paused_at}")

    # Space plays on again.
    page.keyboard.press("Space")
    expect(page.locator(PLAY)).to_have_attribute("aria-pressed", "true")
    _wait_past(page, paused_at)

    # The speed is kept for the next replay; a reload stays at the step shown.
    page.keyboard.press("Space")
    expect(page.locator(PLAY)).to_have_attribute("aria-pressed", "false")
    page.wait_for_timeout(400)
    shown = _index(page)
    page.reload()
    expect(page.locator(".replay-speed")).to_have_value("4")
    assert _index(page) == shown
    # The arrow keys step on and back, one step at a time.
    page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-steps")).to_have_attribute("data-index", str(shown + 1))
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".replay-steps")).to_have_attribute("data-index", str(shown))


def test_a_replay_stops_at_its_last_step(page: Page, live_server, alice):
    table = sanma.finished_table(Player(alice), 3)
    log_in(page, live_server, alice)
    page.goto(f"{live_server.url}/sanma/{table.public_id}/replay?at=0")
    last = int(re.search(r"of (\d+)", page.locator(".replay-steps .where").inner_text())[1])
    page.goto(f"{live_server.url}/sanma/{table.public_id}/replay?at={last - 2}")
    page.select_option(".replay-speed", "4")
    page.click(PLAY)
    expect(page.locator(".replay-steps")).to_have_attribute("data-index", str(last))
    expect(page.locator(PLAY)).to_have_attribute("aria-pressed", "false")
    expect(page.locator(PLAY)).to_have_text("Play")
