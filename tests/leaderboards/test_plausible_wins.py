"""A win ranks only at a human's pace (docs/site.md#plausible-wins): a script that
solves the deal and taps at machine speed keeps its win, marked "not ranked" with the
reason, and it reaches no board (per layout, "Ohne Hilfe", daily, the bests shown to
others, a guest's win claimed at sign-up); a game at a pair a second still ranks;
admins see the flagged wins and may rank them."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest

from games.solitaire import daily, pace
from games.solitaire.models import Game
from leaderboards.models import PersonalBest
from leaderboards.solitaire import daily_board, rebuild_bests, top_times
from tests.factories import SIGN_UP, layout
from tests.solitaire.web.helpers import as_if_earlier, current_game, play_pairs, solution, tap

pytestmark = pytest.mark.django_db


def play_through(client, game: Game, seconds_per_pair: float = 0.0, *, wait_first: float = 0):
    """Clear the game by its solution, each pair ``seconds_per_pair`` after the one
    before (0: as fast as the test client taps, a script's pace); the last answer."""
    if wait_first:
        as_if_earlier(game, wait_first)
    answer = play_pairs(client, game, solution(game), seconds_per_pair)
    assert game.status == Game.Status.WON and game.verified
    return answer


def _names(board) -> list[str]:
    return [entry.name for entry in board.entries]


def test_a_win_at_machine_speed_is_kept_but_reaches_no_board(alice_client, alice, client):
    """Once: a script's 0:00 win took place 1 on the layout board, the "Ohne Hilfe"
    board and as a public best."""
    game = current_game(alice_client)
    answer = play_through(alice_client, game)
    assert game.elapsed_seconds < 2 and game.no_help
    assert game.implausible == pace.Implausible.FAST_GAME and not game.is_ranked

    assert _names(top_times(layout("a"))) == [] and _names(top_times(layout("a"), True)) == []
    assert not PersonalBest.objects.exists()
    html = answer.content.decode()
    assert "Not ranked: 18 pairs in 0:0" in html
    assert "a win here needs at least 0:11 on the clock" in html

    own = alice_client.get("/accounts/stats").content.decode()
    assert 'data-figure="won">1<' in own and 'data-figure="best">–<' in own
    assert "not ranked" in own  # the game stays in the player's history, marked
    public = client.get(f"/accounts/players/{alice.pk}").content.decode()
    assert 'data-figure="best">–<' in public and "Top ten" not in public


def test_a_game_at_a_pair_a_second_ranks(alice_client, alice):
    game = current_game(alice_client)
    began = time.monotonic()
    answer = play_through(alice_client, game, seconds_per_pair=1.0)
    taps = time.monotonic() - began  # the test's own time adds to the 18 s it pretends
    assert 18 <= game.elapsed_seconds < 18 + taps + 1
    assert game.implausible == "" and game.is_ranked
    assert _names(top_times(layout("a"))) == ["Alice"]
    assert _names(top_times(layout("a"), no_help=True)) == ["Alice"]
    assert "New personal best!" in answer.content.decode()


def test_a_fast_human_pace_just_above_the_floor_ranks(alice_client):
    game = current_game(alice_client)
    play_through(alice_client, game, seconds_per_pair=0.65)
    assert game.implausible == "" and game.is_ranked


def test_machine_speed_removals_after_a_long_look_do_not_rank(alice_client):
    """Enough time on the clock, but the removals came faster than two taps."""
    game = current_game(alice_client)
    answer = play_through(alice_client, game, wait_first=120)
    assert game.elapsed_seconds > 100
    assert game.implausible == pace.Implausible.QUICK_REMOVALS
    assert "removals came less than a quarter of a second" in answer.content.decode()
    assert not PersonalBest.objects.exists()


def test_one_burst_of_a_stalled_connection_is_forgiven(alice_client):
    """One removal in ten may come quick: a stalled connection delivers taps at once."""
    game = current_game(alice_client)
    pairs = solution(game)
    for index, (first, second) in enumerate(pairs):
        if index != 9:  # the tenth comes right after the ninth
            as_if_earlier(game, 1.0)
        tap(alice_client, game, first)
        tap(alice_client, game, second)
    game.refresh_from_db()
    assert game.status == Game.Status.WON and game.implausible == "" and game.is_ranked


def test_the_daily_board_takes_only_a_human_paced_first_win(alice_client, bob_client, bob):
    today = daily.utc_today()
    fast = Game.objects.get(public_id=alice_client.get(f"/daily/{today}")["Location"][6:])
    play_through(alice_client, fast)
    paced = Game.objects.get(public_id=bob_client.get(f"/daily/{today}")["Location"][6:])
    play_through(bob_client, paced, seconds_per_pair=1.5)
    assert _names(daily_board(today)) == ["Bob"]
    assert _names(top_times(layout("b"))) == ["Bob"]


@pytest.mark.parametrize(("pace_of_pairs", "ranked"), [(0.0, False), (1.0, True)])
def test_a_guest_win_claimed_at_sign_up_ranks_only_at_a_human_pace(client, pace_of_pairs, ranked):
    game = current_game(client)
    play_through(client, game, seconds_per_pair=pace_of_pairs)
    assert client.post("/accounts/signup", SIGN_UP).status_code == 302
    game.refresh_from_db()
    assert game.user.username == "carol"
    assert _names(top_times(layout("a"))) == (["Carol K"] if ranked else [])


def test_rebuilding_the_bests_leaves_the_flagged_wins_out(alice_client, bob_client):
    play_through(alice_client, current_game(alice_client))
    play_through(bob_client, current_game(bob_client), seconds_per_pair=1.0)
    assert rebuild_bests() == 2  # bob's: all wins and "Ohne Hilfe"
    assert _names(top_times(layout("a"))) == ["Bob"]


def test_admins_see_the_flagged_wins_and_may_rank_them(alice_client, admin_client):
    game = current_game(alice_client)
    play_through(alice_client, game)
    listing = admin_client.get("/admin/solitaire/flaggedwin/").content.decode()
    assert game.code in listing and "faster than the floor per game" in listing
    page = admin_client.get(f"/admin/solitaire/flaggedwin/{game.pk}/change/").content.decode()
    assert "Not ranked: 18 pairs in" in page

    response = admin_client.post(
        "/admin/solitaire/flaggedwin/",
        {"action": "rank", "_selected_action": [game.pk]},
        follow=True,
    )
    assert "1 win ranked." in response.content.decode()
    game.refresh_from_db()
    assert game.is_ranked and game.cleared_by.username == "admin"
    assert _names(top_times(layout("a"))) == ["Alice"]


def test_players_cannot_see_the_flagged_wins_list(alice_client):
    response = alice_client.get("/admin/solitaire/flaggedwin/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


# --- the rule's numbers ----------------------------------------------------------------


class _Move:
    def __init__(self, kind: str, at: datetime):
        self.kind, self.created_at = kind, at


START = datetime(2026, 3, 1, 12, tzinfo=UTC)


def _log(gaps: list[float]) -> list[_Move]:
    at, log = START, []
    for gap in gaps:
        at += timedelta(seconds=gap)
        log.append(_Move("remove", at))
    return log


def test_the_floor_per_game_is_0_6_seconds_a_pair():
    assert pace.floor_seconds(18) == pytest.approx(10.8)  # Pavillon
    assert pace.floor_seconds(36) == pytest.approx(21.6)  # Doppelgipfel
    assert pace.floor_seconds(72) == pytest.approx(43.2)  # Hoher Turm
    assert pace.judge(10.7, 18, START, _log([1.0] * 18)) == pace.Implausible.FAST_GAME
    assert pace.judge(10.8, 18, START, _log([0.6] * 18)) == ""


def test_the_floor_per_removal_allows_one_quick_removal_in_ten():
    assert pace.judge(60, 18, START, _log([3.0] * 17 + [0.1])) == ""
    assert pace.judge(60, 18, START, _log([3.0] * 16 + [0.1, 0.2])) == (
        pace.Implausible.QUICK_REMOVALS
    )
    assert pace.judge(60, 20, START, _log([3.0] * 18 + [0.1, 0.2])) == ""
    # an undo between two removals is a move too: the gap runs from it
    log = _log([3.0] * 17) + [_Move("undo", START + timedelta(seconds=60))]
    log.append(_Move("remove", START + timedelta(seconds=60.3)))
    assert pace.quick_removals(START, log) == (0, 18)
