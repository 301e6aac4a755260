"""Whole games between bots: only legal actions, the same seed gives the same game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.prng import SplitMix64
from games.sanma import bots
from games.sanma.bots import selfplay
from games.sanma.engine import Action, Options, State, apply, new_game, view, waiting_for
from games.sanma.engine.tiles import sort_key


def test_the_levels_are_named_weakest_first():
    assert bots.LEVELS == ("beginner", "normal", "expert", "master")


def test_an_unknown_level_is_refused_with_a_clear_message():
    state = new_game(Options(), 1)
    with pytest.raises(ValueError, match="unknown bot level"):
        bots.choose("grandmaster", view(state, 0), SplitMix64(1))


def test_a_seat_with_nothing_to_decide_is_refused():
    state = new_game(Options(), 1)
    with pytest.raises(ValueError, match="nothing to decide"):
        bots.choose("beginner", view(state, 1), SplitMix64(1))


def test_rng_for_depends_on_seed_decision_and_seat():
    draws = {
        (seed, index, seat): bots.rng_for(seed, index, seat).next_u64()
        for seed in (0, 1)
        for index in (0, 1, 500)
        for seat in (0, 1, 2)
    }
    assert len(set(draws.values())) == len(draws)
    assert bots.rng_for(7, 3, 1).next_u64() == bots.rng_for(7, 3, 1).next_u64()


@pytest.mark.slow
@pytest.mark.parametrize("level", bots.LEVELS)
def test_every_level_plays_only_legal_actions(level):
    """One-hand games with the level in every seat, then mixed with the others."""
    for seed in range(60):
        lineup = (level, bots.LEVELS[seed % 4], bots.LEVELS[(seed // 4) % 4])
        state = new_game(Options(length="one-hand", red_fives=seed % 5 != 0), seed)
        index = 0
        while state.phase != "game-end":
            seat = sorted(waiting_for(state))[index % len(waiting_for(state))]
            v = view(state, seat)
            action = bots.choose(lineup[seat], v, bots.rng_for(seed, index, seat))
            assert action in v.legal
            state = apply(state, action)  # raises IllegalAction otherwise
            index += 1


def hidden_dealt_anew(state: State, seat: int, rng: SplitMix64) -> State:
    """The same game with every tile ``seat`` cannot see dealt anew: the other seats'
    concealed tiles and the live wall shuffled together, each hand keeping its size."""
    hand = state.hand
    others = [s for s in range(3) if s != seat]
    pool = [t for s in others for t in hand.seats[s].hand]
    pool += hand.wall[hand.draw_pos : hand.live_end]
    for i in range(len(pool) - 1, 0, -1):
        j = rng.next_u64() % (i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    seats = list(hand.seats)
    for s in others:
        size = len(hand.seats[s].hand)
        seats[s] = replace(seats[s], hand=tuple(sorted(pool[:size], key=sort_key)))
        pool = pool[size:]
    wall = (*hand.wall[: hand.draw_pos], *pool, *hand.wall[hand.live_end :])
    return replace(state, hand=replace(hand, wall=wall, seats=tuple(seats)))


@pytest.mark.slow
@pytest.mark.parametrize("level", bots.LEVELS)
def test_a_bots_choice_never_depends_on_tiles_its_seat_cannot_see(level):
    """At every decision of whole games: the other seats' hands and the wall dealt anew
    leave the seat's view as it was, and the bot's choice with it."""
    rng = SplitMix64(len(level))
    checked = 0
    for seed in range(3):
        state = new_game(Options(length="east"), 700 + seed)
        index = 0
        while state.phase != "game-end":
            seat = min(waiting_for(state))
            seen = view(state, seat)
            action = bots.choose(level, seen, bots.rng_for(seed, index, seat))
            other = hidden_dealt_anew(state, seat, rng)
            if other.hand.phase in ("draw", "discard", "call") and waiting_for(other) == (
                waiting_for(state)
            ):
                assert other.hand.seats != state.hand.seats or other.hand.wall != state.hand.wall
                assert view(other, seat) == seen
                again = bots.choose(level, view(other, seat), bots.rng_for(seed, index, seat))
                assert again == action
                checked += 1
            state = apply(state, action)
            index += 1
    assert checked > 400, checked


def test_the_same_seed_gives_the_same_game():
    lineup = ("master", "expert", "beginner")
    first = selfplay.play(Options(length="east"), 11, lineup)[1]
    again = selfplay.play(Options(length="east"), 11, lineup)[1]
    other = selfplay.play(Options(length="east"), 12, lineup)[1]
    assert [str(a) for a in first] == [str(a) for a in again]
    assert [str(a) for a in first] != [str(a) for a in other]


def test_duplicate_games_show_each_game_with_the_lone_level_in_every_seat():
    """The benchmark's hand statistics replay what ``on_game`` saw: each game's seats
    and its whole log."""
    games = []
    result = selfplay.duplicate_games(
        Options(length="one-hand"), 5, "expert", "beginner", on_game=lambda *g: games.append(g)
    )
    assert [levels for levels, _ in games] == [
        ["beginner", "expert", "expert"],
        ["expert", "beginner", "expert"],
        ["expert", "expert", "beginner"],
    ]
    places = []
    for levels, log in games:
        state = new_game(Options(length="one-hand"), 5)
        for action in log:
            state = apply(state, action)
        assert state.phase == "game-end"
        places.append(
            {levels[seat]: place for seat, place in enumerate(selfplay.placements(state))}
        )
    assert sorted(p["beginner"] for p in places) == sorted(result.weak_places)


def test_an_outside_player_plays_its_seats_from_their_view_alone():
    """The benchmark's outside agent: it gets each of its seat's views, and our levels
    play the other seats as ever."""
    seen = []

    def first_legal(v, rng):
        seen.append((v.seat, v.open_hands))
        return v.legal[0]

    lineup = ("outside", "master", "outside")
    state, log = selfplay.play(Options(), 3, lineup, players={"outside": first_legal})
    assert state.phase == "game-end"
    assert {seat for seat, _ in seen} == {0, 2}
    assert all(hands is None for _, hands in seen)
    assert len(seen) == sum(1 for a in log if a.seat != 1)


def test_an_illegal_move_of_an_outside_player_stops_the_game():
    def cheat(v, rng):
        return Action(v.seat, "tsumo")

    with pytest.raises(RuntimeError, match="illegal move"):
        selfplay.play(Options(), 3, ("outside", "normal", "normal"), players={"outside": cheat})
