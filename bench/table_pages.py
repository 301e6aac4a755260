"""What the table benchmarks share: each game's start options, and the move a casual
player takes from a table page (a win, or what moves the game on, whenever offered;
else a random discard), so that every tree plays the same games from the same seed."""

from __future__ import annotations

import re

MOVE = re.compile(r'<button[^>]*name="move" value="([^"]+)"')
VERSION = re.compile(r'id="table"[^>]*data-version="(\d+)"', re.S)
# Per game: the start page's options (an East round), the moves that win or move the game
# on (taken whenever offered), and how a discard's move begins.
GAMES = {
    "sanma": ({"length": "east", "red_fives": "on"}, ("tsumo", "ron", "next", "pass"), "d:"),
    "classic": (
        {"rounds": "1", "flowers": "on", "dealer_rule": "official"},
        ("tsumo", "ron", "next", "pass", "draw"),
        "d:",
    ),
}


def next_move(html: str, game: str, rng) -> tuple[str, str]:
    """The move to post from a table page of ``game``, and the page's version
    (``rng``: a ``games.prng.SplitMix64``, for the discard)."""
    _options, first_moves, discard = GAMES[game]
    offered = MOVE.findall(html)
    version = VERSION.search(html).group(1)
    move = next((m for m in first_moves if m in offered), None)
    if move is None:
        discards = [m for m in offered if m.startswith(discard)]
        move = discards[rng.below(len(discards))] if discards else offered[0]
    return move, version
