"""Put the engine's built-in layouts into the Layout table."""

from .engine import BUILTIN_LAYOUTS, validate_layout


def sync_builtin_layouts(layout_model) -> None:
    """Create or refresh the built-in layouts; `layout_model` may be a migration's."""
    stored = layout_model.objects.filter(letter__in=BUILTIN_LAYOUTS, builtin=True).count()
    if stored == len(BUILTIN_LAYOUTS):
        return
    for builtin in BUILTIN_LAYOUTS.values():
        layout_model.objects.update_or_create(
            letter=builtin.letter,
            defaults={
                "name": builtin.name,
                "name_de": builtin.name_de,
                "positions": [list(p) for p in builtin.positions],
                "builtin": True,
                "active": True,
                "wide": validate_layout(builtin.positions).wide,
            },
        )
