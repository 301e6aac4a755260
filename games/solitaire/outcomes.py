"""What an action on a game did, for the page to show: the kinds of outcome with what
each asks of the answer, and an outcome's way across a no-JavaScript redirect."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from games.players import SessionKey

if TYPE_CHECKING:
    from django.contrib.sessions.backends.base import SessionBase

    from .models import Game


class Kind(StrEnum):
    """Each kind of outcome, with what its answer must carry:

    - ``whole_board``: the whole board is sent again, not only the changed tiles;
    - ``controls``: the top bar, the stuck box, the buttons and the gentle help are
      sent again with the tiles;
    - ``kept``: its message survives the redirect that answers a post without
      JavaScript (docs/solitaire.md#without-javascript).
    """

    whole_board: bool
    controls: bool
    kept: bool

    def __new__(cls, value: str, whole_board: bool, controls: bool, kept: bool) -> Kind:
        kind = str.__new__(cls, value)
        kind._value_ = value
        kind.whole_board, kind.controls, kind.kept = whole_board, controls, kept
        return kind

    #             value         whole board  controls  kept
    SELECTED = ("selected", False, False, False)
    DESELECTED = ("deselected", False, False, False)
    BLOCKED = ("blocked", False, False, True)
    REMOVED = ("removed", False, True, False)
    WON = ("won", True, True, False)
    UNDONE = ("undone", True, True, False)
    REDONE = ("redone", True, True, False)
    RESTARTED = ("restarted", True, True, True)
    SHUFFLED = ("shuffled", True, True, False)
    HINTED = ("hinted", False, True, True)
    HOPELESS = ("hopeless", False, True, True)
    PAUSED = ("paused", True, True, False)
    RESUMED = ("resumed", True, True, False)
    NOTHING = ("nothing", False, False, False)
    STALE = ("stale", True, True, False)


class Reason(StrEnum):
    """Why a tapped tile is not free (docs/solitaire.md#a-blocked-tap)."""

    COVERED = "covered"
    SIDES = "sides"
    CLOCK_RUNS_ON = "clock-runs-on"  # a pause of a daily deal (docs/site.md#a-deal-open-elsewhere)


@dataclass
class Outcome:
    game: Game
    kind: Kind
    changed: set[int] = field(default_factory=set)  # tiles to send again
    blockers: list[int] = field(default_factory=list)
    reason: Reason | None = None  # for a blocked tap, or a pause that stops no clock
    tapped: int | None = None
    hint_pair: tuple[int, int] | None = None
    undos_to_winnable: int | None = None  # where the board can no longer be cleared

    def keep(self, session: SessionBase) -> None:
        """Carry the message across the redirect, if its kind keeps one."""
        if not self.kind.kept:
            return
        session[SessionKey.LAST_OUTCOME] = {
            "kind": self.kind.value,
            "reason": self.reason,
            "blockers": self.blockers,
            "changed": sorted(self.changed),
            "hint_pair": list(self.hint_pair or ()),
            "undos_to_winnable": self.undos_to_winnable,
            "tapped": self.tapped,
            "version": self.game.version,
            "game": str(self.game.public_id),  # the cookie shows it: no internal id
        }

    @classmethod
    def kept_for(cls, session: SessionBase, game: Game) -> Outcome | None:
        """The message kept for this game as it is now, once; then it is gone."""
        note = session.pop(SessionKey.LAST_OUTCOME, None)
        if (
            not note
            or note.get("game") != str(game.public_id)
            or note.get("version") != game.version
        ):
            return None
        return cls(
            game,
            Kind(note["kind"]),
            set(note["changed"]),
            blockers=note["blockers"],
            reason=Reason(note["reason"]) if note["reason"] else None,
            tapped=note["tapped"],
            hint_pair=tuple(note["hint_pair"]) or None,
            undos_to_winnable=note["undos_to_winnable"],
        )
