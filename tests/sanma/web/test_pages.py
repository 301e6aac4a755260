"""Replays, the export, the rules pages, stats and the Sanma boards."""

from __future__ import annotations

import json
import re

import pytest

from accounts.models import User
from games.players import Player
from games.sanma import engine
from games.sanma.export import read
from games.sanma.kind import options_of
from games.tables import replays
from games.tables.models import Table
from tests.factories import SIGN_UP

from .helpers import attrs, craft, finished_table, moves, position_with, post, start, state_of

pytestmark = pytest.mark.django_db


def test_a_replay_steps_decision_by_decision_and_hand_by_hand(alice_client, alice):
    table = finished_table(Player(alice), seed=3, length="east")
    url = f"/sanma/{table.public_id}/replay"
    first = alice_client.get(url).content.decode()
    assert attrs(first)["version"] == "0" and "step 0 of" in first
    assert 'href="?at=1"' in first
    assert "<form" not in first.split('id="table"')[1].split("</main>")[0]
    middle = alice_client.get(f"{url}?at=20").content.decode()
    assert "step 20 of" in middle
    steps = replays.shown_steps(table.log)
    assert attrs(middle)["version"] == str(table.shown_version_at(steps[20]))
    assert 'href="?at=19"' in middle and 'href="?at=21"' in middle
    shown = [text for text in table.log if not text.endswith(" pass")]  # a step each
    starts = [0] + [i + 1 for i, text in enumerate(shown[:-1]) if text.endswith(" next")]
    assert "passes" not in alice_client.get(f"{url}?at={len(shown) // 2}").content.decode()
    assert len(starts) > 1
    assert f'href="?at={starts[1]}"' in alice_client.get(f"{url}?at=0").content.decode()
    last = alice_client.get(f"{url}?at={len(shown)}").content.decode()
    assert attrs(last)["phase"] == "game-end"
    assert attrs(alice_client.get(f"{url}?at=99999").content.decode())["version"] == str(
        table.shown_version
    )
    assert attrs(alice_client.get(f"{url}?at=oops").content.decode())["version"] == "0"


def test_a_finished_games_replay_opens_every_hand(alice_client, alice):
    table = finished_table(Player(alice), seed=4)
    html = alice_client.get(f"/sanma/{table.public_id}/replay?at=5").content.decode()
    state = engine.replay(options_of(table.options), table.seed, table.log[:5])
    assert html.count('class="open-hand"') == 2
    hidden = engine.full_view(state, 0).open_hands[1]
    opened = html.split('class="seat right')[1].split('class="pond"')[0]
    assert re.findall(r'data-tile="([^"]+)"', opened)[: len(hidden)] == list(hidden)


def test_a_running_games_replay_shows_only_the_players_own_view(alice_client, alice):
    seed, log = position_with("d")
    table = craft(Player(alice), seed, list(log), 0)
    html = alice_client.get(f"/sanma/{table.public_id}/replay?at=5").content.decode()
    assert 'class="open-hand"' not in html and 'class="tl back"' in html
    assert "Back to the table" in html


def test_the_export_is_a_tenhou_log_that_reads_back_to_the_same_game(alice_client, alice):
    table = finished_table(Player(alice), seed=5, length="east")
    response = alice_client.get(f"/sanma/{table.public_id}/export")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    doc = json.loads(response.content)
    assert doc["name"][:3] == ["Alice", "Kumo", "Sora"] and doc["name"][3] == ""
    options, seed, actions = read(doc)
    again = engine.replay(options, seed, actions)
    assert again.game_result == state_of(table).game_result

    # The same decisions, step by step (any seat's "next" continues alike).
    def continuing(texts):
        return ["next" if text.endswith(" next") else text for text in texts]

    assert continuing(str(a) for a in actions) == continuing(table.log)


def test_a_running_games_export_holds_only_its_finished_hands(alice_client, alice):
    seed, log = position_with("d")
    table = craft(Player(alice), seed, list(log), 0)
    doc = json.loads(alice_client.get(f"/sanma/{table.public_id}/export").content)
    finished = sum(1 for text in log if text.endswith(" next"))
    assert len(doc["log"]) == finished and "sanma" not in doc  # no seed while it runs


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_rules_and_the_steps_read_in_each_language(client, language):
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    rules = client.get("/sanma/rules", **headers).content.decode()
    assert {"en": "Furiten", "de": "Furiten"}[language] in rules
    assert {"en": "Tenhou", "de": "Tenhou"}[language] in rules
    assert {"en": "Yakuman", "de": "Yakuman"}[language] in rules
    panel = client.get("/sanma/rules?part=body", **headers).content.decode()
    assert "<html" not in panel and "Furiten" in panel
    for step in ("draw", "discard", "pon", "north", "riichi", "win"):
        page = client.get(f"/sanma/rules/steps?step={step}", **headers)
        assert page.status_code == 200 and b'class="picture"' in page.content
    assert client.get("/sanma/rules/steps?step=fly").status_code == 404
    german = client.get("/sanma/rules/steps", **{"HTTP_ACCEPT_LANGUAGE": "de"}).content.decode()
    assert "Schrittweise erklärt" in german


def test_the_table_links_the_rules_without_leaving_the_game(client):
    table = start(client)
    page = client.get(f"/sanma/{table.public_id}").content.decode()
    assert 'hx-get="/sanma/rules?part=body"' in page and 'hx-target="#rules-panel"' in page


def test_every_page_links_every_game_in_the_header(client):
    for path in ("/sanma/", "/sanma/rules", "/accounts/login/", "/leaderboards/sanma/normal"):
        header = client.get(path, follow=True).content.decode().split("</header>")[0]
        assert 'href="/"' in header and 'href="/sanma/"' in header
    assert client.get("/").status_code == 302 and "/game/" in client.get("/")["Location"]


def test_a_guests_tables_become_the_accounts_at_sign_up(client):
    table = start(client)
    finished = finished_table(Player(guest_id=client.session["guest_id"]), seed=6)
    assert client.post("/accounts/signup", SIGN_UP).status_code == 302
    carol = User.objects.get(username="carol")
    for t in (table, finished):
        assert t.seats.filter(user=carol).count() == 1
        assert not t.seats.filter(guest_id__gt="").exists()
    assert client.get(f"/sanma/{table.public_id}").status_code == 200
    page = client.get("/accounts/stats").content.decode()
    assert 'data-figure="sanma-games">1<' in page


def test_the_stats_page_tells_placements_rates_and_points_per_bot_strength(alice_client, alice):
    tables = [finished_table(Player(alice), seed=s, human=s % 3) for s in (10, 11, 12)]
    seats = [t.seats.get(user=alice) for t in tables]
    records = [seat.sanma_record for seat in seats]
    page = alice_client.get("/accounts/stats").content.decode()
    row = page.split('data-sanma-level="Normal"')[1].split("</tr>")[0]
    assert 'data-figure="sanma-games">3<' in row
    places = [seat.place for seat in seats]
    rates = " / ".join(f"{round(100 * places.count(p) / 3)} %" for p in (1, 2, 3))
    assert rates in row
    total = round(sum(seat.points for seat in seats), 1)
    assert f'data-figure="sanma-points">{total:,.1f}<' in row
    hands = sum(r.hands for r in records)
    wins = sum(r.wins for r in records)
    assert f'data-figure="sanma-win-rate">{round(100 * wins / hands)} %' in row
    assert hands >= 3


def test_the_recorded_figures_follow_from_the_hands(alice, alice_client):
    table = finished_table(Player(alice), seed=8, length="east")
    state = engine.new_game(options_of(table.options), table.seed)
    wins = [0, 0, 0]
    for text in table.log:
        before = state.phase
        state = engine.apply(state, engine.Action.parse(text))
        if state.phase == "hand-end" and before != "hand-end":
            for w in state.hand.result.wins:
                wins[w.seat] += 1
    for seat in table.seats.all():
        assert seat.sanma_record.wins == wins[seat.index]


def _board_of(client, level="normal") -> str:
    return client.get(f"/leaderboards/sanma/{level}").content.decode().split("</nav>")[-1]


def _ranked(user, games: int, level="normal", first_seed=100):
    for n in range(games):
        finished_table(Player(user), seed=first_seed + n, level=level)


def test_the_sanma_board_ranks_total_placement_points_after_enough_games(alice, bob, client):
    from leaderboards.tables import MIN_GAMES

    _ranked(alice, MIN_GAMES, first_seed=200)
    _ranked(bob, MIN_GAMES - 1, first_seed=300)
    _ranked(bob, MIN_GAMES, level="expert", first_seed=400)
    page = client.get("/leaderboards/sanma/normal").content.decode()
    assert "Alice" in page and "Bob" not in page.split("</nav>")[-1]
    total = round(sum(s.points for s in alice.tables_seats.filter(table__status="finished")), 1)
    assert f"{total:,.1f}" in page
    expert = client.get("/leaderboards/sanma/expert").content.decode()
    assert "Bob" in expert.split("</nav>")[-1] and "Alice" not in expert.split("</nav>")[-1]
    assert client.get("/leaderboards/sanma/grandmaster").status_code == 404
    assert client.get("/leaderboards/sanma")["Location"].endswith("/leaderboards/sanma/normal")


def test_a_finished_game_refreshes_its_board(alice, client, django_capture_on_commit_callbacks):
    from leaderboards.tables import MIN_GAMES

    _ranked(alice, MIN_GAMES - 1, first_seed=500)
    assert "Alice" not in _board_of(client)
    with django_capture_on_commit_callbacks(execute=True):
        finished_table(Player(alice), seed=600)
    assert "Alice" in _board_of(client)


def test_tables_of_two_humans_do_not_count_for_a_bot_board(alice, bob):
    from leaderboards.tables import counted_seats

    table = finished_table(Player(alice), seed=700)
    table.seats.filter(index=1).update(bot_level="", user=bob)
    assert not counted_seats("sanma", "normal").exists()
    assert Table.objects.against_bots("normal").count() == 0


def test_the_page_answers_its_own_moves_only(alice_client, alice):
    """A decision posts the seat's move alone: the seat comes from the player."""
    seed, log = position_with("d")
    table = craft(Player(alice), seed, list(log), 0)
    offered = moves(alice_client.get(f"/sanma/{table.public_id}").content.decode())
    assert all(not m[0].isdigit() for m in offered)
    post(alice_client, table, offered[0])
    table.refresh_from_db()
    assert table.log[len(log)].startswith("0 ")
