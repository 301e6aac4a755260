"""A finished Classic table's figures per seat, stored for the stats
(docs/classic.md#stats-and-boards), counted from each hand's end; stored by the table
machinery (games/tables/records.py) in the transaction that finishes the table."""

from __future__ import annotations

from collections.abc import Sequence

from . import engine


def hand_figures(ends: Sequence[tuple[int, engine.State]], log: Sequence[str]) -> list[dict]:
    """Per seat: hands dealt, wins, wins by a drawn tile, deal-ins, won points, the best
    won hand. ``ends``: each hand's end as the log's length then and the state then."""
    figures = [
        dict(hands=0, wins=0, self_drawn=0, deal_ins=0, win_points=0, best_hand=0)
        for _ in range(4)
    ]
    for _, state in ends:
        result = state.last_result
        assert result is not None
        for seat in range(4):
            figures[seat]["hands"] += 1
        if result.outcome != "win" or result.winner is None or result.scores is None:
            continue
        won = figures[result.winner]
        value = result.scores[result.winner].value
        won["wins"] += 1
        won["win_points"] += value
        won["best_hand"] = max(won["best_hand"], value)
        if result.discarder is None:
            won["self_drawn"] += 1
        else:
            figures[result.discarder]["deal_ins"] += 1
    return figures
