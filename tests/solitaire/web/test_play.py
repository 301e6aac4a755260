"""The tap loop over HTMX and over plain forms, against PostgreSQL."""

import re

import pytest

from games.solitaire import engine
from games.solitaire.models import Game, Move
from games.tiles import tile_label
from tests.factories import craft_game

from .helpers import (
    HTMX,
    board,
    current_game,
    free_tiles,
    game_id_in,
    matching_free_pair,
    post,
    solution,
    tap,
    tile_attrs,
)

pytestmark = pytest.mark.django_db

ROW_OF_FOUR = [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)]


def test_a_new_visitor_gets_pavillon_with_t1_attributes(client):
    game = current_game(client)
    assert game.layout.letter == "a" and game.code.endswith("-a")
    html = client.get(f"/game/{game.public_id}").content.decode()
    assert f'data-code="{game.code}"' in html and 'data-moves="0"' in html
    tiles = re.findall(r'<button id="tile-\d+"[^>]*>', html)
    assert len(tiles) == 36
    for tile in tiles:
        for attribute in (
            "data-x=",
            "data-y=",
            "data-z=",
            "data-tile=",
            "data-free=",
            "aria-pressed=",
        ):
            assert attribute in tile
    free = free_tiles(game)
    assert html.count('data-free="1"') == len(free)


def test_the_start_page_resumes_the_current_game(client):
    assert current_game(client) == current_game(client)


def test_it_selects_a_free_tile_with_a_small_answer(client):
    game = current_game(client)
    first = free_tiles(game)[0]
    response = tap(client, game, first)
    assert response.status_code == 200
    assert 'aria-pressed="true"' in tile_attrs(response.content.decode(), first)
    assert len(response.content) <= 2048
    game.refresh_from_db()
    assert game.selected == first and game.moves == 0


def test_tapping_the_selected_tile_again_clears_the_selection(client):
    game = current_game(client)
    first = free_tiles(game)[0]
    tap(client, game, first)
    response = tap(client, game, first)
    assert 'aria-pressed="false"' in tile_attrs(response.content.decode(), first)
    game.refresh_from_db()
    assert game.selected is None


def test_a_non_matching_free_tile_moves_the_selection(alice_client, alice):
    game = craft_game(alice, ROW_OF_FOUR, ["1B", "2B", "1B", "2B"])
    tap(alice_client, game, 0)
    response = tap(alice_client, game, 3)
    html = response.content.decode()
    assert 'aria-pressed="true"' in tile_attrs(html, 3)
    assert 'aria-pressed="false"' in tile_attrs(html, 0)
    game.refresh_from_db()
    assert game.selected == 3 and game.occupied_mask == 0b1111


def test_a_matching_pair_is_removed_and_logged(client):
    game = current_game(client)
    a, b = matching_free_pair(game)
    tap(client, game, a)
    response = tap(client, game, b)
    html = response.content.decode()
    assert "is-removing" in tile_attrs(html, a) and "is-removing" in tile_attrs(html, b)
    assert response["HX-Trigger"] and '"moves": 1' in response["HX-Trigger"]
    game.refresh_from_db()
    assert game.moves == 1 and game.version == 1 and game.selected is None
    assert not game.occupied_mask >> a & 1 and not game.occupied_mask >> b & 1
    assert list(game.log.values_list("kind", "first", "second")) == [("remove", a, b)]


def test_a_removal_sends_the_tiles_it_freed(alice_client, alice):
    game = craft_game(alice, ROW_OF_FOUR, ["1B", "2B", "2B", "1B"])
    tap(alice_client, game, 0)
    html = tap(alice_client, game, 3).content.decode()
    assert 'data-free="1"' in tile_attrs(html, 1) and 'data-free="1"' in tile_attrs(html, 2)


@pytest.mark.parametrize(
    ("language", "text"),
    [("en", "A tile lies on it"), ("de", "Da liegt noch ein Stein drauf")],
)
def test_a_covered_tile_says_a_tile_lies_on_it(alice_client, alice, language, text):
    game = craft_game(
        alice, [(0, 0, 0), (1, 1, 1), (4, 0, 0), (6, 0, 0)], ["1B", "1B", "2B", "2B"]
    )
    alice_client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    tap(alice_client, game, 2)
    response = tap(alice_client, game, 0)
    html = response.content.decode()
    assert text in html
    assert "is-wiggling" in tile_attrs(html, 0)
    assert "is-blocker" in tile_attrs(html, 1)
    game.refresh_from_db()
    assert game.selected is None and game.occupied_mask == 0b1111 and game.moves == 0


@pytest.mark.parametrize(
    ("language", "text"),
    [("en", "Blocked left and right"), ("de", "Links und rechts blockiert")],
)
def test_a_tile_closed_on_both_sides_says_so(alice_client, alice, language, text):
    game = craft_game(
        alice, [(0, 0, 0), (2, 1, 0), (4, 0, 0), (8, 0, 0)], ["1B", "1B", "2B", "2B"]
    )
    alice_client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    html = tap(alice_client, game, 1).content.decode()
    assert text in html
    assert "is-blocker" in tile_attrs(html, 0) and "is-blocker" in tile_attrs(html, 2)


def test_undo_takes_the_game_back_to_the_deal(client):
    game = current_game(client)
    start = board(game)
    for _ in range(3):
        a, b = matching_free_pair(game)
        tap(client, game, a)
        tap(client, game, b)
        game.refresh_from_db()
    for _ in range(3):
        assert post(client, game, "undo").status_code == 200
    game.refresh_from_db()
    assert board(game) == start
    assert game.moves == 0 and game.undos == 3
    assert post(client, game, "undo").status_code == 200  # nothing left: no change
    game.refresh_from_db()
    assert game.undos == 3


def test_a_hint_names_a_pair_that_keeps_the_board_winnable(client):
    game = current_game(client)
    response = post(client, game, "hint")
    html = response.content.decode()
    hinted = [int(i) for i in re.findall(r'id="tile-(\d+)" class="tile[^"]*is-hint', html)]
    assert len(hinted) == 2
    geometry = engine.geometry_for(game.positions)
    assert tuple(sorted(hinted)) in engine.free_pairs(geometry, board(game))
    game.refresh_from_db()
    assert game.hints == 1
    after = engine.apply_removal(geometry, board(game), *hinted)
    assert engine.solve(geometry, after, budget=5).status == "yes"


def test_a_hint_on_a_lost_board_says_how_many_undos_help(alice_client, alice):
    # Four of a kind, two of them stacked: taking the two loose ones leaves a column.
    game = craft_game(alice, [(0, 0, 0), (0, 0, 1), (4, 0, 0), (8, 0, 0)], ["1B"] * 4)
    tap(alice_client, game, 2)
    tap(alice_client, game, 3)
    html = post(alice_client, game, "hint").content.decode()
    assert "can no longer be cleared" in html and "1 undo brings it back" in html
    assert "is-hint" not in html
    game.refresh_from_db()
    assert game.hints == 1


def test_shuffle_is_offered_and_works_when_it_can_help(alice_client, alice):
    game = craft_game(alice, ROW_OF_FOUR, ["1B", "2B", "1B", "2B"])
    page = alice_client.get(f"/game/{game.public_id}").content.decode()
    assert "No pair can be removed." in page and f"/game/{game.public_id}/shuffle" in page
    assert post(alice_client, game, "shuffle").status_code == 200
    game.refresh_from_db()
    assert game.shuffles == 1 and game.moves == 1
    assert sorted(game.faces) == ["1B", "1B", "2B", "2B"]
    geometry = engine.geometry_for(game.positions)
    assert engine.solve(geometry, board(game)).status == "yes"
    assert game.log.get().kind == Move.Kind.SHUFFLE
    post(alice_client, game, "undo")
    game.refresh_from_db()
    assert game.faces == ["1B", "2B", "1B", "2B"] and game.shuffles == 1 and game.moves == 0


def test_no_shuffle_is_offered_for_a_column(alice_client, alice):
    game = craft_game(alice, [(0, 0, 0), (0, 0, 1)], ["F1", "F2"])
    page = alice_client.get(f"/game/{game.public_id}").content.decode()
    assert "No pair can be removed." in page
    assert f"/game/{game.public_id}/shuffle" not in page
    post(alice_client, game, "shuffle")
    game.refresh_from_db()
    assert game.shuffles == 0 and game.faces == ["F1", "F2"]


def test_no_shuffle_while_a_pair_can_be_removed(client):
    game = current_game(client)
    post(client, game, "shuffle")
    game.refresh_from_db()
    assert game.shuffles == 0 and game.faces == game.initial_faces


def _play_to_the_win(client, game, htmx=True):
    game.refresh_from_db()
    last = None
    for a, b in solution(game):
        tap(client, game, a, htmx=htmx)
        last = tap(client, game, b, htmx=htmx)
    game.refresh_from_db()
    return last


def test_a_win_without_help_gets_the_stamp(client):
    game = current_game(client)
    html = _play_to_the_win(client, game).content.decode()
    assert game.status == Game.Status.WON and game.verified
    assert game.elapsed_seconds is not None and game.finished_at is not None
    assert "Ohne Hilfe" in html and "Cleared!" in html
    assert f"/play/{game.code}" in html


def test_a_win_with_an_undo_gets_no_stamp(client):
    game = current_game(client)
    a, b = matching_free_pair(game)
    tap(client, game, a)
    tap(client, game, b)
    post(client, game, "undo")
    html = _play_to_the_win(client, game).content.decode()
    assert game.status == Game.Status.WON and game.verified and game.undos == 1
    assert "Cleared!" in html and "Ohne Hilfe" not in html


def test_a_whole_game_plays_through_plain_forms(client):
    game = current_game(client)
    response = _play_to_the_win(client, game, htmx=False)
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert game.status == Game.Status.WON and "Cleared!" in page and "Ohne Hilfe" in page


def test_a_blocked_reason_survives_the_redirect_without_javascript(alice_client, alice):
    game = craft_game(
        alice, [(0, 0, 0), (1, 1, 1), (4, 0, 0), (6, 0, 0)], ["1B", "1B", "2B", "2B"]
    )
    response = tap(alice_client, game, 0, htmx=False)
    assert response.status_code == 302
    page = alice_client.get(response["Location"]).content.decode()
    assert "A tile lies on it" in page
    assert "A tile lies on it" not in alice_client.get(response["Location"]).content.decode()


def test_pause_stops_the_clock_and_hides_the_faces(client):
    game = current_game(client)
    html = post(client, game, "pause").content.decode()
    assert 'data-tile=""' in html and "<use" not in html and "Resume" in html
    game.refresh_from_db()
    assert game.paused_at is not None
    first = free_tiles(game)[0]
    tap(client, game, first)  # ignored while paused
    game.refresh_from_db()
    assert game.selected is None
    clock = game.clock_seconds()
    post(client, game, "resume")
    game.refresh_from_db()
    assert game.paused_at is None and game.paused_seconds > 0
    assert game.clock_seconds() >= clock


def test_a_stale_page_gets_the_current_board_and_changes_nothing(client):
    game = current_game(client)
    a, b = matching_free_pair(game)
    tap(client, game, a)
    tap(client, game, b)
    game.refresh_from_db()
    c = free_tiles(game)[0]
    response = tap(client, game, c, version=0)  # rendered before the removal
    html = response.content.decode()
    assert 'id="board"' in html and "had changed" in html
    game.refresh_from_db()
    assert game.selected is None and game.moves == 1 and game.version == 1


def test_a_double_tap_on_a_removed_tile_is_stale(client):
    game = current_game(client)
    a, b = matching_free_pair(game)
    tap(client, game, a)
    tap(client, game, b)
    tap(client, game, b, version=1)
    game.refresh_from_db()
    assert game.moves == 1 and game.selected is None


def test_a_guest_cannot_see_or_touch_another_guests_game(client, django_user_model):
    from django.test import Client

    game = current_game(client)
    stranger = Client()
    assert stranger.get(f"/game/{game.public_id}").status_code == 404
    first = free_tiles(game)[0]
    response = stranger.post(
        f"/game/{game.public_id}/tap", {"position": first, "version": 0}, **HTMX
    )
    assert response.status_code == 404
    for action in ("undo", "hint", "shuffle", "pause", "resume"):
        assert stranger.post(f"/game/{game.public_id}/{action}", {"version": 0}).status_code == 404
    game.refresh_from_db()
    assert game.selected is None and game.hints == 0 and game.paused_at is None


def test_an_account_cannot_touch_another_accounts_game(alice_client, bob_client, alice):
    game = craft_game(alice, ROW_OF_FOUR, ["1B", "2B", "1B", "2B"])
    assert bob_client.get(f"/game/{game.public_id}").status_code == 404
    assert tap(bob_client, game, 0).status_code == 404


@pytest.mark.parametrize("position", ["999", "-1", "abc", "", "1e9", "0x1"])
def test_bad_positions_get_a_clear_answer(client, position):
    game = current_game(client)
    response = client.post(
        f"/game/{game.public_id}/tap", {"position": position, "version": 0}, **HTMX
    )
    assert 200 <= response.status_code < 500
    game.refresh_from_db()
    assert game.selected is None and game.moves == 0


def test_get_on_an_action_is_refused(client):
    game = current_game(client)
    assert client.get(f"/game/{game.public_id}/tap").status_code == 405


@pytest.mark.parametrize(
    ("path", "status", "text"),
    [
        ("/play/abc", 400, "is not a game code"),
        ("/play/123456789-a", 400, "is not a game code"),
        ("/play/12-Ä", 400, "is not a game code"),
        ("/play/12-z", 404, "There is no layout"),
        ("/play?code=12--a", 400, "is not a game code"),
        ("/play?code=", 400, "is not a game code"),
        ("/game/not-a-uuid", 404, ""),
    ],
)
def test_bad_codes_get_a_clear_message(client, path, status, text):
    response = client.get(path)
    assert response.status_code == status
    assert text in response.content.decode()


def test_a_game_link_opens_the_same_deal(client, bob_client):
    game = current_game(client)
    response = bob_client.get(f"/play/{game.code}")
    assert response.status_code == 302
    bobs = Game.objects.get(public_id=game_id_in(response["Location"]))
    assert bobs.pk != game.pk and bobs.code == game.code and bobs.faces == game.faces
    assert bob_client.get(f"/play/{game.code}")["Location"] == response["Location"]


def test_a_typed_code_redirects_to_its_link(client):
    response = client.get("/play", {"code": " 41739205-b "})
    assert response.status_code == 302 and response["Location"] == "/play/41739205-b"


def test_a_new_game_on_another_layout(client):
    first = current_game(client)
    response = client.post("/new", {"layout": "c"})
    assert response.status_code == 302
    game = current_game(client)
    assert game.layout.letter == "c" and len(game.positions) == 144
    first.refresh_from_db()
    assert first.status == Game.Status.ABANDONED
    assert client.post("/new", {"layout": "?"}).status_code == 400


def test_preferences_switch_dimming(client):
    game = current_game(client)
    page = client.get(f"/game/{game.public_id}").content.decode()
    assert 'class="board dim' in page  # on by default on Pavillon (docs/solitaire.md#dimming)
    response = client.post("/preferences", {"dim": "off", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    page = client.get(f"/game/{game.public_id}").content.decode()
    assert 'class="board dim' not in page and 'class="board ' in page


def test_the_numbers_style_draws_each_tile_as_its_label_in_the_pages_language(client):
    game = current_game(client)
    client.post("/accounts/styles/wear", {"style": "numbers"})  # docs/site.md#styles
    page = client.get(f"/game/{game.public_id}").content.decode()
    assert "style-numbers" in page
    label = tile_label(game.faces[0], "en")
    assert re.search(rf"<b[^>]*>{re.escape(label)}</b>", page)


def test_the_board_answers_with_csrf_enforced(client):
    from django.test import Client

    game = current_game(client)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = client.cookies
    response = strict.post(f"/game/{game.public_id}/tap", {"position": 0, "version": 0})
    assert response.status_code == 403


def test_only_the_very_first_game_gets_the_welcome_pulse(client):
    game = current_game(client)
    first = client.get(f"/game/{game.public_id}").content.decode()
    assert 'data-welcome="1"' in first
    assert 'data-welcome="1"' not in client.get(f"/game/{game.public_id}").content.decode()
    client.post("/new", {"layout": "a"})
    second = current_game(client)
    assert 'data-welcome="1"' not in client.get(f"/game/{second.public_id}").content.decode()


def test_the_gentle_help_names_a_free_pair_and_counts_no_hint(client):
    game = current_game(client)
    html = client.get(f"/game/{game.public_id}").content.decode()
    pair = re.search(r'id="help"[^>]*data-pair="(\d+) (\d+)"', html)
    assert pair
    geometry = engine.geometry_for(game.positions)
    assert tuple(map(int, pair.groups())) in engine.free_pairs(geometry, board(game))
    game.refresh_from_db()
    assert game.hints == 0


def test_following_a_link_keeps_the_game_in_progress(client):
    game = current_game(client)
    a, b = matching_free_pair(game)
    tap(client, game, a)
    tap(client, game, b)
    client.get("/play/12345-b")
    client.get("/daily", follow=True)
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    a, b = matching_free_pair(game)
    tap(client, game, a)
    tap(client, game, b)
    game.refresh_from_db()
    assert game.moves == 2


def test_asking_for_a_new_game_gives_up_the_one_in_progress(client):
    game = current_game(client)
    a, b = matching_free_pair(game)
    tap(client, game, a)
    tap(client, game, b)
    client.post("/new", {"layout": "a"})
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED


def test_a_tab_that_did_not_show_the_selection_cannot_complete_it(client):
    game = current_game(client)
    a, b = matching_free_pair(game)
    tap(client, game, a, selected="")
    response = tap(client, game, b, selected="")  # another tab: it showed no selection
    assert "had changed" in response.content.decode()
    game.refresh_from_db()
    assert game.moves == 0 and game.selected == a
    tap(client, game, b, selected=str(a))  # the tab that showed it
    game.refresh_from_db()
    assert game.moves == 1


def test_the_board_answer_tells_the_page_its_selection(client):
    game = current_game(client)
    a = free_tiles(game)[0]
    response = tap(client, game, a, selected="")
    assert f'"selected": {a}' in response["HX-Trigger"]
    page = client.get(f"/game/{game.public_id}").content.decode()
    assert f'name="selected" value="{a}"' in page
