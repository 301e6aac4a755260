"""Properties over many played hands: tiles are conserved, every hand's payments sum to
zero, only legal actions are ever accepted, a replay of the log gives the same state,
and a seat's view does not change when anything hidden from it changes."""

from __future__ import annotations

from collections import Counter

import pytest

from games.classic.bots import LEVELS, decision_rng
from games.classic.engine import (
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
from games.classic.engine.hand import decompositions
from games.classic.engine.rules import Player, replace
from games.classic.engine.tiles import code
from games.classic.engine.wall import SplitMix64
from games.tables.engine.actions import is_answer, offers

from .helpers import all_tiles, full

OPTION_SETS = [
    Options(rounds=1, flowers=True),
    Options(rounds=1, flowers=False, dealer_rule="winner"),
]


def random_player(rng: SplitMix64, any_action_one_in: int = 1):
    """The Beginner bot, but one decision in ``any_action_one_in`` any legal action
    (Mah Jong offered is taken half of the time): hands end in wins as well as in
    draws, and claims, Kans and passes come in every combination."""

    def choose(state, seat):
        actions = legal_actions(state, seat)
        if rng.below(any_action_one_in) == 0:
            wins = [a for a in actions if a.move in ("tsumo", "ron")]
            if wins and rng.below(2) == 0:
                return wins[0]
            return rng.choice(actions)
        return LEVELS["beginner"](view(state, seat), rng)

    return choose


def check_table(state) -> None:
    assert all_tiles(state) == full(state)
    for seat, player in enumerate(state.players):
        in_sets = sum(3 for _ in player.melds)  # a Kan counts as a set of three here
        size = len(player.hand) + in_sets
        on_turn = state.phase == "discard" and seat == state.turn
        if state.phase not in ("hand-end", "game-end"):
            assert size == (14 if on_turn else 13), (seat, player)
        assert all(k < 34 for k in player.hand)


def check_offers(state) -> None:
    """Mah Jong is offered only for four sets and one pair, never for seven pairs."""
    for seat in waiting_for(state):
        for action in legal_actions(state, seat):
            if action.move not in ("tsumo", "ron"):
                continue
            hand = list(state.players[seat].hand)
            if state.phase == "call":
                hand.append(state.last_discard)
            readings = decompositions(hand)
            assert readings and all(len(r) == 5 - len(state.players[seat].melds) for r in readings)


def hidden_changed(state, seat: int, rng: SplitMix64):
    """The same table with everything ``seat`` cannot see changed: the other hands'
    tiles dealt anew among them (each keeping its size) and the wall reversed."""
    others = [s for s in range(4) if s != seat]
    pool = [t for s in others for t in state.players[s].hand]
    rng.shuffle(pool)
    players = list(state.players)
    for s in others:
        size = len(players[s].hand)
        players[s] = replace(players[s], hand=tuple(sorted(pool[:size])))
        pool = pool[size:]
    return replace(state, players=tuple(players), wall=tuple(reversed(state.wall)))


def play_hand(state, choose, rng, deep: bool):
    """Play one hand to its end, checking the table at every step when ``deep``."""
    while state.phase not in ("hand-end", "game-end"):
        if deep:
            check_table(state)
            check_offers(state)
            seat = rng.below(4)
            assert view(hidden_changed(state, seat, rng), seat) == view(state, seat)
        seat = min(waiting_for(state))
        action = choose(state, seat)
        after = apply(state, action)
        # The table's version rests on the log's text: what asks about a tile, what answers.
        assert is_answer(str(action)) == (state.phase == "call")
        assert offers(str(action)) or after.phase != "call" or state.phase == "call"
        state = after
    return state


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=["flowers", "no-flowers-winner"])
def test_a_thousand_random_hands_keep_every_rule(options):
    rng = SplitMix64(2024)
    choose = random_player(rng, any_action_one_in=4)
    outcomes: Counter = Counter()
    for seed in range(500):
        state = play_hand(new_game(options, seed), choose, rng, deep=seed < 60)
        result = state.last_result
        outcomes[result.draw_reason or "win"] += 1
        assert sum(result.deltas) == 0
        assert sum(p.amount for p in result.payments if p.payee == result.winner) >= 0
        assert state.scores == result.deltas
    assert outcomes["win"] > 50 and outcomes["wall"] > 50


def test_wrong_actions_are_refused_and_change_nothing():
    rng = SplitMix64(7)
    choose = random_player(rng)
    state = new_game(Options(), 11)
    for _ in range(300):
        if state.phase == "game-end":
            break
        seat = rng.below(4)
        legal = legal_actions(state, seat)
        wrong = Action(seat, "d", code(rng.below(34)))
        if wrong not in legal:
            with pytest.raises(IllegalAction):
                apply(state, wrong)
        with pytest.raises(IllegalAction):
            apply(state, Action((min(waiting_for(state) or {0}) + 1) % 4, "draw"))
        mover = min(waiting_for(state))
        state = apply(state, choose(state, mover))


def bot_game(levels, options, seed):
    """A whole game of four bots; returns the final state and the action log."""
    state = new_game(options, seed)
    log = []
    while state.phase != "game-end":
        seat = min(waiting_for(state))
        bot = LEVELS[levels[seat]]
        action = bot(view(state, seat), decision_rng(seed, seat, state.version))
        assert action in legal_actions(state, seat), (action, seat)
        state = apply(state, action)
        log.append(str(action))
        if state.phase in ("hand-end", "game-end"):
            assert sum(state.last_result.deltas) == 0
    return state, log


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_play_whole_games_and_the_log_replays_to_the_same_state(seed):
    options = Options(rounds=1, flowers=seed != 2)
    state, log = bot_game(("expert", "beginner", "normal", "expert"), options, seed)
    assert sum(state.scores) == 0
    assert replay(options, seed, log) == state
    assert [str(Action.parse(text)) for text in log] == log


def test_a_view_holds_no_hidden_tile_of_another_seat():
    """Beyond the invariance above: the view's own fields name only the viewer's hand."""
    state = new_game(Options(), 5)
    for seat in range(4):
        seen = view(state, seat)
        assert len(seen.hand) + (seen.drawn is not None) == len(state.players[seat].hand)
        assert seen.open_hands is None and not hasattr(seen, "wall_tiles")
        assert [s.hand_size for s in seen.seats] == [len(p.hand) for p in state.players]
    empty = replace(state, players=tuple(Player() for _ in range(4)))
    assert view(empty, 1).hand == ()
