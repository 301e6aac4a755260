"""Only what a player may see is served (docs/solitaire.md#what-a-player-may-see): no
future daily deal before its day, one daily game a day with one clock, no faces of a
paused game anywhere, no gentle-help pair before the help is due."""

from __future__ import annotations

import json
import re
import threading
from datetime import date, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.utils import timezone

from games.solitaire import daily, engine
from games.solitaire.models import Game, Move

from .helpers import HTMX, board, current_game, game_id_in, matching_free_pair, post, tap

pytestmark = pytest.mark.django_db

TODAY = date(2026, 2, 28)  # the server's UTC date in these tests


@pytest.fixture(autouse=True)
def server_date(monkeypatch):
    monkeypatch.setattr(daily, "utc_today", lambda: TODAY)


def _bare_export(code: str, letter: str = "b") -> SimpleUploadedFile:
    positions = [list(p) for p in engine.BUILTIN_LAYOUTS[letter].positions]
    export = {"format": "mahjong-solitaire-game/1", "code": code, "positions": positions}
    raw = json.dumps({**export, "moves": []}).encode()
    return SimpleUploadedFile("x.json", raw, content_type="application/json")


def _faces_shown(html: str) -> list[str]:
    return [face for face in re.findall(r'data-tile="([^"]*)"', html) if face]


# --- the daily puzzle: no day before its day, one game a day ---------------------------


@pytest.mark.parametrize("ahead", [2, 5, 30, 365 * 3])
def test_a_daily_puzzle_to_come_is_no_game_before_its_day(client, ahead):
    """Once: the code of any day to come (it follows from the public date function)
    opened as an ordinary game, to be practised."""
    day = TODAY + timedelta(days=ahead)
    response = client.get(f"/play/{daily.code_for(day)}")
    assert response.status_code == 403
    assert f"is the daily puzzle of {day.isoformat()}: it opens on its day" in (
        response.content.decode()
    )
    assert not Game.objects.filter(code=daily.code_for(day)).exists()


@pytest.mark.parametrize("ahead", [0, 1, 3])
def test_the_replay_shows_no_daily_deal_still_open_or_to_come(client, ahead):
    code = daily.code_for(TODAY + timedelta(days=ahead))
    response = client.post("/replay", {"export": _bare_export(code)})
    assert response.status_code == 403 and _faces_shown(response.content.decode()) == []


def test_a_past_daily_puzzle_replays_and_plays_as_any_deal(client):
    code = daily.code_for(TODAY - timedelta(days=3))
    response = client.post("/replay", {"export": _bare_export(code)})
    assert response.status_code == 200 and len(_faces_shown(response.content.decode())) == 72
    assert client.get(f"/play/{code}").status_code == 302


def _daily(client, day: date = TODAY) -> Game:
    response = client.get(f"/daily/{day}")
    assert response.status_code == 302
    return Game.objects.get(public_id=game_id_in(response["Location"]))


def test_a_new_game_and_back_to_the_daily_gives_the_same_game_on_the_same_clock(client):
    """Once: "New game", then /daily again, dealt the same deal on a fresh clock: after a
    practice run the second try counted 0:00."""
    first = _daily(client)
    a, b = matching_free_pair(first)
    tap(client, first, a)
    tap(client, first, b)
    started = Game.objects.get(pk=first.pk).started_at
    client.post("/new", {"layout": "a"})
    assert Game.objects.get(pk=first.pk).status == Game.Status.ABANDONED

    again = _daily(client)
    assert again.pk == first.pk and again.status == Game.Status.PLAYING
    assert again.started_at == started and again.version == 1
    assert Game.objects.filter(daily_date=TODAY).count() == 1


@pytest.mark.django_db(transaction=True)
def test_six_tabs_opening_the_daily_at_once_make_one_daily_game(client):
    """Once: six tabs opening /daily at the same moment created two daily games."""
    current_game(client)  # a session with a guest id, shared by the tabs
    barrier = threading.Barrier(6)
    statuses: list[int] = []

    def open_tab() -> None:
        tab = Client()
        tab.cookies = client.cookies
        try:
            barrier.wait()
            statuses.append(tab.get(f"/daily/{TODAY}").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=open_tab) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert statuses == [302] * 6
    assert Game.objects.filter(daily_date=TODAY).count() == 1


def test_a_guest_daily_game_claimed_by_an_account_with_one_of_that_day_is_no_try(client, alice):
    from django.contrib.auth import login  # noqa: F401  (the log-in below claims)

    alice_client = Client()
    alice_client.force_login(alice)
    own = _daily(alice_client)
    guest = _daily(client)  # the same day, as a guest in another browser
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": "correct-horse-battery"}
    )
    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.user == alice and guest.daily_date is None
    assert Game.objects.get(user=alice, daily_date=TODAY) == own


# --- pause hides the deal everywhere ---------------------------------------------------


@pytest.fixture
def paused(alice_client) -> Game:
    game = current_game(alice_client)
    post(alice_client, game, "pause")
    game.refresh_from_db()
    assert game.paused_at is not None
    return game


def test_a_paused_game_shows_no_face_on_its_page_or_in_an_answer(alice_client, paused):
    assert _faces_shown(alice_client.get(f"/game/{paused.public_id}").content.decode()) == []
    answer = tap(alice_client, paused, 0)  # a stale tap gets the whole (hidden) board
    assert _faces_shown(answer.content.decode()) == []


def test_the_same_code_in_another_session_of_the_player_shows_the_paused_game(alice, paused):
    other = Client()
    other.force_login(alice)
    response = other.get(f"/play/{paused.code}", follow=True)
    assert response.status_code == 200
    assert _faces_shown(response.content.decode()) == []
    assert Game.objects.filter(user=alice, code=paused.code).count() == 1


def test_the_replay_of_the_bare_code_of_a_paused_game_shows_no_face(alice_client, paused):
    """Once: the bare code uploaded to /replay showed the paused deal, to solve there."""
    response = alice_client.post("/replay", {"export": _bare_export(paused.code, "a")})
    assert response.status_code == 403
    html = response.content.decode()
    assert "deal of your paused game: resume it" in html and _faces_shown(html) == []
    post(alice_client, paused, "resume")
    response = alice_client.post("/replay", {"export": _bare_export(paused.code, "a")})
    assert response.status_code == 200 and len(_faces_shown(response.content.decode())) == 36


def test_a_paused_game_is_not_exported(alice_client, paused):
    response = alice_client.get(f"/game/{paused.public_id}/export")
    assert response.status_code == 409 and "Resume the game to export it" in (
        response.content.decode()
    )


def test_the_daily_result_hides_the_dealt_tower_while_its_replay_is_paused(alice_client, alice):
    day = TODAY - timedelta(days=1)
    won = _daily(alice_client, day)
    Game.objects.filter(pk=won.pk).update(
        status=Game.Status.WON, verified=True, occupied="0", finished_at=timezone.now(),
        elapsed_seconds=300,
    )  # fmt: skip
    assert len(_faces_shown(alice_client.get(f"/daily/{day}").content.decode())) == 72
    again = Game.objects.get(public_id=alice_client.get(f"/play/{won.code}")["Location"][6:])
    post(alice_client, again, "pause")
    assert _faces_shown(alice_client.get(f"/daily/{day}").content.decode()) == []


# --- the gentle help's pair only when due ----------------------------------------------


def _help_pair(html: str) -> str:
    return re.search(r'id="help"[^>]*data-pair="([^"]*)"', html).group(1)


def _nudge(client, game: Game) -> list[int]:
    response = client.post(f"/game/{game.public_id}/nudge")
    assert response.status_code == 200
    return response.json()["pair"]


def _quiet_for(game: Game, seconds: float) -> None:
    """As if nothing had moved on the board for ``seconds``."""
    back = timedelta(seconds=seconds)
    Game.objects.filter(pk=game.pk).update(started_at=timezone.now() - back)
    Move.objects.filter(game=game).update(created_at=timezone.now() - back)


def test_no_page_or_answer_carries_the_help_pair_before_it_is_due(client):
    """Once: the pair was on ~93 % of pages, and following it alone cleared most deals
    as "Ohne Hilfe"."""
    game = current_game(client)
    client.get(f"/game/{game.public_id}")  # the welcome, once
    assert _help_pair(client.get(f"/game/{game.public_id}").content.decode()) == ""
    for _ in range(5):
        a, b = matching_free_pair(game)
        tap(client, game, a)
        answer = tap(client, game, b).content.decode()
        assert _help_pair(answer) == ""
        assert _nudge(client, game) == []  # not due: a move just now


def test_the_first_game_gets_its_welcome_pair_with_the_page(client):
    game = current_game(client)
    pair = _help_pair(client.get(f"/game/{game.public_id}").content.decode())
    assert tuple(map(int, pair.split())) in engine.free_pairs(
        engine.geometry_for(game.positions), board(game)
    )


def test_the_help_pair_is_handed_out_once_due_and_at_most_twice_a_game(client, settings):
    assert settings.GENTLE_HELP_SECONDS == 20
    game = current_game(client)
    _quiet_for(game, 19)
    assert _nudge(client, game) == []
    for _ in range(2):
        _quiet_for(game, 21)
        pair = _nudge(client, game)
        geometry = engine.geometry_for(game.positions)
        assert tuple(pair) in engine.free_pairs(geometry, board(Game.objects.get(pk=game.pk)))
    _quiet_for(game, 60)
    assert _nudge(client, game) == []  # twice a game is all
    game.refresh_from_db()
    assert game.hints == 0 and game.nudges == 2


def test_no_help_pair_for_a_paused_game_or_a_stranger(client, bob_client):
    game = current_game(client)
    _quiet_for(game, 30)
    post(client, game, "pause")
    assert _nudge(client, game) == []
    assert bob_client.post(f"/game/{game.public_id}/nudge", **HTMX).status_code == 404
