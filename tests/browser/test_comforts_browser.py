"""The comforts, in a real browser: redo and restart, the keyboard shortcuts and their
help screen, copy feedback, typed codes, replays stepped move by move and the
how-to-play page (docs/solitaire.md#redo-and-restart,
docs/solitaire.md#keyboard-shortcuts, docs/solitaire.md#export-and-replay)."""

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from games.solitaire import engine, exports
from games.solitaire.models import Game, Layout

from .helpers import game_on, has_class, log_in, open_game, player_of_game, solution, tile

pytestmark = pytest.mark.django_db(transaction=True)

PAUSED = has_class("paused")


def _remove_a_pair_by_clicking(page: Page, game: Game) -> None:
    game.refresh_from_db()
    moves = game.moves
    first, second = engine.free_pairs(
        engine.geometry_for(game.positions), engine.Board(tuple(game.faces), game.occupied_mask)
    )[0]
    tile(page, first).click()
    tile(page, second).click()
    expect(page.locator("#board")).to_have_attribute("data-moves", str(moves + 1))


def _moves(page: Page, count: int) -> None:
    expect(page.locator("#board")).to_have_attribute("data-moves", str(count))


def test_redo_and_restart_by_their_buttons(page: Page, live_server):
    game = open_game(page, live_server.url + "/")
    redo = page.locator("#redo-button")
    expect(redo).to_be_disabled()
    _remove_a_pair_by_clicking(page, game)
    _remove_a_pair_by_clicking(page, game)
    page.locator("#undo-button").click()
    _moves(page, 1)
    expect(page.locator(".tiles-left")).to_have_text("34 tiles")
    expect(redo).to_be_enabled()
    redo.click()
    _moves(page, 2)
    expect(redo).to_be_disabled()

    page.locator(".menu summary").click()
    page.locator("#menu-restart").click()
    _moves(page, 0)
    expect(page.locator("#board button.tile")).to_have_count(36)
    expect(page.locator("#status")).to_contain_text("Back to the deal")
    expect(page.locator(".undos")).to_contain_text("2")  # the undo and the restart
    redo.click()
    _moves(page, 1)
    # A move of one's own forgets what was undone.
    _remove_a_pair_by_clicking(page, game)
    expect(redo).to_be_disabled()
    game.refresh_from_db()
    assert [m.kind for m in game.log.all()] == [
        "remove",
        "remove",
        "undo",
        "redo",
        "restart",
        "redo",
        "remove",
    ]


def test_the_keyboard_shortcuts_and_their_help_screen(page: Page, live_server):
    game = open_game(page, live_server.url + "/")
    page.keyboard.press("h")
    expect(page.locator(".hints")).to_contain_text("1")
    expect(page.locator("#board .tile.is-hint")).to_have_count(2)
    page.keyboard.press("p")
    expect(page.locator("#board")).to_have_class(PAUSED)
    page.keyboard.press("u")  # disabled while paused: nothing happens
    page.keyboard.press("p")
    expect(page.locator("#board")).not_to_have_class(PAUSED)

    _remove_a_pair_by_clicking(page, game)
    page.keyboard.press("u")
    _moves(page, 0)
    page.keyboard.press("y")
    _moves(page, 1)
    page.keyboard.press("Control+z")
    _moves(page, 0)
    page.keyboard.press("Control+Shift+z")
    _moves(page, 1)
    page.keyboard.press("z")
    _moves(page, 0)
    page.keyboard.press("Control+y")
    _moves(page, 1)

    page.keyboard.press("?")
    dialog = page.locator("#shortcuts")
    expect(dialog).to_be_visible()
    for words in ("Undo", "Redo", "Hint", "Pause or resume", "New game"):
        expect(dialog.locator(".keys")).to_contain_text(words)
    page.keyboard.press("u")  # keys go to the help screen while it is open
    _moves(page, 1)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # N asks first, once a move was made; "no" keeps the game.
    page.once("dialog", lambda asked: asked.dismiss())
    page.keyboard.press("n")
    page.wait_for_timeout(300)
    assert game_on(page).pk == game.pk
    page.once("dialog", lambda asked: asked.accept())
    page.keyboard.press("n")
    page.wait_for_url(lambda url: str(game.public_id) not in url)
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED


def test_the_menus_shortcuts_link_opens_the_help_screen(page: Page, live_server):
    open_game(page, live_server.url + "/")
    page.locator(".menu summary").click()
    page.locator(".menu-body").get_by_role("link", name="Keyboard shortcuts").click()
    expect(page.locator("#shortcuts")).to_be_visible()
    expect(page.locator(".menu-body")).to_be_hidden()


def test_copying_the_game_link_says_so(browser: Browser, live_server):
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        permissions=["clipboard-read", "clipboard-write"],
    )
    page = context.new_page()
    game = open_game(page, live_server.url + "/")
    page.locator(".menu summary").click()
    button = page.locator(".menu-body .copy-link")
    button.click()
    expect(page.locator("#menu-link-said")).to_have_text("Link copied")
    expect(button).to_have_class(has_class("is-copied"))
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{live_server.url}/play/{game.code}"
    context.close()


def test_a_typed_code_in_capitals_with_spaces_opens_its_deal(page: Page, live_server):
    open_game(page, live_server.url + "/")
    page.locator(".menu summary").click()
    page.locator("#code-input").fill("  42135642-A ")
    page.locator("#code-input").press("Enter")
    expect(page.locator("#board")).to_have_attribute("data-code", "42135642-a")


def _step_title(page: Page):
    return page.locator("#step-title")


def test_an_own_past_game_steps_from_the_stats_page(page: Page, live_server, alice):
    log_in(page, live_server, alice)
    game = open_game(page, live_server.url + "/")
    for _ in range(3):
        _remove_a_pair_by_clicking(page, game)
    page.locator("#undo-button").click()
    _moves(page, 2)
    page.locator("#actions").get_by_role("button", name="New game").click()
    page.wait_for_url(lambda url: str(game.public_id) not in url)

    page.goto(f"{live_server.url}/accounts/stats")
    page.locator(f'a[href="/game/{game.public_id}/replay"]').click()
    expect(_step_title(page)).to_have_text("The deal: 4 moves follow")
    tiles = page.locator("#stepper .tile")
    expect(tiles).to_have_count(36)
    expect(page.locator("#step-back")).to_be_disabled()
    page.locator("#step-forward").click()
    expect(_step_title(page)).to_have_text("Move 1 of 4")
    expect(tiles).to_have_count(34)
    expect(page).to_have_url(re.compile(r"\?step=1$"))
    page.keyboard.press("ArrowRight")
    expect(_step_title(page)).to_have_text("Move 2 of 4")
    page.keyboard.press("End")
    expect(_step_title(page)).to_have_text("Move 4 of 4")
    expect(page.locator(".step-text")).to_contain_text("The last move undone.")
    expect(tiles).to_have_count(32)
    expect(page.locator("#step-forward")).to_be_disabled()
    page.locator("#step-back").click()
    expect(_step_title(page)).to_have_text("Move 3 of 4")
    expect(tiles).to_have_count(30)
    page.keyboard.press("Home")
    expect(tiles).to_have_count(36)


def test_an_uploaded_export_steps_move_by_move(page: Page, live_server, tmp_path):
    game = open_game(page, live_server.url + "/")
    player = player_of_game(game)
    from games.solitaire import play

    for position in solution(game)[0]:
        game.refresh_from_db()
        play.tap(player, game.public_id, position, game.version, game.selected)
    game.refresh_from_db()
    export = tmp_path / "game.json"
    export.write_text(json.dumps(exports.export_game(game)))

    page.goto(f"{live_server.url}/replay")
    page.locator("input[type=file]").set_input_files(export)
    page.get_by_role("button", name="Replay", exact=True).click()
    expect(_step_title(page)).to_have_text("The deal: 1 move follows")
    expect(page.locator("#stepper .tile.is-marked")).to_have_count(2)  # the pair to come
    page.locator("#step-forward").click()
    expect(_step_title(page)).to_have_text("Move 1 of 1")
    expect(page.locator("#stepper .tile")).to_have_count(34)
    expect(page.locator(".step-text")).to_contain_text("taken away")
    page.locator("#step-start").click()
    expect(page.locator("#stepper .tile")).to_have_count(36)


@pytest.mark.parametrize(
    ("locale", "link", "title"),
    [
        ("en-US", "How to play", "How to play Mahjong Solitaire"),
        ("de-DE", "So wird gespielt", "So wird Mahjong Solitär gespielt"),
    ],
)
def test_the_how_to_play_page_from_the_game_and_the_menu(
    browser: Browser, live_server, locale, link, title
):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale)
    page = context.new_page()
    open_game(page, live_server.url + "/")
    page.locator(".game-help-link").get_by_role("link", name=link).click()
    expect(page.locator("h1")).to_have_text(title)
    expect(page.locator(".rule-picture")).to_have_count(6)
    expect(page.locator(".verdict-free")).to_have_count(3)
    expect(page.locator(".layout-picture")).to_have_count(Layout.objects.active().count())
    # No picture spills out of the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.go_back()
    page.locator(".menu summary").click()
    page.locator(".menu-body").get_by_role("link", name=link).click()
    expect(page.locator("h1")).to_have_text(title)
    context.close()
