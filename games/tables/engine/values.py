"""The engines' frozen values changed a field or two at a time.

A state changes a few fields many times a turn, and ``dataclasses.replace`` re-runs
``__init__`` field by field: in the engines' inner loop that was half of a move's time
(docs/tables.md#the-engines-frozen-values). The engines' state classes are therefore
frozen dataclasses without slots, whose ``__dict__`` is copied whole.
"""

from __future__ import annotations


def replace[T](value: T, **changes) -> T:
    """``dataclasses.replace`` for a frozen dataclass without slots, without ``__init__``:
    the fields are copied and ``changes`` laid over them (no ``__post_init__`` runs)."""
    new = object.__new__(type(value))
    fields = new.__dict__
    fields.update(value.__dict__)
    fields.update(changes)
    return new
