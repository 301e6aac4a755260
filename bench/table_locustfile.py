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

import os
from urllib.parse import urlencode

from locust import FastHttpUser, constant_pacing, task
from table_player import FORM, OPTIONS, STALE, Shown, next_address, table_of

DECISION_SECONDS = float(os.environ.get("DECISION_SECONDS", "2"))


class SanmaPlayer(FastHttpUser):
    wait_time = constant_pacing(DECISION_SECONDS)

    def on_start(self) -> None:
        self.address = next_address()
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
        self.table = table_of(response.url)
        self.shown = Shown.read(response.text)

    @task
    def decide(self) -> None:
        if self.table is None or self.shown.over:
            self._new_table()
            return
        choice = self.shown.choice()
        if choice is None:  # nothing offered: the page again
            page = self.client.get(
                f"/sanma/{self.table}", name="table page", headers=self._headers()
            )
            self.shown = Shown.read(page.text)
            return
        with self.client.post(
            f"/sanma/{self.table}/act",
            data=urlencode({**choice, "csrfmiddlewaretoken": self._token()}),
            headers=self._headers(**FORM, **{"HX-Request": "true"}),
            name="decision",
            catch_response=True,
        ) as response:
            if response.status_code != 200:
                response.failure(f"status {response.status_code}")
            elif STALE in response.text:
                response.failure("stale answer")
        self.shown = Shown.read(response.text or "")
