"""Size limits before any work (docs/site.md#size-limits): a hostile upload is refused
on its size before anything quadratic runs, an oversized body is refused unread, and
two hostile uploads at once leave the site answering."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from .servers import REQUEST_LIMITS, ROOT, Visitor, running_site

pytestmark = pytest.mark.django_db


def hostile_export() -> bytes:
    """Just under 1 MB: a valid-looking export whose layout has 88,000 positions, all
    distinct and on the grid."""
    positions = [[x, y, z] for z in range(6) for y in range(0, 300, 2) for x in range(0, 300, 2)]
    export = {
        "format": "mahjong-solitaire-game/1",
        "code": "1-a",
        "positions": positions[:88_000],
        "moves": [],
    }
    raw = json.dumps(export, separators=(",", ":")).encode()
    assert 900_000 < len(raw) < 1_000_000 and len(export["positions"]) == 88_000
    return raw


def test_a_hostile_upload_is_refused_on_its_number_of_positions(client):
    upload = SimpleUploadedFile("x.json", hostile_export(), content_type="application/json")
    started = time.monotonic()
    response = client.post("/replay", {"export": upload})
    assert response.status_code == 400
    assert "88000 positions: at most 144 fit a set" in response.content.decode()
    # Not a timing contract: before the fix this took minutes, now it is one JSON parse.
    assert time.monotonic() - started < 10


@pytest.mark.parametrize("path", ["/replay", "/accounts/signup", "/new", "/admin/login/"])
def test_a_body_larger_than_any_form_takes_is_refused_unread(client, path):
    response = client.post(
        path, {"export": SimpleUploadedFile("x.json", b"0" * 1_200_000)}, follow=False
    )
    assert response.status_code == 413
    assert "Too large" in response.content.decode()


def test_a_body_of_the_largest_export_size_is_still_taken(client):
    upload = SimpleUploadedFile("x.json", b" " * 999_000, content_type="application/json")
    response = client.post("/replay", {"export": upload})
    assert response.status_code == 400 and "not JSON" in response.content.decode()


def _multipart(fields: dict[str, str], name: str, content: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="x.json"\r\n'
        "Content-Type: application/json\r\n\r\n".encode()
        + content
        + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def _upload(visitor: Visitor, content: bytes) -> tuple[int, str]:
    token = next(c.value for c in visitor.cookies if c.name == "csrftoken")
    body, kind = _multipart({"csrfmiddlewaretoken": token}, "export", content)
    request = urllib.request.Request(
        visitor.base + "/replay", data=body, headers={"Content-Type": kind}
    )
    try:
        with visitor.opener.open(request, timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_two_hostile_uploads_at_once_leave_ping_answering():
    """Two workers, two hostile uploads at the same moment: before the fix both workers
    were busy for minutes and the site answered nothing."""
    hostile = hostile_export()
    with running_site(workers=2) as (base, _process):
        visitors = [Visitor(base) for _ in range(2)]
        for visitor in visitors:
            assert visitor.request("/replay")[0] == 200  # the CSRF cookie
        answers: list = [None, None]

        def send(index: int) -> None:
            answers[index] = _upload(visitors[index], hostile)

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        time.sleep(0.3)  # both uploads are in the workers now
        started = time.monotonic()
        with urllib.request.urlopen(base + "/ping", timeout=10) as ping:
            assert ping.status == 200
        ping_seconds = time.monotonic() - started
        for thread in threads:
            thread.join(timeout=60)
        for status, html in answers:
            assert status == 400 and "at most 144 fit a set" in html
        assert ping_seconds < 10


def test_the_readme_runs_gunicorn_with_the_request_limits_the_tests_run_it_with():
    readme = (ROOT / "README.md").read_text()
    command = readme.split(".venv/bin/gunicorn config.wsgi", 1)[1].split("\n\n", 1)[0]
    flags = command.replace("\\\n", " ").split()
    for name, value in zip(REQUEST_LIMITS[::2], REQUEST_LIMITS[1::2], strict=True):
        assert flags[flags.index(name) + 1] == value


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_gunicorn_refuses_a_flood_of_headers():
    with running_site() as (base, _process):
        headers = {f"X-Junk-{k}": "x" for k in range(60)}
        request = urllib.request.Request(base + "/ping", headers=headers)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 431  # Request Header Fields Too Large
