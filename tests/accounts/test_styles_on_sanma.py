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
