"""The most crowded Classic table a phone held sideways (and a desktop) must show whole
(docs/tables.md#a-phone-held-sideways): a claim with every choice at once (Pass,
Mah Jong, Kong, Pong and three Chis), every other seat with four sets and eight flowers,
long ponds and a long live line, in every language. The state is built by hand and
shown in place of the table's own."""

from __future__ import annotations

import dataclasses

import pytest
from playwright.sync_api import expect

from games.classic import engine
from games.classic.engine.hand import Meld
from games.classic.engine.rules import Player as ClassicPlayer
from games.classic.engine.tiles import FLOWERS, SEASONS, kind
from games.players import Player
from games.tables import states
from tests.classic.web.helpers import craft

from .helpers import SCREENSHOTS as SCREENSHOT_DIR
from .helpers import log_in

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

POND = "1C 2C 3C 4C 5C 6C 7C 8C 9C E S W N 1D 2D 3D 4D 5D 6D 7D 8D 9D"


def kinds(codes: str) -> tuple[int, ...]:
    return tuple(kind(c) for c in codes.split())


def crowded_seat(seat: int) -> ClassicPlayer:
    """Four sets (an exposed Kong, a concealed one, an added one, a Pong), every flower
    and season, a pond of twenty-two tiles."""
    melds = (
        Meld("kan", kind("E"), claimed_from=(seat + 1) % 4, called=kind("E")),
        Meld("kan", kind("2D"), concealed=True),
        Meld("kan", kind("6C"), claimed_from=(seat + 2) % 4, called=kind("6C"), added=True),
        Meld("pong", kind("9B"), claimed_from=(seat + 3) % 4, called=kind("9B")),
    )
    return ClassicPlayer(
        hand=kinds("1D"), melds=melds, bonus=FLOWERS + SEASONS, discards=kinds(POND)
    )


def plain_seat(pond: int) -> ClassicPlayer:
    """A seat with its thirteen tiles concealed, no sets, and a pond of ``pond`` tiles."""
    return ClassicPlayer(
        hand=kinds("1D 2D 3D 4D 5D 6D 7D 8D 9D E E S S"), discards=kinds(POND)[:pond]
    )


def claim_of_everything(others=crowded_seat) -> engine.State:
    """The seat before discards Bamboo 5 to a hand that may take it for Mah Jong, a
    Kong, a Pong and three Chis; the other seats as ``others`` makes them."""
    base = engine.new_game(engine.Options(), 3)
    me = ClassicPlayer(
        hand=tuple(sorted(kinds("3B 4B 5B 5B 5B 6B 7B 1C 1C 1C 9D 9D 9D"))),
        bonus=FLOWERS + SEASONS,
        discards=kinds(POND),
    )
    state = dataclasses.replace(
        base,
        phase=engine.CALL,
        turn=3,
        players=(me, others(1), others(2), others(3)),
        wall=base.wall[:10],
        after_draw=False,
        last_discard=kind("5B"),
        discarder=3,
        asked=(0,),
        answers=(None, None, None, None),
    )
    moves = {a.move for a in engine.legal_actions(state, 0)}
    assert moves == {"pass", "ron", "kan", "pon", "chi"}
    assert len(engine.legal_actions(state, 0)) == 7  # three Chis
    return state


LONG_STATUS = "Lan: Kong East, draws a replacement, discards Character 9. " * 4


@pytest.mark.parametrize("locale", ["en-GB", "de-DE", "fi-FI", "da-DK"])
def test_a_phone_held_sideways_shows_the_most_crowded_claim_whole(
    browser, live_server, alice, monkeypatch, locale
):
    _shows_the_most_crowded_claim_whole(browser, live_server, alice, monkeypatch, locale, 640, 360)


@pytest.mark.parametrize(
    ("width", "height"),
    [(1280, 800), (1366, 768), (1280, 720), (1024, 673), (1024, 672), (1024, 600), (900, 576)],
)
def test_a_desktop_shows_the_most_crowded_claim_whole(
    browser, live_server, alice, monkeypatch, width, height
):
    """The ponds take the height the rest leaves (static/classic/css/table.css): the
    hand, its buttons and the live line stay in view, on low desktops too (from 42rem
    down the centre's counters stand in a row)."""
    _shows_the_most_crowded_claim_whole(
        browser, live_server, alice, monkeypatch, "en-GB", width, height
    )


def _shows_the_most_crowded_claim_whole(
    browser, live_server, alice, monkeypatch, locale, width, height
):
    table = craft(Player(alice), 3, [], 0)
    crowded, shown_before = claim_of_everything(), states.state_at
    monkeypatch.setattr(
        states,
        "state_at",
        lambda t, index=None: crowded if t.pk == table.pk else shown_before(t, index),
    )
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    log_in(page, live_server, alice)
    page.goto(f"{live_server.url}/classic/{table.public_id}")
    expect(page.locator("#table .actions button")).to_have_count(7)
    expect(page.locator("#table")).not_to_have_attribute("data-guarded", "1")
    page.locator("#table-status").evaluate(
        "(line, text) => { line.textContent = text; }", LONG_STATUS
    )
    page.screenshot(
        path=str(SCREENSHOT_DIR / f"classic-crowded-claim-{locale}-{width}x{height}.png")
    )

    _claim_in_view(page, width, height)
    context.close()


def _claim_in_view(page, width: int, height: int) -> None:
    """The table, its buttons, the hand and a one-line live line within the screen,
    nothing scrolled."""
    assert page.evaluate("window.scrollY") == 0
    table_box = page.locator("#table").bounding_box()
    assert table_box["y"] + table_box["height"] <= height + 0.5, table_box
    for button in page.locator("#table .actions button").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, box
    for tile in page.locator("#table .hand .hand-tile").all():
        box = tile.bounding_box()
        assert box["y"] + box["height"] <= height + 0.5, box
    status = page.locator("#table-status").bounding_box()
    assert status["y"] + status["height"] <= height + 0.5, status
    assert status["height"] < 30, status  # one line
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("pond", [12, 22])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_a_phone_held_upright_shows_a_claim_of_every_choice_whole(
    browser, live_server, alice, monkeypatch, locale, pond
):
    """At 360x640 a claim of every choice (the Chis' tiles in a row) leaves the table
    whole while the other seats hold only their concealed tiles, early and late."""
    width, height = 360, 640
    table = craft(Player(alice), 3, [], 0)
    shown, shown_before = claim_of_everything(lambda _seat: plain_seat(pond)), states.state_at
    monkeypatch.setattr(
        states,
        "state_at",
        lambda t, index=None: shown if t.pk == table.pk else shown_before(t, index),
    )
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    log_in(page, live_server, alice)
    page.goto(f"{live_server.url}/classic/{table.public_id}")
    expect(page.locator("#table .actions button")).to_have_count(7)
    page.screenshot(
        path=str(SCREENSHOT_DIR / f"classic-claim-{locale}-{pond}-{width}x{height}.png")
    )
    assert page.evaluate("window.scrollY") == 0
    table_box = page.locator("#table").bounding_box()
    assert table_box["y"] + table_box["height"] <= height + 0.5, table_box
    for button in page.locator("#table .actions button").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, box
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, box
        assert box["height"] < 60, box  # a Chi's tiles lie in a row
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()


def crowded_sanma(state):
    """Sanma's crowded claim: the other two seats each with two sets and all their
    Norths set aside, ponds of twenty tiles, and a discard on offer to the player."""
    from games.sanma.engine.state import Meld as SanmaMeld
    from games.sanma.engine.state import PondTile

    hand = state.hand
    seats = list(hand.seats)
    for seat, norths in ((1, (120, 121)), (2, (122, 123))):
        seats[seat] = dataclasses.replace(
            seats[seat],
            melds=(
                SanmaMeld("pon", (124, 125, 126), called=124, from_seat=0),
                SanmaMeld("pon", (128, 129, 130), called=128, from_seat=0),
            ),
            norths=norths,
            pond=tuple(PondTile(t) for t in range(0, 80, 4)),
        )
    return dataclasses.replace(state, hand=dataclasses.replace(hand, seats=tuple(seats)))


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1280, 720)])
def test_a_desktop_shows_a_crowded_sanma_claim_whole(
    browser, live_server, alice, monkeypatch, width, height
):
    """The Sanma ponds take the height the rest leaves (static/sanma/css/table.css): a
    discard on offer, sets and Norths beside the other seats' backs and long ponds keep
    the hand, its buttons and the live line in view."""
    from tests.sanma.web import helpers as sanma

    seed, log = sanma.position_with("pon", 0)
    table = sanma.craft(Player(alice), seed, list(log), 0)
    crowded = crowded_sanma(states.state_at(table))
    shown_before = states.state_at
    monkeypatch.setattr(
        states,
        "state_at",
        lambda t, index=None: crowded if t.pk == table.pk else shown_before(t, index),
    )
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB")
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    log_in(page, live_server, alice)
    page.goto(f"{live_server.url}/sanma/{table.public_id}")
    expect(page.locator("#table .actions .action-pon")).to_be_visible()
    page.screenshot(path=str(SCREENSHOT_DIR / f"sanma-crowded-claim-{width}x{height}.png"))
    _claim_in_view(page, width, height)
    context.close()
