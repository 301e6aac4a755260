"""Coins (docs/site.md#coins): the daily check-in with its streak, the ledger, buying a
style; against PostgreSQL, parallel requests each on a connection of their own."""

from datetime import date, timedelta

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from accounts import coins
from accounts.models import CoinEntry, OwnedStyle
from tests.factories import finished_game
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
        coins.check_in(user, start + timedelta(days=offset))


def _messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


# --- the check-in ---------------------------------------------------------------------


def test_a_check_in_a_day_earns_ten_coins_and_two_more_for_each_day_of_the_streak(alice):
    earned = [coins.check_in(alice, DAY + timedelta(days=d)).amount for d in range(7)]
    assert earned == [10, 12, 14, 16, 18, 20, 20]
    assert coins.balance(alice) == sum(earned) == 110
    after_a_gap = coins.check_in(alice, DAY + timedelta(days=8))
    assert (after_a_gap.amount, after_a_gap.streak) == (10, 1)
    assert CoinEntry.objects.filter(user=alice).count() == 8


def test_a_day_counts_once_and_an_earlier_day_not_at_all(alice):
    coins.check_in(alice, DAY)
    for day in (DAY, DAY - timedelta(days=1)):
        with pytest.raises(coins.Refused, match="checked in today already"):
            coins.check_in(alice, day)
    assert coins.balance(alice) == 10


def test_the_check_in_counts_the_players_date_within_a_day_of_ours(alice_client, alice):
    today = timezone.now().date()
    response = alice_client.post(
        "/accounts/coins/check-in", {"day": (today + timedelta(days=1)).isoformat()}, follow=True
    )
    assert _messages(response) == ["+10 coins: day 1 of your streak."]
    assert coins.last_check_in(alice).day == today + timedelta(days=1)

    for day, refusal in [
        ((today + timedelta(days=2)).isoformat(), "for today only"),
        ("2026-13-01", "not a date"),
        ("yesterday", "not a date"),
        ("2" * 500, "not a date"),
    ]:
        response = alice_client.post("/accounts/coins/check-in", {"day": day}, follow=True)
        assert response.status_code == 200
        assert refusal in " ".join(_messages(response))
    assert coins.balance(alice) == 10


def test_without_javascript_the_check_in_counts_the_servers_date(alice_client, alice):
    response = alice_client.post("/accounts/coins/check-in")
    assert response.status_code == 302 and response["Location"] == "/accounts/coins"
    assert coins.last_check_in(alice).day == timezone.now().date()


def test_a_guest_cannot_check_in(client):
    response = client.post("/accounts/coins/check-in")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not CoinEntry.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_ten_check_ins_sent_at_once_credit_one(alice):
    day = timezone.now().date().isoformat()
    check_in = "/accounts/coins/check-in"
    responses = in_parallel(
        [lambda tab=tab: tab.post(check_in, {"day": day}) for tab in _tabs(alice, 10)]
    )
    assert [r.status_code for r in responses] == [302] * 10
    assert list(CoinEntry.objects.filter(user=alice).values_list("amount", flat=True)) == [10]


def test_the_database_itself_holds_one_check_in_a_player_and_day(alice, bob):
    coins.check_in(alice, DAY)
    coins.check_in(bob, DAY)  # another player's day is another day
    with pytest.raises(IntegrityError), transaction.atomic():
        CoinEntry.objects.create(
            user=alice, amount=10, reason=CoinEntry.Reason.CHECK_IN, day=DAY, streak=1
        )


# --- the ledger -----------------------------------------------------------------------


def test_the_ledger_is_never_edited_in_place(alice):
    entry = coins.check_in(alice, DAY)
    entry.amount = 1000
    with pytest.raises(ValueError, match="never changed"):
        entry.save()
    assert coins.balance(alice) == 10


@pytest.mark.parametrize(
    "entry",
    [
        {"amount": -5, "reason": "check-in", "day": DAY, "streak": 1},
        {"amount": 10, "reason": "check-in", "streak": 1},
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
    coins.check_in(alice, DAY)
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
