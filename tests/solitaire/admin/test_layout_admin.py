"""Layouts in the Django admin: letters, the grid, validation, the picture."""

import re

import pytest

from games.players import Player
from games.solitaire import curation, engine
from games.solitaire.layout_files import positions_from_grid
from games.solitaire.models import Game, Layout

from .helpers import (
    ADD_URL,
    FIRST_FREE,
    SECOND_FREE,
    TWO_TILES_GRID,
    WALL_GRID,
    add_layout,
    change_url,
    form_errors,
    row,
)

pytestmark = pytest.mark.django_db


def test_an_admin_adds_a_layout_under_the_next_free_letter(admin_client, admin_user):
    response = add_layout(admin_client, WALL_GRID)
    assert response.status_code == 302
    layout = Layout.objects.get(name="Wall")
    assert layout.letter == FIRST_FREE == "y"  # a to x are the built-in layouts
    assert layout.active and not layout.builtin and not layout.wide
    assert layout.updated_by == admin_user and layout.updated_at is not None
    assert layout.position_tuples() == tuple(positions_from_grid(WALL_GRID))


def test_the_first_letter_nobody_uses_is_taken_even_in_a_gap(admin_client):
    Layout.objects.create(letter=SECOND_FREE, name="Later", positions=[[0, 0, 0], [2, 0, 0]])
    add_layout(admin_client, TWO_TILES_GRID, name="First")
    assert Layout.objects.get(name="First").letter == FIRST_FREE


def test_when_all_26_letters_are_taken_the_form_says_so(admin_client):
    Layout.objects.bulk_create(
        Layout(letter=letter, name=letter, positions=[[0, 0, 0], [2, 0, 0]])
        for letter in (FIRST_FREE, SECOND_FREE)
    )
    response = add_layout(admin_client, TWO_TILES_GRID, name="Twenty-seventh")
    assert response.status_code == 200
    assert form_errors(response) == [
        "all 26 layout letters (a to z) are taken, so no layout can be added: delete a "
        "layout that no game uses to free its letter"
    ]
    assert not Layout.objects.filter(name="Twenty-seventh").exists()


def test_a_letter_taken_by_another_admin_meanwhile_is_skipped(monkeypatch):
    # Two admins saving at once both see the same letter as free; the second tries again.
    Layout.objects.create(
        letter=FIRST_FREE, name="Saved a moment ago", positions=[[0, 0, 0], [2, 0, 0]]
    )
    answers = iter([FIRST_FREE, SECOND_FREE])
    monkeypatch.setattr(curation, "next_free_letter", lambda: next(answers))
    layout = Layout(name="Second", positions=[[0, 0, 0], [2, 0, 0]])
    assert curation.save_new_layout(layout).letter == SECOND_FREE
    assert Layout.objects.get(name="Second").letter == SECOND_FREE


def test_the_change_page_shows_a_grid_that_reads_back_to_the_positions(admin_client):
    layout = Layout.objects.get(letter="c")
    response = admin_client.get(change_url(layout))
    assert response.status_code == 200
    grid = response.context["adminform"].form["grid"].value()
    assert grid.startswith("# level 0\n") and "# level 5\n" in grid
    assert set(positions_from_grid(grid)) == set(layout.position_tuples())


def test_saving_an_unchanged_grid_keeps_the_stored_order(admin_client):
    # Deals depend on the order of the positions: an untouched shape keeps its codes.
    stored = [[2, 0, 0], [0, 0, 0], [1, 0, 1], [4, 0, 0]]
    layout = Layout.objects.create(letter=FIRST_FREE, name="Odd order", positions=stored)
    grid = admin_client.get(change_url(layout)).context["adminform"].form["grid"].value()
    data = {"name": "Renamed", "name_de": "", "active": "on", "grid": grid, "_save": "Save"}
    assert admin_client.post(change_url(layout), data).status_code == 302
    layout.refresh_from_db()
    assert layout.name == "Renamed" and layout.positions == stored


def test_an_edited_grid_is_stored_in_reading_order(admin_client):
    layout = Layout.objects.create(
        letter=FIRST_FREE, name="Pair", positions=[[2, 0, 0], [0, 0, 0]]
    )
    data = {"name": "Four", "active": "on", "grid": "1.1.1.1.\n", "_save": "Save"}
    assert admin_client.post(change_url(layout), data).status_code == 302
    layout.refresh_from_db()
    assert layout.positions == [[0, 0, 0], [2, 0, 0], [4, 0, 0], [6, 0, 0]]


def test_a_layout_with_games_keeps_its_shape_so_its_codes_keep_their_deals(admin_client):

    layout = Layout.objects.create(
        letter=FIRST_FREE, name="Pair", positions=[[0, 0, 0], [2, 0, 0]]
    )
    game = Game.objects.deal(Player(guest_id="someone"), layout, seed=7)
    data = {"name": "Four", "active": "on", "grid": "1.1.1.1.\n", "_save": "Save"}
    response = admin_client.post(change_url(layout), data)
    assert response.status_code == 200
    assert "Games have been dealt on this layout" in " ".join(form_errors(response))
    layout.refresh_from_db()
    assert layout.positions == [[0, 0, 0], [2, 0, 0]] and layout.name == "Pair"
    assert game.code == f"7-{FIRST_FREE}"


# --- every problem in words an admin understands --------------------------------------


def _grid(*levels: list[str]) -> str:
    return "".join(f"# level {z}\n" + "\n".join(rows) + "\n" for z, rows in enumerate(levels))


# Two tiles of level 1 half a tile apart, on a floor of six.
OVERLAP = _grid([*row(0, 4, 8, width=10)] * 2, ["....", "....", "....11"])
STACK = _grid([*row(0, width=2)], [*row(0, width=2)])


@pytest.mark.parametrize(
    ("grid", "problem"),
    [
        (OVERLAP, "position (4, 2, 1) overlaps (5, 2, 1)"),
        ("1.1.1.\n", "the layout has 3 positions: it needs an even number"),
        ("1." * 146 + "\n", "the layout has 146 positions: at most 144 fit a set"),
        ("1." * 300 + "\n", "the layout has 300 positions: at most 144 fit a set"),
        (
            STACK,
            "no complete removal order: the tiles cannot all be removed two free tiles "
            "at a time, whatever the faces",
        ),
        ("# level 0\n....\n....\n", "the layout has no positions"),
        (
            "1212\n43x3\n",
            "level 0, x = 2, y = 1: “x” is not a grid mark (use 1 for a tile's "
            "top-left cell, 2 3 4 for its other cells, . for empty)",
        ),
    ],
    ids=["overlap", "odd", "over-144", "far-over-144", "no-removal-order", "empty", "mark"],
)
def test_each_problem_blocks_saving_and_is_named(admin_client, grid, problem):
    response = add_layout(admin_client, grid, name="Broken")
    assert response.status_code == 200
    assert form_errors(response) == [problem]
    assert problem in response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')
    assert not Layout.objects.filter(name="Broken").exists()


def test_every_problem_is_shown_at_once(admin_client):
    grid = _grid(["1.1.1.1.1.", "..........", "11"])
    response = add_layout(admin_client, grid, name="Broken")
    assert form_errors(response) == [
        "the layout has 7 positions: it needs an even number",
        "position (0, 2, 0) overlaps (1, 2, 0)",
    ]


def test_a_form_with_problems_draws_what_was_submitted(admin_client):
    html = add_layout(admin_client, OVERLAP, name="Broken").content.decode()
    assert html.count('class="picture-tile"') == 8 and 'class="deal-tile"' not in html
    assert 'data-x="5" data-y="2" data-z="1"' in html


def test_a_wide_layout_is_saved_with_a_warning_and_marked_wide(admin_client):
    grid = "\n".join(row(*range(0, 16, 2), width=16)) + "\n"
    response = add_layout(admin_client, grid, name="Long row")
    layout = Layout.objects.get(name="Long row")
    assert layout.wide and layout.letter == FIRST_FREE
    page = admin_client.get(response["Location"]).content.decode()
    assert "wide: 16 half cells across (more than 12), shows small on an upright phone" in page


def test_a_builtin_layout_can_be_renamed_and_deactivated_but_keeps_its_positions(
    admin_client, admin_user
):
    layout = Layout.objects.get(letter="a")
    before = layout.positions
    data = {"name": "Little Pavilion", "name_de": "Pavillon", "grid": TWO_TILES_GRID}
    assert admin_client.post(change_url(layout), data).status_code == 302
    layout.refresh_from_db()
    assert (layout.name, layout.active, layout.positions) == ("Little Pavilion", False, before)
    assert layout.updated_by == admin_user and not layout.wide


def test_a_builtin_layout_cannot_be_deleted_but_a_curated_one_can(admin_client):
    builtin = Layout.objects.get(letter="b")
    assert admin_client.get(f"/admin/solitaire/layout/{builtin.pk}/delete/").status_code == 403
    curated = Layout.objects.create(
        letter=FIRST_FREE, name="Spare", positions=[[0, 0, 0], [2, 0, 0]]
    )
    admin_client.post(f"/admin/solitaire/layout/{curated.pk}/delete/", {"post": "yes"})
    assert not Layout.objects.filter(pk=curated.pk).exists()


def test_the_change_page_draws_the_layout_with_free_tiles_and_a_sample_deal(admin_client):
    layout = Layout.objects.get(letter="b")
    html = admin_client.get(change_url(layout)).content.decode()
    geometry = engine.geometry_for(layout.positions)
    free = geometry.free_indices(geometry.full_mask)
    sample = engine.deal(geometry, 1)
    shape = re.findall(r'<g class="picture-tile"[^>]*>', html)
    deal = re.findall(r'<g class="deal-tile"[^>]*>', html)
    assert len(shape) == len(deal) == 72
    assert sum('data-free="1"' in tile for tile in shape) == len(free)
    for index in (0, 40, 71):
        x, y, z = layout.positions[index]
        where = f'data-x="{x}" data-y="{y}" data-z="{z}"'
        assert f'{where} data-free="{int(index in free)}"' in html
        assert f'{where} data-tile="{sample[index]}"' in html
    assert f"Free at the start: {len(free)} tiles of 72" in html
    assert all(f"level {z}: {n}" in html for z, n in [(0, 38), (1, 26), (2, 8)])
    assert "manage.py deal 1-b" in html
    assert engine.describe_tile_set(72) in html


def test_the_add_page_explains_the_grid(admin_client):
    html = admin_client.get(ADD_URL).content.decode()
    assert "A tile is the digit 1 in its top-left cell" in html
    assert 'class="picture-tile"' not in html


def test_the_changelist_offers_the_import_and_the_activation_actions(admin_client):
    html = admin_client.get("/admin/solitaire/layout/").content.decode()
    assert "/admin/solitaire/layout/import/" in html
    assert 'value="activate"' in html and 'value="deactivate"' in html
    assert 'value="delete_selected"' not in html


def test_the_actions_switch_layouts_off_and_on(admin_client, admin_user):
    layout = Layout.objects.create(
        letter=FIRST_FREE, name="Spare", positions=[[0, 0, 0], [2, 0, 0]]
    )
    data = {"action": "deactivate", "_selected_action": [layout.pk]}
    admin_client.post("/admin/solitaire/layout/", data)
    layout.refresh_from_db()
    assert not layout.active and layout.updated_by == admin_user
    admin_client.post("/admin/solitaire/layout/", {**data, "action": "activate"})
    layout.refresh_from_db()
    assert layout.active
