"""Put the engine's built-in layouts into the Layout table
(docs/solitaire.md#the-built-in-layouts)."""

from .engine import BUILTIN_LAYOUTS, validate_layout


class BuiltinLetterTaken(RuntimeError):
    """A curated layout holds a letter that a built-in layout needs."""


def sync_builtin_layouts(layout_model) -> None:
    """Create the built-in layouts that are not in the table yet; `layout_model` may be
    a migration's.

    Rows already there are left as they are: their positions never change (codes must
    keep dealing the same towers), and an admin may have renamed or retired them. A
    letter held by a curated layout is refused: overwriting its positions would change
    every game dealt on it.
    """
    stored = set(
        layout_model.objects.filter(letter__in=BUILTIN_LAYOUTS, builtin=True).values_list(
            "letter", flat=True
        )
    )
    missing = [b for letter, b in BUILTIN_LAYOUTS.items() if letter not in stored]
    if not missing:
        return
    taken = sorted(
        layout_model.objects.filter(letter__in=[b.letter for b in missing]).values_list(
            "letter", flat=True
        )
    )
    if taken:
        raise BuiltinLetterTaken(
            f"the letters {', '.join(taken)} are needed by built-in layouts but held by "
            "curated ones: give those another letter first"
        )
    layout_model.objects.bulk_create(
        layout_model(
            letter=builtin.letter,
            name=builtin.name,
            name_de=builtin.name_de,
            name_fi=builtin.name_fi,
            name_da=builtin.name_da,
            positions=[list(p) for p in builtin.positions],
            builtin=True,
            active=True,
            wide=validate_layout(builtin.positions).wide,
        )
        for builtin in missing
    )
