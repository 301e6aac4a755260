"""The Sanma engine: three-player Riichi Mahjong as plain Python (docs/sanma.md).

No Django, no I/O. A game is an immutable ``State``; decisions are ``Action`` values;
``apply`` is the only way forward. Everything a page or a bot may see comes from
``view(state, seat)``.

Starting and playing
--------------------
``new_game(options, seed) -> State``
    ``Options(length="one-hand" | "east" | "east-south", red_fives=True)``. The walls
    follow from ``seed`` (an int) through the project's own generator.
``legal_actions(state, seat) -> list[Action]``
    Everything ``seat`` may do now, in a stable order (empty when it is not its turn).
``apply(state, action) -> State``
    Raises ``IllegalAction`` (a ``ValueError``) for anything not in ``legal_actions``.
``waiting_for(state) -> set[int]``
    Whose decision it is. In ``call`` every eligible seat answers before the call is
    resolved; in ``hand-end`` any one seat's ``next`` continues.
``replay(options, seed, actions) -> State``
    Rebuilds a game from its event log: the list of actions (or their texts) applied.
``start_position(options, wall, ...)`` with ``stacked_wall(...)``
    A game whose current hand is dealt from a chosen wall, for hand-built positions.

Actions and their stored text
-----------------------------
``Action(seat, move, tile=None)``; ``str(action)`` is ``"<seat> <move>[:<tile>]"`` and
``Action.parse(text)`` reads it back. Moves: ``d:X`` discard X, ``riichi:X`` riichi
discarding X, ``tsumo``, ``kan:K`` closed or added kan of kind K, ``nuki`` set a North
aside, ``abort`` nine terminals, ``ron``, ``pon``, ``kan`` open kan on a discard,
``pass``, ``next``. X is a tile code (``5Dr`` is the red five), K a kind code.
Examples: ``"0 d:5Dr"``, ``"2 riichi:3B"``, ``"1 pon"``, ``"0 kan:E"``, ``"1 pass"``.

Phases (``state.phase``; ``view.phase`` says ``discard`` for both of the first two)
-----------------------------------------------------------------------------------
``draw``     the seat to move holds a drawn tile (a draw or a replacement): discard,
             riichi, tsumo, kan, nuki or abort.
``discard``  the seat to move has just called pon and must discard.
``call``     a tile is on offer (``view.offer``: a discard, a North set aside, an added
             kan's tile, a closed kan's tile for thirteen orphans); the seats in
             ``waiting_for`` answer ron/pon/kan/pass. Ron beats pon and kan; two rons
             are a double ron.
``hand-end`` the hand's result is in ``view.hand_result``; ``next`` continues.
``game-end`` the game's result is in ``view.game_result``.

The view (``view(state, seat) -> View``; ``full_view(state)`` opens every hand)
------------------------------------------------------------------------------
The table games' shared seat view (``games.tables.engine.TableView``) and Sanma's own
fields: ``seat, version`` (decisions so far), ``phase`` ("discard" while the seat in
turn holds its drawn tile or has called; the engine's own ``state.phase`` says "draw"
for the first), ``round`` ("E1".."S3"), ``honba, sticks, wall`` (live tiles left),
``dora`` (indicator codes), ``scores``, ``turn, waiting_for, last_discard`` ((seat,
code)), ``offer`` (kind, seat, tile), ``seats`` (per seat: ``wind, is_dealer, score,
hand_size, pond`` of ``PondTile(tile, tsumogiri, riichi, called)``, ``melds`` of
``MeldView(kind, tiles, called, from_seat)``, ``set_aside`` (its Norths), ``riichi``),
``hand`` (own concealed codes, sorted, without the drawn tile), ``drawn``, ``legal``
(this seat's actions), ``waits`` (kind codes), ``furiten`` ("discard" | "temporary" |
"riichi" | None), ``cannot_win`` ("no-yaku" | "furiten" | None), ``preview``
(``Preview(move, yaku, han, fu, points, total, limit)`` for a possible tsumo or ron),
``hand_result`` (``HandResultView(kind, reason, wins, tenpai, nagashi, payments, deltas,
scores, shown_hands, dealer_stays)``; a ``WinView`` holds the hand, melds, Norths, yaku
with han, fu, points, limit and the ura dora), ``game_result``
(``GameResultView(placements, scores, points, leftover_sticks)``); ``open_hands`` and
``ura_dora`` only in ``full_view``.

Helpers for bots (``analysis``)
-------------------------------
``shanten(codes)``, ``accepted_tiles(codes, visible)``, ``discard_ukeire(codes,
visible)``, ``visible_counts(view)``: memoised on the library's shanten.
"""

from .actions import Action, IllegalAction
from .analysis import accepted_tiles, discard_ukeire, shanten, visible_counts
from .rules import apply, legal_actions, new_game, replay, start_position, waiting_for
from .state import GameLength, Options, Phase, State
from .view import View, full_view, view
from .wall import stacked_wall

__all__ = [
    "Action",
    "GameLength",
    "IllegalAction",
    "Options",
    "Phase",
    "State",
    "View",
    "accepted_tiles",
    "apply",
    "discard_ukeire",
    "full_view",
    "legal_actions",
    "new_game",
    "replay",
    "shanten",
    "stacked_wall",
    "start_position",
    "view",
    "visible_counts",
    "waiting_for",
]
