"""Simulated players for bench/load.py: they play whole games tap by tap.

`Player` reads the board from the page (data-tile, data-free), taps matching free pairs,
and now and then asks for a hint or undoes a move; when stuck it shuffles or starts
anew. Half the players log in to an account first. `Tapper` plays the same way without
hints and undos; `Solver` taps the pairs of a solution and never gets stuck. An answer
that finds the board changed would mean the player's view of it was wrong: it counts as
an error. `Ping` is the baseline: a trivial Django view on the same server; `Floor`
posts to the tap's floor (bench/floor_urls.py) as a Tapper taps, a select and then a
removal. All are FastHttpUser (geventhttpclient): a fraction of the generator's CPU per
request of locust's requests-based HttpUser, so that the generator is not what limits
the trivial view (bench/load.py reports its CPU). `BarePost` and `OneStatement` post
the floor's ladder: no statement, and one statement a tap.
"""

from __future__ import annotations

import json
import os
import random
import re
from urllib.parse import urlencode

from locust import FastHttpUser, constant, task

from games.solitaire import engine  # plain Python, no Django: the Solver's solver

PLACE = re.compile(r'<button id="tile-(\d+)"[^>]*data-x="(\d+)" data-y="(\d+)" data-z="(\d+)"')
TILE = re.compile(r'<button id="tile-(\d+)"[^>]*data-tile="([^"]*)" data-free="([01])"', re.S)
VERSION = re.compile(r'name="version" value="(\d+)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
GAME = re.compile(r"/game/([0-9a-f-]{36})")
ACCOUNTS = 200  # bench/load.py creates player0..player199 with this password
# Share of players who log in first (the rest play as guests); LOGIN_SHARE overrides.
LOGIN_SHARE = float(os.environ.get("LOGIN_SHARE", "0.5"))
PASSWORD = "load-test-password-1"


def _group(code: str) -> str:
    """Flowers (F1-F4) match each other, seasons (S1-S4) too; "S" is the South wind."""
    return f"{code[0]}*" if code[0] in "FS" and code[1:].isdigit() else code


FORM = {"Content-Type": "application/x-www-form-urlencoded"}


class Visitor(FastHttpUser):
    """A visitor with a game: logs in (a share of them) and opens the start page."""

    abstract = True
    wait_time = constant(0)  # as fast as the server answers: we look for its limit

    def on_start(self) -> None:
        if random.random() < LOGIN_SHARE:
            page = self.client.get("/accounts/login/", name="login page").text
            login = {
                "username": f"player{random.randrange(ACCOUNTS)}",
                "password": PASSWORD,
                "csrfmiddlewaretoken": CSRF.search(page).group(1),
            }
            self.client.post(
                "/accounts/login/", data=urlencode(login), headers=FORM, name="log in"
            )
        self._read_page(self.client.get("/", name="start page").text)

    def _new_game(self) -> None:
        data = {"layout": random.choice("abc"), "csrfmiddlewaretoken": self._token()}
        response = self.client.post("/new", data=urlencode(data), headers=FORM, name="new game")
        self._read_page(response.text)

    def _token(self) -> str:
        return next((c.value for c in self.client.cookiejar if c.name == "csrftoken"), "")

    def _read_page(self, html: str) -> None:
        match = GAME.search(html)
        if match is None:  # e.g. a won game's page: start again
            self.game = None
            return
        self.game = match.group(1)
        self.version = int(VERSION.search(html).group(1)) if VERSION.search(html) else 0
        self.tiles = {int(i): (face, free == "1") for i, face, free in TILE.findall(html)}

    def _post(self, action: str, name: str, **data):
        data = {**data, "version": self.version, "csrfmiddlewaretoken": self._token()}
        with self.client.post(
            f"/game/{self.game}/{action}",
            data=urlencode(data),
            headers={**FORM, "HX-Request": "true"},
            name=name,
            catch_response=True,
        ) as response:
            # A player who knows the board never sees it changed: counted as an error.
            if "The board had changed" in response.text:
                response.failure("stale answer")
        trigger = response.headers.get("HX-Trigger")
        if trigger:
            self.version = json.loads(trigger)["mahjong:board"]["version"]
        return response


class Player(Visitor):
    hints = 0.03  # the share of turns that ask for a hint, and that undo a move
    undos = 0.03

    def _free_pairs(self) -> list[tuple[int, int]]:
        by_group: dict[str, list[int]] = {}
        for index, (face, free) in self.tiles.items():
            if free and face:
                by_group.setdefault(_group(face), []).append(index)
        return [(tiles[0], tiles[1]) for tiles in by_group.values() if len(tiles) >= 2]

    @task
    def play(self) -> None:
        if self.game is None:
            self._new_game()
            return
        roll = random.random()
        if roll < self.hints:
            self._post("hint", "hint")
            return
        if roll < self.hints + self.undos:
            self._post("undo", "undo")
            self._reload()
            return
        pairs = self._free_pairs()
        if not pairs:
            response = self._post("shuffle", "shuffle")
            self._reload()
            if "No pair can be removed" in response.text and random.random() < 0.5:
                self._new_game()
            return
        a, b = random.choice(pairs)
        # As the page does, each tap names the selection the page shows.
        self._post("tap", "tap", position=a, selected="")
        response = self._post("tap", "tap", position=b, selected=a)
        if "Cleared!" in response.text:
            self._new_game()
            return
        # The answer names the removed tiles and those that became free.
        self.tiles.pop(a, None)
        self.tiles.pop(b, None)
        for index, face, free in TILE.findall(response.text):
            self.tiles[int(index)] = (face, free == "1")

    def _reload(self) -> None:
        self._read_page(self.client.get(f"/game/{self.game}", name="game page").text)


class Tapper(Player):
    """Taps only (no hints, no undos); when stuck, a shuffle or a new game."""

    hints = undos = 0.0


class Solver(Visitor):
    """Taps the pairs of a solution, found by the site's own solver in the generator on
    the tiles of the game's first page: it never gets stuck, so after that page every
    request it sends is a tap (taps alone, without random play's shuffles and reloads)."""

    def _read_page(self, html: str) -> None:
        super()._read_page(html)
        self.order: list[tuple[int, int]] = []
        places = {int(i): (int(x), int(y), int(z)) for i, x, y, z in PLACE.findall(html)}
        if self.game is None or sorted(places) != list(range(len(places))):
            return  # not a game at its deal: the next turn starts one
        geometry = engine.geometry_for([places[i] for i in range(len(places))])
        faces = tuple(self.tiles[i][0] for i in range(len(places)))
        solution = engine.solve(geometry, engine.Board(faces, geometry.full_mask), budget=1.0)
        self.order = list(reversed(solution.order))

    @task
    def play(self) -> None:
        if not self.order:
            self._new_game()
            return
        a, b = self.order.pop()
        self._post("tap", "tap", position=a, selected="")
        self._post("tap", "tap", position=b, selected=a)


class Ping(FastHttpUser):
    """The baseline: a trivial Django view, same server, same run."""

    wait_time = constant(0)  # as fast as the server answers: we look for its limit

    @task
    def ping(self) -> None:
        self.client.get("/ping", name="ping")


class Floor(Visitor):
    """What no tap can skip, posted as a Tapper taps: a select, then a removal, on a game
    of the player's own (bench/floor_urls.py)."""

    level = ""  # the tap's own statements

    @task
    def floor(self) -> None:
        if self.game is None:
            self._new_game()
            return
        for kind in ("select", "removal"):
            data = {"version": self.version, "csrfmiddlewaretoken": self._token()}
            self.client.post(
                f"/floor/{self.game}/{self.level}{kind}",
                data=urlencode(data),
                headers={**FORM, "HX-Request": "true"},
                name=f"floor {kind}",
            )


class BarePost(Floor):
    """The floor's post without a statement: middleware, CSRF check, session, answer."""

    level = "bare-"


class OneStatement(Floor):
    """The floor's post with one statement a tap: a select's read, a removal's write."""

    level = "one-"
