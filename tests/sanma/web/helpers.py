"""Helpers for the Sanma web tests: tables started or crafted at a chosen point of a
seeded game, the page's attributes and buttons, and decisions posted as a browser would."""

from __future__ import annotations

import contextlib
from functools import cache
from unittest import mock

from games.players import Player
from games.prng import SplitMix64
from games.sanma import engine
from games.sanma.kind import options_of
from games.tables.models import Seat, Table
from tests.sanma.engine.players import choose_greedy
from tests.tables.pages import HTMX as HTMX  # the pages' readings, for the tests here
from tests.tables.pages import attrs as attrs
from tests.tables.pages import moves as moves
from tests.tables.pages import post as post_as_page
from tests.tables.pages import table_of

OPTIONS = {"length": "east", "red_fives": True}


def start(client, seed: int | None = None, **chosen) -> Table:
    """A table started through the start page's form; ``seed`` pins its walls."""
    data = {"length": "east", "red_fives": "on", "level": "normal", **chosen}
    pinned = mock.patch("games.tables.play.new_seed", return_value=seed)
    with pinned if seed is not None else contextlib.nullcontext():
        response = client.post("/sanma/new", data)
    assert response.status_code == 302, response.content[:500]
    return table_of(response)


def post(client, table: Table, move: str, htmx: bool = True, **data):
    return post_as_page(client, "sanma", table, move, htmx, **data)


def craft(player: Player, seed: int, log: list[str], human: int, level="normal", **options):
    """A table at a chosen point of a game, the player in seat ``human``."""
    table = Table.objects.create(
        kind="sanma", options={**OPTIONS, **options}, seed=seed, log=list(log)
    )
    for index in range(3):
        who = player.owner_fields() if index == human else {"bot_level": level}
        Seat.objects.create(table=table, index=index, **who)
    return table


@cache
def position_with(move: str, human: int = 0, seeds: int = 400) -> tuple[int, tuple[str, ...]]:
    """A seed and a log after which seat ``human`` alone must decide and ``move`` (a
    move name, or a move text like ``"d:5Dr"``) is among its choices: found by playing
    seeded games with a greedy player."""
    options = options_of(OPTIONS)
    for seed in range(seeds):
        state = engine.new_game(options, seed)
        rng = SplitMix64(seed ^ 0xC0FFEE)
        log: list[str] = []
        while state.phase != "game-end" and len(log) < 3000:
            waiting = engine.waiting_for(state)
            if human in waiting and (waiting == {human} or state.phase == "hand-end"):
                legal = engine.legal_actions(state, human)
                if any(a.move == move or a.text == move for a in legal):
                    return seed, tuple(log)
            seat = sorted(waiting)[rng.below(len(waiting))]
            if state.phase == "hand-end":
                seat = human
            action = choose_greedy(rng, state, seat, engine.legal_actions(state, seat))
            if action.move in ("tsumo", "ron", "abort") and seat == human and rng.below(3):
                action = next(
                    (a for a in engine.legal_actions(state, seat) if a.move in ("d", "pass")),
                    action,
                )
            state = engine.apply(state, action)
            log.append(str(action))
    raise LookupError(f"no position with {move!r} for seat {human}")


def state_of(table: Table) -> engine.State:
    table.refresh_from_db()
    return engine.replay(options_of(table.options), table.seed, table.log)


@cache
def finished_log(seed: int, length: str = "one-hand") -> tuple[str, ...]:
    """The log of a whole game played by the greedy player in every seat."""
    from tests.sanma.engine.players import play

    _, log = play(options_of({**OPTIONS, "length": length}), seed, greedy=True)
    return tuple(str(action) for action in log)


def finished_table(player: Player, seed: int, human: int = 0, level="normal", **options):
    """A finished table, stored as the table machinery stores one (places, records)."""
    from games.tables.play import _Moves, _play_on
    from games.tables.registry import rules_for

    length = options.pop("length", "one-hand")
    table = craft(player, seed, list(finished_log(seed, length)), human, level, length=length)
    rules = rules_for("sanma")
    _play_on(table, rules, state_of(table), _Moves(3))  # nothing to play: it stores the end
    table.refresh_from_db()
    return table
