"""The lobby's queue outlives the web process it was joined through
(docs/tables.md#lobby-and-rating): two players join Sanma's quick match through one
gunicorn, which is killed; a new one finds them waiting, and the third player's join
through it seats all three at one table, where the first two's next looks take them."""

from __future__ import annotations

import re

import pytest

from games.tables.models import QueueEntry, Table

from .servers import Visitor, kill, running_site

pytestmark = pytest.mark.django_db(transaction=True)


def _join(visitor: Visitor, name: str) -> tuple[int, str]:
    visitor.request("/sanma/lobby")  # the CSRF cookie
    status, url, _ = visitor.request("/sanma/lobby/join", {"choice": "east", "name": name})
    return status, url


def test_the_queue_outlives_a_killed_web_process_and_its_entries_are_seated():
    with running_site() as (base, process):
        ann, ben = Visitor(base), Visitor(base)
        for visitor, name in ((ann, "Ann"), (ben, "Ben")):
            status, url = _join(visitor, name)
            assert status == 200 and url.endswith("/sanma/lobby")  # waiting, back in the lobby
        kill(process)
    waiting = QueueEntry.objects.filter(kind="sanma", table=None)
    assert sorted(waiting.values_list("name", flat=True)) == ["Ann", "Ben"]

    with running_site() as (base, _):
        for visitor in (ann, ben):
            visitor.base = base
        status, _, html = ann.request("/sanma/lobby")
        assert status == 200 and 'data-waiting="2"' in html and "lobby-leave" in html
        cat = Visitor(base)
        status, url = _join(cat, "Cat")
        table = Table.objects.get()
        assert status == 200 and url.endswith(f"/sanma/{table.public_id}")
        for visitor in (ann, ben):  # their next look at the lobby takes them there
            status, url, html = visitor.request("/sanma/lobby")
            assert status == 200 and url.endswith(f"/sanma/{table.public_id}")
            assert re.search(r'<main class="table-page', html)
    assert sorted(seat.name for seat in table.seats.all()) == ["Ann", "Ben", "Cat"]
    assert not QueueEntry.objects.filter(table=None).exists()
