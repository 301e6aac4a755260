"""Simulated Sanma players for bench/table_load.py: each plays practice tables against
Normal bots at a human pace, one decision every ``DECISION_SECONDS`` (2 s by default).

A player starts a table (its options as the start page posts them), then takes the
decisions its page offers as a casual player would: a win, the next hand or a pass when
offered, else a random discard among those shown; a finished game starts the next. Each
player comes from an address of its own, as the site's load balancer reports it
(``X-Forwarded-For``; the site runs with ``BEHIND_PROXY``), so that the per-address
limits on tables opened count as in production. An answer saying the table had moved on
would mean the player's page was wrong: it counts as an error.
"""

from __future__ import annotations

import itertools
import os
import random
import re
from urllib.parse import urlencode

from locust import FastHttpUser, constant_pacing, task

MOVE = re.compile(r'<button[^>]*name="move" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
TABLE = re.compile(r"/sanma/([0-9a-f-]{36})")
FIRST_MOVES = ("tsumo", "ron", "next", "pass")
OPTIONS = {"length": "east", "red_fives": "on", "level": os.environ.get("LEVEL", "normal")}
DECISION_SECONDS = float(os.environ.get("DECISION_SECONDS", "2"))
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
_addresses = itertools.count(1)


class SanmaPlayer(FastHttpUser):
    wait_time = constant_pacing(DECISION_SECONDS)

    def on_start(self) -> None:
        number = next(_addresses)
        self.address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
        self.table = None
        self.client.get("/sanma/", name="start page", headers=self._headers())
        self._new_table()

    def _headers(self, **more: str) -> dict[str, str]:
        return {"X-Forwarded-For": self.address, **more}

    def _token(self) -> str:
        return next((c.value for c in self.client.cookiejar if c.name == "csrftoken"), "")

    def _new_table(self) -> None:
        data = urlencode({**OPTIONS, "csrfmiddlewaretoken": self._token()})
        response = self.client.post(
            "/sanma/new", data=data, headers=self._headers(**FORM), name="new table"
        )
        found = TABLE.search(response.url or "")
        self.table = found.group(1) if found else None
        self._read(response.text)

    def _read(self, html: str) -> None:
        self.moves = MOVE.findall(html)
        version = VERSION.search(html)
        self.version = version.group(1) if version else None
        self.over = 'data-phase="game-end"' in html

    @task
    def decide(self) -> None:
        if self.table is None or self.over:
            self._new_table()
            return
        if not self.moves or self.version is None:  # nothing offered: the page again
            page = self.client.get(
                f"/sanma/{self.table}", name="table page", headers=self._headers()
            )
            self._read(page.text)
            return
        move = next((m for m in FIRST_MOVES if m in self.moves), None)
        if move is None:
            discards = [m for m in self.moves if m.startswith("d:")]
            move = random.choice(discards or self.moves)
        data = {
            "move": move,
            "version": self.version,
            "seen": self.version,
            "csrfmiddlewaretoken": self._token(),
        }
        with self.client.post(
            f"/sanma/{self.table}/act",
            data=urlencode(data),
            headers=self._headers(**FORM, **{"HX-Request": "true"}),
            name="decision",
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                response.failure(f"status {response.status_code}")
            elif "The table had moved on" in response.text:
                response.failure("stale answer")
        self._read(response.text or "")
