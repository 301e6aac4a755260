"""The daily puzzle's pages: /daily and /daily/<yyyy-mm-dd>."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from django.template import Context, Template
from django.test import RequestFactory
from django.utils import timezone as dj_timezone

from games.players import Player
from games.solitaire import daily, play
from games.solitaire.models import DailyPuzzle, Game
from tests.factories import finished_game

from .helpers import current_game, game_id_in, post, solution

pytestmark = pytest.mark.django_db

TODAY = date(2026, 2, 28)  # the server's UTC date in these tests


@pytest.fixture(autouse=True)
def server_date(monkeypatch):
    monkeypatch.setattr(daily, "utc_today", lambda: TODAY)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # alice and bob get passwords; the real hasher would take most of these tests' time
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _open(client, day: date | str) -> Game:
    response = client.get(f"/daily/{day}")
    assert response.status_code == 302, response.content
    public_id = game_id_in(response["Location"])
    return Game.objects.get(public_id=public_id)


def _play_to_the_win(owner: Player, game: Game) -> Game:
    for pair in solution(game):
        for position in pair:
            game.refresh_from_db()
            play.tap(owner, game.public_id, position, game.version)
    game.refresh_from_db()
    assert game.status == Game.Status.WON
    return game


def _local_date(offset_hours: int, at: datetime) -> date:
    return at.astimezone(timezone(timedelta(hours=offset_hours))).date()


def test_daily_without_a_date_opens_the_puzzle_of_the_servers_date(client):
    response = client.get("/daily")

    assert response.status_code == 302
    assert response["Location"] == f"/daily/{TODAY.isoformat()}"


def test_it_opens_the_days_twin_peaks_as_a_daily_game(alice_client):
    game = _open(alice_client, TODAY)

    assert game.daily_date == TODAY
    assert game.code == daily.code_for(TODAY)
    assert game.layout.letter == "b"
    html = alice_client.get(f"/game/{game.public_id}").content.decode()
    assert f'data-code="{daily.code_for(TODAY)}"' in html


def test_coming_back_resumes_the_same_daily_game(alice_client):
    assert _open(alice_client, TODAY) == _open(alice_client, TODAY)


def test_a_guest_plays_the_daily_puzzle_too(client):
    game = _open(client, TODAY)

    assert game.user is None and game.guest_id
    assert game.daily_date == TODAY


def test_a_day_nobody_precomputed_is_computed_on_the_spot(alice_client):
    assert not DailyPuzzle.objects.exists()

    _open(alice_client, TODAY)

    puzzle = DailyPuzzle.objects.get(date=TODAY)
    assert puzzle.status == DailyPuzzle.Status.VERIFIED
    assert puzzle.code == daily.code_for(TODAY)


def test_the_daily_puzzle_works_with_redis_down(alice_client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens here
            "OPTIONS": {"socket_connect_timeout": 0.2},
        }
    }
    game = _open(alice_client, TODAY)

    assert alice_client.get(f"/game/{game.public_id}").status_code == 200
    assert DailyPuzzle.objects.filter(date=TODAY).exists()


@pytest.mark.parametrize(
    ("offset_hours", "server_clock"),
    [
        (14, datetime(2026, 2, 28, 10, 30, tzinfo=UTC)),  # Kiritimati: already 1 March
        (-12, datetime(2026, 2, 28, 11, 30, tzinfo=UTC)),  # Baker Island: still 27 February
        (14, datetime(2026, 2, 28, 23, 59, tzinfo=UTC)),
        (-12, datetime(2026, 2, 28, 0, 1, tzinfo=UTC)),
    ],
)
def test_the_players_local_date_decides_which_puzzle_is_today(
    alice_client, offset_hours, server_clock
):
    local = _local_date(offset_hours, server_clock)
    assert abs((local - TODAY).days) == 1  # the edge cases indeed

    game = _open(alice_client, local)

    assert game.daily_date == local
    assert game.code == daily.code_for(local)


def test_the_puzzle_of_new_years_day_opens_from_the_last_day_of_the_year(
    alice_client, monkeypatch
):
    monkeypatch.setattr(daily, "utc_today", lambda: date(2026, 12, 31))

    assert _open(alice_client, "2027-01-01").daily_date == date(2027, 1, 1)


@pytest.mark.parametrize("day", ["2026-03-02", "2026-02-26", "2025-02-28", "2099-01-01"])
def test_a_date_further_away_is_refused_with_a_clear_message(alice_client, day):
    response = alice_client.get(f"/daily/{day}")

    assert response.status_code == 400
    html = response.content.decode()
    assert f"The daily puzzle of {day} cannot be opened now" in html
    assert not Game.objects.exists()


@pytest.mark.parametrize("day", ["2026-02-30", "tomorrow", "20260228", "2026-2-28", "2026-02-28x"])
def test_something_that_is_no_date_is_refused_with_a_clear_message(alice_client, day):
    response = alice_client.get(f"/daily/{day}")

    assert response.status_code == 400
    assert "is not a date: expected year-month-day" in response.content.decode()
    assert not Game.objects.exists()


def test_the_daily_pages_take_no_post(alice_client):
    assert alice_client.post("/daily").status_code == 405
    assert alice_client.post(f"/daily/{TODAY}").status_code == 405


def test_a_solved_puzzle_shows_the_result_instead_of_a_new_game(alice, alice_client):
    won = _play_to_the_win(Player(alice), _open(alice_client, TODAY))
    assert won.verified  # replayed from the deal like any win (docs/site.md#verified-wins-only)

    response = alice_client.get(f"/daily/{TODAY}")

    assert response.status_code == 200
    html = response.content.decode()
    assert "Solved" in html and "1 day" in html
    assert daily.code_for(TODAY) in html
    assert html.count('class="tile"') == len(won.positions)  # the tower as dealt
    assert f'href="/play/{daily.code_for(TODAY)}"' in html  # play it again
    assert Game.objects.count() == 1


def test_a_replay_does_not_count_for_the_day(alice, alice_client):
    owner = Player(alice)
    first = _play_to_the_win(owner, _open(alice_client, TODAY))

    response = alice_client.get(f"/play/{daily.code_for(TODAY)}")
    replay = Game.objects.get(public_id=game_id_in(response["Location"]))
    _play_to_the_win(owner, replay)

    assert replay.daily_date is None
    assert daily.first_win(owner, TODAY) == first
    assert daily.streak(Player(alice)) == 1


def test_another_player_gets_a_game_of_their_own(alice, alice_client, bob_client):
    _play_to_the_win(Player(alice), _open(alice_client, TODAY))

    game = _open(bob_client, TODAY)

    assert game.user.username == "bob" and game.status == Game.Status.PLAYING


def test_the_nav_links_to_the_daily_puzzle_and_marks_it_solved(alice, alice_client):
    game = _open(alice_client, TODAY)
    html = alice_client.get(f"/game/{game.public_id}").content.decode()
    assert f'href="/daily/{TODAY}"' in html and "✓ solved</span>" not in html
    assert f"<small data-daily-code>{daily.code_for(TODAY)}</small>" in html  # the menu

    _play_to_the_win(Player(alice), game)
    html = alice_client.get(f"/game/{game.public_id}").content.decode()

    assert "✓ solved</span>" in html
    assert f'data-solved="{TODAY}"' in html
    assert 'src="/static/solitaire/js/daily.js"' in html


def test_the_daily_link_costs_one_query_however_often_it_is_shown(
    alice, daily_win_yesterday, django_assert_num_queries
):
    request = RequestFactory().get("/")
    request.user = alice
    template = Template("{% load daily_tags %}{% daily_link %}{% daily_link show_code=True %}")

    with django_assert_num_queries(1):
        html = template.render(Context({"request": request}))

    assert f'data-solved="{TODAY - timedelta(days=1)}"' in html


@pytest.fixture
def daily_win_yesterday(alice):
    day = TODAY - timedelta(days=1)
    return finished_game(alice, 300.0, letter="b", seed=daily.seed_for(day), daily_date=day)


def test_a_visitor_without_a_session_gets_the_link_without_a_query(django_assert_num_queries):
    request = RequestFactory().get("/")
    request.session = {}
    template = Template("{% load daily_tags %}{% daily_link %}")

    with django_assert_num_queries(0):
        html = template.render(Context({"request": request}))

    assert f'href="/daily/{TODAY}"' in html


def test_winning_the_daily_puzzle_shows_the_streak_in_the_summary(alice_client, alice):
    from games.solitaire import daily as daily_puzzles
    from games.solitaire.models import Game

    from .helpers import solution, tap

    alice_client.get(f"/daily/{daily_puzzles.utc_today().isoformat()}")
    game = Game.objects.get(user=alice, daily_date=daily_puzzles.utc_today())
    last = None
    for a, b in solution(game):
        tap(alice_client, game, a)
        last = tap(alice_client, game, b)
    html = last.content.decode()
    assert "Cleared!" in html and 'class="daily-streak">1 day' in html


def test_todays_daily_deal_cannot_be_practised_under_its_code(alice_client, alice):
    from games.solitaire import daily as daily_puzzles
    from games.solitaire.models import Game

    from .helpers import solution, tap

    today = daily_puzzles.utc_today()
    code = daily_puzzles.code_for(today)
    response = alice_client.get(f"/play/{code}")
    assert response.status_code == 302 and response["Location"] == f"/daily/{today}"
    alice_client.get(response["Location"])
    game = Game.objects.get(user=alice, daily_date=today)
    for a, b in solution(game):
        tap(alice_client, game, a)
        tap(alice_client, game, b)
    # Once solved, the deal may be replayed under its code, as a game that does not count.
    response = alice_client.get(f"/play/{code}")
    replay = Game.objects.get(public_id=game_id_in(response["Location"]))
    assert replay.code == code and replay.daily_date is None


def _paused_for_600_seconds(client, game: Game) -> tuple[str, float]:
    """Pause, 600 s pass, resume: the pause's status line and the clock after it."""
    status = post(client, game, "pause").content.decode()
    now = dj_timezone.now()  # dealt 700 s ago, paused for the last 600
    Game.objects.filter(pk=game.pk).update(
        started_at=now - timedelta(seconds=700), paused_at=now - timedelta(seconds=600)
    )
    assert post(client, game, "resume").status_code == 200
    game.refresh_from_db()
    return status, game.clock_seconds()


def test_a_pause_of_the_daily_puzzle_stops_no_clock_while_a_pause_of_a_code_does(
    alice_client, bob_client
):
    """Everybody has the day's deal open at once, so a second browser could always show
    it during a pause (docs/site.md#a-deal-open-elsewhere): the daily clock runs on."""
    status, seconds = _paused_for_600_seconds(alice_client, _open(alice_client, TODAY))
    assert "clock runs on" in status and seconds >= 700
    status, seconds = _paused_for_600_seconds(bob_client, current_game(bob_client))
    assert "clock runs on" not in status and 100 <= seconds < 110
