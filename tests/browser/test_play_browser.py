"""Playing in a real browser at 360×640: a whole game by clicking, a blocked tap, and
play by keyboard alone (docs/solitaire.md#selecting-and-removing)."""

import json

import pytest
from playwright.sync_api import Page, expect

from games.solitaire import engine
from games.solitaire.models import Game

from .helpers import (
    MEASURE_TAPS,
    SCREENSHOTS,
    click_visible_part,
    covered_tile,
    game_on,
    has_class,
    open_game,
    side_blocked_tile,
    solution,
    tap_times,
    tile,
)

pytestmark = pytest.mark.django_db(transaction=True)


def _free_on_page(page: Page) -> set[int]:
    ids = page.eval_on_selector_all(
        '#board button.tile[data-free="1"]', "tiles => tiles.map(t => t.id)"
    )
    return {int(i.removeprefix("tile-")) for i in ids}


def _free_in_database(game: Game) -> set[int]:
    game.refresh_from_db()
    return set(engine.geometry_for(game.positions).free_indices(game.occupied_mask))


def test_a_whole_pavillon_game_is_won_by_clicking(page: Page, live_server):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    game = open_game(page, live_server.url + "/")
    assert game.layout.letter == "a"
    page.evaluate(MEASURE_TAPS)

    for first, second in solution(game):
        tile(page, first).click()
        expect(tile(page, first)).to_have_attribute("aria-pressed", "true")
        tile(page, second).click()
        # The pair flies off; the tiles it freed come free in the same answer.
        expect(page.locator(f"span#tile-{first}.is-removing")).to_be_attached()
        expect(page.locator(f"span#tile-{second}.is-removing")).to_be_attached()
        if page.locator("#board button.tile").count():
            free = _free_on_page(page)
            assert free == _free_in_database(game)
            # The gentle help's pair comes with the answer too, and it is free.
            pair = page.locator("#help").get_attribute("data-pair")
            assert not pair or {int(i) for i in pair.split()} <= free

    expect(page.locator("#summary h2")).to_have_text("Cleared!")
    expect(page.locator("#summary .stamp")).to_have_text("Ohne Hilfe")
    game.refresh_from_db()
    assert game.status == Game.Status.WON and game.verified and game.moves == 18
    assert errors == []  # no script error, no CSP violation, no missing file

    times = tap_times(page)
    assert times["taps"] == 36
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / "tap-times.json").write_text(json.dumps(times, indent=2) + "\n")
    print(f"\nclick to updated board over a Pavillon game: {times}")


def test_a_covered_tile_wiggles_and_says_why(page: Page, live_server):
    game = open_game(page, live_server.url + "/")
    covered, above = covered_tile(game)
    page.locator("#status").evaluate("status => status.dataset.before = 'yes'")

    click_visible_part(page, covered)

    expect(page.locator("#status")).to_have_text("A tile lies on it")
    # Announced: the live region is the same element, only its text changed.
    expect(page.locator("#status")).to_have_attribute("role", "status")
    expect(page.locator("#status")).to_have_attribute("data-before", "yes")
    expect(tile(page, covered)).to_have_class(has_class("is-wiggling"))
    for index in above:
        blocker = tile(page, index)
        expect(blocker).to_have_class(has_class("is-blocker"))
        assert blocker.evaluate("t => getComputedStyle(t).outlineStyle") == "dashed"
        assert blocker.evaluate("t => getComputedStyle(t).outlineColor") == "rgb(142, 27, 58)"
    # The outline goes after 0.6 s; the reason stays.
    expect(tile(page, above[0])).to_have_css("outline-color", "rgba(0, 0, 0, 0)", timeout=1500)
    expect(page.locator("#status")).to_have_text("A tile lies on it")
    game.refresh_from_db()
    assert game.moves == 0 and game.selected is None


def test_a_tile_shut_in_on_both_sides_says_so(page: Page, live_server):
    game = open_game(page, live_server.url + "/")
    shut_in, sides = side_blocked_tile(game)

    tile(page, shut_in).click()

    expect(page.locator("#status")).to_have_text("Blocked left and right")
    for index in sides:
        expect(tile(page, index)).to_have_class(has_class("is-blocker"))


def _focused_tile(page: Page) -> str:
    return page.evaluate("document.activeElement.closest('#board .tile')?.id || ''")


def _walk_to(page: Page, index: int) -> None:
    """Arrow keys only, always towards the target tile: along the longer way first, the
    other way from a tile where the first was already pressed (the nearest tile in one
    direction can lead round in a circle; every top tile is reachable)."""
    spots = page.eval_on_selector_all(
        "#board button.tile",
        "tiles => Object.fromEntries(tiles.map(t => [t.id, [+t.dataset.x, +t.dataset.y]]))",
    )
    target = f"tile-{index}"
    pressed = set()
    for _ in range(30):
        here = _focused_tile(page)
        if here == target:
            return
        (x, y), (tx, ty) = spots[here], spots[target]
        across = [] if tx == x else [("ArrowRight" if tx > x else "ArrowLeft", abs(tx - x))]
        down = [] if ty == y else [("ArrowDown" if ty > y else "ArrowUp", abs(ty - y))]
        keys = [key for key, _ in sorted(across + down, key=lambda k: -k[1])]
        key = next((k for k in keys if (here, k) not in pressed), keys[0])
        pressed.add((here, key))
        page.keyboard.press(key)
    raise AssertionError(f"the arrow keys never reached {target}")


def test_a_few_moves_by_keyboard_alone(page: Page, live_server):
    page.goto(live_server.url + "/")
    for _ in range(20):  # the first key also ends the build
        page.keyboard.press("Tab")
        if _focused_tile(page):
            break
    assert _focused_tile(page), "Tab never reached the board"
    # The board is one tab stop: Tab leaves it at once.
    assert page.locator('#board button.tile[tabindex="0"]').count() == 1
    game = game_on(page)

    for move in (1, 2):
        game.refresh_from_db()
        board = engine.Board(tuple(game.faces), game.occupied_mask)
        first, second = engine.free_pairs(engine.geometry_for(game.positions), board)[0]
        _walk_to(page, first)
        page.keyboard.press("Enter")
        expect(tile(page, first)).to_have_attribute("aria-pressed", "true")
        expect(tile(page, first)).to_be_focused()
        _walk_to(page, second)
        page.keyboard.press(" ")
        expect(page.locator("#board")).to_have_attribute("data-moves", str(move))
        # The focus does not fall off the board when its tile goes.
        expect(page.locator("#board button.tile:focus")).to_have_count(1)

    game.refresh_from_db()
    assert game.moves == 2


def test_the_focused_tile_shows_a_visible_ring(page: Page, live_server):
    open_game(page, live_server.url + "/")
    page.keyboard.press("Tab")
    focused = page.locator("#board button.tile:focus")
    for _ in range(20):
        if focused.count():
            break
        page.keyboard.press("Tab")
    assert focused.evaluate("t => getComputedStyle(t).outlineStyle") == "solid"
    assert focused.evaluate("t => parseFloat(getComputedStyle(t).outlineWidth)") >= 2
