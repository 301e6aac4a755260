"""The game's state: immutable values only (frozen dataclasses and tuples).

Nothing here is hidden from anybody by itself: a ``State`` holds the whole wall and
every hand, so it must never reach a page or a bot. They get ``view(state, seat)``.

The classes have no slots: the rules change them with the shared ``replace``, which
copies an instance's ``__dict__`` (games/tables/engine/values.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

GameLength = Literal["one-hand", "east", "east-south"]
Phase = Literal["draw", "discard", "call", "hand-end", "game-end"]
MeldKind = Literal["pon", "open-kan", "closed-kan", "added-kan"]
ClaimKind = Literal["discard", "north", "added-kan", "closed-kan"]

START_SCORE = 35_000
PLACEMENT_POINTS = (15, 0, -15)


@dataclass(frozen=True)
class Options:
    """What the players choose before the start (docs/sanma.md#options)."""

    length: GameLength = "east"
    red_fives: bool = True

    def __post_init__(self) -> None:
        if self.length not in ("one-hand", "east", "east-south"):
            raise ValueError(f"unknown game length: {self.length!r}")


@dataclass(frozen=True)
class Meld:
    kind: MeldKind
    tiles: tuple[int, ...]  # every tile of the meld, the called one included
    called: int | None = None  # the tile taken from another seat (None: closed kan)
    from_seat: int | None = None
    added: int | None = None  # an added kan's fourth tile


@dataclass(frozen=True)
class PondTile:
    tile: int
    tsumogiri: bool = False  # the tile just drawn was discarded
    riichi: bool = False  # the riichi declaration tile (laid sideways)
    called: bool = False  # taken by another seat's pon or kan, or won on by ron


@dataclass(frozen=True)
class SeatState:
    hand: tuple[int, ...] = ()  # concealed tiles, sorted, without the drawn tile
    drawn: int | None = None
    pond: tuple[PondTile, ...] = ()
    melds: tuple[Meld, ...] = ()
    norths: tuple[int, ...] = ()  # set-aside Norths
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    temporary_furiten: bool = False
    riichi_furiten: bool = False
    nagashi: bool = True  # every discard so far a terminal/honour, none called

    @property
    def concealed(self) -> tuple[int, ...]:
        return self.hand if self.drawn is None else (*self.hand, self.drawn)

    @property
    def is_closed(self) -> bool:
        return all(m.kind == "closed-kan" for m in self.melds)


@dataclass(frozen=True)
class Claim:
    """A tile on offer in the call phase, and the answers given so far."""

    kind: ClaimKind
    seat: int  # who discarded it / set it aside / declared the kan
    tile: int
    eligible: tuple[int, ...]  # seats that must answer
    answers: tuple[tuple[int, str], ...] = ()  # (seat, move) in the order given


@dataclass(frozen=True)
class Payment:
    payer: int | None  # None: from the table (riichi sticks)
    payee: int
    amount: int
    reason: str  # "ron", "tsumo", "honba", "sticks", "noten", "nagashi"


@dataclass(frozen=True)
class Win:
    seat: int
    from_seat: int | None  # None for tsumo
    tile: int
    hand: tuple[int, ...]  # the concealed tiles, the winning tile included
    melds: tuple[Meld, ...]
    norths: int
    yaku: tuple[tuple[str, int], ...]  # library names with their han
    han: int
    fu: int
    points: int  # the hand's value before honba and sticks (what the payers pay)
    limit: str  # "", "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe yakuman"...
    ura_indicators: tuple[int, ...]  # revealed only for a riichi winner
    cost: dict[str, int | str] = field(compare=False, hash=False)  # the library's ScoresResult


@dataclass(frozen=True)
class HandResult:
    kind: Literal["win", "draw", "abort"]
    reason: str  # "ron", "tsumo", "exhaustive", "nagashi", "nine-terminals", "four-kans"
    wins: tuple[Win, ...] = ()
    tenpai: tuple[int, ...] = ()  # at an exhaustive draw
    nagashi: tuple[int, ...] = ()
    payments: tuple[Payment, ...] = ()
    deltas: tuple[int, int, int] = (0, 0, 0)
    scores: tuple[int, int, int] = (0, 0, 0)  # after the hand
    hands: tuple[tuple[int, ...], ...] = ()  # every seat's concealed tiles at the end
    dealer_stays: bool = False
    aborter: int | None = None  # the seat that declared nine terminals, which it shows


@dataclass(frozen=True)
class GameResult:
    placements: tuple[int, int, int]  # the seats, first place first
    scores: tuple[int, int, int]  # final scores (leftover sticks paid to first place)
    points: tuple[float, float, float]  # per seat: (score - 35,000) / 1,000 + placement
    leftover_sticks: int


@dataclass(frozen=True)
class HandState:
    number: int  # 0, 1, 2 ... in order of play
    round_wind: int  # 0 East, 1 South
    hand_in_round: int  # 0, 1, 2: E1 is (0, 0); the dealer is seat hand_in_round
    honba: int
    sticks: int  # riichi sticks on the table at the moment
    wall: tuple[int, ...]
    draw_pos: int  # index of the next live tile
    live_end: int  # the live wall ends before this index
    dora_count: int  # revealed dora indicators (1 + kans)
    pending_dora: int  # kans whose indicator comes with the next discard
    seats: tuple[SeatState, SeatState, SeatState]
    turn: int  # the seat to move (in the call phase: the seat whose tile is on offer)
    phase: Phase
    claim: Claim | None = None
    last_discard: tuple[int, int] | None = None  # (seat, tile)
    interrupted: bool = False  # a call, kan or North happened: the first go-around is over
    rinshan: bool = False  # the drawn tile is a replacement tile
    kuikae: int | None = None  # a kind the seat may not discard right after its pon
    kan_seats: tuple[int, ...] = ()  # who declared each kan, in order
    pending_riichi: int | None = None  # seat whose riichi stick is due if no ron
    result: HandResult | None = None

    @property
    def dealer(self) -> int:
        return self.hand_in_round

    @property
    def live_tiles(self) -> int:
        return self.live_end - self.draw_pos

    @property
    def round_name(self) -> str:
        return f"{'ES'[self.round_wind]}{self.hand_in_round + 1}"

    def seat_wind(self, seat: int) -> int:
        """0 East, 1 South, 2 West."""
        return (seat - self.dealer) % 3


@dataclass(frozen=True)
class State:
    options: Options
    seed: int
    scores: tuple[int, int, int]
    hand: HandState
    actions: int = 0  # decisions applied so far (the event log's length)
    game_result: GameResult | None = None

    @property
    def phase(self) -> Phase:
        return "game-end" if self.game_result is not None else self.hand.phase
