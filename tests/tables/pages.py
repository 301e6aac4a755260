"""Reading a table game's page as the web tests do (docs/tables.md#a-decision-end-to-end):
the table a start or decision redirected to, the data attributes of #table, the moves
its buttons post."""

from __future__ import annotations

import re

from games.tables.models import Table

HTMX = {"HTTP_HX_REQUEST": "true"}


def table_of(response) -> Table:
    """The table a start or decision redirected to."""
    public_id = response["Location"].split("?")[0].rstrip("/").rsplit("/", 1)[-1]
    return Table.objects.get(public_id=public_id)


def attrs(html: str) -> dict[str, str]:
    """The data attributes of #table."""
    match = re.search(r'<(?:form|div) id="table"[^>]*>', html, flags=re.S)
    assert match, "no #table in the answer"
    return dict(re.findall(r'data-([a-z-]+)="([^"]*)"', match.group(0)))


def moves(html: str) -> list[str]:
    """Every decision the page offers: the values its buttons post."""
    return re.findall(r'<button[^>]*name="move" value="([^"]+)"', html)


def post(client, game: str, table: Table, move: str, htmx: bool = True, **data):
    """A decision posted as the page posts it, with the version it shows by default."""
    table.refresh_from_db()
    data.setdefault("version", table.shown_version)
    return client.post(
        f"/{game}/{table.public_id}/act", {"move": move, **data}, **(HTMX if htmx else {})
    )
