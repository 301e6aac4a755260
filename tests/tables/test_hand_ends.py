"""Each hand's end without a replay (docs/tables.md#each-hands-end-without-a-replay): the
score sheet and a finished table's figures read the states at the hands' ends that the
decisions cached, and replay only what the cache lacks."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from games.prng import SplitMix64
from games.tables import states
from games.tables.models import Table
from games.tables.registry import game_kind, rules_for
from tests.classic.web import helpers as classic
from tests.sanma.web import helpers as sanma
from tests.tables.pages import attrs, moves

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

GAMES = {
    "sanma": lambda client: sanma.start(client, seed=5, length="east", level="normal"),
    "classic": lambda client: classic.start(client, seed=11),
}


def _played(client, game: str, capture) -> Table:
    """A whole game played through the page, every decision's caching run as on a
    commit: a win or going on whenever offered, else a seeded pick."""
    with capture(execute=True):
        table = GAMES[game](client)
    rng = SplitMix64(7)
    for _ in range(3000):
        page = client.get(f"/{game}/{table.public_id}").content.decode()
        shown = attrs(page)
        if shown["phase"] == "game-end":
            table.refresh_from_db()
            return table
        offered = moves(page)
        first = [m for m in ("tsumo", "ron", "next") if m in offered]
        choice = first[0] if first else offered[rng.below(len(offered))]
        with capture(execute=True):
            response = client.post(
                f"/{game}/{table.public_id}/act", {"move": choice, "version": shown["version"]}
            )
        assert response.status_code == 302
    raise AssertionError("the game did not end")


def _replayed_ends(table: Table) -> list[tuple[int, object]]:
    """Each hand's end found the long way: every state into which the game stepped at a
    hand's result (waiting to go on, or the game over) from one that was not."""
    rules = rules_for(table.kind)
    state = rules.start(table.options, table.seed)
    ends = []
    for index, text in enumerate(table.log, 1):
        ended = rules.anyone_continues(state) or rules.results(state) is not None
        state = rules.apply(state, text)
        if not ended and (rules.anyone_continues(state) or rules.results(state) is not None):
            ends.append((index, state))
    return ends


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_ends_come_from_the_decisions_cache_and_a_gap_is_replayed_from_the_end_before(
    alice_client, alice, game, django_capture_on_commit_callbacks, monkeypatch
):
    table = _played(alice_client, game, django_capture_on_commit_callbacks)
    expected = _replayed_ends(table)
    assert len(expected) >= 3
    replayed: list[tuple[object, int]] = []
    real = states._replayed

    def counted(rules, table_, state, texts):
        replayed.append((state, len(texts)))
        return real(rules, table_, state, texts)

    monkeypatch.setattr(states, "_replayed", counted)
    assert states.hand_ends(table) == expected
    assert replayed == []  # every end was read from the cache

    (before, _), (gap, _) = expected[0], expected[1]
    cache.delete(states._key(table, gap))
    assert states.hand_ends(table) == expected
    assert replayed == [(expected[0][1], gap - before)]  # from the end before, no further

    cache.delete(states._key(table, before))
    replayed.clear()
    assert states.hand_ends(table) == expected
    assert [count for _, count in replayed] == [before, gap - before]
    assert replayed[0][0] is None  # from the table's start


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_stored_figures_and_the_sheet_follow_every_hands_end(
    alice_client, alice, game, django_capture_on_commit_callbacks
):
    table = _played(alice_client, game, django_capture_on_commit_callbacks)
    kind = game_kind(game)
    expected = _replayed_ends(table)
    figures = kind.hand_figures(expected, table.log)
    stored = {
        record.seat.index: record for record in kind.record_model.objects.filter(seat__table=table)
    }
    for seat, counted in enumerate(figures):
        assert {name: getattr(stored[seat], name) for name in counted} == counted
    assert sum(f["wins"] for f in figures) >= 1
    sheet = alice_client.get(f"/{game}/{table.public_id}/sheet").content.decode()
    assert sheet.count("<tr data-hand=") == len(expected)
