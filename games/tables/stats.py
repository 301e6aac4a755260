"""What the table games' stats pages share (docs/tables.md#finishing-a-table): one row
of figures per bot strength played against, in the strengths' order, then one for all."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from django.db.models import QuerySet
from django.utils.translation import gettext as _


def rows_per_level[Row](
    seats: QuerySet,
    aggregates: Mapping,
    names: Mapping[str, object],
    known: Sequence[str],
    figures: Callable[[str, dict], Row],
) -> list[Row]:
    """``seats`` annotated with a ``level``: the ``known`` levels first, in their order,
    then any other level found; a row for all of them when there are several."""
    rows = {row.pop("level"): row for row in seats.values("level").annotate(**aggregates)}
    found = [
        figures(str(names.get(level, level)), rows[level])
        for level in (*known, *sorted(set(rows) - set(known), key=str))
        if level in rows
    ]
    if len(found) > 1:
        found.append(figures(_("All"), seats.aggregate(**aggregates)))
    return found
