"""Schrittweise erklärt: Classic's step-by-step introduction, each step a small picture
of part of a table before and after (docs/classic.md#step-by-step). The pictures are
fixed partial hands, drawn with the table's own tiles."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.tables.steps import Row, Step
from games.tables.steps import tiles as _tiles

HAND = "1C 2C 3C 5D 6D 2B 3B 7B 7B 9B R R E"
READY = "1C 2C 3C 5D 6D 7D 2B 3B 4B R R R E"

STEPS = (
    Step(
        "draw",
        _("Draw"),
        _(
            "Your turn starts with a draw from the wall: the tile joins your 13, a little "
            "apart on the right. The table draws it for you. A flower or season drawn is "
            "set aside at once, and you get a replacement from the dead end."
        ),
        (Row(_("Your hand"), _tiles(HAND)),),
        (Row(_("Your hand and the drawn tile"), _tiles(HAND + " 4D", "13")),),
    ),
    Step(
        "discard",
        _("Discard"),
        _(
            "Tap the tile you need least: it goes to your discards, face up. Here the lone "
            "9 of bamboo goes. Every other player may now claim it."
        ),
        (Row(_("Your hand"), _tiles("1C 2C 3C 4D 5D 6D 2B 3B 7B 7B 9B R R E", "10")),),
        (
            Row(_("Your hand"), _tiles("1C 2C 3C 4D 5D 6D 2B 3B 7B 7B R R E")),
            Row(_("Your discards"), _tiles("9B", "0")),
        ),
    ),
    Step(
        "chi",
        _("Chi"),
        _(
            "Only from the player before you (on your left), and only of a suit: a tile "
            "that makes a run of three with two of yours. The Chi lies open on the table, "
            "and you discard."
        ),
        (
            Row(_("Discarded by the player on your left"), _tiles("4B", "0")),
            Row(_("Your hand"), _tiles("1C 2C 3C 4D 5D 6D 2B 3B 7B 7B R R E", "7 8")),
        ),
        (
            Row(_("Your Chi, open"), _tiles("2B 3B 4B", "2")),
            Row(_("Your hand, before you discard"), _tiles("1C 2C 3C 4D 5D 6D 7B 7B R R E")),
        ),
    ),
    Step(
        "pong",
        _("Pong"),
        _(
            "From any player: a tile of which you hold two. Pong goes before Chi. A Pong "
            "of dragons, of your own wind or of the round wind doubles your hand's value."
        ),
        (
            Row(_("Discarded by the player across"), _tiles("R", "0")),
            Row(_("Your hand"), _tiles("1C 2C 3C 4D 5D 6D 2B 3B 4B 7B 7B R R", "11 12")),
        ),
        (
            Row(_("Your Pong, open"), _tiles("R R R", "2")),
            Row(_("Your hand, before you discard"), _tiles("1C 2C 3C 4D 5D 6D 2B 3B 4B 7B 7B")),
        ),
    ),
    Step(
        "kan",
        _("Kan"),
        _(
            "Four alike are a Kan, one set that scores four times a Pong. Hold all four "
            "after your draw and you may lay them down as a concealed Kan, its outer tiles "
            "face down; a fourth tile grows your open Pong into a Kan. Either way you draw a "
            "replacement from the dead end."
        ),
        (
            Row(
                _("Your hand and the drawn tile"),
                _tiles("1C 2C 3C 5D 6D 7D 2B 3B 4B W W W E W", "13"),
            ),
        ),
        (
            Row(
                _("Your concealed Kan"),
                (*_tiles("W", "0", "back"), *_tiles("W W"), *_tiles("W", "0", "back")),
            ),
            Row(
                _("Your hand and the replacement tile"),
                _tiles("1C 2C 3C 5D 6D 7D 2B 3B 4B E 8C", "10"),
            ),
        ),
    ),
    Step(
        "mahjong",
        _("Mah Jong"),
        _(
            "Four sets and one pair make a complete hand: call Mah Jong, on your own draw or "
            "on anyone's discard. The button shows only when the hand is complete. Everyone "
            "pays you the hand's value; a discarder pays it all alone."
        ),
        (Row(_("Your hand: waiting on East"), _tiles(READY)),),
        (Row(_("Mah Jong with the East"), _tiles(READY + " E", "13")),),
    ),
    Step(
        "score",
        _("Scoring"),
        _(
            "Add the points of your sets, pair and flowers, 20 for Mah Jong; round to the "
            "nearest ten, then double once for each doubling, up to 300. Here: 20 + 8 for "
            "the concealed red dragons = 28, rounded 30, doubled for the dragons: 60."
        ),
        (Row(_("The complete hand"), _tiles(READY + " E", "9 10 11")),),
        (Row(_("Worth 60: the red dragons double"), _tiles("R R R", "0 1 2")),),
    ),
)
