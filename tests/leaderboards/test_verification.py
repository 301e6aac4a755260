"""Only wins the server replayed from the deal count, timed by the server."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.solitaire.models import Game, Move
from games.solitaire.play import replays_to_empty
from leaderboards.models import PersonalBest
from leaderboards.solitaire import record_win, top_times
from tests.solitaire.web.helpers import current_game, free_tiles, play_pairs, post, solution

pytestmark = pytest.mark.django_db

FORGED = {
    "finished": "1",
    "status": "won",
    "verified": "1",
    "elapsed_seconds": "1",
    "elapsed": "1",
    "occupied": "0",
    "moves": "0",
}


def _play(client, game, pairs, **extra):
    return play_pairs(client, game, pairs, **extra)  # a pair a second


def test_a_win_played_through_is_verified_and_enters_the_board(alice_client, alice):
    game = current_game(alice_client)
    _play(alice_client, game, solution(game))
    assert game.status == Game.Status.WON and game.verified
    best = PersonalBest.objects.get(user=alice, layout=game.layout, no_help=False)
    assert best.game == game
    assert [entry.name for entry in top_times(game.layout).entries] == ["Alice"]


def test_a_tampered_move_log_is_rejected(alice_client, alice):
    game = current_game(alice_client)
    order = solution(game)
    _play(alice_client, game, order[:-1])
    # Rewrite the first logged removal into a pair that never matched.
    first = game.log.get(number=1)
    first.second = order[-1][0]
    first.save()
    html = _play(alice_client, game, order[-1:]).content.decode()
    assert game.status == Game.Status.WON and not game.verified
    assert not PersonalBest.objects.exists() and top_times(game.layout).entries == ()
    assert "could not be verified" in html and "personal best" not in html


def test_a_stored_deal_that_is_not_the_codes_deal_is_rejected(alice_client, alice):
    game = current_game(alice_client)
    order = solution(game)
    # A forged deal: the stored faces are not what the code deals.
    faces = list(game.initial_faces)
    a, b = order[0]
    # Two flowers match each other, so the solution still clears the forged deal; a
    # pair that already is flowers becomes seasons, so that the deal always changes.
    forged = ("S1", "S2") if faces[a].startswith("F") else ("F1", "F2")
    faces[a], faces[b] = forged
    Game.objects.filter(pk=game.pk).update(initial_faces=faces, faces=faces)
    _play(alice_client, game, order)
    assert game.status == Game.Status.WON and not game.verified
    assert not PersonalBest.objects.exists()


def test_a_forged_finish_changes_nothing(alice_client, alice):
    game = current_game(alice_client)
    first = free_tiles(game)[0]
    for action in ("tap", "undo", "hint", "pause", "resume"):
        post(alice_client, game, action, position=first, **FORGED)
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING and not game.verified
    assert game.elapsed_seconds is None and game.finished_at is None and game.moves == 0
    assert not PersonalBest.objects.exists()


def test_the_time_is_the_servers_whatever_the_posts_say(alice_client, alice):
    game = current_game(alice_client)
    Game.objects.filter(pk=game.pk).update(started_at=timezone.now() - timedelta(minutes=10))
    _play(alice_client, game, solution(game), **FORGED)
    assert game.verified and 600 <= game.elapsed_seconds < 630
    assert PersonalBest.objects.get(user=alice, no_help=False).seconds >= 600


def test_paused_time_is_left_out(alice_client, alice):
    game = current_game(alice_client)
    Game.objects.filter(pk=game.pk).update(started_at=timezone.now() - timedelta(seconds=160))
    post(alice_client, game, "pause")
    # As if the pause had lasted a minute.
    Game.objects.filter(pk=game.pk).update(paused_at=timezone.now() - timedelta(seconds=60))
    post(alice_client, game, "resume")
    _play(alice_client, game, solution(game))
    assert game.verified and 99 <= game.elapsed_seconds < 130


def test_a_game_row_whose_log_does_not_replay_never_counts(alice_client, alice):
    game = current_game(alice_client)
    a, b = solution(game)[0]
    Move.objects.create(game=game, number=1, kind=Move.Kind.REMOVE, first=a, second=b)
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.WON, occupied="0", finished_at=timezone.now(), elapsed_seconds=1
    )
    game.refresh_from_db()
    assert not replays_to_empty(game, list(game.log.all()))
    record_win(game)  # not verified: ignored
    game.verified = True  # even a row wrongly marked verified needs its server time
    game.elapsed_seconds = None
    record_win(game)
    assert not PersonalBest.objects.exists()
