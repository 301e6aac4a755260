"""Schrittweise erklärt: the step-by-step introduction, each step a small picture of
part of a table before and after (docs/sanma.md#step-by-step). The pictures are fixed
partial hands, drawn with the table's own tiles."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.tables.steps import Row, Step
from games.tables.steps import tiles as _tiles

HAND = "1C 9C 2D 3D 4D 6D 7D 3B 4B 5B 8B E E"
READY = "2D 3D 4D 6D 7D 8D 3B 4B 5B 7B 7B E E"

STEPS = (
    Step(
        "draw",
        _("Draw"),
        _(
            "Your turn starts with a draw: the next tile of the wall joins your 13 tiles, "
            "a little apart on the right. Now you hold 14."
        ),
        (Row(_("Your hand"), _tiles(HAND)),),
        (Row(_("Your hand and the drawn tile"), _tiles(HAND + " 5D", "13")),),
    ),
    Step(
        "discard",
        _("Discard"),
        _(
            "Tap the tile you need least: it goes to your discards, face up for all to see. "
            "Here the lone 1 of characters goes; the other players may now call it."
        ),
        (Row(_("Your hand"), _tiles("1C 9C 2D 3D 4D 5D 6D 7D 3B 4B 5B 8B E E", "0")),),
        (
            Row(_("Your hand"), _tiles("9C 2D 3D 4D 5D 6D 7D 3B 4B 5B 8B E E")),
            Row(_("Your discards"), _tiles("1C", "0")),
        ),
    ),
    Step(
        "pon",
        _("Pon"),
        _(
            "When another player discards a tile of which you hold two, you may call Pon: "
            "the three lie open beside your hand, the called one turned sideways. Then you "
            "discard. There is no Chi in Sanma, and an open hand still needs a yaku: here "
            "the White dragons are one."
        ),
        (
            Row(_("Discarded by the player on your left"), _tiles("Wh", "0")),
            Row(_("Your hand"), _tiles("9C 2D 3D 4D 6D 7D 3B 4B 5B 8B 8B Wh Wh", "11 12")),
        ),
        (
            Row(_("Your open meld"), _tiles("Wh Wh Wh", "0", "sideways")),
            Row(_("Your hand, before you discard"), _tiles("9C 2D 3D 4D 6D 7D 3B 4B 5B 8B 8B")),
        ),
    ),
    Step(
        "north",
        _("North"),
        _(
            "Nobody sits North in Sanma. Holding a North after your draw, you may set it "
            "aside: it counts one han of dora when you win, and you draw a replacement tile "
            "from the dead wall."
        ),
        (Row(_("Your hand and the drawn tile"), _tiles(HAND + " N", "13")),),
        (
            Row(_("Set aside"), _tiles("N", "0")),
            Row(_("Your hand and the replacement tile"), _tiles(HAND + " 6B", "13")),
        ),
    ),
    Step(
        "riichi",
        _("Riichi"),
        _(
            "With a closed hand one tile from complete (tenpai) you may declare riichi: the "
            "discard lies sideways and you put down a 1,000 stick. From then on you discard "
            "every tile you draw, unless it wins. Riichi is a yaku of its own."
        ),
        (Row(_("Your hand and the drawn tile"), _tiles(READY + " 9C", "13")),),
        (
            Row(_("Your discards"), _tiles("1C 8B 9C", "2", "sideways")),
            Row(_("Your hand: waiting on the 7 of bamboo or East"), _tiles(READY)),
        ),
    ),
    Step(
        "win",
        _("Tsumo and ron"),
        _(
            "A complete hand is four sets and a pair. Completed by your own draw, you call "
            "Tsumo; completed by another player's discard, you call Ron, and that player "
            "pays. The buttons show what the hand is worth before you decide."
        ),
        (Row(_("Your hand in riichi"), _tiles(READY)),),
        (
            Row(_("Tsumo: you draw the East"), _tiles(READY + " E", "13")),
            Row(_("Or ron: another player discards the 7 of bamboo"), _tiles("7B", "0")),
        ),
    ),
)
