"""A room's hand played with a toggle on (docs/tables.md#toggles), for each toggle and each
game it applies to: Ann, the host, has the toggle; Ben, a guest, joins; a bot takes each
other seat. The humans post their decisions through the table's form as their pages
would, each the move a bot of the room's strength would make, and the game goes on until
the toggle has taken a decision and that hand has reached its end.

What must hold: every decision of Ann's seat in the log that neither she posted nor the
game forced is the toggle's, as the table read by Ann at that point says it should be;
the room never waits on Ann for a decision the toggle takes (so no deadline can run out
on it); and no timer ever decided for her seat."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client

from games.tables import states, timers
from games.tables.models import Room, Seat, Table
from games.tables.registry import rules_for
from games.tables.toggles import Toggle
from tests.tables.pages import post

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

ANN, BEN = 0, 1  # the host sits first, the guest who joins next
LEVEL = "normal"
ROOMS = {
    "sanma": {"length": "east", "red_fives": "on", "level": LEVEL},
    "classic": {"rounds": "1", "flowers": "on", "dealer_rule": "official", "level": LEVEL},
}
# Classic has no riichi, so no auto-discard after it.
CASES = [
    ("sanma", Toggle.AUTO_WIN),
    ("sanma", Toggle.NO_CALLS),
    ("sanma", Toggle.AUTO_DISCARD),
    ("sanma", Toggle.AUTO_PASS),
    ("classic", Toggle.AUTO_WIN),
    ("classic", Toggle.NO_CALLS),
    ("classic", Toggle.AUTO_PASS),
]
SEED = 11  # the walls of the room's table; any seed whose game gives the toggle a turn
MAX_DECISIONS = 3000


@pytest.fixture(autouse=True)
def slow_clocks(settings):
    """The room's default timer, with clocks far longer than the test takes: any
    decision a timer took would be a timer that ran out while the room waited."""
    settings.TABLE_DECISION_SECONDS = 600
    settings.TABLE_BANK_SECONDS = 600
    settings.TABLE_RESULT_SECONDS = 600


def _moves(view) -> set[str]:
    return {action.move for action in view.legal}


def _toggle_decides(toggle: Toggle, view) -> str | None:
    """What the toggle takes for the seat whose table reads ``view``, by the rules of
    docs/tables.md#toggles (None where the player decides)."""
    moves = _moves(view) if view is not None else set()
    if not moves:
        return None
    if toggle == Toggle.AUTO_WIN:
        return next((win for win in ("tsumo", "ron") if win in moves), None)
    on_offer = view.offer is not None and "pass" in moves
    if toggle in (Toggle.NO_CALLS, Toggle.AUTO_PASS):
        # No calls passes calls, never a win; auto-pass passes what cannot win.
        return "pass" if on_offer and "ron" not in moves else None
    # After riichi the drawn tile goes, unless the player may win, kan or set a North aside.
    stopping = moves & {"tsumo", "kan", "nuki"}
    riichi = view.seats[view.seat].riichi
    if toggle == Toggle.AUTO_DISCARD and riichi and view.drawn and not stopping:
        return f"d:{view.drawn}"
    return None


def _open_room(game: str, ann: Client, ben: Client) -> Room:
    response = ann.post(f"/{game}/rooms/new", {**ROOMS[game], "name": "Ann"})
    assert response.status_code == 302, response.content[:300]
    code = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert ben.post(f"/{game}/room/{code}/join", {"name": "Ben"}).status_code == 302
    with mock.patch("games.tables.play.new_seed", return_value=SEED):
        assert ann.post(f"/{game}/room/{code}/start").status_code == 302
    return Room.objects.get(code=code)


@pytest.mark.parametrize("game, toggle", CASES, ids=[f"{g}-{t}" for g, t in CASES])
def test_a_room_hand_with_a_toggle_on_has_its_decisions_made_by_the_server(
    alice_client, alice, game, toggle
):
    alice.table_toggles = [str(toggle)]
    alice.save(update_fields=["table_toggles"])
    ben = Client()
    clients = {ANN: alice_client, BEN: ben}
    rules = rules_for(game)
    timed_out = mock.patch("games.tables.timers.time_out", wraps=timers.time_out)
    with timed_out as time_out:
        table = _open_room(game, alice_client, ben).table
        assert table.seed == SEED and timers.is_timed(table.seats.all())
        assert Seat.objects.get(table=table, index=ANN).toggles == [str(toggle)]
        posted: set[int] = set()  # where in the log the humans' own posts went
        checked = _Checked(rules, table, toggle)
        toggle_took = 0
        for _ in range(MAX_DECISIONS):
            table = Table.objects.read(table.public_id)
            state = states.state_at(table)
            waiting = rules.waiting_for(state)
            if ANN in waiting:  # the room waits for Ann: never for what the toggle takes
                assert _toggle_decides(toggle, rules.view(state, ANN)) is None
            if not table.is_playing or (toggle_took and rules.anyone_continues(state)):
                break  # the hand in which the toggle took a decision is over
            seat = min(waiting & set(clients))
            move = rules.bot_action(state, seat, LEVEL, table.seed, len(table.log))
            at = len(table.log)
            response = post(clients[seat], game, table, move.split(" ", 1)[1])
            assert response.status_code == 200
            table.refresh_from_db()
            assert table.log[at] == move, "the humans' post was not applied"
            posted.add(at)
            toggle_took = checked.up_to(table.log, posted)
        else:
            pytest.fail("the game never ended")
    assert toggle_took, f"{toggle} never had a decision to take in this game (seed {SEED})"
    assert not time_out.called  # no timer decided for anybody, Ann least of all
    assert Seat.objects.get(table=table, index=ANN).timeouts == 0


class _Checked:
    """The log read so far: each decision of Ann's seat that nobody posted and the game
    did not force is what the toggle takes at that point of Ann's table."""

    def __init__(self, rules, table: Table, toggle: Toggle):
        self.rules, self.toggle = rules, toggle
        self.state = rules.replay(table.options, table.seed, [])
        self.read = 0
        self.taken = 0

    def up_to(self, log: list[str], posted: set[int]) -> int:
        """Read the log's new entries: how many decisions the toggle took in all."""
        rules = self.rules
        for index in range(self.read, len(log)):
            text = log[index]
            mine = text.startswith(f"{ANN} ") and index not in posted
            if mine and rules.forced_action(self.state) != text:
                decided = _toggle_decides(self.toggle, rules.view(self.state, ANN))
                assert text == f"{ANN} {decided}", f"{text!r} at {index} is not the toggle's"
                self.taken += 1
            self.state = rules.apply(self.state, text)
        self.read = len(log)
        return self.taken
