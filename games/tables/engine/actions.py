"""Decisions: the only inputs of a table game's engine, and their stored text form
(docs/tables.md#the-event-log).

An action is one seat's decision. Its text is ``"<seat> <move>[:<tile>]"``: ``"0 d:5Dr"``
(seat 0 discards the red 5 of circles), ``"1 pon"``, ``"2 chi:3B"``, ``"0 kan:E"``. The
moves both games know have one name in both:

=============  ==================================================================
``d:X``        discard tile X
``pon``        pon (pong) the tile on offer
``kan``        open kan on the tile on offer
``kan:K``      a kan of the own tiles (closed, or a pon grown to a kan) of kind K
``ron``        win on the tile on offer
``tsumo``      win on the own drawn tile
``abort``      end the hand with nine different terminals and honours
``pass``       decline every call on the tile on offer
``next``       continue after a hand's result
=============  ==================================================================

Each game adds its own: Sanma ``riichi:X`` and ``nuki``, Classic ``chi:X`` (the chi
from X up) and ``draw``. Parsing checks the form only; whether an action is legal is
the engine's to say (``apply`` refuses anything not among ``legal_actions``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TEXT = re.compile(r"^([0-3]) ([a-z]+)(?::([0-9A-Za-z]{1,3}))?$")


def is_secret(text: str) -> bool:
    """A pass: only a seat that could call makes one, so no other seat may learn of it,
    not even by a count (docs/tables.md#nothing-hidden-leaks)."""
    return text.endswith(" pass")


class IllegalAction(ValueError):
    """An action the rules do not allow now, or a text that is no action."""


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    move: str
    tile: str | None = None  # a tile code ("5Dr"), or a kind code for ``kan:K``

    def __str__(self) -> str:
        return f"{self.seat} {self.text}"

    @property
    def text(self) -> str:
        """The move without the seat, as a page posts it: ``"d:5Dr"``, ``"pon"``."""
        return f"{self.move}:{self.tile}" if self.tile is not None else self.move

    @classmethod
    def parse(cls, text: str) -> Action:
        """``Action.parse("1 d:3B")``; IllegalAction for a text of another form."""
        match = _TEXT.match(text.strip()) if isinstance(text, str) else None
        if not match:
            raise IllegalAction(f"not an action: {text!r} (expected '<seat> <move>[:<tile>]')")
        return cls(int(match[1]), match[2], match[3])
