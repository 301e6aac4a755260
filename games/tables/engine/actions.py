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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

_TEXT = re.compile(r"^([0-3]) ([a-z]+)(?::([0-9A-Za-z]{1,3}))?$")


def is_secret(text: str) -> bool:
    """A pass: only a seat that could call makes one, so no other seat may learn of it,
    not even by a count (docs/tables.md#nothing-hidden-leaks)."""
    return text.endswith(" pass")


_ANSWERS = frozenset({"pass", "pon", "chi", "ron"})  # and "kan" without a tile
# The moves after which a tile may be on offer: a discard (Sanma's riichi discards too),
# a kan of the own tiles and Sanma's North set aside, which a win may rob.
_OFFERS = frozenset({"d", "riichi", "nuki"})  # and "kan" with a kind


def offers(text: str) -> bool:
    """Whether other seats may be asked about a tile after this decision."""
    move, _, tile = text.partition(" ")[2].partition(":")
    return move in _OFFERS or (move == "kan" and bool(tile))


def is_answer(text: str) -> bool:
    """A decision on the tile on offer (a pass or a call on it): only a seat asked about
    the tile makes one, while the game waits for the answers."""
    move = text.partition(" ")[2]
    return move == "kan" or move.partition(":")[0] in _ANSWERS


def settled(log: Sequence[str], answering_now: bool) -> list[bool]:
    """For each decision of ``log``, whether after it nobody answers an offer: the next
    decision is no answer (``answering_now`` tells it for the last one). Where nobody
    may call, a discard settles at once; where somebody may, the answer that closes
    the offer does (docs/tables.md#the-event-log)."""
    after = [not _traits(text)[2] for text in log[1:]]
    return [*after, not answering_now] if log else []


@lru_cache(maxsize=4096)
def _traits(text: str) -> tuple[int, bool, bool]:
    """What the version needs of one decision: whether every seat learns of it (0 or
    1), whether it settles a tile (an offer or an answer), whether it is an answer.
    Remembered per text: a game's texts are few, and its log is read on every
    decision, so that the count costs little however long the game
    (docs/tables.md#the-event-log)."""
    return (0 if is_secret(text) else 1), offers(text) or is_answer(text), is_answer(text)


def shown_weights(log: Sequence[str], answering_now: bool) -> list[int]:
    """How far each decision moves the table's version: one for a decision every seat
    learns of (all but the passes), and one more where a tile that may be on offer
    is settled (by the answer that closes the offer, or at once where nobody is asked).
    A discard moves it by two whether or not anybody could call on it, so the version
    never tells that (docs/tables.md#nothing-hidden-leaks)."""
    traits = [_traits(text) for text in log]
    weights = [
        seen + (settles and not following[2])
        for (seen, settles, _answer), following in zip(traits, traits[1:], strict=False)
    ]
    if traits:
        seen, settles, _answer = traits[-1]
        weights.append(seen + (settles and not answering_now))
    return weights


def shown_count(log: Sequence[str], answering_now: bool) -> int:
    """The table's version after ``log``: the sum of its decisions' weights."""
    return sum(shown_weights(log, answering_now))


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
