"""Every decision at the table, posted as a page posts it: with HTMX (the answer is the
table) and without (the server redirects back). Positions come from seeded games."""

from __future__ import annotations

import pytest

from games.players import Player

from .helpers import HTMX, attrs, craft, moves, position_with, post, state_of

pytestmark = pytest.mark.django_db

ALICE_SEAT = 0
EVERY_MOVE = ["d", "riichi", "tsumo", "ron", "pon", "kan", "nuki", "abort", "pass", "next"]


def _alices_table(alice, move):
    seed, log = position_with(move, ALICE_SEAT)
    return craft(Player(alice), seed, list(log), ALICE_SEAT)


def _offered(html: str, move: str) -> str:
    """The first button of the page that posts ``move``."""
    found = [m for m in moves(html) if m.split(":")[0] == move]
    assert found, f"no {move} button among {moves(html)}"
    return found[0]


@pytest.mark.parametrize("move", EVERY_MOVE)
def test_each_decision_the_page_offers_is_applied_and_answered_with_the_table(
    alice_client, alice, move
):
    table = _alices_table(alice, move)
    before = table.version
    page = alice_client.get(f"/sanma/{table.public_id}").content.decode()
    assert attrs(page)["version"] == str(table.shown_version)
    chosen = _offered(page, move)

    response = post(alice_client, table, chosen)

    assert response.status_code == 200
    table.refresh_from_db()
    assert table.log[before] == f"{ALICE_SEAT} {chosen}"
    answer = response.content.decode()
    assert attrs(answer)["version"] == str(table.shown_version)
    assert 'id="table-status"' in answer and "hx-swap-oob" in answer
    assert state_of(table).actions == table.version  # the log replays to the stored point


@pytest.mark.parametrize("move", ["d", "pon", "pass", "next"])
def test_without_javascript_a_decision_redirects_back_to_the_whole_page(alice_client, alice, move):
    table = _alices_table(alice, move)
    before, shown = table.version, table.shown_version
    chosen = _offered(alice_client.get(f"/sanma/{table.public_id}").content.decode(), move)

    response = post(alice_client, table, chosen, htmx=False)

    assert response.status_code == 302
    assert response["Location"] == f"/sanma/{table.public_id}?since={shown}"
    table.refresh_from_db()
    assert table.log[before] == f"{ALICE_SEAT} {chosen}"
    page = alice_client.get(response["Location"])
    assert attrs(page.content.decode())["version"] == str(table.shown_version)


def test_buttons_name_their_action_and_the_tile_where_one_must_be_named(alice_client, alice):
    table = _alices_table(alice, "riichi")
    html = alice_client.get(f"/sanma/{table.public_id}").content.decode()
    state = state_of(table)
    from games.sanma import engine

    legal = engine.legal_actions(state, ALICE_SEAT)
    for action in legal:
        if action.move == "riichi":
            assert f'data-action="riichi" data-tile="{action.tile}"' in html
        if action.move == "d":
            assert f'value="d:{action.tile}" data-tile="{action.tile}"' in html
    offered = set(moves(html))
    assert offered == {a.text for a in legal}  # a button for each legal action, none else


def test_the_bots_play_until_the_player_must_decide_again(alice_client, alice):
    table = _alices_table(alice, "d")
    discard = _offered(alice_client.get(f"/sanma/{table.public_id}").content.decode(), "d")
    before = table.version

    post(alice_client, table, discard)

    state = state_of(table)
    from games.sanma import engine

    assert ALICE_SEAT in engine.waiting_for(state) or state.phase == "game-end"
    bots_played = [text for text in table.log[before + 1 :]]
    assert bots_played and all(not text.startswith(f"{ALICE_SEAT} ") for text in bots_played)


def test_a_tsumo_shows_the_hand_result_with_yaku_han_fu_and_payments(alice_client, alice):
    table = _alices_table(alice, "tsumo")
    page = alice_client.get(f"/sanma/{table.public_id}").content.decode()
    assert "han" in page.split('data-action="tsumo"')[1].split("</button>")[0]  # the preview

    answer = post(alice_client, table, "tsumo").content.decode()

    assert attrs(answer)["phase"] == "hand-end"
    assert 'class="result-card hand-result"' in answer
    assert "You win by tsumo." in answer and 'class="yaku"' in answer and " fu" in answer
    assert "(tsumo)" in answer  # the payments, each with its reason
    assert 'data-action="next"' in answer


def test_htmx_answers_carry_the_bots_turns_as_steps_of_an_animation(alice_client, alice):
    table = _alices_table(alice, "d")
    discard = _offered(alice_client.get(f"/sanma/{table.public_id}").content.decode(), "d")
    answer = post(alice_client, table, discard, **{}).content.decode()
    assert 'class="tl is-new"' in answer or "is-new" in answer
    assert "--step:0" in answer and "--step:1" in answer


def test_a_no_javascript_page_after_a_decision_animates_the_same_steps(alice_client, alice):
    table = _alices_table(alice, "d")
    discard = _offered(alice_client.get(f"/sanma/{table.public_id}").content.decode(), "d")
    location = post(alice_client, table, discard, htmx=False)["Location"]
    assert "--step:1" in alice_client.get(location).content.decode()
    assert "--step:" not in alice_client.get(f"/sanma/{table.public_id}").content.decode()


def test_htmx_requests_are_recognised(alice_client, alice):
    """The HX-Request header alone picks the partial answer: no <html> around it."""
    table = _alices_table(alice, "pass")
    answer = alice_client.post(
        f"/sanma/{table.public_id}/act", {"move": "pass", "version": table.shown_version}, **HTMX
    ).content.decode()
    assert "<html" not in answer and 'id="table"' in answer
