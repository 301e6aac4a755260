"""The regulars' toggles and taps that cannot misfire, through the web layer
(docs/tables.md#toggles, docs/tables.md#taps-that-cannot-misfire): a toggle switched
from the table is played by the server in the same request, remembered for the next
tables (on the account, in a guest's session, in a room), never shown to other seats;
a decision from a page that had not yet shown its version long enough is refused."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.classic import engine as classic_engine
from games.players import Player
from games.sanma import engine as sanma_engine
from games.sanma.kind import options_of
from games.tables.models import Room, Seat, Table
from tests.classic.web import helpers as classic
from tests.sanma.web import helpers as sanma

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ME = 0


@pytest.fixture(autouse=True)
def slow_clocks(settings):
    """Clocks far longer than any test takes: no timer decides anything here."""
    settings.TABLE_DECISION_SECONDS = 600
    settings.TABLE_BANK_SECONDS = 600
    settings.TABLE_RESULT_SECONDS = 600


def _switch(client: Client, game: str, table: Table, toggle: str, on: bool = True, htmx=True):
    table.refresh_from_db()
    data = {"toggle": f"{toggle}:{int(on)}", "version": table.shown_version}
    return client.post(f"/{game}/{table.public_id}/toggle", data, **(HTMX if htmx else {}))


def _pressed(html: str) -> dict[str, bool]:
    """Each toggle the page shows, and whether it is on."""
    found = re.findall(r'aria-pressed="(true|false)" data-toggle="([a-z_]+)"', html)
    return {name: pressed == "true" for pressed, name in found}


def _legal(game, table: Table, seat: int = ME) -> set[str]:
    if game is sanma:
        return {a.move for a in sanma_engine.legal_actions(sanma.state_of(table), seat)}
    return {a.move for a in classic_engine.legal_actions(classic.state_of(table), seat)}


def _sanma_table(player: Player, move: str) -> Table:
    seed, log = sanma.position_with(move, ME)
    return sanma.craft(player, seed, list(log), ME)


def _classic_table(player: Player, name: str) -> Table:
    seed, log = classic.position_with(name, ME)
    return classic.craft(player, seed, list(log), ME)


# ---------------------------------------------------------------- taps that cannot misfire


def test_a_discard_of_a_tile_that_arrived_after_the_seen_version_is_refused(alice_client, alice):
    seed, log = sanma.position_with("d", 1)  # the second seat: its tile came with a version
    table = sanma.craft(Player(alice), seed, list(log), 1)
    state = sanma.state_of(table)
    drawn = sanma_engine.view(state, 1).drawn
    assert drawn is not None and table.shown_version > 0  # the tile the last version brought
    before = list(table.log)

    refused = sanma.post(alice_client, table, f"d:{drawn}", seen=table.shown_version - 1)

    assert refused.status_code == 200
    assert "nothing was played" in refused.content.decode()
    table.refresh_from_db()
    assert table.log == before
    played = sanma.post(alice_client, table, f"d:{drawn}", seen=table.shown_version)
    assert played.status_code == 200
    table.refresh_from_db()
    assert table.log[len(before)] == f"1 d:{drawn}"


def test_a_button_that_arrived_after_the_seen_version_does_not_act(alice_client, alice):
    table = _sanma_table(Player(alice), "pon")
    before = list(table.log)
    sanma.post(alice_client, table, "pon", seen=table.shown_version - 1)
    table.refresh_from_db()
    assert table.log == before
    sanma.post(alice_client, table, "pon", seen=table.shown_version)  # seen: it acts
    table.refresh_from_db()
    assert table.log[len(before)] == f"{ME} pon"


def test_the_page_posts_its_seen_version_and_says_whether_one_tap_is_on(alice_client, alice):
    table = _sanma_table(Player(alice), "d")
    page = alice_client.get(f"/sanma/{table.public_id}").content.decode()
    assert f'name="seen" value="{table.shown_version}"' in page
    assert "one-tap" not in sanma.attrs(page)
    assert _pressed(page)["one_tap"] is False

    answer = _switch(alice_client, "sanma", table, "one_tap").content.decode()

    assert sanma.attrs(answer)["one-tap"] == "1"
    assert _pressed(answer)["one_tap"] is True
    alice.refresh_from_db()
    assert alice.table_toggles == ["one_tap"]
    assert Seat.objects.get(table=table, index=ME).toggles == []  # the page's alone


# ---------------------------------------------------------------- Sanma's toggles


@pytest.mark.parametrize("win", ["tsumo", "ron"])
def test_sanma_auto_win_takes_the_win_offered_in_the_same_request(alice_client, alice, win):
    table = _sanma_table(Player(alice), win)
    assert win in _legal(sanma, table)
    before = len(table.log)

    response = _switch(alice_client, "sanma", table, "auto_win")

    assert response.status_code == 200
    assert _pressed(response.content.decode())["auto_win"] is True
    table.refresh_from_db()
    assert table.log[before] == f"{ME} {win}"
    assert Seat.objects.get(table=table, index=ME).toggles == ["auto_win"]


def test_sanma_no_calls_passes_the_pon_on_offer(alice_client, alice):
    table = _sanma_table(Player(alice), "pon")
    assert "ron" not in _legal(sanma, table)
    before = len(table.log)

    _switch(alice_client, "sanma", table, "no_calls")

    table.refresh_from_db()
    assert table.log[before] == f"{ME} pass"


def test_no_calls_leaves_a_win_to_the_player(alice_client, alice):
    table = _sanma_table(Player(alice), "ron")
    before = list(table.log)
    _switch(alice_client, "sanma", table, "no_calls")
    table.refresh_from_db()
    assert table.log == before  # the player decides on a tile that makes the hand


def test_sanma_auto_discard_after_riichi_discards_each_drawn_tile(alice_client, alice):
    table = _sanma_table(Player(alice), "riichi")
    _switch(alice_client, "sanma", table, "auto_discard")
    table.refresh_from_db()
    state = sanma.state_of(table)
    riichi = next(a for a in sanma_engine.legal_actions(state, ME) if a.move == "riichi")
    at = len(table.log)

    sanma.post(alice_client, table, riichi.text)

    table.refresh_from_db()
    after = table.log[at + 1 :]
    own = [i for i, text in enumerate(after, at + 1) if text.startswith(f"{ME} ")]
    assert own, f"no decision of the riichi seat after its riichi: {after}"
    state = sanma_engine.replay(options_of(table.options), table.seed, table.log[:at])
    for index in range(at, len(table.log)):
        text = table.log[index]
        if text.startswith(f"{ME} d:"):
            assert text == f"{ME} d:{sanma_engine.view(state, ME).drawn}"  # the drawn tile
        state = sanma_engine.apply(state, sanma_engine.Action.parse(text))
    view = sanma_engine.view(state, ME)
    if ME in sanma_engine.waiting_for(state) and view.phase == "discard":
        # Where it stopped, the player has a choice of their own: a win or a kan.
        assert {a.move for a in view.legal} & {"tsumo", "kan", "nuki"}


def test_without_javascript_a_toggle_redirects_back_to_the_table(alice_client, alice):
    table = _sanma_table(Player(alice), "pon")
    response = _switch(alice_client, "sanma", table, "no_calls", htmx=False)
    assert response.status_code == 302
    assert response["Location"] == f"/sanma/{table.public_id}"


def test_a_toggle_that_is_none_is_a_400_and_a_strangers_table_a_404(alice_client, alice):
    table = _sanma_table(Player(alice), "pon")
    bad = alice_client.post(f"/sanma/{table.public_id}/toggle", {"toggle": "all_wins:1"})
    assert bad.status_code == 400
    stranger = Client().post(f"/sanma/{table.public_id}/toggle", {"toggle": "no_calls:1"})
    assert stranger.status_code == 404


def test_the_toggles_are_remembered_for_the_next_table(alice_client, alice):
    table = _sanma_table(Player(alice), "d")
    _switch(alice_client, "sanma", table, "no_calls")
    _switch(alice_client, "sanma", table, "auto_win")
    _switch(alice_client, "sanma", table, "auto_win", on=False)
    alice.refresh_from_db()
    assert alice.table_toggles == ["no_calls"]

    new = sanma.start(alice_client, seed=5)

    mine = Seat.objects.get(table=new, user=alice)
    assert mine.toggles == ["no_calls"]
    page = alice_client.get(f"/sanma/{new.public_id}").content.decode()
    assert _pressed(page) == {
        "auto_win": False,
        "no_calls": True,
        "auto_discard": False,
        "one_tap": False,
        "helper": True,  # on by default at a practice table
        "sound": False,  # off until switched on
    }  # auto-pass is for tables of several humans


def test_a_guests_toggles_live_in_the_session(client):
    first = sanma.start(client, seed=5)
    _switch(client, "sanma", first, "auto_win")
    assert client.session["table_toggles"] == ["auto_win"]
    second = sanma.start(client, seed=6)
    assert Seat.objects.get(table=second, bot_level="").toggles == ["auto_win"]


# ---------------------------------------------------------------- rooms


def _room_table(ann: Client, ben: Client) -> Table:
    response = ann.post(
        "/sanma/rooms/new", {"length": "one-hand", "red_fives": "on", "level": "normal"}
    )
    code = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert ben.post(f"/sanma/room/{code}/join", {"name": "Ben"}).status_code == 302
    assert ann.post(f"/sanma/room/{code}/start").status_code == 302
    return Room.objects.get(code=code).table


def test_in_a_room_each_member_starts_with_their_own_toggles_and_sees_only_them(
    alice_client, alice
):
    ben = Client()
    ben.post("/sanma/new", {"length": "east", "red_fives": "on", "level": "normal"})
    practice = Table.objects.get(seats__guest_id=ben.session["guest_id"])
    _switch(ben, "sanma", practice, "no_calls")
    alice.table_toggles = ["auto_win"]
    alice.save(update_fields=["table_toggles"])

    table = _room_table(alice_client, ben)

    assert Seat.objects.get(table=table, user=alice).toggles == ["auto_win"]
    assert Seat.objects.get(table=table, guest_id=ben.session["guest_id"]).toggles == ["no_calls"]
    alices = _pressed(alice_client.get(f"/sanma/{table.public_id}").content.decode())
    bens = _pressed(ben.get(f"/sanma/{table.public_id}").content.decode())
    assert alices["auto_win"] and not alices["no_calls"] and "auto_pass" in alices
    assert bens["no_calls"] and not bens["auto_win"]


def test_in_a_room_auto_pass_passes_an_offer_that_cannot_win_without_a_timer(
    alice_client, alice, bob
):
    seed, log = sanma.position_with("pon", ME)
    table = sanma.craft(Player(alice), seed, list(log), ME)
    Seat.objects.filter(table=table, index=1).update(bot_level="", user=bob)
    assert "ron" not in _legal(sanma, table)
    before = len(table.log)

    _switch(alice_client, "sanma", table, "auto_pass")

    table.refresh_from_db()
    assert table.log[before] == f"{ME} pass"  # in this request, no deadline passed
    assert Seat.objects.get(table=table, index=ME).timeouts == 0


def test_auto_pass_does_nothing_at_a_practice_table(alice_client, alice):
    table = _sanma_table(Player(alice), "pon")
    before = list(table.log)
    _switch(alice_client, "sanma", table, "auto_pass")
    table.refresh_from_db()
    assert table.log == before


# ---------------------------------------------------------------- Classic


def test_classic_no_calls_passes_the_pong_on_offer(alice_client, alice):
    table = _classic_table(Player(alice), "pong")
    assert "ron" not in _legal(classic, table)
    before = len(table.log)

    response = _switch(alice_client, "classic", table, "no_calls")

    assert response.status_code == 200
    table.refresh_from_db()
    assert table.log[before] == f"{ME} pass"


@pytest.mark.parametrize("name, win", [("mahjong-drawn", "tsumo"), ("mahjong-discard", "ron")])
def test_classic_auto_win_takes_mah_jong(alice_client, alice, name, win):
    table = _classic_table(Player(alice), name)
    before = len(table.log)

    _switch(alice_client, "classic", table, "auto_win")

    table.refresh_from_db()
    assert table.log[before] == f"{ME} {win}"


def test_classic_has_no_riichi_so_auto_discard_changes_nothing(alice_client, alice):
    table = _classic_table(Player(alice), "discard")
    before = list(table.log)
    _switch(alice_client, "classic", table, "auto_discard")
    table.refresh_from_db()
    assert table.log == before
