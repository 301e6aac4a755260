"""Game codes, solvable deals by reverse build, and shuffle (docs/solitaire.md#game-codes)."""

from __future__ import annotations

import os
import re
from collections import defaultdict
from dataclasses import dataclass

from games.prng import SplitMix64

from .geometry import Board, Geometry, bits
from .problems import EngineError, Problem
from .tiles import match_group, tile_set

MAX_SEED = 99_999_999
_CODE_RE = re.compile(r"([0-9]{1,8})-([a-z])")


class InvalidGameCode(EngineError):
    """A typed or linked game code that is not ``<digits>-<letter>``."""


class IllegalMove(EngineError):
    """A removal that the rules do not allow (docs/solitaire.md#moves-and-winning)."""


@dataclass(frozen=True, slots=True)
class GameCode:
    """``<seed>-<letter>``, e.g. ``41739205-a`` (docs/solitaire.md#game-codes)."""

    seed: int
    letter: str

    def __str__(self) -> str:
        return f"{self.seed}-{self.letter}"


def parse_code(text: str) -> GameCode:
    """Read a game code: 1 to 8 digits, a dash, one letter. Case does not matter and
    stray spaces (around it or inside) are dropped, as people type and paste codes
    (docs/solitaire.md#game-codes). Whether the letter names a layout is the caller's
    check."""
    cleaned = "".join(text.split()).lower() if isinstance(text, str) else ""
    match = _CODE_RE.fullmatch(cleaned)
    if match is None:
        shown = cleaned if len(cleaned) <= 30 else cleaned[:29] + "…"
        raise InvalidGameCode(
            Problem(
                "not_a_code",
                "“{text}” is not a game code: expected digits, a dash and a layout "
                "letter, like 41739205-a",
                text=shown,
            )
        )
    return GameCode(int(match.group(1)), match.group(2))


def random_seed(entropy: int | bytes | None = None) -> int:
    """A seed in ``0..99_999_999`` for a new game: from ``entropy`` when given
    (reproducible, for tests), else from ``os.urandom``."""
    if entropy is None:
        entropy = os.urandom(8)
    if isinstance(entropy, bytes):
        entropy = int.from_bytes(entropy, "big")
    return SplitMix64(entropy).below(MAX_SEED + 1)


# --- reverse build over positions -------------------------------------------------


class Undecided(Exception):
    """A search ran out of its step budget before it could answer."""


def removal_order(
    geometry: Geometry, occupied: int, rng: SplitMix64, max_steps: int | None = None
) -> list[tuple[int, int]] | None:
    """A complete removal order of the ``occupied`` positions, two free positions at a
    time, faces ignored; ``None`` when there is none.

    Depth-first: at each step a random pair of free positions first, and on a dead end
    the other pairs in a random order, with a memo of the position sets known to be
    dead, so it never fails on a sound layout. Proving that there is *no* order can
    take exponential time on an unsound layout: with ``max_steps`` the search gives up
    after that many steps and raises ``Undecided``.
    """
    search = _ReverseBuild(geometry, rng, max_steps)
    if search.build(occupied, geometry.free_mask(occupied)):
        return search.order
    return None


class _ReverseBuild:
    def __init__(self, geometry: Geometry, rng: SplitMix64, max_steps: int | None) -> None:
        self.geometry = geometry
        self.rng = rng
        self.steps_left = max_steps
        self.dead: set[int] = set()
        self.order: list[tuple[int, int]] = []

    def build(self, occupied: int, free: int) -> bool:
        if not occupied:
            return True
        if self.steps_left is not None:
            self.steps_left -= 1
            if self.steps_left < 0:
                raise Undecided("no removal order found within the step budget")
        free_list = bits(free)
        count = len(free_list)
        if count < 2 or _chain_too_long(self.geometry, occupied):
            self.dead.add(occupied)
            return False
        # The common case: a random pair works. Two draws, no shuffle of the whole list.
        a = self.rng.below(count)
        b = self.rng.below(count - 1)
        b += b >= a
        first = (free_list[a], free_list[b])
        if self.try_pair(occupied, free, first):
            return True
        self.rng.shuffle(free_list)
        for x in range(count - 1):
            for y in range(x + 1, count):
                pair = (free_list[x], free_list[y])
                if set(pair) == set(first):
                    continue
                if self.try_pair(occupied, free, pair):
                    return True
        self.dead.add(occupied)
        return False

    def try_pair(self, occupied: int, free: int, pair: tuple[int, int]) -> bool:
        removed = (1 << pair[0]) | (1 << pair[1])
        rest = occupied ^ removed
        if rest in self.dead:
            return False
        self.order.append(pair)
        if self.build(rest, self.geometry.update_free(free, occupied, removed)):
            return True
        self.order.pop()
        return False


def _chain_too_long(geometry: Geometry, occupied: int) -> bool:
    """A cheap dead-end test: a stack of k tiles, each lying on the next, needs k
    separate removals, so it cannot be cleared with fewer than 2k tiles left.

    Only checked when few tiles remain, where such stacks cause the dead ends.
    """
    remaining = occupied.bit_count()
    if remaining > 24:
        return False
    lies_on = geometry.lies_on
    depth: dict[int, int] = {}
    # Lower levels first, so the tiles under i already have their depth.
    for i in sorted(bits(occupied), key=lambda k: geometry.positions[k][2]):
        below = bits(lies_on[i] & occupied)
        depth[i] = 1 + max((depth[j] for j in below), default=0)
        if 2 * depth[i] > remaining:
            return True
    return False


# Steps a shuffle may search while a player waits: far more than any reachable board of
# a sound layout needs, and a bound on the time an unsound remainder can cost.
SHUFFLE_STEPS = 5_000


def shuffle_can_help(geometry: Geometry, occupied: int) -> bool:
    """Whether the remaining positions admit a complete removal order, i.e. whether
    some arrangement of faces on them could be cleared (false e.g. for one column).
    Undecided within the step budget counts as no: shuffle is then not offered."""
    if not occupied:
        return False
    try:
        return removal_order(geometry, occupied, SplitMix64(0), SHUFFLE_STEPS) is not None
    except Undecided:
        return False


# --- faces ---------------------------------------------------------------------------


def _face_pairs(faces: list[str], rng: SplitMix64) -> list[tuple[str, str]]:
    """The faces grouped into matching pairs, in a random order."""
    groups: dict[str, list[str]] = defaultdict(list)
    for face in faces:
        groups[match_group(face)].append(face)
    pairs: list[tuple[str, str]] = []
    for group in sorted(groups):
        members = sorted(groups[group])
        if len(members) % 2:
            raise ValueError(f"an odd number of tiles of group {group!r} cannot be paired")
        rng.shuffle(members)
        pairs += [(members[k], members[k + 1]) for k in range(0, len(members), 2)]
    rng.shuffle(pairs)
    return pairs


def _lay_pairs(
    faces: list[str | None], order: list[tuple[int, int]], pairs: list[tuple[str, str]]
) -> None:
    for (i, j), (face_i, face_j) in zip(order, pairs, strict=True):
        faces[i] = face_i
        faces[j] = face_j


def deal(geometry: Geometry, seed: int) -> tuple[str, ...]:
    """The faces per position for ``seed`` on this layout, solvable by construction.

    The seeded generator picks the tile set (``tile_set``), then a complete removal
    order of the empty layout, then lays matching pairs onto those position pairs.
    Deterministic for ``(positions, seed)`` forever: golden tests pin it.
    """
    if geometry.n == 0:
        return ()
    rng = SplitMix64(seed)
    faces_to_lay = tile_set(geometry.n, rng)
    order = removal_order(geometry, geometry.full_mask, rng)
    if order is None:
        raise ValueError("this layout has no complete removal order, so nothing can be dealt")
    faces: list[str | None] = [None] * geometry.n
    _lay_pairs(faces, order, _face_pairs(faces_to_lay, rng))
    return tuple(face for face in faces if face is not None)


def initial_board(geometry: Geometry, seed: int) -> Board:
    return Board(deal(geometry, seed), geometry.full_mask)


def shuffle(geometry: Geometry, board: Board, seed: int) -> Board:
    """The same positions and the same faces, redistributed so that the board can be
    cleared again (reverse build on the remaining positions, faces laid in matching
    pairs). Raises ``ValueError`` when no arrangement could be cleared
    (``shuffle_can_help`` is false)."""
    occupied = board.occupied
    if not occupied:
        return board
    rng = SplitMix64(seed)
    try:
        order = removal_order(geometry, occupied, rng, SHUFFLE_STEPS)
    except Undecided:
        order = None
    if order is None:
        raise ValueError("the remaining tiles can never be cleared: shuffling cannot help")
    remaining = [board.faces[i] for i in bits(occupied)]
    faces: list[str | None] = list(board.faces)
    _lay_pairs(faces, order, _face_pairs(remaining, rng))
    return Board(tuple(f for f in faces if f is not None), occupied)


# --- playing -------------------------------------------------------------------------


def free_pairs(geometry: Geometry, board: Board) -> list[tuple[int, int]]:
    """All removable pairs ``(i, j)``, ``i < j``: both free and matching, ascending."""
    by_group: dict[str, list[int]] = defaultdict(list)
    for i in geometry.free_indices(board.occupied):
        by_group[match_group(board.faces[i])].append(i)
    pairs = [
        (members[a], members[b])
        for members in by_group.values()
        for a in range(len(members))
        for b in range(a + 1, len(members))
    ]
    pairs.sort()
    return pairs


def is_stuck(geometry: Geometry, board: Board) -> bool:
    """Tiles remain and no free pair exists (docs/solitaire.md#stuck)."""
    return bool(board.occupied) and not free_pairs(geometry, board)


def apply_removal(geometry: Geometry, board: Board, i: int, j: int) -> Board:
    """The board after removing i and j; ``IllegalMove`` unless both are on the board,
    free, distinct and matching."""
    if i == j:
        raise IllegalMove(Problem("same_tile", "a tile cannot be paired with itself"))
    for k in (i, j):
        if not 0 <= k < geometry.n or not board.occupied >> k & 1:
            raise IllegalMove(Problem("no_tile", "there is no tile at position {at}", at=k))
        if not geometry.is_free(k, board.occupied):
            raise IllegalMove(Problem("not_free", "the tile at position {at} is not free", at=k))
    if match_group(board.faces[i]) != match_group(board.faces[j]):
        raise IllegalMove(
            Problem(
                "no_match",
                "{first} and {second} do not match",
                first=board.faces[i],
                second=board.faces[j],
            )
        )
    return Board(board.faces, board.occupied & ~((1 << i) | (1 << j)))
