"""The layout picker (docs/solitaire.md#the-layout-picker): a card per layout offered
with its figures and the player's best, filters by size and phone, a tap deals there."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.players import SessionKey
from games.solitaire import engine
from games.solitaire.models import Game, Layout
from tests.factories import finished_game

from .helpers import HTMX, game_id_in

pytestmark = pytest.mark.django_db


def _cards(html: str) -> dict[str, str]:
    """Each card's letter and its HTML."""
    blocks = re.split(r'(?=<li class="layout-card)', html)[1:]
    return {re.search(r'data-letter="(\w)"', b).group(1): b.split("</li>")[0] for b in blocks}


def _figure(card: str, name: str) -> str:
    match = re.search(rf'data-figure="{name}"[^>]*>(.*?)</span>', card, re.S)
    assert match, name
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", match.group(1))).strip()


def test_every_layout_offered_has_a_card_with_its_stored_figures(client):
    response = client.get("/layouts")
    assert response.status_code == 200
    cards = _cards(response.content.decode())
    assert list(cards) == sorted(engine.BUILTIN_LAYOUTS)
    for letter, card in cards.items():
        figures = engine.LAYOUT_FIGURES[letter]
        assert _figure(card, "tiles") == f"{figures.tiles} tiles"
        assert _figure(card, "free") == f"{figures.free_at_start} free at the start"
        assert f"Greedy wins: {round(figures.greedy_win_share * 100)} %" in card
        assert f'src="/layouts/{letter}.svg"' in card
        assert ('<span class="wide-mark">wide</span>' in card) == figures.wide


def test_the_size_filter_shows_only_layouts_of_that_size(client):
    for size, low, high in [("small", 0, 50), ("medium", 51, 99), ("full", 100, 144)]:
        cards = _cards(client.get("/layouts", {"size": size}).content.decode())
        expected = [
            letter
            for letter, figures in sorted(engine.LAYOUT_FIGURES.items())
            if low <= figures.tiles <= high
        ]
        assert list(cards) == expected and expected, size


def test_the_phone_filter_leaves_out_the_wide_layouts_and_combines_with_size(client):
    cards = _cards(client.get("/layouts", {"phone": "1"}).content.decode())
    assert list(cards) == [c for c, f in sorted(engine.LAYOUT_FIGURES.items()) if not f.wide]
    assert len(cards) >= 16
    both = _cards(client.get("/layouts", {"phone": "1", "size": "full"}).content.decode())
    assert list(both) == ["c"]  # Hoher Turm: the full set, whole on a phone


def test_the_filter_form_works_without_javascript_and_keeps_the_choice(client):
    html = client.get("/layouts", {"size": "medium", "phone": "1"}).content.decode()
    filters = r'<form class="picker-filters" method="get" action="/layouts".*?</form>'
    form = re.search(filters, html, re.S)
    assert form
    assert re.search(r'name="size" value="medium" checked', form.group(0))
    assert re.search(r'name="phone" value="1" checked', form.group(0))
    assert "<button" in form.group(0)  # sent without JavaScript too


def test_htmx_gets_the_grid_alone(client):
    response = client.get("/layouts", {"size": "small"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="layout-grid"') and "<html" not in html
    small = [letter for letter, f in sorted(engine.LAYOUT_FIGURES.items()) if f.tiles <= 50]
    assert list(_cards(html)) == small


@pytest.mark.parametrize("query", [{"size": "huge"}, {"size": "x" * 5000}, {"size": "\x00"}])
def test_a_filter_not_offered_gets_a_clear_400_and_every_layout(client, query):
    response = client.get("/layouts", query)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Please choose one of the filters offered." in html
    assert len(_cards(html)) == len(engine.BUILTIN_LAYOUTS)


def test_a_retired_layout_is_not_offered_and_has_no_picture(client):
    Layout.objects.filter(letter="q").update(active=False)
    assert "q" not in _cards(client.get("/layouts").content.decode())
    assert client.get("/layouts/q.svg").status_code == 404
    assert client.get("/layouts/9.svg").status_code == 404


def test_a_layouts_picture_is_an_svg_of_its_empty_shape_with_the_free_tiles_dotted(client):
    for letter in ("a", "x"):
        response = client.get(f"/layouts/{letter}.svg")
        assert response.status_code == 200
        assert response["Content-Type"] == "image/svg+xml"
        svg = response.content.decode()
        figures = engine.LAYOUT_FIGURES[letter]
        assert svg.startswith("<svg ") and svg.count("<rect ") == 2 * figures.tiles
        assert svg.count("<circle ") == figures.free_at_start


def test_each_player_sees_their_own_best_time_account_or_guest(client, alice, bob):
    finished_game(alice, 125.0, letter="d")
    finished_game(alice, 99.0, letter="d", minute=5)
    finished_game(alice, 80.0, letter="e", verified=False)  # not replayed: no best
    finished_game(None, 61.0, letter="d", guest_id="guest-g")
    client.force_login(alice)
    cards = _cards(client.get("/layouts").content.decode())
    assert _figure(cards["d"], "best") == "Your best: 1:39"
    assert _figure(cards["e"], "best") == "Your best: –"
    client.force_login(bob)
    assert _figure(_cards(client.get("/layouts").content.decode())["d"], "best") == "Your best: –"
    guest = Client()
    session = guest.session
    session[SessionKey.GUEST_ID] = "guest-g"
    session.save()
    cards = _cards(guest.get("/layouts").content.decode())
    assert _figure(cards["d"], "best") == "Your best: 1:01"


def test_looking_at_the_picker_makes_no_guest(client):
    client.get("/layouts")
    assert SessionKey.GUEST_ID not in client.session


def test_a_tap_on_a_card_deals_a_new_game_on_that_layout_with_csrf():
    browser = Client(enforce_csrf_checks=True)
    html = browser.get("/layouts").content.decode()
    card = _cards(html)["k"]
    assert re.search(r'<form method="post" action="/new">', card)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', card).group(1)
    assert browser.post("/new", {"layout": "k"}).status_code == 403  # no token: refused
    response = browser.post("/new", {"layout": "k", "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    game = Game.objects.get(public_id=game_id_in(response["Location"]))
    assert game.layout.letter == "k" and game.status == Game.Status.PLAYING


def test_the_picker_is_linked_from_the_games_name_and_its_menu(client):
    response = client.get("/", follow=True)
    html = response.content.decode()
    assert re.search(r'<h1 class="layout-name"><a href="/layouts"', html)
    menu = re.search(r'<details class="menu".*?</details>', html, re.S).group(0)
    assert 'href="/layouts"' in menu


def test_the_picker_speaks_german(client):
    html = client.get("/layouts", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Layout wählen" in html
    card = _cards(html)["b"]
    assert "Doppelgipfel" in card and _figure(card, "tiles") == "72 Steine"
    assert "Passt aufs Handy" in html


def test_a_curated_layout_gets_a_card_with_its_counts_and_no_figure(client):
    positions = [[x, y, 0] for x in (0, 2, 4) for y in (0, 2)]
    Layout.objects.create(letter="y", name="Six", positions=positions)
    card = _cards(client.get("/layouts", {"size": "small"}).content.decode())["y"]
    assert _figure(card, "tiles") == "6 tiles"
    assert _figure(card, "free") == "4 free at the start"
    assert "Greedy wins: not measured" in card
    svg = client.get("/layouts/y.svg").content.decode()
    assert svg.count("<rect ") == 12 and svg.count("<circle ") == 4
