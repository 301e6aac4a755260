"""The shape of every table game's step-by-step introduction ("Schrittweise erklärt",
docs/tables.md#step-by-step): each step a small picture of part of a table before and
after, drawn with the table's own tiles. The steps themselves are each game's."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise

from .tiles import Tile


@dataclass(frozen=True)
class Row:
    caption: Promise
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class Step:
    key: str
    title: Promise
    text: Promise
    before: tuple[Row, ...]
    after: tuple[Row, ...]


def tiles(codes: str, marked: str = "", flag: str = "is-marked") -> tuple[Tile, ...]:
    """Tiles from codes; those listed in ``marked`` (by position, from 0) carry ``flag``."""
    picked = {int(i) for i in marked.split()}
    return tuple(
        Tile(code, flags=flag if i in picked else "") for i, code in enumerate(codes.split())
    )
