"""The catalogue of built-in layouts grows: databases made before it get the new ones
(the sync adds missing built-ins and leaves the stored ones as they are)."""

from django.db import migrations


def add_missing_builtin_layouts(apps, schema_editor):
    from games.solitaire.builtin import sync_builtin_layouts

    sync_builtin_layouts(apps.get_model("solitaire", "Layout"))


class Migration(migrations.Migration):
    dependencies = [("solitaire", "0002_builtin_layouts")]

    operations = [migrations.RunPython(add_missing_builtin_layouts, migrations.RunPython.noop)]
