"""Classic's stored logs in the action vocabulary both table games share
(docs/tables.md#the-event-log): "0 discard 5B" becomes "0 d:5B", "1 pong" "1 pon",
"2 chi 3D" "2 chi:3D", "0 kan Wh" "0 kan:Wh", "1 nine" "1 abort", and "mahjong" becomes
"ron" when it answers a discard, else "tsumo".

Self-contained on purpose (no engine import): the conversion follows from the texts
alone. A "mahjong" is an answer to a discard when it comes after a discard and its
seat has not answered that discard yet; a seat that answered (a claimed Kan) and acts
again is in its own turn, with its replacement tile.
"""

from django.db import migrations

_RENAMED = {"pong": "pon", "nine": "abort"}
_WITH_TILE = {"discard": "d", "chi": "chi", "kan": "kan"}
_ANSWERS = {"pass", "pong", "kan", "chi", "mahjong"}


def shared_log(old: list[str]) -> list[str]:
    """A Classic log in the shared vocabulary."""
    new, in_call, answered = [], False, set()
    for text in old:
        seat, verb, *tile = text.split()
        answer = (
            in_call and seat not in answered and verb in _ANSWERS and not (verb == "kan" and tile)
        )
        if answer:
            answered.add(seat)
        else:
            in_call = False
        if verb == "discard":
            in_call, answered = True, set()
        if verb == "mahjong":
            move = "ron" if answer else "tsumo"
        elif tile:
            move = f"{_WITH_TILE[verb]}:{tile[0]}"
        else:
            move = _RENAMED.get(verb, verb)
        new.append(f"{seat} {move}")
    return new


def old_log(new: list[str]) -> list[str]:
    """The inverse, for migrating back."""
    back = {"d": "discard", "pon": "pong", "abort": "nine", "ron": "mahjong", "tsumo": "mahjong"}
    old = []
    for text in new:
        seat, move = text.split(" ", 1)
        name, _, tile = move.partition(":")
        name = back.get(name, name)
        old.append(f"{seat} {name} {tile}" if tile else f"{seat} {name}")
    return old


def _convert(apps, convert) -> None:
    Table = apps.get_model("tables", "Table")
    changed = []
    for table in Table.objects.filter(kind="classic").only("pk", "log").iterator(chunk_size=200):
        table.log = convert(table.log)
        changed.append(table)
        if len(changed) == 200:
            Table.objects.bulk_update(changed, ["log"])
            changed = []
    Table.objects.bulk_update(changed, ["log"])


def forwards(apps, schema_editor):
    _convert(apps, shared_log)


def backwards(apps, schema_editor):
    _convert(apps, old_log)


class Migration(migrations.Migration):
    dependencies = [("tables", "0002_rooms_and_turn_timers")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
