"""Only staff with the right permissions curate layouts; daily puzzles are read-only."""

import datetime

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile

from games.solitaire.models import DailyPuzzle, Layout

from .helpers import (
    ADD_URL,
    FIRST_FREE,
    IMPORT_URL,
    TWO_TILES_GRID,
    add_layout,
    change_url,
)

pytestmark = pytest.mark.django_db

DAILY_URL = "/admin/solitaire/dailypuzzle/"


def _upload(client):
    text = b"kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n4343\n"
    return client.post(IMPORT_URL, {"file": SimpleUploadedFile("pair.layout", text)})


@pytest.mark.parametrize("url", ["/admin/solitaire/layout/", ADD_URL, IMPORT_URL, DAILY_URL])
def test_a_player_is_sent_to_the_admin_login(alice_client, url):
    response = alice_client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")


def test_a_player_can_neither_add_nor_upload_nor_change_a_layout(alice_client):
    layout = Layout.objects.get(letter="a")
    assert add_layout(alice_client, TWO_TILES_GRID).status_code == 302
    assert _upload(alice_client).status_code == 302
    data = {"name": "Mine now", "active": "", "grid": TWO_TILES_GRID}
    assert alice_client.post(change_url(layout), data).status_code == 302
    assert not Layout.objects.filter(letter=FIRST_FREE).exists()
    layout.refresh_from_db()
    assert layout.name == "Pavilion" and layout.active


def test_a_guest_is_sent_to_the_admin_login(client):
    assert _upload(client)["Location"].startswith("/admin/login/")
    assert not Layout.objects.filter(letter=FIRST_FREE).exists()


def test_staff_without_the_add_permission_cannot_upload(client, staff_without_rights):
    client.force_login(staff_without_rights)
    assert client.get(IMPORT_URL).status_code == 403
    assert _upload(client).status_code == 403
    assert add_layout(client, TWO_TILES_GRID).status_code == 403
    assert not Layout.objects.filter(letter=FIRST_FREE).exists()


def test_the_upload_checks_csrf(admin_user):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(admin_user)
    assert _upload(strict).status_code == 403
    assert not Layout.objects.filter(letter=FIRST_FREE).exists()


def test_daily_puzzles_are_listed_with_their_figures_and_cannot_be_edited(admin_client):
    puzzle = DailyPuzzle.objects.create(
        date=datetime.date(2026, 3, 1),
        code="20260301-b",
        status=DailyPuzzle.Status.VERIFIED,
        solver_seconds=0.042,
        solver_nodes=311,
        free_at_start=16,
        greedy_win_share=0.375,
    )
    html = admin_client.get(DAILY_URL).content.decode()
    for shown in ("20260301-b", "verified", "16", "38%", "0.042", "311"):
        assert shown in html
    assert admin_client.get(f"{DAILY_URL}add/").status_code == 403
    assert admin_client.get(f"{DAILY_URL}{puzzle.pk}/delete/").status_code == 403
    detail = admin_client.get(f"{DAILY_URL}{puzzle.pk}/change/")
    assert detail.status_code == 200 and 'name="_save"' not in detail.content.decode()
    admin_client.post(f"{DAILY_URL}{puzzle.pk}/change/", {"code": "1-a", "status": "failed"})
    puzzle.refresh_from_db()
    assert (puzzle.code, puzzle.status) == ("20260301-b", "verified")


def test_staff_who_may_only_look_see_the_grid_and_picture_but_cannot_save(
    client, staff_without_rights
):
    staff_without_rights.user_permissions.add(Permission.objects.get(codename="view_layout"))
    client.force_login(staff_without_rights)
    layout = Layout.objects.get(letter="a")
    html = client.get(change_url(layout)).content.decode()
    assert "<pre># level 0\n" in html and 'class="picture-tile"' in html
    data = {"name": "Mine now", "active": "on", "grid": TWO_TILES_GRID}
    assert client.post(change_url(layout), data).status_code == 403
    layout.refresh_from_db()
    assert layout.name == "Pavilion"
