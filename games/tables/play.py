"""The one place that applies a decision to a stored table (docs/tables.md#a-decision-end-to-end).

A human's decision locks the table row, checks the version its page showed, applies
the action through the game's rules, plays the bots' turns until a human must decide
again, appends everything to the log and commits before the view answers. A decision
on a table where the player has no seat answers ``None``.
"""

from __future__ import annotations

import enum
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from games.players import Player

from . import states
from .models import Seat, Table
from .registry import GameRules, State, rules_for
from .signals import table_finished

# An all-bot table plays to its end in one request; this bounds a runaway game.
MAX_BOT_DECISIONS = 20_000


class Kind(enum.StrEnum):
    STARTED = "started"
    PLAYED = "played"  # the decision was applied (and the bots played on)
    STALE = "stale"  # the page showed an older version: nothing was applied
    REFUSED = "refused"  # not a legal decision now: nothing was applied


@dataclass(frozen=True)
class Outcome:
    """What a decision did. ``state`` is the engine's whole state, for the game's
    presenter to turn into the seat's view: never hand it to a template."""

    table: Table
    seat: int
    state: State
    kind: Kind
    since: int  # the version the player's page showed: the answer shows what followed
    message: str = ""


def new_seed() -> int:
    return secrets.randbits(53)


@transaction.atomic
def start_table(
    kind: str,
    options: dict,
    seats: list[Player | str],
    *,
    seed: int | None = None,
) -> Table:
    """A new table of ``kind``; ``seats`` in seat order, each a Player or a bot level.
    The bots play until a human must decide. Raises ValueError on bad options."""
    rules = rules_for(kind)
    if len(seats) != rules.seats:
        raise ValueError(f"{kind} is played by {rules.seats}")
    unknown = {who for who in seats if isinstance(who, str)} - set(rules.bot_levels)
    if unknown:
        raise ValueError(f"no {kind} bots of strength {', '.join(sorted(unknown))}")
    seed = new_seed() if seed is None else seed
    state = rules.start(options, seed)
    table = Table.objects.create(kind=kind, options=options, seed=seed)
    Seat.objects.bulk_create(
        Seat(table=table, index=index, bot_level=who)
        if isinstance(who, str)
        else Seat(table=table, index=index, **who.owner_fields())
        for index, who in enumerate(seats)
    )
    _play_on(table, rules, state)
    return table


def _locked(player: Player, public_id) -> tuple[Table, int] | None:
    table = (
        Table.objects.of(player)
        .select_for_update(of=("self",))
        .filter(public_id=public_id)
        .first()
    )
    if table is None:
        return None
    seat = table.seat_of(player)
    assert seat is not None
    return table, seat.index


@transaction.atomic
def decide(player: Player, public_id, version: int | None, move: str) -> Outcome | None:
    """Apply the player's ``move`` (the action without the seat: ``"d:5D"``, ``"pon"``)
    to the table their page showed at ``version``."""
    found = _locked(player, public_id)
    if found is None:
        return None
    table, seat = found
    rules = rules_for(table.kind)
    state = states.state_at(table)
    if version != table.version or not table.is_playing:
        return Outcome(table, seat, state, Kind.STALE, since=table.version)
    try:
        after = rules.apply(state, f"{seat} {move}")
    except ValueError as error:
        return Outcome(table, seat, state, Kind.REFUSED, since=table.version, message=str(error))
    table.log.append(f"{seat} {move}")
    after = _play_on(table, rules, after)
    return Outcome(table, seat, after, Kind.PLAYED, since=version)


def _play_on(table: Table, rules: GameRules, state: State) -> State:
    """Play the bots' turns until a human must decide or the game is over, then store
    the log (docs/tables.md#the-bots-turns)."""
    bots = {seat.index: seat.bot_level for seat in table.seats.all() if seat.is_bot}
    humans = set(range(rules.seats)) - set(bots)
    for _ in range(MAX_BOT_DECISIONS):
        waiting = rules.waiting_for(state)
        ready = sorted(waiting & set(bots))
        if not ready or (rules.anyone_continues(state) and humans):
            break
        seat = ready[0]
        text = rules.bot_action(state, seat, bots[seat], table.seed, len(table.log))
        state = rules.apply(state, text)
        table.log.append(text)
    results = rules.results(state)
    fields = ["log", "updated_at"]
    if results is not None and table.is_playing:
        table.status = Table.Status.FINISHED
        table.finished_at = timezone.now()
        fields += ["status", "finished_at"]
    table.save(update_fields=fields)
    states.remember(table, state, table.version)
    if results is not None and "status" in fields:
        for seat in table.seats.all():
            result = results[seat.index]
            seat.place, seat.score, seat.points = result.place, result.score, result.points
            seat.save(update_fields=["place", "score", "points"])
        table_finished.send(Table, table=table, state=state)
    return state


def current_state(table: Table) -> State:
    return states.state_at(table)


def own_table(player: Player, public_id) -> tuple[Table, int] | None:
    """The player's table and seat, unlocked, for a page that only shows it."""
    table = Table.objects.of(player).with_seats().filter(public_id=public_id).first()
    if table is None:
        return None
    seat = table.seat_of(player)
    assert seat is not None
    return table, seat.index
