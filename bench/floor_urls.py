"""The site's URLs and POST /floor/<game>/<kind>: a tap's floor under load.

The floor does what no tap can skip and nothing else: it passes the same middleware
(the CSRF check of a post included), reads the session to know the player, sends the
tap's own SQL (its plain SELECT of the game and its one store statement: play.py's
tap_row and store_tap) through Django's connection, and answers with as many bytes
as a tap's answer of that kind. It applies no rule and renders nothing: the cost of a
tap beyond it is the site's own work (form, rules, answer).

Below it, the ladder (bench/load.py --ladder): `bare-<kind>` sends no statement at all
(the post, its CSRF check and the session alone), `one-<kind>` one: a select the tap's
SELECT alone, a removal one durable write of the game's row. One round trip a tap is
the least the data guarantees allow (docs/site.md#a-move-is-committed-before-its-answer,
#stale-pages): a removal is committed before its answer, and every tap looks at the
stored version of the game.
"""

from __future__ import annotations

import uuid
from types import SimpleNamespace

from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.http import require_POST

from config.urls import urlpatterns as site_urlpatterns
from games.players import player_of
from games.solitaire import play
from games.solitaire.models import Game

# A tap's answer sizes on Hoher Turm (bench/taps.py prints them): the floor sends as much.
ANSWER = {"select": b"x" * 390, "removal": b"x" * 4330}
LEVELS = ("", "bare", "one")  # the tap's statements; none; one (the ladder below it)


@require_POST
def floor(request: HttpRequest, public_id: uuid.UUID, kind: str) -> HttpResponse:
    level, _, tap = kind.rpartition("-")  # "one-select", "select", ...
    if level not in LEVELS or tap not in ANSWER:
        raise Http404
    player_of(request)
    if level == "bare":
        return HttpResponse(ANSWER[tap])
    if level == "one":
        _one_statement(public_id, tap)
        return HttpResponse(ANSWER[tap])
    row = play.tap_row(public_id)  # the tap's own SELECT, without making a Game of it
    if row is None:
        raise Http404
    game, _layout = row
    read = (game["version"], game["selected"])
    if tap == "select":  # the selection moves between none and a tile, as taps move it
        stored = SimpleNamespace(pk=game["id"], selected=1 if game["selected"] is None else None)
        play.store_tap(stored, read, None)
    else:  # a "removal" that keeps every tile: the same statement, a Move row more
        stored = SimpleNamespace(pk=game["id"], selected=None, occupied=game["occupied"])
        play.store_tap(stored, read, (0, 1))
    return HttpResponse(ANSWER[tap])


def _one_statement(public_id: uuid.UUID, tap: str) -> None:
    """A select's read of the game (the tap's SELECT), or a removal's durable write of
    the game's row (no Move row: a little less than a removal writes)."""
    if tap == "select":
        if play.tap_row(public_id) is None:
            raise Http404
        return
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Game._meta.db_table} SET moves = moves WHERE public_id = %s", [public_id]
        )


urlpatterns = [path("floor/<uuid:public_id>/<str:kind>", floor), *site_urlpatterns]
