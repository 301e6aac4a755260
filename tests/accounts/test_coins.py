"""Coins (docs/site.md#coins): the daily check-in with its streak, the ledger, buying a
style; against PostgreSQL, parallel requests each on a connection of their own."""

from datetime import UTC, date, datetime, time, timedelta
from types import SimpleNamespace

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from accounts import coins
from accounts.models import CoinEntry, OwnedStyle
from tests.factories import check_in_on, finished_game
from tests.parallel import in_parallel

pytestmark = pytest.mark.django_db

DAY = date(2026, 3, 1)


def _tabs(user, count: int) -> list[Client]:
    """``count`` browser tabs of one logged-in player: one session, a client each."""
    first = Client()
    first.force_login(user)
    tabs = []
    for _ in range(count):
        tab = Client()
        tab.cookies = first.cookies
        tabs.append(tab)
    return tabs


def _check_ins(user, days: int, start: date = DAY) -> None:
    for offset in range(days):
        check_in_on(user, start + timedelta(days=offset))


def _messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def _at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), UTC)


@pytest.fixture
def clock(monkeypatch):
    """The server's clock as the check-in reads it, set by the test."""
    now = {"at": _at(DAY, 12)}
    monkeypatch.setattr(coins, "timezone", SimpleNamespace(now=lambda: now["at"]))
    return now


@pytest.fixture
def old_alice(alice):
    """An account that existed long before ``DAY``."""
    alice.date_joined = _at(DAY - timedelta(days=100), 12)
    alice.save(update_fields=["date_joined"])
    return alice


# --- the check-in ---------------------------------------------------------------------


def test_a_check_in_a_day_earns_ten_coins_and_two_more_for_each_day_of_the_streak(alice):
    earned = [check_in_on(alice, DAY + timedelta(days=d)).amount for d in range(7)]
    assert earned == [10, 12, 14, 16, 18, 20, 20]
    assert coins.balance(alice) == sum(earned) == 110
    after_a_gap = check_in_on(alice, DAY + timedelta(days=8))
    assert (after_a_gap.amount, after_a_gap.streak) == (10, 1)
    assert CoinEntry.objects.filter(user=alice).count() == 8


def test_a_day_counts_once_and_an_earlier_day_not_at_all(old_alice):
    coins.check_in(old_alice, 0, now=_at(DAY, 12))
    for now in (_at(DAY, 12), _at(DAY, 23, 59), _at(DAY, 1)):
        with pytest.raises(coins.Refused, match="checked in today already"):
            coins.check_in(old_alice, 0, now=now)
    assert coins.balance(old_alice) == 10


@pytest.mark.parametrize("offsets", [(-720, 0, 840), (840, 0, -720), (0, 840, -720)])
def test_three_time_zones_in_one_real_day_credit_one_check_in(old_alice, offsets):
    """At 11:00 UTC it is yesterday at UTC-12 and tomorrow at UTC+14: once, a date sent
    for each credited three check-ins in one day. A new day must be new in the time zone
    of the check-in before it too."""
    now = _at(DAY, 11)
    first = coins.check_in(old_alice, offsets[0], now=now)
    assert first.day == coins.local_day(now, offsets[0])
    for offset in offsets[1:]:
        for later in (now, now + timedelta(minutes=59)):  # before noon UTC
            with pytest.raises(coins.Refused, match="checked in today already"):
                coins.check_in(old_alice, offset, now=later)
    assert CoinEntry.objects.filter(user=old_alice).count() == 1
    # A real day later, in the first check-in's time zone, the next one counts.
    second = coins.check_in(old_alice, offsets[0], now=now + timedelta(days=1))
    assert (second.day - first.day, second.streak) == (timedelta(days=1), 2)


def test_the_day_is_the_players_own_date_midnight_to_midnight(old_alice):
    """A player at UTC+2 checks in at 23:59 and at 00:01 of their own next day."""
    late = coins.check_in(old_alice, 120, now=_at(DAY, 21, 59))
    early = coins.check_in(old_alice, 120, now=_at(DAY, 22, 1))
    assert (late.day, early.day, early.streak) == (DAY, DAY + timedelta(days=1), 2)
    assert early.utc_offset == 120


def test_posting_yesterday_today_and_tomorrow_credits_one_check_in(clock, alice_client, old_alice):
    """The page once sent a date of its own, and any within a day of ours counted."""
    for day in (DAY - timedelta(days=1), DAY, DAY + timedelta(days=1)):
        alice_client.post("/accounts/coins/check-in", {"day": day.isoformat()})
    assert list(CoinEntry.objects.values_list("day", flat=True)) == [DAY]


def test_the_page_sends_its_time_zone_and_the_server_reads_its_clock_there(
    clock, alice_client, old_alice
):
    clock["at"] = _at(DAY, 23)
    response = alice_client.post("/accounts/coins/check-in", {"offset": "60"}, follow=True)
    assert _messages(response) == ["+10 coins: day 1 of your streak."]
    assert coins.last_check_in(old_alice).day == DAY + timedelta(days=1)  # 00:00 at UTC+1
    for offset in ("-720", "0", "840", ""):
        response = alice_client.post("/accounts/coins/check-in", {"offset": offset}, follow=True)
        assert _messages(response) == ["You have checked in today already: come back tomorrow."]
    assert coins.balance(old_alice) == 10


def test_a_time_zone_there_is_not_is_refused(clock, alice_client, old_alice):
    for offset in ("841", "-721", "14:00", "x", "9" * 500):
        response = alice_client.post("/accounts/coins/check-in", {"offset": offset}, follow=True)
        assert response.status_code == 200
        assert _messages(response) == [
            "That is no time zone: a check-in needs one from UTC−12 to UTC+14."
        ]
    with pytest.raises(coins.Refused, match="no time zone"):
        coins.check_in(old_alice, 14 * 60 + 1, now=_at(DAY, 12))
    assert not CoinEntry.objects.exists()


def test_a_new_account_never_checks_in_for_a_day_before_it_existed(clock, client, alice):
    """Made at 13:00 UTC, the account began on that date in every time zone; once, it
    could check in for the day before."""
    alice.date_joined = _at(DAY, 13)
    alice.save(update_fields=["date_joined"])
    client.force_login(alice)
    clock["at"] = _at(DAY, 13, 30)
    client.post("/accounts/coins/check-in", {"day": (DAY - timedelta(days=1)).isoformat()})
    client.post("/accounts/coins/check-in", {"offset": "-720"})
    assert list(CoinEntry.objects.values_list("day", flat=True)) == [DAY]
    with pytest.raises(coins.Refused, match="did not exist yet"):
        coins.check_in(alice, 0, now=_at(DAY - timedelta(days=1), 12))
    assert list(CoinEntry.objects.values_list("day", flat=True)) == [DAY]


def test_without_javascript_the_check_in_counts_the_servers_date(alice_client, alice):
    response = alice_client.post("/accounts/coins/check-in")
    assert response.status_code == 302 and response["Location"] == "/accounts/coins"
    entry = coins.last_check_in(alice)
    assert (entry.day, entry.utc_offset) == (timezone.now().date(), 0)


def test_a_guest_cannot_check_in(client):
    response = client.post("/accounts/coins/check-in")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not CoinEntry.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_ten_check_ins_sent_at_once_credit_one(alice):
    check_in = "/accounts/coins/check-in"
    responses = in_parallel(
        [lambda tab=tab: tab.post(check_in, {"offset": "0"}) for tab in _tabs(alice, 10)]
    )
    assert [r.status_code for r in responses] == [302] * 10
    assert list(CoinEntry.objects.filter(user=alice).values_list("amount", flat=True)) == [10]


def test_the_database_itself_holds_one_check_in_a_player_and_day(alice, bob):
    check_in_on(alice, DAY)
    check_in_on(bob, DAY)  # another player's day is another day
    with pytest.raises(IntegrityError), transaction.atomic():
        CoinEntry.objects.create(
            user=alice, amount=10, reason=CoinEntry.Reason.CHECK_IN, day=DAY, streak=1
        )


# --- the ledger -----------------------------------------------------------------------


def test_the_ledger_is_never_edited_in_place(alice):
    entry = check_in_on(alice, DAY)
    entry.amount = 1000
    with pytest.raises(ValueError, match="never changed"):
        entry.save()
    assert coins.balance(alice) == 10


@pytest.mark.parametrize(
    "entry",
    [
        {"amount": -5, "reason": "check-in", "day": DAY, "streak": 1},
        {"amount": 10, "reason": "check-in", "streak": 1, "utc_offset": 0},
        {"amount": 10, "reason": "check-in", "day": DAY, "streak": 1},
        {"amount": 10, "reason": "check-in", "day": DAY, "streak": 1, "utc_offset": 841},
        {"amount": 50, "reason": "purchase", "style": "crimson"},
        {"amount": -50, "reason": "purchase"},
    ],
)
def test_the_database_refuses_an_entry_that_does_not_add_up(alice, entry):
    with pytest.raises(IntegrityError), transaction.atomic():
        CoinEntry.objects.create(user=alice, **entry)


def test_the_coins_page_shows_the_ledger_with_the_balance_after_each_entry(alice_client, alice):
    _check_ins(alice, 6)  # 10 + 12 + 14 + 16 + 18 + 20 = 90
    coins.buy(alice, "crimson")
    html = alice_client.get("/accounts/coins").content.decode()
    assert '<strong class="coin-count" data-balance>30</strong>' in html
    rows = [row.split("</td>") for row in html.split("<tr>")[2:]]
    assert "Bought: Crimson velvet" in rows[0][1] and ">-60" in rows[0][2] and ">30" in rows[0][3]
    assert "Check-in of 03/06/2026, day 6" in rows[1][1] and ">+20" in rows[1][2]
    assert ">90" in rows[1][3] and ">10" in rows[-1][3]
    assert 'data-last-check-in="2026-03-06"' in html


# --- buying a style -------------------------------------------------------------------


def test_buying_with_too_few_coins_is_refused_with_a_message(alice_client, alice):
    check_in_on(alice, DAY)
    response = alice_client.post("/accounts/styles/buy", {"style": "crimson"}, follow=True)
    assert response.status_code == 200
    assert _messages(response) == [
        "Crimson velvet costs 60 coins and you have 10: check in on the days to come to "
        "collect the rest."
    ]
    alice.refresh_from_db()
    assert coins.balance(alice) == 10 and alice.cloth == ""
    assert not OwnedStyle.objects.exists()


def test_a_purchase_pays_keeps_and_wears_the_style(alice_client, alice):
    _check_ins(alice, 6)
    response = alice_client.post("/accounts/styles/buy", {"style": "walnut"}, follow=True)
    assert _messages(response) == ["Walnut table is yours for good, and worn now. 0 coins left."]
    alice.refresh_from_db()
    assert alice.cloth == "walnut" and coins.balance(alice) == 0
    owned = OwnedStyle.objects.get(user=alice)
    assert owned.style == "walnut" and owned.paid_by.amount == -90
    again = alice_client.post("/accounts/styles/buy", {"style": "walnut"}, follow=True)
    assert _messages(again) == ["This style is yours already."]
    assert coins.balance(alice) == 0


@pytest.mark.parametrize("failing", ["owning", "wearing"])
def test_a_purchase_and_its_ledger_entry_are_one_transaction(alice, monkeypatch, failing):
    """Should anything after the ledger entry fail, the entry goes with it: no coins are
    ever taken for a style not owned, nor a style owned without its entry."""
    _check_ins(alice, 6)

    def fail(*args, **kwargs):
        assert CoinEntry.objects.filter(user=alice, reason="purchase").exists()  # written
        raise RuntimeError("the database went away")

    if failing == "owning":
        monkeypatch.setattr(OwnedStyle.objects, "create", fail)
    else:
        monkeypatch.setattr(coins, "_wear_on", fail)
    with pytest.raises(RuntimeError):
        coins.buy(alice, "crimson")
    alice.refresh_from_db()
    assert coins.balance(alice) == 90 and alice.cloth == ""
    assert not CoinEntry.objects.filter(reason="purchase").exists()
    assert not OwnedStyle.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_purchases_sent_at_once_never_spend_the_same_coins_twice(alice):
    _check_ins(alice, 6)  # 90 coins: one cloth of 60, not two
    tabs = _tabs(alice, 10)
    styles = ["crimson", "indigo"] * 5
    responses = in_parallel(
        [
            lambda tab=tab, style=style: tab.post("/accounts/styles/buy", {"style": style})
            for tab, style in zip(tabs, styles, strict=True)
        ]
    )
    assert [r.status_code for r in responses] == [302] * 10
    assert OwnedStyle.objects.filter(user=alice).count() == 1
    assert coins.balance(alice) == 30
    assert CoinEntry.objects.filter(reason="purchase").count() == 1


def test_free_and_unknown_styles_are_not_for_sale(alice_client, alice):
    _check_ins(alice, 6)
    for style, refusal in [
        ("felt", "This style is free: wear it as you like."),
        ("gold", "There is no such style."),
        ("", "There is no such style."),
        ("x" * 300, "There is no such style."),
    ]:
        response = alice_client.post("/accounts/styles/buy", {"style": style}, follow=True)
        assert response.status_code == 200 and _messages(response) == [refusal]
    assert coins.balance(alice) == 90


# --- games never change a balance -----------------------------------------------------


def test_games_never_change_a_balance(alice_client, alice):
    _check_ins(alice, 2)
    before = list(CoinEntry.objects.values_list("pk", "amount"))
    finished_game(alice, 120.0)  # a win, announced to the boards like a real one
    page = alice_client.get("/")  # and a new game dealt
    assert page.status_code == 302
    assert list(CoinEntry.objects.values_list("pk", "amount")) == before
    assert coins.balance(alice) == 22
