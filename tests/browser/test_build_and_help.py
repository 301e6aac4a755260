"""The build of the tower, gentle help and reduced motion, in a browser."""

import datetime

import pytest
from playwright.sync_api import Page, expect

from .helpers import BUILDING, game_on, has_class, open_game, start_new_game, tile

pytestmark = pytest.mark.django_db(transaction=True)

BLINKING = has_class("is-blinking")


def _posts_sent(page: Page) -> list[str]:
    sent: list[str] = []
    page.on("request", lambda request: request.method == "POST" and sent.append(request.url))
    return sent


def test_a_new_game_builds_its_tower_face_down_then_turns_it_within_two_seconds(
    page: Page, live_server
):
    page.goto(live_server.url + "/")
    board = page.locator("#board")
    expect(board).to_have_class(BUILDING)
    # Early on the tiles lie face down: their backs cover the faces.
    back = tile(page, 0).evaluate("t => getComputedStyle(t, '::after').opacity")
    assert back == "1"

    expect(board).not_to_have_class(BUILDING, timeout=2500)
    built_ms = int(board.get_attribute("data-built"))
    assert 1400 <= built_ms < 2000
    print(f"\nthe build took {built_ms} ms")
    assert tile(page, 0).evaluate("t => getComputedStyle(t, '::after').content") == "none"


def test_a_tap_during_the_build_skips_it_and_selects_nothing(page: Page, live_server):
    sent = _posts_sent(page)
    page.add_init_script(
        "document.addEventListener('mahjong:built', e => { window.builtBy = e.detail })"
    )
    # The page's clock stands still, so the tap surely comes while the tiles are moving,
    # however slow the machine (a tap after the build would be a tap on a tile).
    page.clock.install(time=datetime.datetime(2026, 1, 1, 12, 0))
    page.clock.pause_at(datetime.datetime(2026, 1, 1, 12, 1))
    page.goto(live_server.url + "/")
    game = game_on(page)
    free = page.locator('#board button.tile[data-free="1"]').first
    expect(page.locator("#board")).to_have_class(BUILDING)

    free.click(force=True)  # the tiles are still moving

    expect(page.locator("#board")).not_to_have_class(BUILDING)
    assert page.evaluate("window.builtBy") == {"ms": 0, "skipped": True}
    page.clock.resume()
    page.wait_for_timeout(300)
    assert page.locator('#board [aria-pressed="true"]').count() == 0
    assert sent == []
    game.refresh_from_db()
    assert game.selected is None
    # The next tap is a tap again.
    free.click()
    expect(free).to_have_attribute("aria-pressed", "true")


def test_a_reload_does_not_build_the_tower_again(page: Page, live_server):
    open_game(page, live_server.url + "/")
    page.reload()
    expect(page.locator("#board")).to_have_attribute("data-built", "0")
    expect(page.locator("#board")).not_to_have_class(BUILDING)


def test_reduced_motion_gets_no_build_no_wiggle_and_no_flight(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 640}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(live_server.url + "/")
    expect(page.locator("#board")).to_have_attribute("data-built", "0")
    expect(page.locator("#board")).not_to_have_class(BUILDING)
    blocked = page.locator('#board button.tile[data-free="0"]').last
    blocked.evaluate("t => t.classList.add('is-wiggling')")
    assert blocked.evaluate("t => getComputedStyle(t).animationName") == "none"
    blocked.evaluate("t => t.classList.replace('is-wiggling', 'is-removing')")
    assert blocked.evaluate("t => getComputedStyle(t).animationName") == "none"
    assert blocked.evaluate("t => getComputedStyle(t).visibility") == "hidden"
    context.close()


def _pulsing(page: Page):
    return page.locator("#board .tile.is-nudge")


def _help_pair(page: Page) -> list[str]:
    return [f"tile-{i}" for i in page.locator("#help").get_attribute("data-pair").split()]


def test_the_first_game_pulses_a_pair_once_and_the_second_game_does_not(page: Page, live_server):
    sent = _posts_sent(page)
    open_game(page, live_server.url + "/")
    expect(_pulsing(page)).to_have_count(2)
    assert sorted(_pulsing(page).evaluate_all("ts => ts.map(t => t.id)")) == sorted(
        _help_pair(page)
    )
    assert sent == []  # no hint asked for, none counted
    assert game_on(page).hints == 0

    start_new_game(page)
    page.wait_for_timeout(500)
    expect(_pulsing(page)).to_have_count(0)
    page.reload()
    page.wait_for_timeout(300)
    expect(_pulsing(page)).to_have_count(0)


def test_idle_help_pulses_a_pair_then_blinks_the_hint_button_at_most_twice_a_game(
    page: Page, live_server, settings
):
    settings.GENTLE_HELP_SECONDS = 0.4  # the page's wait and the server's alike
    open_game(page, live_server.url + "/")  # the first game, with its welcome
    start_new_game(page)
    assert page.locator("#help").get_attribute("data-pair") == ""  # nothing due yet
    hint = page.locator("#hint-button")

    for _nudge in (1, 2):
        expect(_pulsing(page)).to_have_count(2)
        expect(hint).to_have_class(BLINKING)
        # Any tap starts the quiet time over and stops the blinking.
        _pulsing(page).first.click()
        expect(hint).not_to_have_class(BLINKING)
        page.locator("#board .tile.is-nudge").evaluate_all(
            "ts => ts.forEach(t => t.classList.remove('is-nudge'))"
        )

    page.wait_for_timeout(1500)  # well over twice the quiet time
    expect(_pulsing(page)).to_have_count(0)
    expect(hint).not_to_have_class(BLINKING)
    game = game_on(page)
    assert game.hints == 0 and game.moves == 0
