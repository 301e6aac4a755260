"""Load the built-in layouts (L2) from the engine into the Layout table."""

from django.db import migrations


def load_builtin_layouts(apps, schema_editor):
    from games.engine import BUILTIN_LAYOUTS, validate_layout

    Layout = apps.get_model("games", "Layout")
    for builtin in BUILTIN_LAYOUTS.values():
        report = validate_layout(builtin.positions)
        Layout.objects.update_or_create(
            letter=builtin.letter,
            defaults={
                "name": builtin.name,
                "name_de": builtin.name_de,
                "positions": [list(p) for p in builtin.positions],
                "builtin": True,
                "active": True,
                "wide": report.wide,
            },
        )


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(load_builtin_layouts, migrations.RunPython.noop)]
