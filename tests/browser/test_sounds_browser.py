"""Sounds at a table, in a real browser (docs/tables.md#sounds): off by default, and
then no AudioContext is ever made; switched on, the choice persists and a riichi
sounds its cue; under reduced motion nothing sounds."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.players import Player
from tests.sanma.web import helpers as sanma

from .helpers import log_in, press

pytestmark = pytest.mark.django_db(transaction=True)

# Counts every AudioContext the page makes, and the cues it sounds.
WATCH_AUDIO = """
window.audioContexts = 0;
window.cues = [];
for (const name of ["AudioContext", "webkitAudioContext"]) {
  const Real = window[name];
  if (!Real) continue;
  window[name] = class extends Real {
    constructor(...args) { super(...args); window.audioContexts += 1; }
  };
}
document.addEventListener("tables:sound", (event) => window.cues.push(event.detail));
"""
SOUND = '#table [data-toggle="sound"]'


def _riichi_table(page: Page, live_server, alice):
    seed, log = sanma.position_with("riichi", 0)
    table = sanma.craft(Player(alice), seed, list(log), 0)
    log_in(page, live_server, alice)
    page.add_init_script(WATCH_AUDIO)
    page.goto(f"{live_server.url}/sanma/{table.public_id}")
    expect(page.locator('#table [data-action="riichi"]').first).to_be_visible()
    return table


def _declare_riichi(page: Page) -> None:
    before = page.locator("#table").get_attribute("data-version")
    press(page, page.locator('#table [data-action="riichi"]').first)
    expect(page.locator("#table")).not_to_have_attribute("data-version", before)
    expect(page.locator("#table")).to_have_attribute("data-cue", "riichi")


def test_sounds_are_off_by_default_and_no_audio_context_is_made(page: Page, live_server, alice):
    _riichi_table(page, live_server, alice)
    expect(page.locator(SOUND)).to_have_attribute("aria-pressed", "false")
    _declare_riichi(page)
    page.wait_for_timeout(300)
    assert page.evaluate("window.audioContexts") == 0
    assert page.evaluate("window.cues") == []


def test_sounds_switched_on_persist_and_a_riichi_sounds(page: Page, live_server, alice):
    _riichi_table(page, live_server, alice)
    expect(page.locator("#table")).not_to_have_attribute("data-guarded", "1")
    page.click(SOUND)
    expect(page.locator(SOUND)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.audioContexts") == 0  # switching on sounds nothing yet
    page.reload()
    expect(page.locator(SOUND)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#table")).to_have_attribute("data-sound", "1")
    alice.refresh_from_db()
    assert "sound" in alice.table_toggles
    _declare_riichi(page)
    page.wait_for_function("window.cues.length > 0")
    assert page.evaluate("window.cues") == ["riichi"]
    assert page.evaluate("window.audioContexts") == 1


def test_reduced_motion_keeps_the_table_silent(page: Page, live_server, alice):
    alice.table_toggles = ["sound"]
    alice.save(update_fields=["table_toggles"])
    page.emulate_media(reduced_motion="reduce")
    _riichi_table(page, live_server, alice)
    expect(page.locator("#table")).to_have_attribute("data-sound", "1")
    _declare_riichi(page)
    page.wait_for_timeout(300)
    assert page.evaluate("window.audioContexts") == 0
    assert page.evaluate("window.cues") == []


# The page believes it is hidden while window.fakeHidden is true.
FAKE_HIDDEN = """
window.fakeHidden = false;
Object.defineProperty(document, "hidden", { get: () => window.fakeHidden });
"""


def _room_table(alice, bob):
    """A Sanma table of two humans (a room's: timed, live) and a bot, at Bob's discard;
    the turn comes round to Alice after it."""
    from games.tables.models import Seat, Table

    seed, log = sanma.position_with("d", 1)
    table = Table.objects.create(kind="sanma", options=sanma.OPTIONS, seed=seed, log=list(log))
    # A hand's start fills a seat's bank; a table made mid-hand fills it here, so that
    # no clock runs out, and the server plays for nobody, before the cues are counted.
    humans = ({"user": alice, "bank": 600}, {"user": bob, "bank": 600})
    for index, who in enumerate((*humans, {"bot_level": "normal"})):
        Seat.objects.create(table=table, index=index, **who)
    return table


def _bob_discards(table, bob) -> None:
    from games.sanma import engine
    from games.tables.play import decide

    table.refresh_from_db()
    view = engine.view(sanma.state_of(table), 1)
    move = next(a.text for a in view.legal if a.move == "d")
    assert decide(Player(bob), table.public_id, table.shown_version, move) is not None


@pytest.mark.parametrize("hidden", [False, True], ids=["shown", "hidden-longer-than-a-turn"])
def test_a_room_sounds_the_turn_unless_the_page_was_hidden_too_long(
    page: Page, live_server, settings, alice, django_user_model, hidden
):
    # One turn: a second, and the bank (its seats') stands for the rest.
    settings.TABLE_DECISION_SECONDS = 1
    settings.TABLE_RESULT_SECONDS = 600
    settings.TABLE_POLL_SECONDS = 1
    bob = django_user_model.objects.create_user("bob", "", "correct-horse-battery")
    alice.table_toggles = ["sound"]
    alice.save(update_fields=["table_toggles"])
    table = _room_table(alice, bob)
    log_in(page, live_server, alice)
    page.add_init_script(WATCH_AUDIO)
    page.add_init_script(FAKE_HIDDEN)
    page.goto(f"{live_server.url}/sanma/{table.public_id}")
    expect(page.locator("main[data-live]")).to_have_attribute("data-turn-ms", "1000")
    expect(page.locator("#table")).not_to_have_attribute("data-deciding", "1")
    if hidden:
        page.evaluate(
            "window.fakeHidden = true; document.dispatchEvent(new Event('visibilitychange'))"
        )
        page.wait_for_timeout(1500)
    _bob_discards(table, bob)
    expect(page.locator("#table")).to_have_attribute("data-deciding", "1", timeout=10000)
    page.wait_for_timeout(300)
    assert page.evaluate("window.cues") == ([] if hidden else ["turn"])
    assert page.evaluate("window.audioContexts") == (0 if hidden else 1)
