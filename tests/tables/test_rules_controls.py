"""The rules page's Controls and Questions (docs/tables.md#controls-and-questions): the
keys listed are the keys the table's buttons carry, every toggle a table shows is
explained, and the questions are answered in every language, on the page and in the
panel the table opens."""

from __future__ import annotations

import re

import pytest

from games.players import Player
from games.tables.registry import game_kind
from games.tables.toggles import LABELS
from tests.classic.web import helpers as classic
from tests.sanma.web import helpers as sanma
from tests.tables.pages import moves

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "de", "fi", "da")
# A word of each language's Controls section and answers, as a reader sees them.
HEADINGS = {
    "en": ("Controls", "Questions", "e-mail address", "coins"),
    "de": ("Steuerung", "Fragen", "E-Mail-Adresse", "Münzen"),
    "fi": ("Ohjaus", "Kysymyksiä", "sähköpostiosoitteen", "kolikoita"),
    "da": ("Betjening", "Spørgsmål", "e-mailadresse", "mønter"),
}
NORTH = {
    "en": "Can someone ron the North I set aside?",
    "de": "Kann jemand auf meinen beiseitegelegten Nord Ron machen?",
    "fi": "Voiko joku tehdä ronin sivuun laittamastani Pohjoisesta?",
    "da": "Kan nogen vinde på ron på den Nord, jeg lægger til side?",
}


def _rules(client, game: str, language: str, part: bool = False) -> str:
    url = f"/{game}/rules" + ("?part=body" if part else "")
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def _section(page: str, anchor: str) -> str:
    found = re.search(rf'<h2 id="{anchor}">(.*?)(?=<h2 |</section>)', page, flags=re.S)
    assert found, f"no #{anchor}"
    return found.group(1)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["sanma", "classic"])
@pytest.mark.parametrize("part", [False, True], ids=["page", "panel"])
def test_the_rules_have_controls_and_the_three_questions(client, game, language, part):
    page = _rules(client, game, language, part)
    controls, questions, address, coins = HEADINGS[language]
    assert f'<h2 id="controls">{controls}</h2>' in page
    assert f'<h2 id="questions">{questions}</h2>' in page
    asked = _section(page, "questions")
    assert address in asked and coins in asked
    assert (NORTH[language] in asked) == (game == "sanma")
    assert page.count('id="questions"') == 1  # the game's text has no second one


@pytest.mark.parametrize("game", ["sanma", "classic"])
def test_the_keys_listed_are_the_keys_the_buttons_carry(client, game):
    kind = game_kind(game)
    listed = dict(
        re.findall(r"<kbd>(\w)</kbd> ([^·<]+?)(?: · |\.</li>)", _rules(client, game, "en"))
    )
    assert set(listed) == {key.upper() for key in kind.action_keys.values()}
    for move, key in kind.action_keys.items():
        assert listed[key.upper()] == str(kind.button_names[move])


def test_a_key_listed_presses_its_button_on_the_table(client, alice):
    """Sanma's Riichi: the button the rules name for I carries data-key="i"."""
    seed, log = sanma.position_with("riichi", 0)
    table = sanma.craft(Player(alice), seed, list(log), 0)
    client.force_login(alice)
    page = client.get(f"/sanma/{table.public_id}").content.decode()
    assert any(m.startswith("riichi:") for m in moves(page))
    assert re.search(r'data-action="riichi"[^>]*data-key="i"', page)
    assert "<kbd>I</kbd> Riichi" in _rules(client, "sanma", "en")


@pytest.mark.parametrize("game", ["sanma", "classic"])
def test_every_toggle_a_table_shows_is_explained(client, alice, game):
    helpers = sanma if game == "sanma" else classic
    client.force_login(alice)
    table = helpers.start(client, seed=5)
    shown = set(
        re.findall(
            r'data-toggle="([a-z_]+)"', client.get(f"/{game}/{table.public_id}").content.decode()
        )
    )
    explained = _section(_rules(client, game, "en"), "controls")
    for toggle in shown:
        assert f"<strong>{LABELS[toggle]}</strong>" in explained
    assert ("Auto-discard after riichi" in explained) == (game == "sanma")
    assert "Sounds" in explained and "Auto-pass when I cannot win" in explained
