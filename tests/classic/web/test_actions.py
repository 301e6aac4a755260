"""Every decision at the Classic table, posted as a page posts it: with HTMX (the answer
is the table) and without (the server redirects back). Positions come from seeded games
played by bots."""

from __future__ import annotations

import pytest

from games.classic import engine
from games.classic.engine.tiles import kind
from games.players import Player

from .helpers import (
    HTMX,
    attrs,
    craft,
    moves,
    nine_position,
    position_with,
    post,
    state_of,
)

pytestmark = pytest.mark.django_db

ALICE = 0


def _alices_table(alice, name: str):
    seed, log = position_with(name, ALICE)
    return craft(Player(alice), seed, list(log), ALICE)


def _offered(html: str, verb: str, wanted=None) -> str:
    """The first button of the page that posts ``verb`` (and passes ``wanted``)."""
    found = [m for m in moves(html) if m.split(":")[0] == verb and (wanted is None or wanted(m))]
    assert found, f"no {verb} button among {moves(html)}"
    return found[0]


def _page(client, table) -> str:
    return client.get(f"/classic/{table.public_id}").content.decode()


def test_the_buttons_are_the_legal_actions_and_nothing_else(alice_client, alice):
    for name in ("discard", "chi", "pong", "claim-kan", "mahjong-discard", "next"):
        table = _alices_table(alice, name)
        legal = engine.legal_actions(state_of(table), ALICE)
        offered = set(moves(_page(alice_client, table)))
        assert offered == {str(a).split(" ", 1)[1] for a in legal}, name


@pytest.mark.parametrize(
    ("name", "verb"),
    [
        ("discard", "d"),
        ("chi", "chi"),
        ("pong", "pon"),
        ("claim-kan", "kan"),
        ("pass", "pass"),
        ("next", "next"),
    ],
)
def test_each_decision_is_applied_and_answered_with_the_table(alice_client, alice, name, verb):
    table = _alices_table(alice, name)
    before = table.version
    chosen = _offered(_page(alice_client, table), verb)

    response = post(alice_client, table, chosen)

    assert response.status_code == 200
    table.refresh_from_db()
    assert table.log[before] == f"{ALICE} {chosen}"
    answer = response.content.decode()
    assert attrs(answer)["version"] == str(table.shown_version)
    assert 'id="table-status"' in answer and "hx-swap-oob" in answer
    state = state_of(table)
    assert state.version == table.version
    if verb in ("chi", "pon", "kan"):  # the bots answered first: her claim is the set
        claimed = [m for m in state.players[ALICE].melds if m.claimed_from is not None]
        assert [m.shape for m in claimed][-1:] == [{"pon": "pong"}.get(verb, verb)]


def test_a_claimed_set_lies_open_and_the_claimer_discards_next(alice_client, alice):
    table = _alices_table(alice, "pong")
    post(alice_client, table, "pon")
    table.refresh_from_db()
    state = state_of(table)
    assert table.log[-1] == f"{ALICE} pon"  # the bots answered first; nothing outbid her
    assert [m.shape for m in state.players[ALICE].melds] == ["pong"]
    assert state.phase == engine.DISCARD and state.turn == ALICE
    html = _page(alice_client, table)
    assert 'aria-label="Pong"' in html and "d:" in " ".join(moves(html))
    assert 'data-action="tsumo"' not in html and 'data-action="kan"' not in html


@pytest.mark.parametrize("concealed", [True, False])
def test_an_own_kan_is_laid_down_and_a_replacement_drawn(alice_client, alice, concealed):
    table = _alices_table(alice, "concealed-kan" if concealed else "added-kan")
    before = state_of(table)
    hand = before.players[ALICE].hand
    html = _page(alice_client, table)

    def wanted(move: str) -> bool:
        tile = engine.Action.parse(f"0 {move}").tile
        return tile is not None and (hand.count(kind(tile)) == 4) == concealed

    chosen = _offered(html, "kan", wanted)
    assert f'data-action="kan" data-tile="{chosen.split(":")[1]}"' in html

    answer = post(alice_client, table, chosen).content.decode()

    table.refresh_from_db()
    assert f"{ALICE} {chosen}" in table.log
    after = state_of(table)
    kans = [m for m in after.players[ALICE].melds if m.shape == "kan"]
    assert any(m.concealed == concealed for m in kans)
    assert after.phase == engine.DISCARD and after.turn == ALICE  # after the replacement
    assert len(after.players[ALICE].hand) == len(hand) - (3 if concealed else 0)
    if concealed:
        assert answer.count('class="tl mini back"') >= 2  # its outer tiles face down


@pytest.mark.parametrize(
    ("name", "move"), [("mahjong-drawn", "tsumo"), ("mahjong-discard", "ron")]
)
def test_mah_jong_ends_the_hand_with_every_score_and_payment(alice_client, alice, name, move):
    table = _alices_table(alice, name)
    html = _page(alice_client, table)
    assert f'data-action="{move}"' in html and ">Mah Jong" in html

    answer = post(alice_client, table, move).content.decode()

    result = state_of(table).last_result
    assert result is not None and result.outcome == "win" and result.winner == ALICE
    assert attrs(answer)["phase"] in ("hand-end", "game-end")
    assert "Mah Jong! You win" in answer
    assert answer.count('class="hand-score') == 4  # every hand and how it scored
    assert '<span class="item-name">Mah Jong</span>' in answer and "Rounded to tens" in answer
    for payment in result.payments:
        assert (
            f'data-payer="{payment.payer}" data-payee="{payment.payee}" '
            f'data-amount="{payment.amount}"'
        ) in answer
    if len(result.payments) > (1 if result.discarder is not None else 3):
        assert "Between the losers" in answer


def test_mah_jong_is_offered_only_for_a_complete_hand(alice_client, alice):
    for name in ("discard", "pong", "chi", "concealed-kan", "mahjong-drawn"):
        table = _alices_table(alice, name)
        legal = engine.legal_actions(state_of(table), ALICE)
        has_mahjong = any(a.move == "tsumo" for a in legal)
        assert ('data-action="tsumo"' in _page(alice_client, table)) == has_mahjong
    table = _alices_table(alice, "discard")
    assert not any(a.move == "tsumo" for a in engine.legal_actions(state_of(table), ALICE))
    before = list(table.log)
    response = post(alice_client, table, "tsumo")  # a false Mah Jong is refused
    assert response.status_code == 200 and "That move is not possible now." in response.text
    table.refresh_from_db()
    assert table.log == before


def test_the_draw_is_taken_for_the_player_and_offered_beside_nine_terminals(alice_client, alice):
    table = _alices_table(alice, "discard")
    post(alice_client, table, _offered(_page(alice_client, table), "d"))
    table.refresh_from_db()
    assert any(text == f"{ALICE} draw" for text in table.log)  # the server drew for her

    seed, log = nine_position(human=1)
    nine = craft(Player(alice), seed, list(log), human=1)
    html = _page(alice_client, nine)
    assert attrs(html)["phase"] == "draw"
    assert set(moves(html)) == {"draw", "abort"}
    answer = post(alice_client, nine, "draw").content.decode()
    nine.refresh_from_db()
    assert nine.log[len(log)] == "1 draw"
    assert 'class="tl hand-tile drawn' in answer or attrs(answer)["phase"] != "discard"


def test_nine_terminals_ends_the_hand_in_a_draw(alice_client, alice):
    seed, log = nine_position(human=1)
    table = craft(Player(alice), seed, list(log), human=1)
    answer = post(alice_client, table, "abort").content.decode()
    assert "Draw: nine terminals and honours" in answer and "Nobody pays." in answer


@pytest.mark.parametrize("name", ["discard", "pong", "pass", "next"])
def test_without_javascript_a_decision_redirects_back_to_the_whole_page(alice_client, alice, name):
    table = _alices_table(alice, name)
    before, shown = table.version, table.shown_version
    verb = {"discard": "d", "pong": "pon"}.get(name, name)
    chosen = _offered(_page(alice_client, table), verb)

    response = post(alice_client, table, chosen, htmx=False)

    assert response.status_code == 302
    assert response["Location"] == f"/classic/{table.public_id}?since={shown}"
    table.refresh_from_db()
    assert table.log[before] == f"{ALICE} {chosen}"
    page = alice_client.get(response["Location"]).content.decode()
    assert attrs(page)["version"] == str(table.shown_version)


def test_the_answer_shows_the_bots_turns_one_after_another(alice_client, alice):
    table = _alices_table(alice, "discard")
    answer = post(alice_client, table, _offered(_page(alice_client, table), "d"))
    html = answer.content.decode()
    assert attrs(html)["phase"] not in ("hand-end", "game-end")
    assert "is-new" in html and "--step:0" in html and "--step:1" in html
    assert " discards " in html  # the live line tells the bots' discards


def test_a_refused_or_broken_decision_changes_nothing(alice_client, alice):
    table = _alices_table(alice, "discard")
    before = list(table.log)
    assert post(alice_client, table, "pon").status_code == 200  # not possible now: told
    assert post(alice_client, table, "pon", htmx=False).status_code == 400
    unknown = post(alice_client, table, "d:ZZ")  # no such tile: refused, and told
    assert unknown.status_code == 200 and "That move is not possible now." in unknown.text
    assert (
        alice_client.post(f"/classic/{table.public_id}/act", {"move": "<script>"}).status_code
        == 400
    )
    table.refresh_from_db()
    assert table.log == before


def test_posts_need_the_csrf_token(alice):
    from django.test import Client

    table = _alices_table(alice, "discard")
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    response = strict.post(
        f"/classic/{table.public_id}/act", {"move": "pass", "version": 0}, **HTMX
    )
    assert response.status_code == 403
