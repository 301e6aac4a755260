"""A deal open elsewhere (docs/site.md#a-deal-open-elsewhere): a paused game ranks only
if nobody else had its deal open while it ran, since the same code opened in a second
browser as a guest showed the deal to study while the clock stood still. Codes stay
shareable: whoever opens one plays it, and a game never paused ranks however many
others open its code."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import translation

from games.solitaire import pace
from games.solitaire.exports import FORMAT
from games.solitaire.models import Game
from leaderboards.solitaire import top_times
from tests.factories import layout
from tests.solitaire.web.helpers import current_game, game_id_in, play_through, post

pytestmark = pytest.mark.django_db

NOT_RANKED = "Not ranked: this game was paused, and while it ran its deal was open elsewhere"


def _names(board) -> list[str]:
    return [entry.name for entry in board.entries]


def _open_as_guest(code: str) -> tuple[Client, Game]:
    """A second browser, logged in as nobody, opens the code: the deal, face up."""
    guest = Client()
    response = guest.get(f"/play/{code}")
    assert response.status_code == 302
    page = guest.get(response["Location"])
    assert page.status_code == 200 and re.search(r'data-tile="[A-Z0-9]+"', page.content.decode())
    return guest, Game.objects.get(public_id=game_id_in(response["Location"]))


def _pause_and_resume(client, game: Game, meanwhile=lambda: None) -> None:
    assert post(client, game, "pause").status_code == 200
    meanwhile()
    assert post(client, game, "resume").status_code == 200


def test_a_paused_game_whose_code_a_guest_opened_meanwhile_does_not_rank(alice_client, alice):
    """Once: Alice paused, opened her code in a private window, studied the deal there
    with her clock stopped, resumed and took the board's first place."""
    game = current_game(alice_client)
    _pause_and_resume(alice_client, game, lambda: _open_as_guest(game.code))
    answer = play_through(alice_client, game)
    assert game.status == Game.Status.WON and game.verified
    assert game.implausible == pace.Implausible.SEEN_ELSEWHERE and not game.is_ranked
    assert NOT_RANKED in answer.content.decode()
    for language, words in [
        ("de", "Nicht gewertet: Dieses Spiel war pausiert"),
        ("fi", "Ei rankattu: tämä peli oli tauolla"),
        ("da", "Ikke rangeret: dette spil var sat på pause"),
    ]:
        with translation.override(language):
            assert pace.explain(game).startswith(words)
    assert _names(top_times(layout("a"))) == []
    own = alice_client.get("/accounts/stats").content.decode()
    assert 'data-figure="won">1<' in own and "not ranked" in own


def test_the_guest_who_opened_the_code_plays_it_and_ranks(alice_client):
    """The code stays shareable: the one who opened it plays from the deal on a clock of
    their own, and their game was never paused."""
    game = current_game(alice_client)
    guest_game = {}

    def open_it():
        guest_game["client"], guest_game["game"] = _open_as_guest(game.code)

    _pause_and_resume(alice_client, game, open_it)
    theirs = guest_game["game"]
    play_through(guest_game["client"], theirs)
    assert theirs.status == Game.Status.WON and theirs.implausible == "" and theirs.is_ranked


def test_a_game_never_paused_ranks_however_many_open_its_code(alice_client, bob_client):
    game = current_game(alice_client)
    _open_as_guest(game.code)
    bobs = Game.objects.get(public_id=game_id_in(bob_client.get(f"/play/{game.code}")["Location"]))
    play_through(bob_client, bobs)
    play_through(alice_client, game)
    assert game.implausible == "" and game.is_ranked
    assert bobs.implausible == "" and bobs.is_ranked
    assert sorted(_names(top_times(layout("a")))) == ["Alice", "Bob"]


def test_a_paused_game_nobody_else_opened_ranks(alice_client, alice):
    game = current_game(alice_client)
    _pause_and_resume(alice_client, game)
    alice_client.get(f"/play/{game.code}")  # her own game again: not elsewhere
    play_through(alice_client, game)
    assert game.paused_seconds > 0 and game.implausible == "" and game.is_ranked


def test_a_page_opened_before_the_game_and_left_open_counts_too(alice_client):
    """The guest's game of the code is still in play: its page may lie open beside."""
    game = current_game(alice_client)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)
    _open_as_guest(game.code)
    mine = Game.objects.get(
        public_id=game_id_in(alice_client.get(f"/play/{game.code}")["Location"])
    )
    _pause_and_resume(alice_client, mine)
    play_through(alice_client, mine)
    assert mine.implausible == pace.Implausible.SEEN_ELSEWHERE and not mine.is_ranked


def test_a_replay_of_an_uploaded_export_of_the_deal_counts_too(alice_client):
    game = current_game(alice_client)
    export = {"format": FORMAT, "code": game.code, "positions": game.positions, "moves": []}

    def replay_it():
        raw = json.dumps(export).encode()
        answer = Client().post("/replay", {"export": SimpleUploadedFile("game.json", raw)})
        assert answer.status_code == 200
        assert re.search(r'data-tile="[A-Z0-9]+"', answer.content.decode())

    _pause_and_resume(alice_client, game, replay_it)
    play_through(alice_client, game)
    assert game.implausible == pace.Implausible.SEEN_ELSEWHERE and not game.is_ranked


def test_the_nightly_task_keeps_only_the_sightings_a_game_in_play_needs(alice_client):
    from datetime import timedelta

    from games.solitaire.models import DealSeen
    from games.solitaire.tasks import clear_stale_guest_data

    game = current_game(alice_client)
    _open_as_guest(game.code)
    _open_as_guest("12345-b")  # nobody plays it any more once the guest left it
    Game.objects.filter(code="12345-b").update(status=Game.Status.ABANDONED)
    old = DealSeen.objects.create(code=game.code, viewer="gold", at=game.started_at)
    DealSeen.objects.filter(pk=old.pk).update(at=game.started_at - timedelta(seconds=1))
    clear_stale_guest_data()
    kept = DealSeen.objects.filter(code=game.code).values_list("viewer", flat=True)
    assert len(kept) == 1 and kept[0].startswith("g") and kept[0] != "gold"  # the guest's
    assert not DealSeen.objects.filter(code="12345-b").exists()
