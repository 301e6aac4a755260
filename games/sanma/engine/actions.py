"""Decisions: the only inputs of the engine, and their stored text form.

An action is one seat's decision. Its text is ``"<seat> <move>"``, e.g. ``"0 d:5Dr"``;
``move`` is one of:

=============  ==================================================================
``d:X``        discard tile X (the drawn tile when it has code X)
``riichi:X``   declare riichi and discard X
``tsumo``      win on the drawn tile
``kan:K``      closed kan or added kan of kind K (a kind code, never ``r``)
``nuki``       set a North aside (and draw a replacement)
``abort``      abort the hand with nine different terminals and honours
``ron``        win on the tile on offer (a discard, an added kan, a set-aside North)
``pon``        pon the discard
``kan``        open kan on the discard
``pass``       decline every call on the tile on offer
``next``       continue after a hand's result
=============  ==================================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .tiles import parse_code

MOVES_WITH_TILE = frozenset({"d", "riichi", "kan"})
MOVES_WITHOUT_TILE = frozenset({"tsumo", "nuki", "abort", "ron", "pon", "kan", "pass", "next"})
_TEXT = re.compile(r"^([012]) ([a-z]+)(?::([0-9A-Za-z]{1,3}))?$")


class IllegalAction(ValueError):
    """An action that is not legal in the state it was applied to (or is malformed)."""


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    move: str  # d riichi tsumo kan nuki abort ron pon pass next
    tile: str | None = None  # a tile code for d/riichi, a kind code for kan:K

    def __str__(self) -> str:
        return f"{self.seat} {self.text}"

    @property
    def text(self) -> str:
        """The move without the seat: ``"d:5Dr"``, ``"pon"``, ``"kan:E"``."""
        return f"{self.move}:{self.tile}" if self.tile is not None else self.move

    @classmethod
    def parse(cls, text: str) -> Action:
        """``Action.parse("1 riichi:3B")``; raises IllegalAction on a malformed text."""
        match = _TEXT.match(text.strip()) if isinstance(text, str) else None
        if not match:
            raise IllegalAction(f"not an action: {text!r}")
        seat, move, tile = int(match[1]), match[2], match[3]
        if tile is None and move not in MOVES_WITHOUT_TILE:
            raise IllegalAction(f"{move!r} needs a tile: {text!r}")
        if tile is not None:
            if move not in MOVES_WITH_TILE:
                raise IllegalAction(f"{move!r} takes no tile: {text!r}")
            try:
                _, red = parse_code(tile)
            except ValueError as error:
                raise IllegalAction(str(error)) from None
            if red and move == "kan":
                raise IllegalAction(f"a kan names a kind, not a red five: {text!r}")
        return cls(seat, move, tile)
