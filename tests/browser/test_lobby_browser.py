"""Each table game's lobby in real browsers (docs/tables.md#lobby-and-rating): a table's
worth of accounts (three at Sanma, four at Classic), each in a Chromium context of its
own, join the quick match one after another, see the counts change live, are seated at
one table together by the stream (the lobby's polling is slowed to a minute, so only
the stream can take them there in time), play a hand to its end, and their ratings move
on the profile when the game ends. One more account, joining after them, waits alone
and gets bots at the end of its countdown. A guest waiting alone watches the countdown
and gets bots at its end, or starts with bots at once.

Sanma's quick match is set to one hand, so the hand ends the game. Classic has no
shorter game than the East round (four hands at least, minutes of clicks on a loaded
machine): after its first hand the players leave the table for good, and the server
plays the round to its end and rates it as it ends (docs/tables.md#lobby-and-rating):
no worker runs here, so the test runs the task the last leave sent."""

from __future__ import annotations

import contextlib
import re

import pytest
from django.utils.csp import CSP
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from games.tables import tasks
from games.tables.models import QueueEntry, Rating, Table
from games.tables.registry import game_kind
from tests.site.servers import running_stream

from . import test_rooms_browser as rooms_browser
from .helpers import SCREENSHOTS, log_in, press
from .test_rooms_browser import _move_and_watch, _seats

pytestmark = pytest.mark.django_db(transaction=True)

ONE_HAND = {"length": "one-hand", "red_fives": True}
# Per game: its players' names, and the quick matches offered (None: the game's own,
# whose first, checked on the page, is its shortest).
GAMES = {
    "sanma": (("ann", "ben", "cat"), {"one-hand": ("One hand", ONE_HAND)}),
    "classic": (("ann", "ben", "cat", "dan"), None),
}
# A deal whose first hand ends soon, as the rooms' tests play it.
short_deal = rooms_browser.short_deal
SEATED_WITHIN_MS = 5000  # far above the budget: a loaded machine must not fail the test


def _table_url(game: str) -> re.Pattern:
    return re.compile(rf"/{game}/[0-9a-f-]{{36}}$")


@pytest.fixture(params=sorted(GAMES))
def game(request) -> str:
    return request.param


@pytest.fixture
def live_site(live_server, settings, monkeypatch, game):
    """The site with the live stream beside it, slow clocks, the lobby's polling slowed
    to a minute and the beat's match-maker not running (no worker runs here), and the
    game's shortest quick match."""
    settings.TABLE_DECISION_SECONDS = 600
    settings.TABLE_BANK_SECONDS = 600
    settings.TABLE_RESULT_SECONDS = 600
    settings.LOBBY_POLL_SECONDS = 60
    settings.LOBBY_WAIT_SECONDS = 600
    choices = GAMES[game][1]
    if choices is not None:
        monkeypatch.setattr(type(game_kind(game)), "lobby_choices", choices)
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
def players(browser: Browser, live_site, live_server, django_user_model, game):
    """A table's worth of accounts and one more (Eve), each logged in in a browser
    context of its own."""
    names = (*GAMES[game][0], "eve")
    contexts, pages = _pages(browser, len(names))
    users = []
    for page, name in zip(pages, names, strict=True):
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


def _open_lobby(page: Page, url: str, game: str) -> None:
    page.goto(f"{url}/{game}/lobby")
    expect(page.locator("main[data-lobby]")).to_have_attribute("data-live-state", "stream")


def _waiting(page: Page, count: int) -> None:
    expect(page.locator("#lobby-counts")).to_have_attribute("data-waiting", str(count))


def _shown_at(page: Page) -> float:
    """When the page (the table) was shown: the epoch's ms of its DOMContentLoaded."""
    return page.evaluate(
        "performance.timeOrigin + performance.getEntriesByType('navigation')[0]"
        ".domContentLoadedEventEnd"
    )


def _join_one_after_another(pages: list[Page], everybody: list[Page], game: str) -> float:
    """Each page joins in turn, every lobby page seeing the count move: when the last
    joined (the browsers' clock)."""
    for joined, page in enumerate(pages[:-1], start=1):
        page.click("button.lobby-join-button")
        expect(page.locator(".lobby-waiting")).to_be_visible()
        for other in everybody:  # everybody's counts move, waiting or not
            _waiting(other, joined)
    last = pages[-1]
    last.screenshot(path=str(SCREENSHOTS / f"{game}-lobby-360x640.png"))
    joined_at = last.evaluate("Date.now()")
    last.click("button.lobby-join-button")
    return joined_at


def _waits_alone_and_gets_bots(page: Page, game: str, settings) -> Table:
    """The page's player joins with nobody else waiting, watches the countdown and is
    seated with bots at its end: the table."""
    settings.LOBBY_WAIT_SECONDS = 4
    _waiting(page, 0)
    page.click("button.lobby-join-button")
    _waiting(page, 1)
    seconds = page.locator(".lobby-countdown .lobby-seconds")
    expect(seconds).to_have_text(re.compile(r"^[34]$"))
    expect(seconds).to_have_text(re.compile(r"^[12]$"))  # counted down on the page
    # At the countdown's end the page asks (nothing else would within a minute).
    page.wait_for_url(_table_url(game), timeout=10_000)
    expect(page.locator("#table")).to_be_visible()
    return Table.objects.get(public_id=page.url.rsplit("/", 1)[-1])


def _end_the_game(pages: list[Page], url: str, game: str, table: Table) -> None:
    """From the first hand's result to the game's end: one player goes on for all (the
    result covers the page until then), which ends a one-hand game
    (docs/tables.md#rooms); else everybody leaves for good and the server plays the game
    to its end (the task the last leave sent, as a worker runs it)."""
    going_on = pages[0].locator('#table [data-action="next"]')
    if going_on.count():
        press(pages[0], going_on.first)  # once the result was there to be seen
    if game == "sanma":
        for page in pages:
            expect(page.locator(".game-result").first).to_be_visible(timeout=SEATED_WITHIN_MS)
        return
    for page in pages:
        expect(page.locator("#table")).not_to_have_attribute("data-phase", "hand-end")
        page.locator("details.leave-table summary").click()
        page.click("button.leave-for-good")
        page.wait_for_url(f"{url}/{game}/")
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING  # nothing played it on before the task
    assert tasks.play_out(str(table.public_id))


def test_accounts_meet_in_the_lobby_play_a_hand_and_their_ratings_move(
    players, live_site, settings, game, short_deal
):
    everybody, users = players
    pages, eve = everybody[:-1], everybody[-1]
    url = live_site
    for page in everybody:
        _open_lobby(page, url, game)
        _waiting(page, 0)
    joined_at = _join_one_after_another(pages, everybody, game)
    for page in pages:
        page.wait_for_url(_table_url(game), timeout=SEATED_WITHIN_MS)
        expect(page.locator("#table")).to_be_visible()
    table = Table.objects.get()
    assert table.lobby and table.rated
    assert all(page.url.endswith(str(table.public_id)) for page in pages)
    waits = sorted(_shown_at(page) - joined_at for page in pages)
    print(f"\nfrom the last join to each page showing the table, ms: {[round(w) for w in waits]}")
    assert QueueEntry.objects.filter(table=table).count() == len(pages)
    # One more account comes when the others are seated: alone, it gets bots.
    alone = _waits_alone_and_gets_bots(eve, game, settings)
    assert alone != table and alone.lobby and not alone.rated  # one account: unrated
    humans = [seat for seat in alone.seats.all() if not seat.is_bot]
    assert [seat.user_id for seat in humans] == [users[-1].pk]
    assert alone.seats.count() == len(pages)
    seat_of = _seats(pages)
    assert sorted(seat_of.values()) == list(range(len(pages)))
    decisions = 0
    while _move_and_watch(pages, seat_of):
        decisions += 1
        assert decisions < 400
    assert decisions > 10
    for page in pages:  # the hand's result on every page
        expect(page.locator(".hand-result, .game-result").first).to_be_visible()
    assert not Rating.objects.exists()  # nothing rated before the game's end
    _end_the_game(pages, url, game, table)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    ratings = {r.user_id: r for r in Rating.objects.filter(kind=game)}
    assert sorted(ratings) == sorted(user.pk for user in users[:-1])  # Eve's is unrated
    assert all(r.games == 1 for r in ratings.values())
    # The ratings moved by the places: a better place, a higher rating.
    placed = [(seat.place, ratings[seat.user_id].mu) for seat in table.seats.all()]
    assert len({place for place, _mu in placed}) > 1
    for place, mu in placed:
        for other_place, other_mu in placed:
            if place < other_place:
                assert mu > other_mu
    for page, user in zip(pages, users, strict=False):
        page.goto(f"{url}/accounts/profile")
        shown = page.locator(f'.ratings [data-game="{game}"]')
        expect(shown).to_contain_text(f"{ratings[user.pk].value:.1f} (provisional, 1 rated table)")
    pages[0].screenshot(path=str(SCREENSHOTS / f"{game}-lobby-profile-360x640.png"))


def test_a_guest_waiting_alone_watches_the_countdown_and_gets_bots(
    guest, live_site, settings, game
):
    _open_lobby(guest, live_site, game)
    guest.fill("#lobby_name", "Eve")
    table = _waits_alone_and_gets_bots(guest, game, settings)
    assert table.lobby and not table.rated
    seats = list(table.seats.all())
    assert sorted(seat.is_bot for seat in seats) == [False] + [True] * (len(seats) - 1)
    assert [seat.name for seat in seats if not seat.is_bot] == ["Eve"]


def test_start_now_with_bots(guest, live_site, game):
    _open_lobby(guest, live_site, game)
    guest.click("button.lobby-join-button")
    expect(guest.locator(".lobby-countdown .lobby-seconds")).to_have_text(re.compile(r"^\d+$"))
    guest.click("button.lobby-bots")  # no waiting out the ten minutes
    guest.wait_for_url(_table_url(game))
    assert Table.objects.get().seats.filter(bot_level="").count() == 1


# As the tap's post leaves, the waiting part is replaced (as an ask's answer would).
REPLACE_THE_WAITING_PART_AS_TAPPED = """() => {
  document.addEventListener("htmx:beforeSend", (event) => {
    if (!event.detail.requestConfig.path.endsWith("/bots")) return;
    setTimeout(() => {
      const part = document.getElementById("queue");
      part.replaceWith(part.cloneNode(true));
    });
  });
}"""


@pytest.mark.parametrize("replaced", [False, True], ids=["tap-in-page", "tap-replaced"])
def test_starting_with_bots_while_the_stream_seats_the_player_goes_to_the_table_once(
    guest, live_site, game, replaced
):
    """The tap on "Start now with bots" seats the player, the stream says the lobby
    changed, and the page's own ask answers with the table too. Whichever answer comes
    first sends the page to the table; the later one must not start a second navigation,
    which would cut the first short (the page's load fails). Here the tap's answer is
    held until the stream's ask has sent the page on its way, and the table's page is
    held until both answers are in. ``replaced``: meanwhile an earlier ask's answer
    replaced the waiting part, and the tapped form with it, so that htmx tells of the
    tap's answer on a form no longer in the page."""
    _open_lobby(guest, live_site, game)
    guest.click("button.lobby-join-button")
    expect(guest.locator(".lobby-countdown .lobby-seconds")).to_have_text(re.compile(r"^\d+$"))
    tapped, table_loads = [], []
    table = _table_url(game)

    def hold_the_tap(route):
        tapped.append((route, route.fetch()))  # the server seats the player now

    guest.route(re.compile(rf"/{game}/lobby/bots$"), hold_the_tap)
    guest.route(table, lambda route: table_loads.append(route))
    if replaced:
        guest.evaluate(REPLACE_THE_WAITING_PART_AS_TAPPED)
    with guest.expect_request(lambda request: bool(table.search(request.url))):
        guest.click("button.lobby-bots")  # the stream's ask answers: off to the table
    # The table's request can be seen before the held tap's fetch has returned to its
    # handler (both wait on the same driver), so the tap is awaited, not assumed.
    for _ in range(200):
        if tapped:
            break
        guest.wait_for_timeout(25)
    assert len(tapped) == 1
    route, answer = tapped[0]
    with guest.expect_event("requestfinished", lambda request: request.url.endswith("/bots")):
        route.fulfill(response=answer)  # now the tap's answer, to the same table
    guest.wait_for_timeout(300)  # a second navigation would be asked for at once
    loads = len(table_loads)
    for held in table_loads:  # released before the count is judged: a held one hangs
        with contextlib.suppress(PlaywrightError):  # the page left it for the second
            held.continue_()
    assert loads == 1
    guest.wait_for_url(table)
    expect(guest.locator("#table")).to_be_visible()
    assert Table.objects.get().seats.filter(bot_level="").count() == 1
