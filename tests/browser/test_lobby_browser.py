"""Sanma's lobby in real browsers (docs/tables.md#lobby-and-rating): three accounts, each
in a Chromium context of its own, join the quick match one after another, see the
counts change live, are seated at one table together by the stream (the lobby's
polling is slowed to a minute, so only the stream can take them there in time), play
its one hand to the end, and their ratings move on the profile. A player waiting alone
watches the countdown and gets bots at its end, or starts with bots at once."""

from __future__ import annotations

import re

import pytest
from django.utils.csp import CSP
from playwright.sync_api import Browser, Page, expect

from games.tables.models import QueueEntry, Rating, Table
from games.tables.registry import game_kind
from tests.site.servers import running_stream

from .helpers import SCREENSHOTS, log_in, press
from .test_rooms_browser import _move_and_watch, _seats

pytestmark = pytest.mark.django_db(transaction=True)

ONE_HAND = {"length": "one-hand", "red_fives": True}
TABLE_URL = re.compile(r"/sanma/[0-9a-f-]{36}$")
SEATED_WITHIN_MS = 5000  # far above the budget: a loaded machine must not fail the test


@pytest.fixture
def live_site(live_server, settings, monkeypatch):
    """The site with the live stream beside it, slow clocks, the lobby's polling slowed
    to a minute and the beat's match-maker not running (no worker runs here), and a
    quick match of one hand."""
    settings.TABLE_DECISION_SECONDS = 600
    settings.TABLE_BANK_SECONDS = 600
    settings.TABLE_RESULT_SECONDS = 600
    settings.LOBBY_POLL_SECONDS = 60
    settings.LOBBY_WAIT_SECONDS = 600
    monkeypatch.setattr(
        type(game_kind("sanma")), "lobby_choices", {"one-hand": ("One hand", ONE_HAND)}
    )
    with running_stream() as (stream, _process):
        settings.TABLE_STREAM_URL = stream
        settings.SECURE_CSP = {**settings.SECURE_CSP, "connect-src": [CSP.SELF, stream]}
        yield live_server.url


def _pages(browser: Browser, count: int):
    contexts = [
        browser.new_context(viewport={"width": 360, "height": 640}, locale="en-US")
        for _ in range(count)
    ]
    pages = []
    for context in contexts:
        page = context.new_page()
        page.emulate_media(reduced_motion="reduce")
        pages.append(page)
    return contexts, pages


@pytest.fixture
def players(browser: Browser, live_site, live_server, django_user_model):
    """Three accounts, each logged in in a browser context of its own."""
    contexts, pages = _pages(browser, 3)
    users = []
    for page, name in zip(pages, ("ann", "ben", "cat"), strict=True):
        user = django_user_model.objects.create_user(
            name, f"{name}@example.com", "correct-horse-battery", display_name=name.title()
        )
        log_in(page, live_server, user)
        users.append(user)
    yield pages, users
    for context in contexts:
        context.close()


@pytest.fixture
def guest(browser: Browser, live_site):
    contexts, [page] = _pages(browser, 1)
    yield page
    contexts[0].close()


def _open_lobby(page: Page, url: str) -> None:
    page.goto(f"{url}/sanma/lobby")
    expect(page.locator("main[data-lobby]")).to_have_attribute("data-live-state", "stream")


def _waiting(page: Page, count: int) -> None:
    expect(page.locator("#lobby-counts")).to_have_attribute("data-waiting", str(count))


def _shown_at(page: Page) -> float:
    """When the page (the table) was shown: the epoch's ms of its DOMContentLoaded."""
    return page.evaluate(
        "performance.timeOrigin + performance.getEntriesByType('navigation')[0]"
        ".domContentLoadedEventEnd"
    )


def test_three_accounts_meet_in_the_lobby_play_a_hand_and_their_ratings_move(players, live_site):
    pages, users = players
    url = live_site
    for page in pages:
        _open_lobby(page, url)
        _waiting(page, 0)
    ann, ben, cat = pages
    ann.click("button.lobby-join-button")
    expect(ann.locator(".lobby-waiting")).to_be_visible()
    for page in pages:  # everybody's counts move, waiting or not
        _waiting(page, 1)
    ben.click("button.lobby-join-button")
    for page in pages:
        _waiting(page, 2)
    cat.screenshot(path=str(SCREENSHOTS / "sanma-lobby-360x640.png"))
    joined_at = cat.evaluate("Date.now()")
    cat.click("button.lobby-join-button")
    for page in pages:
        page.wait_for_url(TABLE_URL, timeout=SEATED_WITHIN_MS)
        expect(page.locator("#table")).to_be_visible()
    table = Table.objects.get()
    assert table.lobby and table.rated
    assert all(page.url.endswith(str(table.public_id)) for page in pages)
    waits = sorted(_shown_at(page) - joined_at for page in pages)
    print(f"\nfrom the last join to each page showing the table, ms: {[round(w) for w in waits]}")
    assert QueueEntry.objects.filter(table=table).count() == 3
    seat_of = _seats(pages)
    assert sorted(seat_of.values()) == [0, 1, 2]
    decisions = 0
    while _move_and_watch(pages, seat_of):
        decisions += 1
        assert decisions < 400
    for page in pages:  # the hand's result on every page
        expect(page.locator(".hand-result, .game-result").first).to_be_visible()
    # One player goes on for all to the game's end (docs/tables.md#rooms).
    going_on = ann.locator('#table [data-action="next"]')
    if going_on.count():
        press(ann, going_on.first)  # once the result was there to be seen
    for page in pages:
        expect(page.locator(".game-result").first).to_be_visible(timeout=SEATED_WITHIN_MS)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    ratings = {r.user_id: r for r in Rating.objects.filter(kind="sanma")}
    assert sorted(ratings) == sorted(user.pk for user in users)
    assert all(r.games == 1 for r in ratings.values())
    assert len({round(r.mu, 6) for r in ratings.values()}) == 3  # first, second, third
    for page, user in zip(pages, users, strict=True):
        page.goto(f"{url}/accounts/profile")
        shown = page.locator('.ratings [data-game="sanma"]')
        expect(shown).to_contain_text(f"{ratings[user.pk].value:.1f}?")
        expect(shown).to_contain_text("(1 rated table)")
    pages[0].screenshot(path=str(SCREENSHOTS / "sanma-lobby-profile-360x640.png"))


def test_a_player_waiting_alone_watches_the_countdown_and_gets_bots(guest, live_site, settings):
    settings.LOBBY_WAIT_SECONDS = 4
    _open_lobby(guest, live_site)
    guest.fill("#lobby_name", "Eve")
    guest.click("button.lobby-join-button")
    seconds = guest.locator(".lobby-countdown .lobby-seconds")
    expect(seconds).to_have_text(re.compile(r"^[34]$"))
    expect(seconds).to_have_text(re.compile(r"^[12]$"))  # counted down on the page
    # At the countdown's end the page asks (nothing else would within a minute).
    guest.wait_for_url(TABLE_URL, timeout=10_000)
    table = Table.objects.get()
    assert table.lobby and not table.rated
    assert sorted(seat.is_bot for seat in table.seats.all()) == [False, True, True]
    assert [seat.name for seat in table.seats.all() if not seat.is_bot] == ["Eve"]


def test_start_now_with_bots(guest, live_site):
    _open_lobby(guest, live_site)
    guest.click("button.lobby-join-button")
    expect(guest.locator(".lobby-countdown .lobby-seconds")).to_have_text(re.compile(r"^\d+$"))
    guest.click("button.lobby-bots")  # no waiting out the ten minutes
    guest.wait_for_url(TABLE_URL)
    assert Table.objects.get().seats.filter(bot_level="").count() == 1
