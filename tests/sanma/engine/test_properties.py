"""Properties over thousands of seeded games played by random and greedy players."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace

import pytest

from games.sanma.engine import (
    Action,
    IllegalAction,
    Options,
    apply,
    legal_actions,
    new_game,
    replay,
    view,
    waiting_for,
)
from games.sanma.engine.state import START_SCORE, State
from games.sanma.engine.tiles import ALL_TILES
from games.sanma.engine.wall import LIVE_END
from games.tables.engine.actions import is_answer, offers

from .players import play

# Per player kind: many one-hand games (every hand checks the same rules) and a few long
# ones for the course of the game. SANMA_GAMES=10 plays ten times as many.
SCALE = int(os.environ.get("SANMA_GAMES", "1"))
ONE_HAND_GAMES = 1000 * SCALE
LONG_GAMES = 40 * SCALE


def tiles_in_play(state: State) -> Counter:
    hand = state.hand
    seen: Counter = Counter()
    for s in hand.seats:
        seen.update(s.concealed)
        seen.update(p.tile for p in s.pond if not p.called)  # called ones sit elsewhere
        seen.update(t for m in s.melds for t in m.tiles)
        seen.update(s.norths)
    if hand.claim is not None and hand.claim.kind != "discard":
        seen[hand.claim.tile] += 1  # a North or kan tile on offer has left its hand
    return seen


def check_conservation(state: State) -> None:
    hand = state.hand
    if hand.phase in ("hand-end",) or state.game_result is not None:
        return
    drawn = Counter(hand.wall[: hand.draw_pos]) + Counter(hand.wall[hand.live_end : LIVE_END])
    assert tiles_in_play(state) == drawn
    assert sorted(hand.wall) == list(ALL_TILES)


def check_scores(state: State) -> None:
    sticks = 0 if state.game_result is not None else state.hand.sticks
    assert sum(state.scores) + 1000 * sticks == 3 * START_SCORE


def check_wins(before: State, after: State) -> None:
    result = after.hand.result
    if result is None or before.hand.result is not None:
        return
    received = Counter()
    for p in result.payments:
        received[p.payee] += p.amount
    for win in result.wins:
        # What the engine pays out is exactly what the library says the win is worth.
        assert received[win.seat] == win.cost["total"]
        assert win.han >= 1 and win.yaku
    if result.kind == "abort":
        assert result.deltas == (0, 0, 0)


def check_step(before: State, action: Action, after: State) -> None:
    # The table's version rests on the log's text: what asks about a tile, what answers.
    assert is_answer(str(action)) == (before.phase == "call")
    assert offers(str(action)) or after.phase != "call" or before.phase == "call"
    check_conservation(after)
    check_scores(after)
    check_wins(before, after)
    assert after.actions == before.actions + 1


@pytest.mark.slow
@pytest.mark.parametrize("greedy", [False, True], ids=["random", "greedy"])
def test_thousands_of_games_keep_tiles_and_points_and_replay_exactly(greedy):
    outcomes: Counter = Counter()
    for seed in range(ONE_HAND_GAMES + LONG_GAMES):
        length = "one-hand" if seed < ONE_HAND_GAMES else ("east", "east-south")[seed % 2]
        options = Options(length=length, red_fives=seed % 4 != 0)
        check = check_step if seed % 5 == 0 else None  # full checks on every fifth game

        def count(before, action, after, check=check):
            if after.hand.result is not None and before.hand.result is None:
                r = after.hand.result
                outcomes[r.reason] += 1
                outcomes["double ron"] += len(r.wins) == 2
            if check is not None:
                check(before, action, after)

        state, log = play(options, seed, check=count, greedy=greedy)
        check_scores(state)
        assert state.phase == "game-end"
        if seed % 20 == 0:
            assert replay(options, seed, [str(a) for a in log]) == state
    assert outcomes["exhaustive"] > 0
    if greedy:
        assert outcomes["ron"] > 200 and outcomes["tsumo"] > 100 and outcomes["double ron"] > 0


@pytest.mark.slow
def test_no_illegal_action_is_accepted():
    """At sampled states, every action not in legal_actions is refused."""
    from games.prng import SplitMix64

    from .players import choose

    every = [
        f"{s} {m}"
        for s in range(3)
        for m in ("tsumo", "ron", "pon", "kan", "nuki", "abort", "pass", "next")
    ]
    every += [f"{s} {m}:{c}" for s in range(3) for m in ("d", "riichi") for c in ("5D", "E", "1C")]
    every += [f"{s} kan:{c}" for s in range(3) for c in ("E", "5B")]
    for seed in range(15):
        state = new_game(Options(), seed)
        rng = SplitMix64(seed)
        for _ in range(400):
            if state.phase == "game-end":
                break
            legal = {str(a) for s in range(3) for a in legal_actions(state, s)}
            for text in every:
                if text not in legal:
                    with pytest.raises(IllegalAction):
                        apply(state, Action.parse(text))
            seat = min(waiting_for(state))
            state = apply(state, choose(rng, legal_actions(state, seat)))


@pytest.mark.slow
def test_a_view_never_depends_on_another_seats_concealed_tiles():
    """Swapping a tile of another seat's hand with an unseen wall tile changes nothing
    the viewer sees (unless it changes whether someone may call, which the game shows)."""
    checked = 0
    for seed in range(25):

        def probe(before, action, after):
            nonlocal checked
            if after.phase not in ("draw", "discard", "call"):
                return
            hand = after.hand
            for viewer in range(3):
                other = (viewer + 1 + after.actions % 2) % 3
                hidden = hand.seats[other].hand
                if not hidden or hand.live_tiles < 2:
                    continue
                mine, unseen = hidden[0], hand.wall[hand.live_end - 1]
                if mine // 4 == unseen // 4:
                    continue
                wall = list(hand.wall)
                wall[hand.live_end - 1] = mine
                seats = list(hand.seats)
                seats[other] = replace(
                    seats[other],
                    hand=tuple(sorted((*hidden[1:], unseen), key=lambda t: (t // 4, t))),
                )
                swapped = replace(after, hand=replace(hand, wall=tuple(wall), seats=tuple(seats)))
                if waiting_for(swapped) != waiting_for(after):
                    continue
                assert view(swapped, viewer) == view(after, viewer)
                assert view(after, viewer).open_hands is None
                checked += 1

        play(Options(), seed, check=probe)
    assert checked > 10_000
