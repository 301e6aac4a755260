"""Fuzzing every form and URL with junk: a 4xx with a message or a normal answer, never
a 500, and never a change to a board beyond what the rules allow."""

import json
import urllib.parse
from collections import Counter
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.solitaire import play
from games.solitaire.models import Game
from tests.solitaire.web.helpers import HTMX, board, current_game

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
JUNK = st.one_of(
    st.text(max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            "35",
            "144",
            "1e9",
            "NaN",
            "0x10",
            " 1",
            "１",
            "a" * 3000,
            "../../etc/passwd",
            "<script>",
            "null",
            "[]",
            "on",
            "off",
            "c",
            "\x00",
            "a\x00",
            "u" * 300,
        ]
    ),
)
FIELDS = ["position", "version", "layout", "code", "dim", "style", "day", "offset", "next"]
FIELDS += ["language"]
ACTIONS = ["tap", "undo", "hint", "shuffle", "pause", "resume", "nudge"]
ACCOUNT_FIELDS = ["display_name", "email", "language", "next", "old_password"]
ACCOUNT_FIELDS += ["new_password1", "new_password2", "username"]
# Junk, and now and then a value the account's forms take.
ACCOUNT_VALUES = st.one_of(
    JUNK,
    st.sampled_from(["correct-horse-battery", "lantern-orchid-49", "de", "en", "/", "Alice"]),
    st.sampled_from(["alice@example.com", "new@example.com", "/accounts/profile"]),
)

# What the answers were, for the report of a run (pytest -s shows it).
STATUSES: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    if STATUSES:
        print("\nsite fuzz answers:", dict(sorted(STATUSES.items())))


def _answered(response) -> int:
    STATUSES[response.status_code] += 1
    return response.status_code


def _assert_board_follows_the_log(game: Game) -> None:
    game.refresh_from_db()
    log = list(game.log.order_by("number"))
    assert play.history(game, log)[-1] == board(game)
    assert len(log) == game.version


@pytest.mark.slow
@given(action=st.sampled_from(ACTIONS), data=st.dictionaries(st.sampled_from(FIELDS), JUNK))
@FUZZ
def test_junk_posts_on_a_game_never_break_it(client, action, data):
    game = current_game(client)
    response = client.post(f"/game/{game.public_id}/{action}", data, **HTMX)
    assert _answered(response) < 500
    _assert_board_follows_the_log(game)


@pytest.mark.slow
@given(action=st.sampled_from(ACTIONS), data=st.dictionaries(st.sampled_from(FIELDS), JUNK))
@FUZZ
def test_posts_on_another_players_game_are_refused_and_change_nothing(
    client, bob_client, action, data
):
    bobs = current_game(bob_client)
    before = (bobs.version, bobs.selected, bobs.hints, bobs.paused_at, bobs.occupied)
    response = client.post(f"/game/{bobs.public_id}/{action}", data, **HTMX)
    assert _answered(response) == 404
    bobs.refresh_from_db()
    assert (bobs.version, bobs.selected, bobs.hints, bobs.paused_at, bobs.occupied) == before


@given(
    path=st.sampled_from(
        [
            "/new",
            "/preferences",
            "/replay",
            "/play",
            "/accounts/signup",
            "/accounts/login/",
            "/accounts/password_reset/",
            "/accounts/styles/wear",
        ]
    ),
    data=st.dictionaries(
        st.sampled_from(FIELDS + ["username", "email", "password", "password1", "display_name"]),
        JUNK,
    ),
)
@FUZZ
def test_junk_site_posts_never_500(client, path, data):
    current_game(client)
    assert _answered(client.post(path, data)) < 500


@given(
    path=st.sampled_from(
        ["/accounts/coins/check-in", "/accounts/styles/buy", "/accounts/styles/wear"]
    ),
    data=st.dictionaries(st.sampled_from(FIELDS), JUNK),
)
@FUZZ
def test_junk_coin_posts_never_500_nor_move_a_coin(alice_client, alice, path, data):
    from accounts.models import CoinEntry

    response = alice_client.post(path, data)
    assert _answered(response) < 500
    # Without coins nothing is bought, whatever the post says.
    assert not CoinEntry.objects.filter(user=alice, reason="purchase").exists()


@given(
    prefix=st.sampled_from(
        [
            "/play/",
            "/game/",
            "/daily/",
            "/leaderboards/",
            "/leaderboards/daily/",
            "/accounts/players/",
            "/accounts/confirm/MQ/",
            "/accounts/confirm/",
            "/play?code=",
        ]
    ),
    tail=JUNK,
)
@FUZZ
def test_junk_urls_never_500(client, prefix, tail):
    quoted = urllib.parse.quote(tail, safe="") if "?" not in prefix else urllib.parse.quote(tail)
    response = client.get(prefix + quoted)
    assert _answered(response) < 500


@given(
    path=st.sampled_from(["/accounts/profile", "/language", "/accounts/password_change/"]),
    method=st.sampled_from(["get", "post", "post"]),
    data=st.dictionaries(st.sampled_from(ACCOUNT_FIELDS), ACCOUNT_VALUES, max_size=5),
    logged_in=st.booleans(),
    htmx=st.booleans(),
)
@settings(FUZZ, max_examples=40)
def test_junk_account_posts_and_the_language_switch_never_500(
    client, alice, path, method, data, logged_in, htmx
):
    """The profile, the language switch and the password change, logged in or not."""
    if logged_in:
        alice.refresh_from_db()  # an example before may have changed her password
        client.force_login(alice)
    else:
        client.logout()
    response = getattr(client, method)(path, data, **(HTMX if htmx else {}))
    assert _answered(response) < 500
    # And the site still answers this visitor, in whichever language it now has.
    assert _answered(client.get("/sanma/")) == 200


# The inputs that once gave a 500, each on its own.


def test_a_nul_byte_as_the_layout_of_a_new_game_is_refused(client):
    response = client.post("/new", {"layout": "a\x00"})
    assert response.status_code == 400
    assert "Please choose one of the layouts offered." in response.content.decode()


def test_a_log_in_with_a_username_longer_than_the_lockout_table_holds_is_a_form_error(client):
    for _ in range(2):  # the second attempt looks the failed first one up
        response = client.post("/accounts/login/", {"username": "u" * 300, "password": "x"})
        assert response.status_code == 200
        assert "Ensure this value has at most 150 characters" in response.content.decode()


@pytest.mark.parametrize("target", ["0", "home", "javascript:alert(1)", "//evil.example/"])
def test_a_sign_up_or_coin_post_to_go_on_to_a_bare_word_goes_home_instead(client, target):
    """``redirect`` takes a bare word for the name of a page, and none named "0" exists."""
    form = {"username": "gus", "password1": "lantern-orchid-49", "password2": "lantern-orchid-49"}
    response = client.post("/accounts/signup", {**form, "next": target})
    assert response.status_code == 302 and response["Location"] == "/"
    response = client.post("/accounts/coins/check-in", {"next": target})
    assert response.status_code == 302 and response["Location"] == "/accounts/coins"


@pytest.mark.parametrize("cookie", ["abc\x00def" * 4, "\x00" * 32, "x" * 5000, "é" * 40])
def test_a_session_cookie_of_junk_is_a_fresh_session(client, cookie):
    client.cookies["sessionid"] = cookie
    response = client.get("/", follow=True)
    assert response.status_code == 200
    assert client.cookies["sessionid"].value != cookie


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=30,
)


@given(
    code=st.one_of(JSON, st.sampled_from(["1-a", "1-b", "99999999-c", "1-z"])),
    positions=st.one_of(
        JSON,
        st.lists(st.lists(st.integers(-2, 400), min_size=3, max_size=3), max_size=200),
    ),
    moves=JSON,
)
@FUZZ
def test_junk_exports_never_500(client, code, positions, moves):
    export = {"format": "mahjong-solitaire-game/1", "code": code, "positions": positions}
    raw = json.dumps({**export, "moves": moves}).encode()
    upload = SimpleUploadedFile("x.json", raw, content_type="application/json")
    assert _answered(client.post("/replay", {"export": upload})) < 500


def test_the_other_hostile_inputs_once_found_get_a_clear_answer(client, alice):
    """The rest of the review's inputs, each answered with a 4xx or a form, never a 500:
    an upload of 88,000 positions, a sign-up with a taken user name (a 500 once), with
    a taken e-mail, with a look-alike display name, and a future day's code."""
    from games.solitaire import daily

    from .test_limits import hostile_export

    upload = SimpleUploadedFile("x.json", hostile_export(), content_type="application/json")
    assert client.post("/replay", {"export": upload}).status_code == 400
    form = {
        "username": "ALICE",
        "display_name": "Somebody",
        "email": "s@example.com",
        "password1": "lantern-orchid-49",
        "password2": "lantern-orchid-49",
    }
    assert client.post("/accounts/signup", form).status_code == 200
    form |= {"username": "other", "display_name": "\u0410lice"}
    assert client.post("/accounts/signup", form).status_code == 200
    form |= {"display_name": "Other", "email": "alice@example.com"}
    assert client.post("/accounts/signup", form).status_code == 302
    future = daily.code_for(daily.utc_today() + timedelta(days=9))
    assert client.get(f"/play/{future}").status_code == 403
