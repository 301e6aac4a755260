"""The site's frame and the seats' heads at a table (docs/tables.md#the-table-page): the
rules panel's close button clear of the header's ☰ menu in every language, and long
names beside the marks of a seat, read to their first characters and overlapping
nothing, at 360×640, 640×360 and 1280×800."""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from .helpers import SCREENSHOTS, log_in, play_table_until, seeded_table

pytestmark = pytest.mark.django_db(transaction=True)

TABLE_SIZES = [(360, 640), (640, 360), (1280, 800)]
LOCALES = {"en": "en-US", "de": "de-DE", "fi": "fi-FI", "da": "da-DK"}
# Names of twenty-odd characters, the longest a player is likely to choose.
OWN_NAME = "Maximiliane Ostermann"
LONG_NAMES = ("Wilhelmina Kristiansen", "Bartholomew Oyelaran", "Annikki Väänänen-Lahti")
SHOWN_AT_LEAST = 8  # characters of a name that must show before any ellipsis


def _longest_language() -> str:
    """The language whose "Close the rules" is longest: the button most likely to reach
    the menu."""

    def length(language: str) -> int:
        with translation.override(language):
            return len(translation.gettext("Close the rules"))

    return max(LOCALES, key=length)


def _page(browser, live_server, user, kind, table, size, locale="en-US") -> tuple[object, Page]:
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, reduced_motion="reduce"
    )
    page = context.new_page()
    log_in(page, live_server, user)
    page.goto(f"{live_server.url}/{kind}/{table.public_id}")
    return context, page


def _visible_boxes(page: Page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(
        selector,
        """els => els.filter(e => e.checkVisibility()).map(e => {
          const b = e.getBoundingClientRect();
          return {left: b.left, right: b.right, top: b.top, bottom: b.bottom,
                  what: e.className || e.tagName};
        }).filter(b => b.right > b.left && b.bottom > b.top)""",
    )


def _overlap(a: dict, b: dict) -> bool:
    """Whether two boxes share more than a hair (half a pixel) of area."""
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
    )


@pytest.mark.parametrize("language", sorted({"de", _longest_language()}))
def test_the_rules_close_button_never_meets_the_site_menu(
    browser, live_server, django_user_model, language
):
    """In German and in the language of the longest label, at each size: the close button
    of the rules panel lies under the header, clear of the ☰ menu and of everything else
    the header shows, and a tap at its middle reaches it."""
    user = django_user_model.objects.create_user("rhea", "rhea@example.com", "lantern-orchid-49")
    table = seeded_table("sanma", user, 3)
    SCREENSHOTS.mkdir(exist_ok=True)
    for size in TABLE_SIZES:
        context, page = _page(browser, live_server, user, "sanma", table, size, LOCALES[language])
        page.locator("#table .rules-link").click()
        close = page.locator("[data-close-rules]")
        expect(close).to_be_visible()
        with translation.override(language):
            expect(close).to_have_text(translation.gettext("Close the rules"))
        button = close.bounding_box()
        box = {
            "left": button["x"],
            "right": button["x"] + button["width"],
            "top": button["y"],
            "bottom": button["y"] + button["height"],
        }
        header = page.locator(".site-header").bounding_box()
        assert box["top"] >= header["y"] + header["height"] - 0.5, (box, header)
        menu = _visible_boxes(page, ".site-menu summary")
        if size[0] <= 640:
            assert menu, "the ☰ menu shows on a phone"
        for part in menu + _visible_boxes(page, ".site-header a, .site-header button"):
            assert not _overlap(box, part), (language, size, part)
        assert box["right"] <= size[0] and box["bottom"] <= size[1]
        middle = (box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-close-rules]') !== null",
            list(middle),
        )
        assert hit, (language, size)
        page.screenshot(path=SCREENSHOTS / f"rules-close-{language}-{size[0]}x{size[1]}.png")
        close.click()
        expect(page.locator("[data-close-rules]")).to_have_count(0)
        context.close()


# Seeds whose first hands run long, and the wall at which they are looked at: Sanma's
# seed 3 has two seats in riichi by then (docs/tables.md#the-table-page).
LONG_HANDS = {"sanma": (3, 6), "classic": (7, 8)}


@pytest.mark.parametrize("kind", ["sanma", "classic"])
def test_long_names_show_beside_the_marks_and_overlap_nothing(
    browser, live_server, django_user_model, kind
):
    """Late in a long hand (Sanma's seats in riichi), first against the bots, then with
    players of twenty-odd-character names at a lobby table (a rating beside each name):
    each opponent's name shows at least its first characters (an ellipsis after them is
    allowed, an initial alone is not), inside the screen, clear of every other mark of
    its seat, of the centre and of the ponds, at each size."""
    from games.tables.models import Seat
    from games.tables.registry import game_kind

    kind_names = game_kind(kind).bot_names

    user = django_user_model.objects.create_user(
        "maxi", "maxi@example.com", "lantern-orchid-49", display_name=OWN_NAME
    )
    seed, wall = LONG_HANDS[kind]
    table = seeded_table(kind, user, seed)
    view = play_table_until(
        table,
        user,
        lambda v: v.wall <= wall and v.phase == "discard" and v.turn == v.seat and v.drawn,
    )
    if kind == "sanma":
        assert sum(s.riichi for s in view.seats) >= 2  # the riichi sticks are in play
    SCREENSHOTS.mkdir(exist_ok=True)
    bots = {seat: kind_names[seat] for seat in range(len(view.seats)) if seat != view.seat}
    for size in TABLE_SIZES:  # the bots' short names first: whole, never an initial
        context, page = _page(browser, live_server, user, kind, table, size)
        page.screenshot(path=SCREENSHOTS / f"{kind}-bot-names-{size[0]}x{size[1]}.png")
        _assert_names_read(page, kind, size, bots)
        context.close()
    # The bots' seats become players with long names, at a rated (lobby) table.
    names = {}
    opponents = Seat.objects.filter(table=table).exclude(user=user).order_by("index")
    for seat, name in zip(opponents, LONG_NAMES, strict=False):
        other = django_user_model.objects.create_user(
            f"long{seat.index}", f"long{seat.index}@example.com", "lantern-orchid-49"
        )
        other.display_name = name
        other.save(update_fields=["display_name"])
        seat.bot_level, seat.user = "", other
        seat.save(update_fields=["bot_level", "user"])
        names[seat.index] = name
    table.lobby = True
    table.save(update_fields=["lobby"])
    for size in TABLE_SIZES:
        context, page = _page(browser, live_server, user, kind, table, size)
        page.screenshot(path=SCREENSHOTS / f"{kind}-long-names-{size[0]}x{size[1]}.png")
        assert page.locator("#table .seat:not(.me) .rating").count() == len(names)
        _assert_names_read(page, kind, size, names)
        context.close()


def _assert_names_read(page: Page, kind: str, size: tuple[int, int], names: dict) -> None:
    """Each opponent's name shows its first characters (all of a short one), inside the
    screen and clear of its seat's other marks, the centre, the ponds and the hand."""
    heads = page.locator("#table .seat:not(.me) > .seat-head")
    expect(heads).to_have_count(len(names))
    others = _visible_boxes(
        page, "#table :is(.table-info, .pond, .seat-tiles, .hand, .actions, .hand-info)"
    )
    for index in range(heads.count()):
        head = heads.nth(index)
        who = head.locator(".who")
        name = who.text_content()
        assert name in names.values(), name
        # The width the name's first characters take, against the width it is given.
        needed, given = who.evaluate(
            """(el, n) => {
              const range = document.createRange();
              range.setStart(el.firstChild, 0);
              range.setEnd(el.firstChild, n);
              return [range.getBoundingClientRect().width, el.getBoundingClientRect().width];
            }""",
            min(SHOWN_AT_LEAST, len(name)),
        )
        assert given >= needed - 0.5, (kind, size, name, needed, given)
        marks = head.evaluate(
            """h => [...h.children].filter(e => e.checkVisibility()).map(e => {
              const b = e.getBoundingClientRect();
              return {left: b.left, right: b.right, top: b.top, bottom: b.bottom,
                      what: e.className};
            })"""
        )
        for i, a in enumerate(marks):
            assert a["left"] >= -0.5 and a["right"] <= size[0] + 0.5, (size, a)
            for b in marks[i + 1 :]:
                assert not _overlap(a, b), (kind, size, a, b)
            for part in others:
                assert not _overlap(a, part), (kind, size, a, part)
