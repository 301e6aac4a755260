"""A finished Sanma table's figures per seat, stored for the stats
(docs/sanma.md#stats-and-boards), counted by replaying its log; stored by the table
machinery (games/tables/records.py) in the transaction that finishes the table."""

from __future__ import annotations

from collections.abc import Iterable

from . import engine


def hand_figures(options: engine.Options, seed: int, actions: Iterable[str]) -> list[dict]:
    """Per seat: hands played (aborts left out), wins, deal-ins, riichis, won points."""
    figures = [dict(hands=0, wins=0, deal_ins=0, riichis=0, win_points=0) for _ in range(3)]
    riichi: set[int] = set()
    state = engine.new_game(options, seed)
    for text in actions:
        action = engine.Action.parse(text)
        before = state.phase
        state = engine.apply(state, action)
        if action.move == "riichi":
            riichi.add(action.seat)
        if before == "hand-end" or state.phase != "hand-end":
            continue
        result = state.hand.result
        assert result is not None
        for seat in riichi:
            figures[seat]["riichis"] += 1
        riichi = set()
        if result.kind == "abort":
            continue
        for seat in range(3):
            figures[seat]["hands"] += 1
        for seat in {w.from_seat for w in result.wins if w.from_seat is not None}:
            figures[seat]["deal_ins"] += 1
        for win in result.wins:
            figures[win.seat]["wins"] += 1
            figures[win.seat]["win_points"] += win.points
    return figures
