"""The table's contract (docs/tables.md#one-shape-for-every-table-game): the
phase tells a seat whose turn it is, in every table game, and never whether another
seat could call. Checked on every position of whole games played by bots, for every
seat, and on the page of a table of humans."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from games.players import Player
from games.tables.models import Seat, Table
from games.tables.registry import game_kind
from tests.classic.web import helpers as classic_helpers
from tests.sanma.web import helpers as sanma_helpers
from tests.tables.pages import attrs, moves

GAMES = {
    "sanma": {"length": "east", "red_fives": True},
    "classic": {"rounds": 1, "flowers": True, "dealer_rule": "official"},
}


def _positions(key: str, seed: int):
    """Every position of a game the beginner bots play at every seat."""
    kind = game_kind(key)
    state = kind.start(GAMES[key], seed)
    index = 0
    while kind.results(state) is None:
        yield kind, state
        text = kind.forced_action(state) or kind.bot_action(
            state, min(kind.waiting_for(state)), "beginner", seed, index
        )
        state = kind.apply(state, text)
        index += 1


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_phase_says_discard_exactly_when_the_viewer_must_discard(key):
    seen = set()
    for kind, state in _positions(key, seed=3):
        waiting = kind.waiting_for(state)
        views = [kind.view(state, seat) for seat in range(kind.seats)]
        for seat, v in enumerate(views):
            must_discard = bool(v.legal_moves("d"))
            assert must_discard == (v.phase == "discard" and v.turn == seat), (seat, v.phase)
            if v.phase == "call":
                assert seat in waiting and v.offer is not None
            elif v.phase != "hand-end":
                # A seat not asked about a tile sees no offer: another seat's chance to
                # call is that seat's secret.
                assert v.offer is None
            seen.add(v.phase)
        if any(v.phase == "discard" for v in views):
            # Every seat sees the seat in turn about to discard.
            assert {(v.phase, v.turn) for v in views} == {("discard", views[0].turn)}
    assert {"discard", "call", "hand-end"} <= seen


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_seat_of_a_room_reads_discard_while_the_seat_in_turn_must_discard(key):
    helpers = sanma_helpers if key == "sanma" else classic_helpers
    seed, log = helpers.position_with("d" if key == "sanma" else "discard", human=1)
    kind = game_kind(key)
    people = [Player(guest_id=f"{i}" * 32) for i in range(kind.seats)]
    table = Table.objects.create(kind=key, options=GAMES[key], seed=seed, log=list(log))
    for index, who in enumerate(people):
        Seat.objects.create(table=table, index=index, bank=10, **who.owner_fields())
    for index, who in enumerate(people):
        client = Client()
        session = client.session
        session["guest_id"] = who.guest_id
        session.save()
        client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
        page = client.get(f"/{key}/{table.public_id}").content.decode()
        shown = attrs(page)
        assert shown["seat"] == str(index) and shown["phase"] == "discard"
        # Only the seat in turn has tiles to discard, and its own seat says so.
        discards = [move for move in moves(page) if move.startswith("d:")]
        assert bool(discards) == (index == 1)
        assert ('<section class="seat me is-turn"' in page) == (index == 1)
