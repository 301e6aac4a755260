"""What the pages say, in English and German: codes as people type them, real plurals,
the "Ohne Hilfe" stamp explained, the numbers style's labels, the language switch, names
ending in a full stop, the how-to-play page and a browser that keeps no cookies
(docs/solitaire.md#languages, docs/solitaire.md#how-to-play)."""

import re

import pytest
from django.test import Client

from games.solitaire import how_to_play as rules
from games.solitaire.models import Game, Layout
from tests.factories import craft_game, finished_game

from .helpers import current_game, game_id_in, post, solution, tap

pytestmark = pytest.mark.django_db

ROW_OF_FOUR = [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)]


def _speaking(client, language: str):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    return client


# --- codes ------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["42135642-A", " 42135642-a ", "42135642 - A", "\t42135642-A\n"])
def test_a_typed_code_is_read_whatever_its_case_and_stray_spaces(client, typed):
    response = client.get("/play", {"code": typed})
    assert response.status_code == 302 and response["Location"] == "/play/42135642-a"
    opened = client.get(response["Location"])
    game = Game.objects.get(public_id=game_id_in(opened["Location"]))
    assert game.code == "42135642-a"


def test_a_linked_code_in_capitals_opens_the_same_deal(client):
    first = client.get("/play/42135642-A")
    again = client.get("/play/42135642-a")
    assert game_id_in(first["Location"]) == game_id_in(again["Location"])


def test_the_two_fields_of_the_menu_have_labels_of_their_own(client):
    game = current_game(client)
    html = client.get(f"/game/{game.public_id}").content.decode()
    labels = re.findall(r'<label for="([^"]+)">([^<]+)</label>', html)
    texts = [text for _, text in labels]
    assert "Game link" in texts and "Game code to open" in texts
    assert len(texts) == len(set(texts))
    for field_id, _ in labels:
        assert html.count(f'id="{field_id}"') == 1


# --- counts and plurals -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "tiles", "pairs"),
    [("en", "4 tiles", "1 pair free"), ("de", "4 Steine", "1 Paar frei")],
)
def test_the_top_bar_counts_tiles_left_and_pairs_free_now(
    alice_client, alice, language, tiles, pairs
):
    game = craft_game(alice, ROW_OF_FOUR, ["1B", "2B", "2B", "1B"])
    html = _speaking(alice_client, language).get(f"/game/{game.public_id}").content.decode()
    topbar = html[html.index('id="topbar"') : html.index('id="menu"')]
    assert tiles in topbar and pairs in topbar
    answer = tap(alice_client, game, 0)
    answer = tap(alice_client, game, 3).content.decode()  # the pair of ones goes
    assert ("2 tiles" if language == "en" else "2 Steine") in answer
    assert ("1 pair free" if language == "en" else "1 Paar frei") in answer


def test_the_hint_counter_moves_with_the_hint_itself(client):
    game = current_game(client)
    answer = post(client, game, "hint").content.decode()
    topbar = answer[answer.index('id="topbar"') :]
    assert re.search(r'class="hints"[^>]*>.*?Hints:</span> 1</span>', topbar)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["1 hint, 1 undo, 1 shuffle", "2 hints, 0 undos, 3 shuffles"]),
        ("de", ["1 Tipp, 1 Rücknahme, 1 Mischung", "2 Tipps, 0 Rücknahmen, 3 Mischungen"]),
    ],
)
def test_the_history_counts_help_with_real_plurals(alice_client, alice, language, words):
    finished_game(alice, 80, hints=1, undos=1, shuffles=1)
    finished_game(alice, 90, minute=5, hints=2, undos=0, shuffles=3)
    html = _speaking(alice_client, language).get("/accounts/stats").content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))
    for phrase in words:
        assert phrase in text
    assert "1 hints" not in text and "1 Tipps" not in text


# --- words of the stamp, the tiles, the switch, a name ---------------------------------


def test_the_stamp_explains_itself_on_the_english_page_only(client):
    game = current_game(client)
    for a, b in solution(game):
        tap(client, game, a)
        html = tap(client, game, b).content.decode()
    assert 'class="stamp" lang="de">Ohne Hilfe' in html
    assert "German for “without help”: no hint, undo or shuffle." in html
    german = _speaking(client, "de").get(f"/game/{game.public_id}").content.decode()
    assert "Ohne Hilfe" in german and "German for" not in german and "„Ohne Hilfe“:" not in german


@pytest.mark.parametrize(
    ("language", "labels"),
    [
        ("en", {"5C": "5C", "5D": "5D", "E": "E", "Wh": "Wht", "F2": "✿2"}),
        ("de", {"5C": "5Z", "5D": "5K", "E": "O", "Wh": "Weiß", "F2": "✿2"}),
        ("fi", {"5C": "5C", "5D": "5D", "E": "E", "Wh": "Valk", "F2": "✿2"}),
        ("da", {"5C": "5T", "5D": "5C", "E": "Ø", "Wh": "Hvid", "F2": "✿2"}),
    ],
)
def test_the_numbers_style_labels_tiles_in_the_pages_language(
    alice_client, alice, language, labels
):
    codes = list(labels)
    positions = [(2 * i, 0, 0) for i in range(len(codes) + 1)]
    game = craft_game(alice, positions, [*codes, "S1"])
    alice_client.post("/accounts/styles/wear", {"style": "numbers"})  # docs/site.md#styles
    html = _speaking(alice_client, language).get(f"/game/{game.public_id}").content.decode()
    for index, code in enumerate(codes):
        tile = re.search(rf'<button id="tile-{index}".*?</button>', html).group(0)
        assert re.search(rf"<b[^>]*>{re.escape(labels[code])}</b>", tile), tile
    assert ">Wh<" not in html and ">F2<" not in html


def test_the_language_switch_names_each_language_in_itself(client):
    for language in ("en", "de"):
        game = current_game(_speaking(client, language))
        html = client.get(f"/game/{game.public_id}").content.decode()
        assert '<option value="en" lang="en"' in html and ">English</option>" in html
        assert '<option value="de" lang="de"' in html and ">Deutsch</option>" in html


def test_a_display_name_ending_in_a_full_stop_is_shown_as_it_is(client, django_user_model):
    ben = django_user_model.objects.create_user(
        "ben", "ben@example.com", "pw", display_name="Ben M."
    )
    client.force_login(ben)
    text = re.sub(r"<[^>]+>", "", client.get("/accounts/stats").content.decode())
    assert "Ben M." in text and "Ben M.." not in text


def test_the_game_page_has_a_heading_and_a_clock_without_a_label_on_time(client):
    game = current_game(client)
    html = client.get(f"/game/{game.public_id}").content.decode()
    assert re.search(r'<h1 class="layout-name"><a href="/layouts"[^>]*>Pavilion</a></h1>', html)
    clock = re.search(r'<time id="clock"[^>]*>', html).group(0)
    assert "aria-label" not in clock and 'datetime="PT' in clock


# --- how to play ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "title", "words"),
    [
        (
            "en",
            "How to play Mahjong Solitaire",
            ["any flower matches any flower", "Beginners' mistakes", "Tips", "daily puzzle"],
        ),
        (
            "de",
            "So wird Mahjong Solitär gespielt",
            ["jede Blume passt zu jeder Blume", "Typische Anfängerfehler", "Tipps", "Tagesrätsel"],
        ),
    ],
)
def test_the_how_to_play_page_speaks_the_pages_language(client, language, title, words):
    html = _speaking(client, language).get("/how-to-play").content.decode()
    assert f"<h1>{title}</h1>" in html and f'lang="{language}"' in html
    for phrase in words:
        assert phrase in html
    for anchor in (
        "free",
        "matching",
        "layouts",
        "stuck",
        "ohne-hilfe",
        "daily",
        "keyboard",
        "tips",
        "mistakes",
    ):
        assert f'id="{anchor}"' in html
    shown = html.count('class="layout-picture"') + html.count('class="layout-picture is-wide"')
    assert shown == Layout.objects.active().count() >= 3
    assert ("(36 tiles)" if language == "en" else "(36 Steine)") in html


def test_every_picture_of_the_free_rule_shows_what_the_engine_says():
    drawn = rules.pictures()
    assert set(drawn) == {example.name for example in rules.EXAMPLES}
    for example in rules.EXAMPLES:
        assert drawn[example.name]["marked_free"] is example.free, example.name


def test_the_pictures_on_the_page_carry_the_engines_verdicts(client):
    html = client.get("/how-to-play").content.decode()
    verdicts = re.findall(r'class="rule-picture verdict-(free|blocked)" data-free="([01])"', html)
    assert [v == "free" for v, _ in verdicts] == [example.free for example in rules.EXAMPLES]


def test_the_game_and_its_menu_link_to_how_to_play(client):
    game = current_game(client)
    html = client.get(f"/game/{game.public_id}").content.decode()
    menu = html[html.index('id="menu"') : html.index('id="board"')]
    assert 'href="/how-to-play"' in menu
    rest = html[html.index('id="actions"') :]
    assert 'href="/how-to-play"' in rest


# --- a browser without cookies -----------------------------------------------------------


def test_a_browser_without_cookies_is_told_why_instead_of_not_found():
    dealer = Client()
    response = dealer.get("/")
    assert response.status_code == 302 and "?dealt=" in response["Location"]
    cookieless = Client()  # sends back no cookie, as such a browser does
    page = cookieless.get(response["Location"])
    assert page.status_code == 403
    assert "allow cookies" in page.content.decode()


def test_a_stranger_following_a_plain_game_link_still_gets_not_found():
    dealer = Client()
    location = dealer.get("/")["Location"]
    plain = location.split("?")[0]
    assert Client().get(plain).status_code == 404
    assert Client().get(plain + "?dealt=forged:mark").status_code == 404
    assert dealer.get(location).status_code == 200  # the owner, with the cookie, plays


def test_a_browser_with_its_cookie_gets_plain_links():
    client = Client()
    client.get("/")
    assert "?dealt=" not in client.get("/")["Location"]
