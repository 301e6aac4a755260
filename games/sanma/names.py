"""The words the pages use for tiles, winds, moves, yaku and results, in every site
language (docs/sanma.md#the-table-page)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

WINDS = {"E": _("East"), "S": _("South"), "W": _("West")}
# What a decision is called on its button and in the line that tells what happened.
MOVES = {
    "d": _("discards"),
    "riichi": _("declares riichi"),
    "tsumo": _("Tsumo"),
    "ron": _("Ron"),
    "pon": _("Pon"),
    "kan": _("Kan"),
    "nuki": _("sets a North aside"),
    "abort": _("aborts the hand"),
    "pass": _("passes"),
    "next": _("continues"),
}
BUTTONS = {
    "tsumo": _("Tsumo"),
    "ron": _("Ron"),
    "riichi": _("Riichi"),
    "pon": _("Pon"),
    "kan": _("Kan"),
    "nuki": pgettext_lazy("set aside", "North"),
    "abort": _("Abort (nine terminals)"),
    "pass": _("Pass"),
}
MELDS = {
    "pon": _("Pon"),
    "open-kan": _("Open kan"),
    "closed-kan": _("Closed kan"),
    "added-kan": _("Added kan"),
}
# Who won on whose tile, for the result card (games/tables/presenters.py win_headline).
WIN_LINES = {
    "own-tsumo": _("You win by tsumo."),
    "tsumo": _("%(winner)s wins by tsumo."),
    "own-ron": _("You win by ron on the tile of %(loser)s."),
    "ron-on-you": _("%(winner)s wins by ron on your tile."),
    "ron": _("%(winner)s wins by ron on the tile of %(loser)s."),
}
FURITEN = {
    "discard": _("Furiten: a winning tile is in your own discards."),
    "temporary": _("Furiten until your next discard: you let a winning tile pass."),
    "riichi": _("Furiten for the rest of the hand: you let a winning tile pass in riichi."),
}
CANNOT_WIN = {
    "no-yaku": _("Your hand is complete but has no yaku, so it cannot win."),
    "furiten": _("Your hand is complete but you are furiten, so you cannot win by ron."),
}
LIMITS = {
    "mangan": _("Mangan"),
    "haneman": _("Haneman"),
    "baiman": _("Baiman"),
    "sanbaiman": _("Sanbaiman"),
    "yakuman": _("Yakuman"),
    "kazoe yakuman": _("Kazoe yakuman"),
}
HAND_ENDS = {
    "tsumo": _("Tsumo"),
    "ron": _("Ron"),
    "exhaustive": _("Exhaustive draw"),
    "nagashi": _("Nagashi mangan"),
    "nine-terminals": _("Aborted: nine terminals"),
    "four-kans": _("Aborted: four kans"),
}
PAYMENTS = {
    "ron": _("ron"),
    "tsumo": _("tsumo"),
    "honba": _("honba"),
    "sticks": _("riichi sticks"),
    "noten": _("noten"),
    "nagashi": _("nagashi mangan"),
}
# The library's yaku names; where a name has a translatable part it is given here.
YAKU = {
    "Menzen Tsumo": _("Menzen tsumo"),
    "Riichi": _("Riichi"),
    "Double Riichi": _("Double riichi"),
    "Ippatsu": _("Ippatsu"),
    "Chankan": _("Chankan"),
    "Rinshan Kaihou": _("Rinshan kaihou"),
    "Haitei Raoyue": _("Haitei"),
    "Houtei Raoyui": _("Houtei"),
    "Pinfu": _("Pinfu"),
    "Tanyao": _("Tanyao"),
    "Iipeiko": _("Iipeikou"),
    "Ryanpeikou": _("Ryanpeikou"),
    "Yakuhai (seat wind east)": _("Seat wind East"),
    "Yakuhai (seat wind south)": _("Seat wind South"),
    "Yakuhai (seat wind west)": _("Seat wind West"),
    "Yakuhai (round wind east)": _("Round wind East"),
    "Yakuhai (round wind south)": _("Round wind South"),
    "Yakuhai (haku)": _("White dragon"),
    "Yakuhai (hatsu)": _("Green dragon"),
    "Yakuhai (chun)": _("Red dragon"),
    "Chiitoitsu": _("Chiitoitsu"),
    "Chantai": _("Chanta"),
    "Junchan": _("Junchan"),
    "Ittsu": _("Ittsu"),
    "Sanshoku Doujun": _("Sanshoku"),
    "Sanshoku Doukou": _("Sanshoku doukou"),
    "San Kantsu": _("Sankantsu"),
    "Toitoi": _("Toitoi"),
    "San Ankou": _("San ankou"),
    "Shou Sangen": _("Shousangen"),
    "Honroutou": _("Honroutou"),
    "Honitsu": _("Honitsu"),
    "Chinitsu": _("Chinitsu"),
    "Dora": _("Dora"),
    "Aka Dora": _("Red fives"),
    "Ura Dora": _("Ura dora"),
    "Nagashi Mangan": _("Nagashi mangan"),
}


def yaku_name(name: str) -> str:
    """A yaku's name for the page; yakuman and rare names as the library spells them."""
    return str(YAKU.get(name, name))
