"""Every page in every language (docs/site.md#languages): the German, Finnish and Danish
pages show no English interface words, `<html lang>` is the page's language, the
switch names each language in itself and is remembered for guests and accounts, dates
and numbers follow the language, and the engine's refusals reach the player translated."""

from __future__ import annotations

import re
import uuid
from html.parser import HTMLParser

import pytest
from django.test import Client, RequestFactory
from django.utils import translation

from config.celery import app
from config.errors import server_error
from games.solitaire.models import Game
from tests.factories import finished_game
from tests.sanma.web.helpers import start as start_sanma
from tests.solitaire.web.helpers import current_game, play_through

pytestmark = pytest.mark.django_db

LANGUAGES = ("de", "fi", "da")

# Words of the English interface, as whole words. A word the other language writes the
# same way is exempt there (Danish says "Hint", "Menu", "Log ind" and "Start" too).
ENGLISH_WORDS = [
    "the",
    "and",
    "of",
    "with",
    "your",
    "you",
    "You",
    "Your",
    "is",
    "are",
    "not",
    "this",
    "This",
    "game",
    "Game",
    "games",
    "Games",
    "tile",
    "tiles",
    "Tiles",
    "free",
    "Free",
    "blocked",
    "Blocked",
    "Undo",
    "Redo",
    "Hint",
    "Hints",
    "Shuffle",
    "Restart",
    "Resume",
    "New",
    "Play",
    "Daily",
    "puzzle",
    "Leaderboard",
    "Leaderboards",
    "Log",
    "Sign",
    "Stats",
    "Profile",
    "Password",
    "password",
    "Language",
    "Switch",
    "Share",
    "Replay",
    "Close",
    "Back",
    "Forward",
    "Rules",
    "Points",
    "Score",
    "Dealer",
    "Round",
    "Wall",
    "Next",
    "Open",
    "Save",
    "Time",
    "Date",
    "Player",
    "Place",
    "Menu",
    "Look",
    "Styles",
    "Coins",
    "coins",
    "Link",
    "Copy",
    "Streak",
    "Best",
    "Average",
    "Won",
    "pair",
    "pairs",
    "Move",
    "moves",
    "Start",
    "Join",
    "Room",
    "Beginner",
    "Expert",
    "Master",
    "How",
    "What",
    "Why",
    "When",
    "Which",
    "Only",
    "Please",
    "Cleared",
    "Board",
    "Pause",
    "Solitaire",
    "Something",
    "wrong",
    "moment",
    "large",
    "Keyboard",
    "shortcuts",
    "Deal",
    "Hand",
    "Seat",
    "left",
    "right",
    "Guest",
    "Welcome",
    "Forgot",
    "Reset",
    "Change",
]
SAME_WORD = {
    "de": {"Start", "Link", "Pause", "Hand", "Master", "Solitaire", "Styles"},
    "fi": set(),
    "da": {"Hint", "Hints", "Menu", "Pause", "Start", "Link", "Log"},
}
# Text that is no interface: attributes a reader never meets, and elements that say
# which language they are in (the switch's options, "Ohne Hilfe").
SPOKEN_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")


class VisibleText(HTMLParser):
    """The text a reader meets, with the lang of each piece."""

    VOID = {"br", "img", "input", "meta", "link", "hr", "source", "use", "col", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None, bool]] = []
        self.pieces: list[tuple[str | None, str]] = []
        self.html_lang: str | None = None

    def _lang(self) -> str | None:
        for _tag, lang, _hidden in reversed(self.stack):
            if lang:
                return lang
        return self.html_lang

    def _hidden(self) -> bool:
        return any(hidden for _tag, _lang, hidden in self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.html_lang = attrs.get("lang")
            return
        hidden = tag in {"script", "style", "template", "head"}
        lang = attrs.get("lang")
        if tag not in self.VOID:
            self.stack.append((tag, lang, hidden))
        if self._hidden():
            return
        here = lang or self._lang()
        for name in SPOKEN_ATTRIBUTES:
            if attrs.get(name):
                self.pieces.append((here, attrs[name]))
        if tag == "input" and attrs.get("type") in {"submit", "button"} and attrs.get("value"):
            self.pieces.append((here, attrs["value"]))

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        if data.strip() and not self._hidden():
            self.pieces.append((self._lang(), data))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.handle_endtag(tag)


def read(html: str) -> VisibleText:
    parser = VisibleText()
    parser.feed(html)
    return parser


def english_words_on(html: str, language: str) -> list[str]:
    page = read(html)
    found = []
    words = set(ENGLISH_WORDS) - SAME_WORD[language]
    for lang, text in page.pieces:
        if lang != page.html_lang:
            continue  # says itself which language it is in
        for word in re.findall(r"[^\W\d_]+", text):
            if word in words:
                found.append(f"{word!r} in {text.strip()[:80]!r}")
    return found


def speaking(client: Client, language: str) -> Client:
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    return client


def guest_pages(client: Client) -> list[str]:
    """The pages a guest meets, by address: the game, the daily puzzle, layouts and
    boards, the accounts' forms, Sanma's start, rules, steps and a table."""
    game = current_game(client)
    table = start_sanma(client)
    return [
        f"/game/{game.public_id}",
        "/daily",
        "/how-to-play",
        "/replay",
        "/leaderboards/",
        "/leaderboards/a",
        "/leaderboards/daily",
        "/leaderboards/sanma",
        "/accounts/login/",
        "/accounts/signup",
        "/accounts/password_reset/",
        "/accounts/styles",
        "/sanma/",
        "/sanma/rules",
        "/sanma/rules/steps",
        f"/sanma/{table.public_id}",
        f"/sanma/{table.public_id}/replay",
        f"/sanma/{table.public_id}/sheet",
        "/play/12-34",
        f"/game/{uuid.uuid4()}",
    ]


def account_pages(client: Client, user) -> list[str]:
    won = current_game(client)
    play_through(client, won)
    won.refresh_from_db()
    return [
        "/accounts/stats",
        "/accounts/profile",
        "/accounts/coins",
        f"/accounts/players/{user.pk}",
        "/accounts/password_change/",
        f"/game/{won.public_id}",
        f"/game/{won.public_id}/replay",
        f"/leaderboards/{won.layout.letter}",
    ]


def fetch(client: Client, path: str) -> tuple[int, str]:
    response = client.get(path, follow=True)
    assert response.status_code < 500, (path, response.status_code)
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_words_on_a_guests_pages(client, language):
    speaking(client, language)
    found = {}
    for path in guest_pages(client):
        _status, html = fetch(client, path)
        assert read(html).html_lang == language, path
        found[path] = english_words_on(html, language)
    assert {path: words for path, words in found.items() if words} == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_words_on_an_accounts_pages(alice_client, alice, language):
    speaking(alice_client, language)
    found = {}
    for path in account_pages(alice_client, alice):
        _status, html = fetch(alice_client, path)
        assert read(html).html_lang == language, path
        found[path] = english_words_on(html, language)
    assert {path: words for path, words in found.items() if words} == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_won_game_says_so_in_the_language(client, language):
    speaking(client, language)
    game = current_game(client)
    answer = play_through(client, game).content.decode()
    assert english_words_on(answer, language) == []
    assert Game.objects.get(pk=game.pk).status == Game.Status.WON


def test_the_english_pages_are_english(client):
    speaking(client, "en")
    for path in guest_pages(client)[:4]:
        _status, html = fetch(client, path)
        assert read(html).html_lang == "en"
    # The word list does catch English: the English game page is full of it.
    assert len(english_words_on(fetch(client, guest_pages(client)[0])[1], "fi")) > 10


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_the_error_pages_speak_the_language(language):
    request = RequestFactory().get("/")
    with translation.override(language):
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            html = server_error(request).content.decode()
    assert read(html).html_lang == language
    if language != "en":
        assert english_words_on(html, language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_oversized_post_is_refused_in_the_language(client, language):
    response = client.post(
        "/replay",
        data=b"x",
        content_type="text/plain",
        CONTENT_LENGTH="2000000",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    html = response.content.decode()
    assert response.status_code == 413 and read(html).html_lang == language
    assert english_words_on(html, language) == []


# --- the switch --------------------------------------------------------------------------


def test_the_switch_names_each_language_in_itself_on_every_page(client):
    html = fetch(speaking(client, "fi"), "/leaderboards/")[1]
    footer = html[html.index('class="site-footer"') :]
    for code, name in (("en", "English"), ("de", "Deutsch"), ("fi", "Suomi"), ("da", "Dansk")):
        assert f'<option value="{code}" lang="{code}"' in footer and f">{name}</option>" in footer
    assert re.search(r'<option value="fi" lang="fi" selected>', footer)
    assert 'name="csrfmiddlewaretoken"' in footer


def test_a_guests_choice_is_kept_in_a_cookie():
    client = Client(enforce_csrf_checks=True)
    speaking(client, "de")
    page = client.get("/leaderboards/", follow=True)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())[1]
    answer = client.post(
        "/language", {"language": "da", "next": "/leaderboards/", "csrfmiddlewaretoken": token}
    )
    assert answer.status_code == 302 and answer["Location"] == "/leaderboards/"
    cookie = client.cookies["django_language"]
    assert cookie.value == "da" and int(cookie["max-age"]) >= 60 * 60 * 24 * 300
    assert read(client.get("/leaderboards/", follow=True).content.decode()).html_lang == "da"


def test_the_switch_refuses_a_post_without_its_token():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/language", {"language": "da"}).status_code == 403


def test_an_accounts_choice_follows_it_to_another_browser(alice_client, alice):
    speaking(alice_client, "en").post("/language", {"language": "fi", "next": "/"})
    alice.refresh_from_db()
    assert alice.language == "fi"
    elsewhere = speaking(Client(), "de")
    elsewhere.force_login(alice)
    assert read(elsewhere.get("/accounts/stats").content.decode()).html_lang == "fi"


def test_an_unknown_language_changes_nothing(alice_client, alice):
    response = alice_client.post("/language", {"language": "xx", "next": "/"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.language == ""
    assert alice_client.get("/language").status_code == 405


# --- dates, numbers and the engine's words -------------------------------------------------


@pytest.mark.parametrize(
    ("language", "date_pattern"),
    [
        ("en", r"\d\d/\d\d/\d{4}"),
        ("de", r"\d\d\.\d\d\.\d{4}"),
        ("fi", r"\d{1,2}\.\d{1,2}\.\d{4}"),
        ("da", r"\d\d\.\d\d\.\d{4}"),
    ],
)
def test_dates_follow_the_language(alice_client, alice, language, date_pattern):
    finished_game(alice, 95)
    html = speaking(alice_client, language).get("/accounts/stats").content.decode()
    history = html[html.index("<table") :]
    assert re.search(date_pattern, history), history[:600]


@pytest.mark.parametrize(
    ("language", "score"),
    [("en", "35,000"), ("de", "35.000"), ("fi", "35\xa0000"), ("da", "35.000")],
)
def test_scores_follow_the_language(client, language, score):
    table = start_sanma(speaking(client, language))
    html = client.get(f"/sanma/{table.public_id}").content.decode()
    assert score in html


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "is not a game code"),
        ("de", "ist kein Spielcode"),
        ("fi", "ei ole pelikoodi"),
        ("da", "er ikke en spilkode"),
    ],
)
def test_a_bad_code_is_refused_in_the_language(client, language, words):
    response = speaking(client, language).get("/play", {"code": "xyz"})
    assert response.status_code == 400 and words in response.content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "The moves do not follow the rules: the tile at position"),
        ("de", "Die Züge folgen nicht den Regeln: der Stein an Position"),
        ("fi", "Siirrot eivät noudata sääntöjä: paikan"),
        ("da", "Trækkene følger ikke reglerne: brikken på position"),
    ],
)
def test_a_forged_export_is_refused_in_the_language(alice_client, alice, language, words):
    import json

    from games.solitaire.exports import export_game

    game = current_game(alice_client)
    play_through(alice_client, game)
    game.refresh_from_db()
    exported = export_game(game)
    blocked = next(i for i in range(len(game.positions)) if not _free_at_start(game, i))
    free = next(i for i in range(len(game.positions)) if _free_at_start(game, i))
    exported["moves"] = [{"kind": "remove", "tiles": [blocked, free]}]
    upload = _upload(json.dumps(exported))
    response = speaking(alice_client, language).post("/replay", {"export": upload})
    assert response.status_code == 400
    assert words in response.content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", "Die Positionen in der Datei sind kein gültiges Layout: Position"),
        ("fi", "Tiedoston paikat eivät ole kelvollinen asettelu: paikka"),
        ("da", "Positionerne i filen er ikke et gyldigt layout: positionen"),
    ],
)
def test_a_bad_layout_in_an_export_is_refused_in_the_language(
    alice_client, alice, language, words
):
    import json

    from games.solitaire.exports import export_game

    game = current_game(alice_client)
    play_through(alice_client, game)
    game.refresh_from_db()
    exported = export_game(game)
    exported["positions"] = [[0, 0, 0], [0, 0, 0]]
    response = speaking(alice_client, language).post(
        "/replay", {"export": _upload(json.dumps(exported))}
    )
    assert response.status_code == 400 and words in response.content.decode()


def _free_at_start(game: Game, index: int) -> bool:
    from games.solitaire import engine

    geometry = engine.geometry_for(game.positions)
    return geometry.is_free(index, geometry.full_mask)


def _upload(text: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("game.json", text.encode(), content_type="application/json")


@pytest.fixture
def mail_in_process():
    """The mail task runs in-process, as under make run."""
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.mark.usefixtures("mail_in_process")
@pytest.mark.parametrize(
    ("language", "subject", "words"),
    [
        ("fi", "Uusi Mahjong-salasanasi", "Käyttäjänimesi, jos unohdit sen:"),
        ("da", "Din nye adgangskode til Mahjong", "Dit brugernavn, hvis du har glemt det:"),
    ],
)
def test_the_reset_mail_speaks_the_language_it_was_asked_in(
    client, alice, mailoutbox, language, subject, words
):
    response = speaking(client, language).post(
        "/accounts/password_reset/", {"email": "alice@example.com"}
    )
    assert response.status_code == 302
    (sent,) = mailoutbox
    assert sent.subject == subject and words in sent.body
