"""Fuzzing every form and URL with junk: a 4xx with a message or a normal answer, never
a 500, and never a change to a board beyond what the rules allow."""

import urllib.parse

import pytest
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
        ]
    ),
)
FIELDS = ["position", "version", "layout", "code", "dim", "tiles", "next", "language"]
ACTIONS = ["tap", "undo", "hint", "shuffle", "pause", "resume"]


def _assert_board_follows_the_log(game: Game) -> None:
    game.refresh_from_db()
    log = list(game.log.order_by("number"))
    assert play.history(game, log)[-1] == board(game)
    assert len(log) == game.version


@given(action=st.sampled_from(ACTIONS), data=st.dictionaries(st.sampled_from(FIELDS), JUNK))
@FUZZ
def test_junk_posts_on_a_game_never_break_it(client, action, data):
    game = current_game(client)
    response = client.post(f"/game/{game.public_id}/{action}", data, **HTMX)
    assert response.status_code < 500
    _assert_board_follows_the_log(game)


@given(action=st.sampled_from(ACTIONS), data=st.dictionaries(st.sampled_from(FIELDS), JUNK))
@FUZZ
def test_posts_on_another_players_game_are_refused_and_change_nothing(
    client, bob_client, action, data
):
    bobs = current_game(bob_client)
    before = (bobs.version, bobs.selected, bobs.hints, bobs.paused_at, bobs.occupied)
    response = client.post(f"/game/{bobs.public_id}/{action}", data, **HTMX)
    assert response.status_code == 404
    bobs.refresh_from_db()
    assert (bobs.version, bobs.selected, bobs.hints, bobs.paused_at, bobs.occupied) == before


@given(
    path=st.sampled_from(["/new", "/preferences", "/replay", "/play", "/accounts/signup"]),
    data=st.dictionaries(st.sampled_from(FIELDS + ["username", "email", "password1"]), JUNK),
)
@FUZZ
def test_junk_site_posts_never_500(client, path, data):
    current_game(client)
    assert client.post(path, data).status_code < 500


@given(
    prefix=st.sampled_from(
        [
            "/play/",
            "/game/",
            "/daily/",
            "/leaderboards/",
            "/leaderboards/daily/",
            "/accounts/players/",
            "/play?code=",
        ]
    ),
    tail=JUNK,
)
@FUZZ
def test_junk_urls_never_500(client, prefix, tail):
    quoted = urllib.parse.quote(tail, safe="") if "?" not in prefix else urllib.parse.quote(tail)
    response = client.get(prefix + quoted)
    assert response.status_code < 500
