"""Rooms for friends in real browsers, for each table game: three Chromium contexts at a
Sanma room and four at a Classic one, under the room's default timer. A slow player who
keeps the page open and never moves is played for at each deadline but never marked
away; once that page is closed, the seat is away after its next missed decisions; at
the game's end one tap on Rematch seats the same humans at a new table, which the
others reach from their result (docs/tables.md#turn-timers, docs/tables.md#rematch).

The clocks are shortened (1.5 s a decision, 1.5 s of bank, where the site has 5 + 10),
and so is the slow player's stay (``SLOW_STAY_SECONDS`` instead of a minute): the rule
is the same, and the stay still spans many deadlines the slow player misses."""

from __future__ import annotations

import contextlib
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from games.players import Player
from games.tables import play, states
from games.tables.models import Seat, Table
from games.tables.registry import rules_for

from . import test_rooms_browser as rooms_browser
from .helpers import SCREENSHOTS, drawn_or_first_tile, offered, press
from .test_rooms_browser import GAMES, _seat_everybody, _seats

# The rooms' browser fixtures: the game, the site with its stream, a page per player.
game = rooms_browser.game
live_site = rooms_browser.live_site
pages = rooms_browser.pages

pytestmark = pytest.mark.django_db(transaction=True)

SLOW_STAY_SECONDS = 20
PASSING_DEAL = {"classic": ("#room_dealer_rule_1",)}
# What the players who keep up press: never a win, so that the hand goes on.
CALM_CHOICES = ("pass", "draw", "next")


def _calm_choice(page: Page):
    choice = offered(page, CALM_CHOICES)
    if choice is None:
        choice = drawn_or_first_tile(page)
    return choice if choice.count() else None


def _keep_up(players: list[Page]) -> None:
    """Each player who may move makes a move; a table that changed under the tap is
    simply tried again on the next round."""
    for page in players:
        target = _calm_choice(page)
        if target is None:
            continue
        with contextlib.suppress(AssertionError, PlaywrightError):
            press(page, target)
    players[0].wait_for_timeout(200)


def _played_for(table: Table, seat: int) -> int:
    """The decisions in the log taken at ``seat`` (by the server, for a player who
    never presses anything)."""
    table.refresh_from_db()
    return sum(1 for text in table.log if text.startswith(f"{seat} "))


def _play_to_the_end(table: Table) -> Table:
    """The humans at the table play what the server would play for them, until the
    game ends (away seats the server plays by itself)."""
    rules = rules_for(table.kind)
    for _ in range(5000):
        table = Table.objects.read(table.public_id)
        if not table.is_playing:
            return table
        state = states.state_at(table)
        waiting = rules.waiting_for(state)
        seat = next((s for s in table.seats.all() if s.index in waiting and not s.is_bot), None)
        if seat is None:  # the server is about to play an away seat
            time.sleep(0.1)
            continue
        player = Player(seat.user) if seat.user_id else Player(guest_id=seat.guest_id)
        text = rules.timeout_action(state, seat.index, table.seed, len(table.log))
        play.decide(player, table.public_id, table.shown_version, text.split(" ", 1)[1])
    raise AssertionError("the game never ended")


def test_a_slow_player_is_never_away_a_closed_page_is_and_a_rematch_seats_the_same_humans(
    pages,
    live_site,
    settings,
    game,
):
    url, _stream = live_site
    settings.TABLE_DECISION_SECONDS = 1.5
    settings.TABLE_BANK_SECONDS = 1.5
    settings.TABLE_PAGE_OPEN_SECONDS = 3
    for page in pages:
        page.set_default_timeout(5000)
    # Classic's deal passes after every hand: the East round ends after four, however
    # many hands end in a draw (the server never wins for a player).
    _seat_everybody(pages, url, game, *PASSING_DEAL.get(game, ()))
    seat_of = _seats(pages)
    table = Table.objects.get()
    assert table.timer == "standard"  # the room's default timer
    expect(pages[0].locator("[data-timer]")).to_contain_text("1.5 s per move + 1.5 s bank")
    slow, quick = pages[-1], pages[:-1]
    slow_seat = seat_of[slow]

    # The slow player keeps the page open and never moves: the server plays for the
    # seat at each deadline, but never takes it for gone.
    until = time.monotonic() + SLOW_STAY_SECONDS
    while time.monotonic() < until:
        assert Seat.objects.get(table=table, index=slow_seat).timeouts < 2
        _keep_up(quick)
    assert _played_for(table, slow_seat) >= 3  # many deadlines missed, none away
    assert Seat.objects.get(table=table, index=slow_seat).timeouts < 2
    expect(slow.locator('[data-action="back"]')).to_have_count(0)
    for page in quick:
        expect(page.locator(".seat .away-mark")).to_have_count(0)
    slow.screenshot(path=str(SCREENSHOTS / f"{game}-slow-reader-360x640.png"))

    # The page closed, the seat is away after its next missed decisions.
    table_url = slow.url
    slow.close()
    for _ in range(300):
        if Seat.objects.get(table=table, index=slow_seat).timeouts >= 2:
            break
        _keep_up(quick)
    else:
        pytest.fail("the seat whose page was closed never went away")
    expect(quick[0].locator(".seat .away-mark")).to_be_visible()

    # The game is played to its end by the server's moves for everybody (the pages wait
    # elsewhere meanwhile, so that a long game is not drawn three times a move), and
    # the players come back to its result.
    for page in quick:
        page.goto(f"{url}/{game}/")
    table = _play_to_the_end(table)
    for page in quick:
        page.goto(table_url)
        expect(page.locator(".game-result")).to_be_visible(timeout=10_000)
    # One tap on Rematch seats the same humans at a new table.
    host = quick[0]
    press(host, host.locator('[data-action="rematch"]'))
    expect(host).not_to_have_url(table_url, timeout=10_000)
    new = Table.objects.exclude(pk=table.pk).get()
    expect(host).to_have_url(f"{url}/{game}/{new.public_id}")
    back = slow.context.new_page()
    back.goto(table_url)  # the slow player comes back to the finished table
    for page in [*quick[1:], back]:
        link = page.locator("a.rematch-link")
        expect(link).to_be_visible(timeout=10_000)  # the result asks every two seconds
        link.click()
        expect(page).to_have_url(f"{url}/{game}/{new.public_id}")
    back.screenshot(path=str(SCREENSHOTS / f"{game}-rematch-360x640.png"))
    for page in [*quick, back]:
        expect(page.locator("#table")).to_be_visible()
    old_seat = {page: seat_of[page] for page in quick} | {back: slow_seat}
    for page, seat in old_seat.items():
        assert int(page.locator("#table").get_attribute("data-seat")) == seat
    humans = [(s.index, s.guest_id) for s in new.seats.all() if not s.is_bot]
    assert humans == [(s.index, s.guest_id) for s in table.seats.all() if not s.is_bot]
    assert len(humans) == len(GAMES[game][0])
    assert Table.objects.count() == 2
