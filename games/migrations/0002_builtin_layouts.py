"""Load the built-in layouts (L2) from the engine into the Layout table."""

from django.db import migrations


def load_builtin_layouts(apps, schema_editor):
    from games.builtin import sync_builtin_layouts

    sync_builtin_layouts(apps.get_model("games", "Layout"))


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(load_builtin_layouts, migrations.RunPython.noop)]
