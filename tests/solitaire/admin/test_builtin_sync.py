"""The built-in layouts reach the Layout table (docs/solitaire.md#the-built-in-layouts):
all of them, without touching what an admin changed, and never over a curated layout's
letter."""

import pytest

from games.solitaire import engine
from games.solitaire.builtin import BuiltinLetterTaken, sync_builtin_layouts
from games.solitaire.models import Layout

pytestmark = pytest.mark.django_db


def test_every_builtin_layout_is_in_the_table_with_its_shape():
    stored = {layout.letter: layout for layout in Layout.objects.filter(builtin=True)}
    assert sorted(stored) == sorted(engine.BUILTIN_LAYOUTS)
    for letter, builtin in engine.BUILTIN_LAYOUTS.items():
        layout = stored[letter]
        assert layout.position_tuples() == builtin.positions  # in the same order
        assert (layout.name, layout.name_de) == (builtin.name, builtin.name_de)
        assert layout.active and layout.wide == (letter >= "q")


def test_missing_layouts_are_added_and_changed_ones_left_alone():
    Layout.objects.filter(letter="a").update(name="Little Pavilion", active=False)
    Layout.objects.filter(letter__in=["d", "x"]).delete()
    sync_builtin_layouts(Layout)
    assert Layout.objects.filter(builtin=True).count() == len(engine.BUILTIN_LAYOUTS)
    pavilion = Layout.objects.get(letter="a")
    assert (pavilion.name, pavilion.active) == ("Little Pavilion", False)
    city = Layout.objects.get(letter="x")
    assert city.name == "City" and city.builtin and city.wide
    assert city.position_tuples() == engine.BUILTIN_LAYOUTS["x"].positions


def test_a_curated_layout_on_a_builtin_letter_is_not_overwritten():
    Layout.objects.filter(letter="e").delete()
    curated = Layout.objects.create(letter="e", name="Mine", positions=[[0, 0, 0], [2, 0, 0]])
    with pytest.raises(BuiltinLetterTaken, match="the letters e are needed"):
        sync_builtin_layouts(Layout)
    curated.refresh_from_db()
    assert curated.positions == [[0, 0, 0], [2, 0, 0]] and not curated.builtin
