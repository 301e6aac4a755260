"""A toy game kind for testing the table machinery without any real game: two rounds of
Nim on a pile, each seat taking 1 to 3 in turn; whoever takes the last wins the round.
After the first round any one seat's "next" starts the second."""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.tables.registry import SeatResult, TableRules

SEATS = 2


@dataclass(frozen=True)
class Nim:
    pile: int
    start: int
    turn: int = 0
    round: int = 1
    phase: str = "play"  # "play", "round-end", "over"
    wins: tuple[int, int] = (0, 0)


def start(options: dict, seed: int) -> Nim:
    if not isinstance(options.get("pile"), int) or options["pile"] < 1:
        raise ValueError("a pile of at least one")
    return Nim(pile=options["pile"], start=options["pile"])


def legal(state: Nim, seat: int) -> list[str]:
    if state.phase == "round-end":
        return ["next"]
    if state.phase == "over" or seat != state.turn:
        return []
    return [f"take:{n}" for n in (1, 2, 3) if n <= state.pile]


def apply(state: Nim, text: str) -> Nim:
    seat_text, _, move = text.partition(" ")
    seat = int(seat_text)
    if move not in legal(state, seat):
        raise ValueError(f"{text!r} is not legal now")
    if move == "next":
        return replace(state, pile=state.start, phase="play", round=2, turn=1)
    pile = state.pile - int(move.split(":")[1])
    if pile:
        return replace(state, pile=pile, turn=1 - seat)
    wins = tuple(w + (i == seat) for i, w in enumerate(state.wins))
    return replace(state, pile=0, wins=wins, phase="round-end" if state.round == 1 else "over")


class NimRules(TableRules):
    key = "nim"
    seats = SEATS
    bot_levels = ("easy",)

    def start(self, options: dict, seed: int) -> Nim:
        return start(options, seed)

    def apply(self, state: Nim, text: str) -> Nim:
        return apply(state, text)

    def waiting_for(self, state: Nim) -> set[int]:
        if state.phase == "over":
            return set()
        return {0, 1} if state.phase == "round-end" else {state.turn}

    def anyone_continues(self, state: Nim) -> bool:
        return state.phase == "round-end"

    def bot_action(self, state: Nim, seat: int, level: str, seed: int, index: int) -> str:
        moves = legal(state, seat)
        return f"{seat} {moves[(seed + index) % len(moves)]}"

    def results(self, state: Nim):
        if state.phase != "over":
            return None
        first = 0 if state.wins[0] >= state.wins[1] else 1
        return [
            SeatResult(1 if s == first else 2, state.wins[s], float(state.wins[s])) for s in (0, 1)
        ]


NIM = NimRules()
