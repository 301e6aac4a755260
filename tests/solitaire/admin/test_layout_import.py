"""Importing KMahjongg layout files: the admin upload and ``manage.py import_layout``."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from games.solitaire import engine
from games.solitaire.models import Layout

from .helpers import FIRST_FREE, IMPORT_URL, change_url
from .test_layout_files import TWO_HUMPS, WALL

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent / "data"


def _upload(client, filename: str, content: bytes | None = None, name: str = ""):
    content = (DATA / filename).read_bytes() if content is None else content
    return client.post(IMPORT_URL, {"file": SimpleUploadedFile(filename, content), "name": name})


def _file_errors(response) -> list[str]:
    return list(response.context["form"].errors.get("file", []))


def test_the_upload_page_is_a_small_form_with_csrf(admin_client):
    html = admin_client.get(IMPORT_URL).content.decode()
    assert 'enctype="multipart/form-data"' in html and "csrfmiddlewaretoken" in html


def test_an_uploaded_version_1_0_file_becomes_an_inactive_layout(admin_client, admin_user):
    response = _upload(admin_client, "two_humps_v1_0.layout")
    layout = Layout.objects.get(letter=FIRST_FREE)
    assert response.status_code == 302 and response["Location"] == change_url(layout)
    assert layout.position_tuples() == TWO_HUMPS
    assert layout.name == "Two humps v1 0"
    assert not layout.active and not layout.wide and not layout.builtin
    assert layout.updated_by == admin_user
    page = admin_client.get(response["Location"]).content.decode()
    assert f"Imported “Two humps v1 0” as layout {FIRST_FREE} with 8 tiles, inactive" in page


def test_an_uploaded_version_1_1_file_takes_the_name_given(admin_client):
    _upload(admin_client, "wall_v1_1.layout", name="Wall")
    layout = Layout.objects.get(letter=FIRST_FREE)
    assert (layout.name, layout.position_tuples()) == ("Wall", WALL)


def test_a_wide_upload_is_kept_with_a_warning(admin_client):
    text = "kmahjongg-layout-v1.1\nw16\nh2\nd1\n" + "12" * 8 + "\n" + "43" * 8 + "\n"
    response = _upload(admin_client, "long.layout", text.encode())
    assert Layout.objects.get(letter=FIRST_FREE).wide
    page = admin_client.get(response["Location"]).content.decode()
    assert "Warning: wide: 16 half cells across" in page


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (
            b"\x89PNG\r\n\x1a\n\x00\x00",
            "the file is not UTF-8 text: is it a KMahjongg .layout file?",
        ),
        (
            b"[KMahjonggLayout]\nName=Grid\n",
            "this is not a KMahjongg layout file: its first "
            "line must be “kmahjongg-layout-v1.0” or “kmahjongg-layout-v1.1”",
        ),
        (
            b"kmahjongg-layout-v1.1\nw2\nh2\nd2\n12\n43\n12\n43\n",
            "no complete removal order: the tiles cannot all be removed two free tiles at a "
            "time, whatever the faces",
        ),
        (
            b"kmahjongg-layout-v1.1\nw6\nh2\nd1\n121212\n434343\n",
            "the layout has 3 positions: it needs an even number",
        ),
    ],
    ids=["binary", "desktop-file", "unsound", "odd"],
)
def test_a_file_that_cannot_become_a_layout_is_refused_in_words(admin_client, content, problem):
    response = _upload(admin_client, "bad.layout", content)
    assert response.status_code == 200
    assert _file_errors(response) == [problem]
    assert not Layout.objects.filter(letter=FIRST_FREE).exists()


def test_an_upload_without_a_file_asks_for_one(admin_client):
    response = admin_client.post(IMPORT_URL, {"name": "Nothing"})
    assert response.status_code == 200 and _file_errors(response) == ["This field is required."]


def test_the_import_command_prints_the_new_letter():
    out, err = StringIO(), StringIO()
    call_command(
        "import_layout", str(DATA / "wall_v1_1.layout"), "--name", "Wall", stdout=out, stderr=err
    )
    assert out.getvalue() == f"{FIRST_FREE}\n"
    layout = Layout.objects.get(letter=FIRST_FREE)
    assert (layout.name, layout.active, layout.position_tuples()) == ("Wall", False, WALL)
    assert (
        f"Imported “Wall” as layout {FIRST_FREE}: 20 tiles, 7 free at the start" in err.getvalue()
    )


def test_the_import_command_names_the_layout_after_its_file():
    call_command(
        "import_layout", str(DATA / "two_humps_v1_0.layout"), stdout=StringIO(), stderr=StringIO()
    )
    assert Layout.objects.get(letter=FIRST_FREE).name == "Two humps v1 0"


def test_the_import_command_lists_what_is_wrong(tmp_path):
    bad = tmp_path / "tower.layout"
    bad.write_text("kmahjongg-layout-v1.1\nw2\nh2\nd2\n12\n43\n12\n43\n")
    with pytest.raises(CommandError) as raised:
        call_command("import_layout", str(bad), stdout=StringIO(), stderr=StringIO())
    assert str(raised.value) == (
        "tower.layout cannot become a layout:\n- no complete removal order: the tiles "
        "cannot all be removed two free tiles at a time, whatever the faces"
    )
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_layout", str(tmp_path / "missing.layout"))
    assert not Layout.objects.filter(letter=FIRST_FREE).exists()


def test_an_imported_layout_can_be_dealt_before_it_is_switched_on():
    pytest.importorskip("games.solitaire.management.commands.deal", reason="the deal command")
    call_command(
        "import_layout", str(DATA / "wall_v1_1.layout"), stdout=StringIO(), stderr=StringIO()
    )
    out = StringIO()
    call_command("deal", f"7-{FIRST_FREE}", "--json", stdout=out)
    dealt = json.loads(out.getvalue())
    faces = engine.deal(engine.geometry_for(WALL), 7)
    assert [(t["x"], t["y"], t["z"], t["tile"]) for t in dealt] == [
        (*position, face) for position, face in zip(WALL, faces, strict=True)
    ]
