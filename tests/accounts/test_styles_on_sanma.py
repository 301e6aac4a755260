"""Sanma wears the chosen style by the site's one mechanism
(docs/site.md#how-every-game-wears-a-style), and tells a guest once, at the first
finished table, what keeps their records (docs/site.md#the-guest-notice)."""

import re
from datetime import date, timedelta
from pathlib import Path

import pytest

from accounts import coins
from tests.factories import check_in_on
from tests.sanma.web.helpers import start

pytestmark = pytest.mark.django_db


def test_the_chosen_style_is_rendered_on_sanma(alice_client, alice):
    for offset in range(13):
        check_in_on(alice, date(2026, 3, 1) + timedelta(days=offset))
    for style in ("indigo", "lacquer", "modern"):
        coins.buy(alice, style)
    table = start(alice_client)
    html = alice_client.get(f"/sanma/{table.public_id}").content.decode()
    assert re.search(r'<body class="cloth-indigo back-lacquer faces-modern"', html)
    sprites = set(re.findall(r'<use href="([^"#]*)#t-', html)) - {"/static/tiles.svg"}
    assert sprites == {"/static/tiles-modern.svg"}
    assert 'class="tl back"' in html  # the other seats' concealed tiles, face down
    css = (Path(__file__).resolve().parents[2] / "static/tables/css/table.css").read_text()
    assert re.search(r"\.tl\.back \{ background: var\(--tile-back\);", css)


def test_a_guest_is_told_once_at_the_first_finished_table(client):
    from games.players import Player, SessionKey
    from tests.sanma.web.helpers import finished_table

    start(client)  # makes the guest
    guest = Player(guest_id=client.session[SessionKey.GUEST_ID])
    table = finished_table(guest, seed=3)
    page = client.get(f"/sanma/{table.public_id}").content.decode()
    assert "Game over" in page and "Clearing the browser's data loses them" in page
    assert f'href="/accounts/signup?next=/sanma/{table.public_id}"' in page
    again = client.get(f"/sanma/{table.public_id}").content.decode()
    assert "Game over" in again and "Clearing the browser's data" not in again


@pytest.mark.parametrize("game", ["sanma", "classic"])
def test_the_numbers_faces_reach_sanma_and_classic(alice_client, alice, game):
    """The high-contrast faces the styles page promises for every game: each face of a
    table drawn as its label in the page's language, no picture left."""
    from accounts.coins import WORN_FIELD
    from games.styles import Part
    from tests.classic.web.helpers import start as start_classic

    setattr(alice, WORN_FIELD[Part.FACES], "numbers")
    alice.save()
    table = start(alice_client, seed=19) if game == "sanma" else start_classic(alice_client, 7)
    html = alice_client.get(f"/{game}/{table.public_id}").content.decode()
    assert 'class="cloth-felt back-jade faces-numbers"' in html
    table_html = html[html.index('id="table"') : html.index("</form>", html.index('id="table"'))]
    assert "<use href=" not in table_html  # no picture face at the table
    labels = re.findall(
        r'data-tile="(\w+)"[^>]*><b class="face-text[^"]*"[^>]*>([^<]+)</b>', table_html
    )
    assert len(labels) >= 13
    honours = {"Wh": "Wht", "G": "Grn", "R": "Red"}
    for code, label in labels:  # a flower ✿1, a season ◆1 (docs/solitaire.md#tile-art)
        bonus = {"F": "✿", "S": "◆"}.get(code[0], "") + code[1:] if code[1:].isdigit() else ""
        assert label == honours.get(code, bonus or code.rstrip("r")), code
    if game == "sanma":  # seed 19 deals a red five: its label is red
        assert re.search(r'data-tile="5Br"[^>]*><b class="face-text is-red"', table_html)
    german = alice_client.get(f"/{game}/{table.public_id}", HTTP_ACCEPT_LANGUAGE="de")
    assert re.search(
        r'data-tile="\dC"[^>]*><b class="face-text[^"]*"[^>]*>\dZ</b>', german.content.decode()
    )
