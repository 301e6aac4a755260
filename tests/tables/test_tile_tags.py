"""The tile tags (docs/tables.md#tiles-on-the-page): a row is one tag, and a tile's HTML,
built once per process, still follows the viewer's language and faces, its marks and
its place; a hand's tiles post their discards, the drawn tile last."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from games.styles import Look
from games.tables.tiles import HandTile, Tile

ROW = Template('{% load table_tiles %}{% tiles row "mini" seat %}')
HAND = Template("{% load table_tiles %}{% hand_tiles hand drawn %}")


def _row(row, language="en", faces="art", seat=None) -> str:
    with translation.override(language):
        look = Look.of({"faces": faces})
        return ROW.render(Context({"row": row, "look": look, "seat": seat}))


def test_a_row_follows_the_language_the_faces_and_the_marks():
    row = [Tile("5Dr", flags="dora"), "N", Tile("E", step=2)]
    english = _row(row)
    assert english.count('class="tl') == 3
    assert 'aria-label="Circle 5, red, dora"' in english
    assert 'style="--step:2"' in english and "is-new" in english
    assert "<use href=" in english and "face-text" not in english
    german = _row(row, language="de")
    assert german != english and "Nordwind" in german  # the same tiles, cached, in German
    numbers = _row(row, faces="numbers")
    assert "face-text" in numbers and "<use href=" not in numbers
    assert 'class="face-text is-red"' in numbers  # a red five in red
    assert _row(row) == english  # and back again


def test_a_pond_row_names_its_seat_and_a_back_shows_nothing():
    pond = _row(["1B", "9C"], seat=2)
    assert pond.count('data-pond-seat="2"') == 2
    back = _row([Tile("1B", flags="back")])
    assert 'aria-hidden="true"></span>' in back and "1B" not in back


def test_a_hand_posts_its_discards_the_drawn_tile_last():
    hand = [HandTile("1B", move="d:1B"), HandTile("2B", move=None)]
    drawn = HandTile("3B", flags="drawn", move="d:3B", ready=object())
    html = HAND.render(Context({"hand": hand, "drawn": drawn, "look": Look.of({})}))
    assert html.count("<button") == 3
    assert 'name="move" value="d:1B" data-tile="1B" data-index="0"' in html
    assert 'type="button" aria-disabled="true" data-tile="2B" data-index="1"' in html
    assert 'value="d:3B" data-tile="3B" data-index="2"' in html
    assert "drawn leaves-ready" in html
    assert html.index('data-tile="1B"') < html.index('data-tile="3B"')
