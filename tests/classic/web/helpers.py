"""Helpers for the Classic web tests: tables started or crafted at a chosen point of a
seeded game, the page's attributes and buttons, and decisions posted as a browser would."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import cache
from unittest import mock

from games.classic import engine
from games.classic.engine.tiles import is_terminal_or_honour, kind
from games.classic.kind import CLASSIC, options_of
from games.players import Player
from games.tables.models import Seat, Table
from tests.tables.pages import HTMX as HTMX  # the pages' readings, for the tests here
from tests.tables.pages import attrs as attrs
from tests.tables.pages import moves as moves
from tests.tables.pages import post as post_as_page
from tests.tables.pages import table_of

OPTIONS = {"rounds": 1, "flowers": True, "dealer_rule": "official"}


def start(client, seed: int | None = None, **chosen) -> Table:
    """A table started through the start page's form; ``seed`` pins its walls."""
    data = {"rounds": "1", "flowers": "on", "dealer_rule": "official", "level": "beginner"}
    pinned = mock.patch("games.tables.play.new_seed", return_value=seed)
    with pinned if seed is not None else contextlib.nullcontext():
        response = client.post("/classic/new", {**data, **chosen})
    assert response.status_code == 302, response.content[:500]
    return table_of(response)


def post(client, table: Table, move: str, htmx: bool = True, **data):
    return post_as_page(client, "classic", table, move, htmx, **data)


def craft(player: Player, seed: int, log: list[str], human: int, level="beginner", **options):
    """A table at a chosen point of a game, the player in seat ``human``."""
    table = Table.objects.create(
        kind="classic", options={**OPTIONS, **options}, seed=seed, log=list(log)
    )
    for index in range(4):
        who = player.owner_fields() if index == human else {"bot_level": level}
        Seat.objects.create(table=table, index=index, **who)
    return table


def state_of(table: Table) -> engine.State:
    table.refresh_from_db()
    return engine.replay(options_of(table.options), table.seed, table.log)


Wanted = Callable[[engine.State, list[engine.Action]], bool]


@cache
def position_with(name: str, human: int = 0, seeds: int = 300) -> tuple[int, tuple[str, ...]]:
    """A seed and a log after which seat ``human`` alone must decide, with a choice
    named in ``WANTED`` among its actions: found by letting beginner bots play every
    seat of seeded games (the bots of a call answer before the human)."""
    wanted = WANTED[name]
    options = options_of(OPTIONS)
    for seed in range(seeds):
        state = engine.new_game(options, seed)
        log: list[str] = []
        while state.phase != engine.GAME_END:
            forced = CLASSIC.forced_action(state)
            if forced is not None:
                state = engine.apply(state, engine.Action.parse(forced))
                log.append(forced)
                continue
            waiting = engine.waiting_for(state)
            others = sorted(waiting - {human})
            if human in waiting and (not others or state.phase == engine.HAND_END):
                if wanted(state, engine.legal_actions(state, human)):
                    return seed, tuple(log)
                seat = human
            else:
                seat = others[0]
            text = CLASSIC.bot_action(state, seat, "beginner", seed, len(log))
            state = engine.apply(state, engine.Action.parse(text))
            log.append(text)
    raise LookupError(f"no position with {name!r} for seat {human}")


def _moves(legal) -> set[str]:
    return {a.move for a in legal}


def _own_kan(state, legal, concealed: bool) -> bool:
    hand = state.players[state.turn].hand
    return any(
        a.move == "kan" and a.tile is not None and (hand.count(kind(a.tile)) == 4) == concealed
        for a in legal
    )


WANTED: dict[str, Wanted] = {
    "discard": lambda state, legal: state.phase == engine.DISCARD and "d" in _moves(legal),
    "chi": lambda state, legal: "chi" in _moves(legal),
    "pong": lambda state, legal: "pon" in _moves(legal),
    "claim-kan": lambda state, legal: state.phase == engine.CALL and "kan" in _moves(legal),
    "concealed-kan": lambda state, legal: _own_kan(state, legal, concealed=True),
    "added-kan": lambda state, legal: _own_kan(state, legal, concealed=False),
    "mahjong-drawn": lambda state, legal: "tsumo" in _moves(legal),
    "mahjong-discard": lambda state, legal: "ron" in _moves(legal),
    "pass": lambda state, legal: "pass" in _moves(legal),
    "next": lambda state, legal: state.phase == engine.HAND_END,
}


@cache
def nine_position(human: int = 1, seeds: int = 5000) -> tuple[int, tuple[str, ...]]:
    """A seed and a log after which seat ``human`` may draw or declare nine terminals
    and honours in its first turn: East's first discard, passed by everybody."""
    options = options_of(OPTIONS)
    for seed in range(seeds):
        state = engine.new_game(options, seed)
        kinds = {t for t in state.players[human].hand if is_terminal_or_honour(t)}
        if len(kinds) < 9:
            continue
        log: list[str] = []
        while state.turn != human or state.phase != engine.DRAW:
            seat = min(engine.waiting_for(state))
            legal = engine.legal_actions(state, seat)
            action = next((a for a in legal if a.move in ("pass", "d")), None)
            if action is None or state.phase in (engine.HAND_END, engine.GAME_END):
                break
            state = engine.apply(state, action)
            log.append(str(action))
        else:
            if "abort" in _moves(engine.legal_actions(state, human)):
                return seed, tuple(log)
    raise LookupError("no deal with nine terminals and honours")


@cache
def finished_log(seed: int) -> tuple[str, ...]:
    """The log of a whole East round played by beginner bots in every seat."""
    state = engine.new_game(options_of(OPTIONS), seed)
    log: list[str] = []
    while state.phase != engine.GAME_END:
        text = CLASSIC.forced_action(state) or CLASSIC.bot_action(
            state, min(engine.waiting_for(state)), "beginner", seed, len(log)
        )
        state = engine.apply(state, engine.Action.parse(text))
        log.append(text)
    return tuple(log)


def finished_table(player: Player, seed: int, human: int = 0, level="beginner") -> Table:
    """A finished table, stored as the table machinery stores one (places, records)."""
    from games.tables.play import _Moves, _play_on

    table = craft(player, seed, list(finished_log(seed)), human, level)
    table = Table.objects.with_seats().get(pk=table.pk)
    _play_on(table, CLASSIC, state_of(table), _Moves(4))  # nothing to play: it stores the end
    table.refresh_from_db()
    return table
