"""Load the built-in layouts from the engine into the Layout table."""

from django.db import migrations


def load_builtin_layouts(apps, schema_editor):
    from games.solitaire.builtin import sync_builtin_layouts

    sync_builtin_layouts(apps.get_model("solitaire", "Layout"))


class Migration(migrations.Migration):
    dependencies = [("solitaire", "0001_initial")]

    operations = [migrations.RunPython(load_builtin_layouts, migrations.RunPython.noop)]
