"""Rooms in real browsers, for each table game: three Chromium contexts at a Sanma room
and four at a Classic one, each seeing the others' moves live, through the stream and,
with the stream stopped mid-hand, by polling; and a player who closes the page, is
played for by the timers, and comes back to the current table (docs/tables.md#rooms,
docs/tables.md#live-updates)."""

from __future__ import annotations

import pytest
from django.utils.csp import CSP
from playwright.sync_api import Browser, Page, expect

from games.tables import play, states
from games.tables.models import Seat, Table
from games.tables.registry import rules_for
from tests.site.servers import kill, running_stream

from .helpers import SCREENSHOTS, drawn_or_first_tile, offered, press

pytestmark = pytest.mark.django_db(transaction=True)

# Per game: its players, and the option of the room that makes the game short.
GAMES = {
    "sanma": (("Ann", "Ben", "Cat"), "#room_length_0"),  # one hand
    "classic": (("Ann", "Ben", "Cat", "Dan"), "#room_rounds_0"),  # the East round
}
WINS = ("tsumo", "ron", "next")  # taken whenever offered, before any discard
OTHER_CHOICES = ("pass", "draw")  # when no discard of a bot's is to be made
# The players discard what this bot would (_choice). Any deal is played to its end so;
# these end in a win after about twenty decisions instead of a hundred to the wall's end,
# found by playing deals so in the engine alone.
DISCARDS_OF = "normal"
SHORT_DEALS = {"sanma": 0, "classic": 3}
SEEN_WITHIN_MS = 5000  # far above the budget: a loaded machine must not fail the test


@pytest.fixture(params=sorted(GAMES))
def game(request) -> str:
    return request.param


@pytest.fixture
def live_site(live_server, settings):
    """The site with the live stream beside it, and slow clocks unless a test says."""
    settings.TABLE_DECISION_SECONDS = 600
    settings.TABLE_BANK_SECONDS = 600
    settings.TABLE_RESULT_SECONDS = 600
    settings.TABLE_POLL_SECONDS = 1
    with running_stream() as (stream, process):
        settings.TABLE_STREAM_URL = stream
        settings.SECURE_CSP = {**settings.SECURE_CSP, "connect-src": [CSP.SELF, stream]}
        yield live_server.url, process


@pytest.fixture
def pages(browser: Browser, live_site, game):
    """The players, each in a browser context of their own (closed before the site)."""
    contexts = [
        browser.new_context(viewport={"width": 360, "height": 640}, locale="en-US")
        for _ in GAMES[game][0]
    ]
    found = []
    for context in contexts:
        page = context.new_page()
        page.emulate_media(reduced_motion="reduce")
        found.append(page)
    yield found
    for context in contexts:
        context.close()


def _seat_everybody(pages: list[Page], url: str, game: str, *more: str) -> None:
    """Ann opens a short room (with the options ``more`` checks too), the others join by
    its link, Ann starts it."""
    names, short = GAMES[game]
    host = pages[0]
    host.goto(f"{url}/{game}/")
    host.locator(".room-options-form summary").click()
    for option in (short, *more):
        host.check(option)
    host.fill("#room_name", names[0])
    host.click("button.open-room")
    code = host.locator(".room-code").get_attribute("data-code")
    for page, name in zip(pages[1:], names[1:], strict=True):
        page.goto(f"{url}/{game}/room/{code}")
        page.fill("input[name=name]", name)
        page.click("button.join-room")
        expect(page.get_by_text("Waiting for the host to start.")).to_be_visible()
    expect(host.locator(".room-seat .who")).to_have_text(list(names))  # the room kept current
    host.screenshot(path=str(SCREENSHOTS / f"{game}-room-360x640.png"))
    host.click("button.start-room")
    for page in pages:
        expect(page.locator("#table")).to_be_visible(timeout=10_000)
        page.wait_for_load_state()


@pytest.fixture
def short_deal(monkeypatch, game) -> None:
    """The next table is dealt one of SHORT_DEALS, so that its first hand ends soon."""
    monkeypatch.setattr(play, "new_seed", lambda: SHORT_DEALS[game])


def _version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def _choice(page: Page):
    """What the player clicks when it is their move, or None: a win when offered, else
    the discard a bot would make (a riichi's tile as a plain one), else a pass, the
    draw, the drawn tile."""
    win = offered(page, WINS)
    if win is not None:
        return win
    tiles = page.locator("#table .hand button.hand-tile[name=move]")
    if tiles.count() and (discard := _bots_discard(page)) is not None:
        return discard
    choice = offered(page, OTHER_CHOICES)
    if choice is None:
        choice = drawn_or_first_tile(page)
    return choice if choice.count() else None


def _bots_discard(page: Page):
    """The hand's button of the discard a bot of DISCARDS_OF would make in the page's seat
    now, if that is a discard."""
    table = Table.objects.read(page.url.rsplit("/", 1)[-1])
    seat = int(page.locator("#table").get_attribute("data-seat"))
    rules = rules_for(table.kind)
    state = states.state_at(table)
    if seat not in rules.waiting_for(state):
        return None
    text = rules.bot_action(state, seat, DISCARDS_OF, table.seed, len(table.log))
    move, _, tile = text.split(" ", 1)[1].partition(":")
    if move not in ("d", "riichi"):
        return None
    button = page.locator(f'#table .hand button.hand-tile[name=move][value="d:{tile}"]')
    return button.first if button.count() else None


def _move_and_watch(pages: list[Page], seat_of: dict[Page, int], exact: bool = True) -> bool:
    """The player whose move it is makes it; the others see it (``exact``: at the very
    version, as nobody else moves meanwhile). False at the end."""
    for page in pages:
        if page.locator("#table").get_attribute("data-phase") in ("hand-end", "game-end"):
            return False
    mover = _mover(pages)
    if mover is not None:
        page, target = mover
        tile = target.get_attribute("data-tile")
        discard = (target.get_attribute("value") or "").startswith("d:")
        before = _version(page)
        passing = target.get_attribute("data-action") == "pass"
        press(page, target)
        if passing:  # a pass that leaves the offer open moves no version by itself
            moved_on = (
                f'#table:not([data-version="{before}"]), #table:not(:has([data-action="pass"]))'
            )
            expect(page.locator(moved_on)).to_have_count(1)
            for other in pages:
                _wait_for_version(other, _version(page))
            return True
        expect(page.locator("#table")).not_to_have_attribute("data-version", str(before))
        after = _version(page)
        for other in pages:
            if other is page:
                continue
            if not exact:  # the server may play for an absent seat meanwhile
                _wait_for_version(other, after)
                continue
            expect(other.locator("#table")).to_have_attribute(
                "data-version", str(after), timeout=SEEN_WITHIN_MS
            )
            if discard:  # the tile lies last in the mover's pond on the others' tables
                pond = other.locator(f'#table [data-pond-seat="{seat_of[page]}"]')
                expect(pond.last).to_have_attribute("data-tile", tile)
        return True
    return False  # nobody may move: the others answer a call first (never with humans)


def _mover(pages: list[Page]):
    """The page whose player may move, and what they click; None when nobody may (the
    others answer a call first, never with humans). After a secret pass the next
    player's page learns of its turn only by its next update, so this waits for one."""
    for _ in range(SEEN_WITHIN_MS // 100):
        for page in pages:
            target = _choice(page)
            if target is not None:
                return page, target
        pages[0].wait_for_timeout(100)
    return None


def _wait_for_version(page: Page, version: int) -> None:
    for _ in range(SEEN_WITHIN_MS // 100):
        if _version(page) >= version:
            return
        page.wait_for_timeout(100)
    pytest.fail(f"the page never showed version {version}")


def _seats(pages: list[Page]) -> dict[Page, int]:
    return {page: int(page.locator("#table").get_attribute("data-seat")) for page in pages}


def _live_state(page: Page) -> str:
    return page.locator("main[data-live]").get_attribute("data-live-state") or ""


def test_the_players_play_a_hand_each_seeing_the_others_moves(pages, live_site, game, short_deal):
    url, _stream = live_site
    _seat_everybody(pages, url, game)
    seat_of = _seats(pages)
    assert sorted(seat_of.values()) == list(range(len(pages)))
    for page in pages:
        expect(page.locator("main[data-live]")).to_have_attribute("data-live-state", "stream")
    decisions = 0
    while _move_and_watch(pages, seat_of):
        decisions += 1
        if decisions == 3:
            pages[0].screenshot(path=str(SCREENSHOTS / f"{game}-room-table-360x640.png"))
        assert decisions < 400
    for page in pages:
        expect(page.locator(".hand-result, .game-result").first).to_be_visible()
    assert all(_live_state(page) in ("stream", "over") for page in pages)
    assert decisions > 10
    pages[1].screenshot(path=str(SCREENSHOTS / f"{game}-room-result-360x640.png"))


def test_with_the_stream_stopped_mid_hand_polling_takes_over(
    pages, live_site, settings, game, short_deal
):
    url, stream = live_site
    settings.TABLE_POLL_SECONDS = 0.5
    _seat_everybody(pages, url, game)
    seat_of = _seats(pages)
    for _ in range(4):
        assert _move_and_watch(pages, seat_of)
    kill(stream)
    for page in pages:
        expect(page.locator("main[data-live]")).to_have_attribute(
            "data-live-state", "polling", timeout=SEEN_WITHIN_MS
        )
    decisions = 0
    while _move_and_watch(pages, seat_of):
        decisions += 1
        assert decisions < 400
    for page in pages:
        expect(page.locator(".hand-result, .game-result").first).to_be_visible()
    assert decisions > 5


def test_a_player_who_leaves_is_played_for_and_comes_back_to_the_current_table(
    pages, live_site, settings, game
):
    url, _stream = live_site
    settings.TABLE_DECISION_SECONDS = 1.5
    settings.TABLE_BANK_SECONDS = 1.5
    _seat_everybody(pages, url, game)
    seat_of = _seats(pages)
    ann, cat, staying = pages[0], pages[-1], pages[:-1]
    table_url = cat.url
    cat_seat = seat_of[cat]
    cat.close()  # the tab is gone; its context keeps the session
    table = Table.objects.get()
    for _ in range(200):
        if Seat.objects.get(table=table, index=cat_seat).timeouts >= 2:
            break
        if not _move_and_watch(staying, seat_of, exact=False):  # the server plays for Cat
            # Cat's move: the pages ask at the deadline and the server plays for Cat.
            ann.wait_for_timeout(300)
    else:
        pytest.fail("the server never played for the seat that left")
    table.refresh_from_db()
    assert table.version > 2
    back = cat.context.new_page()
    back.goto(table_url)
    expect(back.locator("#table")).to_be_visible()
    table.refresh_from_db()
    assert abs(_version(back) - table.shown_version) <= 1  # the table as it is now
    expect(back.locator('[data-action="back"]')).to_be_visible()
    expect(ann.locator(".seat .away-mark")).to_be_visible()
    back.screenshot(path=str(SCREENSHOTS / f"{game}-room-away-360x640.png"))
    # The others' clocks run out every few seconds, and each update replaces the table:
    # press() taps again when the guard dropped a tap on a table just shown.
    press(back, back.locator('[data-action="back"]'))  # once the page was there to be seen
    expect(back.locator('[data-action="back"]')).to_have_count(0)
    assert Seat.objects.get(table=table, index=cat_seat).timeouts == 0
