"""What the browser tests share: opening a game, reading it from the database, tapping."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.solitaire import engine
from games.solitaire.models import Game

# The README names this folder; it is git-ignored.
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def has_class(name: str) -> re.Pattern:
    """For expect(...).to_have_class: the element wears this class among others."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


BUILDING = has_class("is-building")


def open_game(page: Page, url: str) -> Game:
    """Go to a page that shows a game and skip its build."""
    page.goto(url)
    skip_build(page)
    return game_on(page)


def skip_build(page: Page) -> None:
    """Any key ends the build; a key does nothing else, and unlike a click it never makes
    Playwright scroll the page."""
    page.keyboard.press("Shift")
    expect(page.locator("#board")).to_have_attribute("data-built", re.compile(r"^\d+$"))
    expect(page.locator("#board")).not_to_have_class(BUILDING)


def start_new_game(page: Page) -> None:
    """The action bar's "New game": a plain form post that lands on the new game."""
    before = page.url
    page.locator(".actions").get_by_role("button", name="New game").click()
    page.wait_for_url(lambda url: "/game/" in url and url != before)
    skip_build(page)


def game_on(page: Page) -> Game:
    public_id = page.url.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
    return Game.objects.get(public_id=public_id)


def tile(page: Page, index: int):
    return page.locator(f"#tile-{index}")


def solution(game: Game) -> list[tuple[int, int]]:
    game.refresh_from_db()
    board = engine.Board(tuple(game.faces), game.occupied_mask)
    solved = engine.solve(engine.geometry_for(game.positions), board, budget=10)
    assert solved.status == "yes"
    return solved.order


def covered_tile(game: Game) -> tuple[int, list[int]]:
    """A tile with another lying on it, and the tiles in its way."""
    geometry = engine.geometry_for(game.positions)
    for index in range(geometry.n):
        above, _sides = geometry.blockers(index, game.occupied_mask)
        if above:
            return index, list(above)
    raise AssertionError("no covered tile on this board")


def side_blocked_tile(game: Game) -> tuple[int, list[int]]:
    geometry = engine.geometry_for(game.positions)
    for index in range(geometry.n):
        above, sides = geometry.blockers(index, game.occupied_mask)
        if sides and not above:
            return index, list(sides)
    raise AssertionError("no tile blocked left and right on this board")


# Time from a click on a tile to the DOM change its answer makes, in ms (read with
# tap_times). Recorded in the page, so it is what a player sees, network and all.
MEASURE_TAPS = """() => {
  window.tapTimes = [];
  let clicked = null;
  document.addEventListener("click", (event) => {
    if (event.target.closest("#board .tile")) clicked = performance.now();
  }, true);
  new MutationObserver(() => {
    if (clicked === null) return;
    window.tapTimes.push(performance.now() - clicked);
    clicked = null;
  }).observe(document.getElementById("game"), { subtree: true, childList: true });
}"""


def tap_times(page: Page) -> dict[str, float]:
    times = sorted(page.evaluate("window.tapTimes"))
    return {
        "taps": len(times),
        "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(times[max(0, round(0.95 * len(times)) - 1)], 1),
        "max_ms": round(times[-1], 1),
    }


def click_visible_part(page: Page, index: int) -> None:
    """Click a tile where the player can see it: a covered tile shows only its edges."""
    spot = tile(page, index).evaluate(
        """tile => {
          const box = tile.getBoundingClientRect();
          for (let fy = 0.05; fy < 1; fy += 0.1) {
            for (let fx = 0.05; fx < 1; fx += 0.1) {
              const x = box.left + fx * box.width, y = box.top + fy * box.height;
              if (document.elementFromPoint(x, y)?.closest(".tile") === tile) {
                return { x: x - box.left, y: y - box.top };
              }
            }
          }
          return null;
        }"""
    )
    assert spot, f"tile {index} is hidden entirely"
    tile(page, index).click(position=spot)


def log_in(page: Page, live_server, user) -> None:
    """The browser carries the user's session, as after logging in."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )


def player_of_game(game: Game):
    from games.players import Player

    return Player(game.user) if game.user_id else Player(guest_id=game.guest_id)


def play_all_but_the_last_pair(game: Game) -> tuple[int, int]:
    """Play the game through the server's own rules up to its last pair, as taps would;
    the pair left to tap."""
    from games.solitaire import play

    player = player_of_game(game)
    *before, last = solution(game)
    for pair in before:
        for position in pair:
            game.refresh_from_db()
            play.tap(player, game.public_id, position, game.version, game.selected)
    return last


def make_stuck(game: Game) -> None:
    """Lay the game's faces anew so that the free tiles at the start all differ: no pair
    can be removed, and a shuffle can help."""
    geometry = engine.geometry_for(game.positions)
    free = geometry.free_indices(geometry.full_mask)
    pool = sorted(game.faces, key=lambda face: (engine.match_group(face), face))
    by_group: dict[str, list[str]] = {}
    for face in pool:
        by_group.setdefault(engine.match_group(face), []).append(face)
    one_of_each = [faces.pop() for faces in by_group.values()]
    assert len(one_of_each) >= len(free), "not enough kinds to keep every free tile alone"
    singles, spare = one_of_each[: len(free)], one_of_each[len(free) :]
    rest = [face for faces in by_group.values() for face in faces] + spare
    faces = [""] * geometry.n
    for index, face in zip(free, singles, strict=True):
        faces[index] = face
    others = iter(rest)
    for index in range(geometry.n):
        if not faces[index]:
            faces[index] = next(others)
    game.faces = game.initial_faces = faces
    game.save(update_fields=["faces", "initial_faces"])
    assert engine.is_stuck(geometry, engine.Board(tuple(faces), geometry.full_mask))


# --- the table games (Sanma, Classic) -----------------------------------------------


def table_version(page: Page) -> str:
    return page.locator("#table").get_attribute("data-version")


def press(page: Page, target, attempts: int = 5) -> None:
    """Press a button of the table as a player does (docs/tables.md#taps-that-cannot-misfire):
    once the table shown has been there long enough to be seen, and a tile of the hand
    twice (the first tap raises it) unless the player chose one-tap play.

    A live update or a clock may replace the table between the look and the tap; the
    guard then drops the tap, as it would a player's, who taps again. So does this, until
    the tap is posted."""
    table = page.locator("#table")
    posted_to = target.get_attribute("hx-post") or table.get_attribute("hx-post")

    def posted(request) -> bool:
        return request.method == "POST" and request.url.endswith(posted_to)

    for _ in range(attempts):
        expect(table).not_to_have_attribute("data-guarded", "1")
        classes = (target.get_attribute("class") or "").split()
        raised = "is-raised" in classes  # by a tap before the one the guard dropped
        if "hand-tile" in classes and not raised and table.get_attribute("data-one-tap") is None:
            target.click()
            try:
                expect(target).to_have_class(has_class("is-raised"), timeout=1000)
            except AssertionError:
                continue  # the table changed under the first tap
        clicked = False
        try:
            with page.expect_request(posted, timeout=2000):
                target.click()
                clicked = True
        except PlaywrightTimeoutError:
            if not clicked:
                raise  # no such button to tap
            continue  # the table changed under the tap
        return
    raise AssertionError(f"no tap on {target} was taken in {attempts} tries")


def click_and_wait(page: Page, target) -> None:
    """Click a button of the table and wait for the answer to replace it."""
    before = table_version(page)
    passing = target.get_attribute("data-action") == "pass"
    press(page, target)
    if passing:
        # A pass that closes the offer moves the version (the next seat draws, and may
        # discard a tile this seat is asked about again); one that leaves the offer open
        # to others moves none, but takes this seat's buttons away
        # (docs/tables.md#nothing-hidden-leaks).
        moved_on = f'#table:not([data-version="{before}"]), #table:not(:has([data-action="pass"]))'
        expect(page.locator(moved_on)).to_have_count(1)
        return
    expect(page.locator("#table")).not_to_have_attribute("data-version", before)


def offered(page: Page, actions: tuple[str, ...]):
    """The button of the first of ``actions`` the table offers now, or None."""
    for action in actions:
        button = page.locator(f'#table [data-action="{action}"]')
        if button.count():
            return button.first
    return None


def drawn_or_first_tile(page: Page):
    """The drawn tile's button, else the hand's first (absent when nothing is to discard:
    its ``count()`` is then 0)."""
    drawn = page.locator("#table .hand button.hand-tile.drawn[name=move]")
    if drawn.count():
        return drawn
    return page.locator("#table .hand button.hand-tile[name=move]").first


def next_table_click(page: Page, first_choices: tuple[str, ...]):
    """The button to press next: the first of ``first_choices`` offered, else the drawn
    tile, else a tile of the hand."""
    choice = offered(page, first_choices)
    return drawn_or_first_tile(page) if choice is None else choice


def assert_whole_table_in_view(page: Page, width: int, height: int) -> None:
    box = page.locator("#table").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, box
    assert box["y"] + box["height"] <= height + 0.5, box
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, (scroll_width, widest_elements(page, width))
    for tile_ in page.locator("#table .hand .hand-tile").all():
        tile_box = tile_.bounding_box()
        assert tile_box["x"] >= 0 and tile_box["x"] + tile_box["width"] <= width + 0.5
        assert tile_box["y"] + tile_box["height"] <= height + 0.5


def widest_elements(page: Page, width: int) -> list[str]:
    """The elements that reach past the right edge, for a failing width check."""
    return page.evaluate(
        """(width) => [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > width + 0.5)
            .slice(0, 8)
            .map((e) => `${e.tagName.toLowerCase()}.${e.className}`
                + ` ${Math.round(e.getBoundingClientRect().right)}`)""",
        width,
    )


# --- seeded tables late in a long hand ------------------------------------------------

TABLE_OPTIONS = {
    "sanma": {"length": "east", "red_fives": True},
    "classic": {"rounds": 1, "flowers": True, "dealer_rule": "official"},
}


def seeded_table(kind: str, user, seed: int, level: str = "beginner"):
    """A practice table of ``kind`` for ``user`` against bots, from ``seed``."""
    from games.players import Player
    from games.tables.play import start_practice
    from games.tables.registry import rules_for

    return start_practice(
        rules_for(kind), Player(user), TABLE_OPTIONS[kind], level, seed=seed
    ).table


def play_table_until(table, user, done, *, calls: bool = True, riichi: bool = True):
    """Play the user's seat through the server's own rules, as clicks would, until
    ``done(view)`` holds for the user's view: never a win, a Pon or Kan when ``calls``,
    Riichi when ``riichi``, else the drawn tile or the first tile; Next after a hand.
    The view it stopped at."""
    from games.players import Player
    from games.tables.models import Table
    from games.tables.play import current_state, decide
    from games.tables.registry import game_kind

    kind = game_kind(table.kind)
    player = Player(user)
    for _ in range(3000):
        table = Table.objects.with_seats().get(pk=table.pk)
        seat = next(s.index for s in table.seats.all() if s.user_id == user.pk)
        view = kind.view(current_state(table), seat)
        if done(view):
            return view
        assert view.phase != "game-end", "the game ended first"
        moves = [a.text for a in view.legal]
        wanted = ["next"]
        if calls:
            wanted += ["pon", "kan"]
        if riichi:
            wanted += [m for m in moves if m.startswith("riichi:")][-1:]
        wanted += ["pass", "draw", "nuki"]
        if view.drawn:
            wanted.append(f"d:{view.drawn}")
        wanted += [m for m in moves if m.startswith("d:")]
        move = next((m for m in wanted if m in moves), None)
        assert move is not None, moves
        decide(player, table.public_id, table.shown_version, move)
    raise AssertionError("the table never reached the wanted moment")
