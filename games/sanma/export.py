"""Export a game as a tenhou.net/6 JSON log, three-player, and read such a log back.

The format is Tenhou's own, as public viewers and converters read it: four seat
blocks per hand with the fourth (the empty North seat) left empty, scores ending in 0,
round index 4 x wind + hand, tiles as 11-19 / 21-29 / 31-39 / 41-47 with red fives 52
(circles) and 53 (bamboo), ``60`` for a discard of the drawn tile, ``r`` before a riichi
discard, ``f44`` for a North set aside, call strings read on a four-seat table
(``p``/``m`` placed by where the tile came from; ``a`` closed, ``k`` added kan, ``0``
after an open kan), results as ``和了`` with the payment and Tenhou's yaku strings.

A running game exports its finished hands only: a log shows every hand open.
Docs: docs/sanma.md#export.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from .engine import Action, Options, State, apply, new_game
from .engine.rules import dora_indicators, ura_indicators
from .engine.state import HandResult, HandState, Meld, Win
from .engine.tiles import RED_FIVES, code, kind_code

YAKU_NAMES = {
    "Menzen Tsumo": "門前清自摸和",
    "Riichi": "立直",
    "Ippatsu": "一発",
    "Chankan": "槍槓",
    "Rinshan Kaihou": "嶺上開花",
    "Haitei Raoyue": "海底摸月",
    "Houtei Raoyui": "河底撈魚",
    "Pinfu": "平和",
    "Tanyao": "断幺九",
    "Iipeiko": "一盃口",
    "Yakuhai (seat wind east)": "自風 東",
    "Yakuhai (seat wind south)": "自風 南",
    "Yakuhai (seat wind west)": "自風 西",
    "Yakuhai (round wind east)": "場風 東",
    "Yakuhai (round wind south)": "場風 南",
    "Yakuhai (haku)": "役牌 白",
    "Yakuhai (hatsu)": "役牌 發",
    "Yakuhai (chun)": "役牌 中",
    "Double Riichi": "両立直",
    "Chiitoitsu": "七対子",
    "Chantai": "混全帯幺九",
    "Ittsu": "一気通貫",
    "Sanshoku Doujun": "三色同順",
    "Sanshoku Doukou": "三色同刻",
    "San Kantsu": "三槓子",
    "Toitoi": "対々和",
    "San Ankou": "三暗刻",
    "Shou Sangen": "小三元",
    "Honroutou": "混老頭",
    "Ryanpeikou": "二盃口",
    "Junchan": "純全帯幺九",
    "Honitsu": "混一色",
    "Chinitsu": "清一色",
    "Tenhou": "天和",
    "Chiihou": "地和",
    "Daisangen": "大三元",
    "Suu Ankou": "四暗刻",
    "Suu Ankou Tanki": "四暗刻単騎",
    "Tsuu Iisou": "字一色",
    "Ryuuiisou": "緑一色",
    "Chinroutou": "清老頭",
    "Chuuren Poutou": "九蓮宝燈",
    "Daburu Chuuren Poutou": "純正九蓮宝燈",
    "Kokushi Musou": "国士無双",
    "Kokushi Musou Juusanmen Matchi": "国士無双１３面",
    "Dai Suushii": "大四喜",
    "Shousuushii": "小四喜",
    "Suu Kantsu": "四槓子",
    "Dora": "ドラ",
    "Ura Dora": "裏ドラ",
    "Aka Dora": "赤ドラ",
}
LIMIT_NAMES = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "kazoe yakuman": "数え役満",
}
DRAW_NAMES = {"nine-terminals": "九種九牌", "four-kans": "四槓散了", "nagashi": "流し満貫"}
# rule.disp as Tenhou composes it: 三 three players, 般 the lobby, 東 an East game or 南
# an East-South one, 喰 open tanyao, 赤 red fives (only when there are any). Tenhou has
# no one-hand game: ours says 一局 where the length goes (docs/sanma.md#export).
LENGTH_NAMES = {"one-hand": "一局", "east": "東", "east-south": "南"}


def rule_disp(options: Options) -> str:
    return "三般" + LENGTH_NAMES[options.length] + "喰" + ("赤" if options.red_fives else "")


def tenhou_tile(tile: int, red_fives: bool) -> int:
    if red_fives and tile in RED_FIVES:
        return 52 if tile == 52 else 53
    kind = tile // 4
    if kind >= 27:
        return 41 + kind - 27
    return 11 + 10 * (kind // 9) + kind % 9


def code_of_tenhou(number: int) -> str:
    if number == 52:
        return "5Dr"
    if number == 53:
        return "5Br"
    if number >= 41:
        return kind_code(27 + number - 41)
    suit, digit = divmod(number - 11, 10)
    return kind_code(9 * suit + digit)


def _relative(caller: int, from_seat: int) -> int:
    """1 right (shimocha), 2 across (toimen), 3 left (kamicha), on four seats."""
    return (from_seat - caller) % 4


def _call_string(meld: Meld, caller: int, red: bool, letter: str) -> str:
    assert meld.called is not None and meld.from_seat is not None
    own = [tenhou_tile(t, red) for t in meld.tiles if t != meld.called and t != meld.added]
    called = f"{letter}{tenhou_tile(meld.called, red)}"
    if meld.added is not None:
        called += str(tenhou_tile(meld.added, red))
    parts = [str(t) for t in own]
    where = {3: 0, 2: 1, 1: len(parts)}[_relative(caller, meld.from_seat)]
    parts.insert(where, called)
    return "".join(parts)


def _closed_kan_string(kind: int, tiles: Sequence[int], red: bool) -> str:
    numbers = [
        str(tenhou_tile(t, red)) for t in sorted(tiles, key=lambda t: (t not in RED_FIVES, t))
    ]
    return "".join(numbers[:3]) + "a" + numbers[3]


def _is_yakuman(win: Win) -> bool:
    """A hand of yakuman yaku (one or several), not one counted to 13 han: ``limit`` is
    decided in the engine's scoring from the yaku (docs/sanma.md#yakuman)."""
    return "yakuman" in win.limit and win.limit != "kazoe yakuman"


def _ten(win: Win, dealer: int) -> str:
    cost = win.cost
    head = "役満" if _is_yakuman(win) else LIMIT_NAMES.get(win.limit, f"{win.fu}符{win.han}飜")
    if win.from_seat is not None:
        amount = f"{cost['main']}点"
    elif win.seat == dealer:
        amount = f"{cost['main']}点∀"
    else:
        amount = f"{cost['additional']}-{cost['main']}点"
    return head + amount


def _yaku_strings(win: Win) -> list[str]:
    yakuman = _is_yakuman(win)
    out = []
    for name, han in win.yaku:
        label = YAKU_NAMES.get(name, name)
        out.append(f"{label}(役満)" if yakuman else f"{label}({han}飜)")
    return out


def _result_entry(result: HandResult, hand: HandState) -> list:
    if result.kind == "win":
        entry: list = ["和了"]
        for win in result.wins:
            deltas = [0, 0, 0, 0]
            for p in result.payments:
                if p.payee == win.seat:
                    deltas[p.payee] += p.amount
                    if p.payer is not None:
                        deltas[p.payer] -= p.amount
            source = win.seat if win.from_seat is None else win.from_seat
            entry += [
                deltas,
                [win.seat, source, win.seat, _ten(win, hand.dealer), *_yaku_strings(win)],
            ]
        return entry
    deltas = [*result.deltas, 0]
    if result.kind == "abort":
        return [DRAW_NAMES[result.reason]]
    if result.reason == "nagashi":
        return ["流し満貫", deltas]
    if len(result.tenpai) == 3:
        return ["全員聴牌"]
    if not result.tenpai:
        return ["全員不聴"]
    return ["流局", deltas]


class _HandLog:
    def __init__(self, state: State) -> None:
        hand = state.hand
        red = state.options.red_fives
        self.start = hand
        self.scores = [*state.scores, 0]
        # The dealer's first tile is its first draw, not part of its deal.
        self.haipai = [[tenhou_tile(t, red) for t in s.hand] for s in hand.seats]
        self.takes: list[list] = [[], [], []]
        self.discards: list[list] = [[], [], []]
        self.takes[hand.dealer].append(tenhou_tile(hand.seats[hand.dealer].drawn, red))

    def entry(self, end: State) -> list:
        hand = end.hand
        red = end.options.red_fives
        result = hand.result
        assert result is not None
        riichi_win = any(hand.seats[w.seat].riichi for w in result.wins)
        dora = [tenhou_tile(t, red) for t in dora_indicators(hand)]
        ura = [tenhou_tile(t, red) for t in ura_indicators(hand)] if riichi_win else []
        blocks: list = []
        for seat in range(3):
            blocks += [sorted(self.haipai[seat]), self.takes[seat], self.discards[seat]]
        blocks += [[], [], []]
        start = self.start
        meta = [4 * start.round_wind + start.hand_in_round, start.honba, start.sticks]
        return [meta, self.scores, dora, ura, *blocks, _result_entry(result, hand)]


def _record(log: _HandLog, before: State, action: Action, after: State) -> None:
    red = before.options.red_fives
    b, a = before.hand, after.hand
    seat = action.seat
    if action.move in ("d", "riichi"):
        me = b.seats[seat]
        tile = next(
            t
            for t in ((me.drawn,) if me.drawn is not None else ()) + me.hand
            if code(t, red) == action.tile
        )
        number = 60 if tile == me.drawn else tenhou_tile(tile, red)
        log.discards[seat].append(f"r{number}" if action.move == "riichi" else number)
    elif action.move == "nuki":
        log.discards[seat].append("f44")
    elif action.move == "kan" and action.tile is not None:
        me = b.seats[seat]
        kind = next(t for t in me.concealed if kind_code(t // 4) == action.tile) // 4
        pon = next((m for m in me.melds if m.kind == "pon" and m.tiles[0] // 4 == kind), None)
        if pon is not None:
            added = next(t for t in me.concealed if t // 4 == kind)
            kan = Meld("added-kan", (*pon.tiles, added), pon.called, pon.from_seat, added)
            log.discards[seat].append(_call_string(kan, seat, red, "k"))
        else:
            tiles = [t for t in me.concealed if t // 4 == kind]
            log.discards[seat].append(_closed_kan_string(kind, tiles, red))
    if a is b or a.number != b.number:
        return
    for s in range(3):
        if len(a.seats[s].melds) > len(b.seats[s].melds):
            meld = a.seats[s].melds[-1]
            if meld.kind == "pon":
                log.takes[s].append(_call_string(meld, s, red, "p"))
            elif meld.kind == "open-kan":
                log.takes[s].append(_call_string(meld, s, red, "m"))
                log.discards[s].append(0)
    if a.draw_pos > b.draw_pos or a.live_end < b.live_end:
        log.takes[a.turn].append(tenhou_tile(a.seats[a.turn].drawn, red))


def export(
    options: Options,
    seed: int,
    actions: Sequence[Action | str],
    names: Sequence[str] = ("A", "B", "C"),
    title: str = "Sanma",
) -> dict:
    """The tenhou.net/6 log of a game (its finished hands, if it is still running)."""
    state = new_game(options, seed)
    hands: list[list] = []
    log = _HandLog(state)
    for item in actions:
        action = item if isinstance(item, Action) else Action.parse(item)
        after = apply(state, action)
        if state.hand.phase == "hand-end":
            hands.append(log.entry(state))
            if after.game_result is None:
                log = _HandLog(after)
        else:
            _record(log, state, action, after)
        state = after
    out: dict = {
        "title": [title, ""],
        "name": [*names, ""],
        "rule": {
            "disp": rule_disp(options),
            "aka": int(options.red_fives),
            "aka51": 0,
            "aka52": int(options.red_fives),
            "aka53": int(options.red_fives),
        },
        "log": hands,
    }
    if state.game_result is not None:
        result = state.game_result
        sc: list = []
        for seat in range(3):
            # Final scores in full points with the results, as Tenhou's JSON logs have
            # them (its XML logs write hundreds).
            sc += [result.scores[seat], result.points[seat]]
        out["sc"] = [*sc, 0, 0]
        # Our own key, for the reader: the seed rebuilds the walls (only once it is over).
        out["sanma"] = {"seed": seed, "length": options.length, "red_fives": options.red_fives}
    return out


def export_json(*args, **kwargs) -> str:
    return json.dumps(export(*args, **kwargs), ensure_ascii=False, separators=(",", ":"))


# ------------------------------------------------------------------------- reader


def read(log: dict) -> tuple[Options, int, list[Action]]:
    """The options, seed and decisions of a finished game exported by ``export``.

    Replays the hands against the engine and reads each decision off the log's draw
    and discard lists; raises ValueError where the log and the game disagree.
    """
    meta = log.get("sanma")
    if not isinstance(meta, dict):
        raise ValueError("not a finished game exported by this site (no seed)")
    options = Options(length=meta["length"], red_fives=bool(meta["red_fives"]))
    seed = int(meta["seed"])
    state = new_game(options, seed)
    actions: list[Action] = []
    for entry in log["log"]:
        takes = [list(entry[5 + 3 * s]) for s in range(3)]
        discards = [list(entry[6 + 3 * s]) for s in range(3)]
        result = entry[-1]
        takes[state.hand.turn].pop(0)  # the dealer's first draw
        while state.hand.phase != "hand-end":
            action = _next_action(state, takes, discards, result)
            before = state
            state = apply(state, action)
            actions.append(action)
            h = state.hand
            if h.phase != "hand-end" and (
                h.draw_pos > before.hand.draw_pos or h.live_end < before.hand.live_end
            ):
                drawn = takes[h.turn].pop(0)
                if drawn != tenhou_tile(h.seats[h.turn].drawn, options.red_fives):
                    raise ValueError(f"the log draws {drawn}, the wall gives another tile")
        actions.append(Action(0, "next"))
        state = apply(state, actions[-1])
    return options, seed, actions


def _calls(item: object, caller: int, from_seat: int, tile: int, red: bool) -> bool:
    """Whether a draw-list item is the pon or open kan of this tile from this seat."""
    if not isinstance(item, str) or not ("p" in item or "m" in item):
        return False
    at = item.index("p") if "p" in item else item.index("m")
    relative = {0: 3, 2: 2}.get(at, 1)
    called = int(item[at + 1 : at + 3])
    return relative == _relative(caller, from_seat) and called == tenhou_tile(tile, red)


def _next_action(state: State, takes: list[list], discards: list[list], result: list) -> Action:
    hand = state.hand
    red = state.options.red_fives
    if hand.phase == "call":
        claim = hand.claim
        assert claim is not None
        waiting = sorted(set(claim.eligible) - {s for s, _ in claim.answers})
        winners = {d[0] for d in result[2::2]} if result[0] == "和了" else set()
        ends_here = not discards[claim.seat] and all(not t for t in takes)
        for seat in waiting:
            if ends_here and seat in winners:
                return Action(seat, "ron")
            nxt = takes[seat][0] if takes[seat] else None
            if claim.kind == "discard" and _calls(nxt, seat, claim.seat, claim.tile, red):
                takes[seat].pop(0)
                if "m" in nxt:
                    discards[seat].pop(0)  # the 0 after an open kan
                return Action(seat, "pon" if "p" in nxt else "kan")
            return Action(seat, "pass")
    seat = hand.turn
    if not discards[seat]:
        return Action(seat, "tsumo" if result[0] == "和了" else "abort")
    item = discards[seat].pop(0)
    me = hand.seats[seat]
    if item == "f44":
        return Action(seat, "nuki")
    if isinstance(item, str) and ("a" in item or "k" in item):
        return Action(seat, "kan", code_of_tenhou(int(item[-2:]))[:2].rstrip("r"))
    riichi = isinstance(item, str) and item.startswith("r")
    number = int(item[1:]) if riichi else int(item)
    tile = code(me.drawn, red) if number == 60 else code_of_tenhou(number)
    return Action(seat, "riichi" if riichi else "d", tile)
