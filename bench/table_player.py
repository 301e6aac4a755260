"""What a simulated Sanma player of the table benchmarks reads on its page and chooses,
in one place, so that both generators play the same game: bench/table_locustfile.py
(locust) and bench/table_latency.py (a thread each). No locust import here: it would
patch threads into gevent's."""

from __future__ import annotations

import itertools
import os
import random
import re
from dataclasses import dataclass

MOVE = re.compile(r'<button[^>]*name="move" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
TABLE = re.compile(r"/sanma/([0-9a-f-]{36})")
FIRST_MOVES = ("tsumo", "ron", "next", "pass")
OPTIONS = {"length": "east", "red_fives": "on", "level": os.environ.get("LEVEL", "normal")}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
STALE = "The table had moved on"  # an answer saying the player's page was wrong

_addresses = itertools.count(1)


def next_address() -> str:
    """An address of its own for each player, as the site's load balancer reports it
    (``X-Forwarded-For``; the site runs with ``BEHIND_PROXY``), so that the per-address
    limits on tables opened count as in production."""
    number = next(_addresses)
    return f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"


def table_of(url: str | None) -> str | None:
    found = TABLE.search(url or "")
    return found.group(1) if found else None


@dataclass(frozen=True)
class Shown:
    """What the player's page offers: the moves, the version they answer, the game's end."""

    moves: list[str]
    version: str | None
    over: bool

    @classmethod
    def read(cls, html: str) -> Shown:
        version = VERSION.search(html)
        over = 'data-phase="game-end"' in html
        return cls(MOVE.findall(html), version.group(1) if version else None, over)

    def choice(self) -> dict[str, str] | None:
        """The decision a casual player posts (a win, the next hand or a pass when
        offered, else a random discard), or None when nothing is offered."""
        if not self.moves or self.version is None:
            return None
        move = next((m for m in FIRST_MOVES if m in self.moves), None)
        if move is None:
            move = random.choice([m for m in self.moves if m.startswith("d:")] or self.moves)
        return {"move": move, "version": self.version, "seen": self.version}
