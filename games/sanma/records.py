"""A finished Sanma table's figures per seat, stored for the stats
(docs/sanma.md#stats-and-boards), counted from each hand's end; stored by the table
machinery (games/tables/records.py) in the transaction that finishes the table."""

from __future__ import annotations

from collections.abc import Sequence

from . import engine


def hand_figures(ends: Sequence[tuple[int, engine.State]], log: Sequence[str]) -> list[dict]:
    """Per seat: hands played (aborts left out), wins, deal-ins, riichis, won points.
    ``ends``: each hand's end as the log's length then and the state then."""
    figures = [dict(hands=0, wins=0, deal_ins=0, riichis=0, win_points=0) for _ in range(3)]
    began = 0
    for index, state in ends:
        played = (engine.Action.parse(text) for text in log[began:index])
        for seat in {action.seat for action in played if action.move == "riichi"}:
            figures[seat]["riichis"] += 1
        began = index
        result = state.hand.result
        assert result is not None
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
