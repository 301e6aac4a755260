"""Styles (docs/site.md#styles): bought, kept, worn on every page of every game and on
every device of the account; a guest's free choice in the session."""

import re
from datetime import date, timedelta
from pathlib import Path

import pytest
from django.test import Client

from accounts import coins
from games.solitaire.engine.tiles import TILE_CODES
from games.styles import STYLES, Part
from games.tiles import tile_label
from scripts import draw_modern_faces
from tests.factories import check_in_on
from tests.solitaire.web.helpers import current_game, matching_free_pair, tap

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
DAY = date(2026, 3, 1)


def _rich(user, days: int = 13) -> None:
    """Enough coins for a few styles: ``days`` check-ins in a row (230 coins for 13)."""
    for offset in range(days):
        check_in_on(user, DAY + timedelta(days=offset))


def _body_class(html: str) -> str:
    return re.search(r'<body class="([^"]*)"', html).group(1)


def _sprites(html: str) -> set[str]:
    return set(re.findall(r'<use href="([^"#]*)#t-', html))


def test_the_chosen_style_is_rendered_on_solitaire(alice_client, alice):
    _rich(alice)
    game = current_game(alice_client)
    page = alice_client.get(f"/game/{game.public_id}").content.decode()
    assert _body_class(page) == "cloth-felt back-jade faces-art"
    assert "/static/tiles.svg" in _sprites(page)

    for style in ("crimson", "starry", "modern"):
        alice_client.post("/accounts/styles/buy", {"style": style})
    page = alice_client.get(f"/game/{game.public_id}").content.decode()
    assert _body_class(page) == "cloth-crimson back-starry faces-modern"
    tiles = re.findall(r'<button id="tile-\d+".*?</button>', page)
    assert len(tiles) == 36
    assert all('<use href="/static/tiles-modern.svg#t-' in t for t in tiles)

    # A tap's answer (an HTMX partial) draws its tiles in the same faces.
    a, _ = matching_free_pair(game)
    answer = tap(alice_client, game, a).content.decode()
    assert _sprites(answer) == {"/static/tiles-modern.svg"}


def test_the_style_follows_the_account_to_another_device_and_every_page(alice_client, alice):
    _rich(alice)
    alice_client.post("/accounts/styles/buy", {"style": "walnut"})
    alice_client.post("/accounts/styles/buy", {"style": "lacquer"})

    phone = Client()
    phone.force_login(alice)
    for path in ("/", "/leaderboards/", "/accounts/stats", "/accounts/profile", "/replay"):
        response = phone.get(path, follow=True)
        assert response.status_code == 200, path
        assert _body_class(response.content.decode()) == "cloth-walnut back-lacquer faces-art"


def test_a_bought_style_is_kept_when_another_is_worn(alice_client, alice):
    _rich(alice)
    alice_client.post("/accounts/styles/buy", {"style": "indigo"})
    alice_client.post("/accounts/styles/wear", {"style": "felt"})
    alice.refresh_from_db()
    assert alice.cloth == "felt" and coins.owned(alice) >= {"indigo", "felt"}
    balance = coins.balance(alice)
    alice_client.post("/accounts/styles/wear", {"style": "indigo"})
    alice.refresh_from_db()
    assert alice.cloth == "indigo" and coins.balance(alice) == balance  # no second charge


def test_wearing_asks_for_a_style_the_player_may_wear(alice_client, alice):
    for style, refusal in [
        ("crimson", "Buy this style first."),
        ("nonsense", "There is no such style."),
        ("", "There is no such style."),
    ]:
        response = alice_client.post("/accounts/styles/wear", {"style": style}, follow=True)
        assert response.status_code == 200
        assert [str(m) for m in response.context["messages"]] == [refusal]
    alice.refresh_from_db()
    assert alice.cloth == ""


def test_a_guest_wears_free_styles_in_the_session_only(client):
    game = current_game(client)
    response = client.post(
        "/accounts/styles/wear", {"style": "numbers", "next": f"/game/{game.public_id}"}
    )
    assert response["Location"] == f"/game/{game.public_id}"
    page = client.get(f"/game/{game.public_id}").content.decode()
    assert _body_class(page) == "cloth-felt back-jade faces-numbers"
    label = tile_label(game.faces[0], "en")  # the numbers style, in the page's language
    assert re.search(rf"<b[^>]*>{re.escape(label)}</b>", page)

    refused = client.post("/accounts/styles/wear", {"style": "crimson"}, follow=True)
    assert "Sign up to collect coins" in refused.content.decode()
    assert client.post("/accounts/styles/buy", {"style": "crimson"})["Location"].startswith(
        "/accounts/login/"
    )
    assert _body_class(Client().get("/accounts/styles").content.decode()) == (
        "cloth-felt back-jade faces-art"
    )


def test_a_new_account_keeps_its_guests_free_styles(client, django_user_model):
    client.post("/accounts/styles/wear", {"style": "numbers"})
    client.post(
        "/accounts/signup",
        {"username": "emil", "password1": "lantern-orchid-49", "password2": "lantern-orchid-49"},
    )
    assert django_user_model.objects.get(username="emil").tile_faces == "numbers"


def test_the_styles_page_previews_every_style_with_its_state(alice_client, alice):
    _rich(alice, 2)  # 22 coins
    html = alice_client.get("/accounts/styles").content.decode()
    cards = dict(re.findall(r'data-style="(\w+)">(.*?)</li>', html, re.S))
    assert set(cards) == {style.key for style in STYLES}
    assert 'class="preview preview-cloth cloth-crimson"' in cards["crimson"]
    assert cards["lacquer"].count("mini-tile face-down back-lacquer") == 2
    assert cards["modern"].count('<use href="/static/tiles-modern.svg#t-') == 3
    assert "Buy for 60 coins" in cards["crimson"] and "Worn" in cards["felt"]
    assert "Wear" in cards["numbers"]
    assert '<strong class="coin-count" data-balance>22</strong>' in html


def test_the_menu_offers_the_styles_the_player_may_wear(alice_client, alice):
    _rich(alice)
    alice_client.post("/accounts/styles/buy", {"style": "crimson"})
    game = current_game(alice_client)
    html = alice_client.get(f"/game/{game.public_id}").content.decode()
    menu = html[html.index('class="wardrobe"') :]
    offered = re.findall(r'name="style" value="(\w+)"[^>]*aria-pressed="(\w+)"', menu)
    assert offered == [
        ("felt", "false"),
        ("crimson", "true"),
        ("jade", "true"),
        ("art", "true"),
        ("numbers", "false"),
    ]


# --- the art --------------------------------------------------------------------------


def test_every_face_set_draws_every_tile():
    codes = set(TILE_CODES) | {"5Br", "5Dr"}  # the table games' red fives as well
    for style in STYLES:
        if style.part == Part.FACES and style.sprite:
            sprite = (ROOT / "static" / style.sprite).read_text()
            assert set(re.findall(r'<symbol id="t-([^"]+)"', sprite)) >= codes - {
                "5Br",
                "5Dr",
            }, style.key
    modern = (ROOT / "static" / "tiles-modern.svg").read_text()
    assert set(re.findall(r'<symbol id="t-([^"]+)"', modern)) == codes


def test_the_modern_faces_are_drawn_by_their_script():
    assert (ROOT / "static" / "tiles-modern.svg").read_text() == draw_modern_faces.sprite()


def test_every_cloth_and_back_has_its_css():
    css = (ROOT / "static" / "css" / "site.css").read_text()
    for style in STYLES:
        if style.part == Part.CLOTH:
            rule = re.search(rf"\.{style.css_class}\b[^{{]*\{{([^}}]*)\}}", css)
            assert rule and "--felt:" in rule.group(1) and "--cloth-grain:" in rule.group(1)
        elif style.part == Part.BACK:
            rule = re.search(rf"\.{style.css_class}\b[^{{]*\{{([^}}]*)\}}", css)
            assert rule and "--tile-back:" in rule.group(1), style.key
