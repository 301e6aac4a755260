"""The words the Classic pages use for winds, rounds, moves, scoring and results, in
every site language (docs/classic.md#the-table-page). Tile names are shared with every
table game (games/tables/tiles.py)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

WINDS = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}
# Who won on whose tile, for the result card (games/tables/presenters.py win_headline).
WIN_LINES = {
    "own-tsumo": _("Mah Jong! You win on a tile from the wall."),
    "tsumo": _("%(winner)s calls Mah Jong on a tile from the wall."),
    "own-ron": _("Mah Jong! You win on the discard of %(loser)s."),
    "ron-on-you": _("%(winner)s calls Mah Jong on your discard."),
    "ron": _("%(winner)s calls Mah Jong on the discard of %(loser)s."),
}

# What a decision is called in the line that tells what happened, and on its button.
MOVES = {
    "draw": _("draws"),
    "d": _("discards"),
    "chi": _("Chi"),
    "pon": _("Pong"),
    "kan": _("Kan"),
    # the line under the table tells a win on a tile from the wall from one on a discard
    "tsumo": _("Mah Jong on a tile from the wall"),
    "ron": _("Mah Jong on the discard"),
    "abort": _("declares nine terminals and honours"),
    "pass": _("passes"),
    "next": _("continues"),
}
BUTTONS = {
    "draw": _("Draw"),
    "chi": _("Chi"),
    "pon": _("Pong"),
    "kan": _("Kan"),
    "tsumo": _("Mah Jong"),
    "ron": _("Mah Jong"),
    "abort": _("Nine terminals (draw)"),
    "pass": _("Pass"),
}
MELDS = {
    "chi": _("Chi"),
    "pon": _("Pong"),
    "open-kan": _("Kan"),
    "added-kan": _("Kan"),
    "closed-kan": _("Concealed kan"),
}
DRAWS = {
    "wall": _("Draw: the wall is down to the dead end"),
    "four-winds": _("Draw: the same wind from all four"),
    "nine-terminals": _("Draw: nine terminals and honours"),
    "three-mahjong": _("Draw: three players called Mah Jong"),
}
PAYMENTS = {"winner": _("to the winner"), "losers": _("between the losers")}
# One name per row of the engine's scoring table (games/classic/engine/scoring.py).
ELEMENTS = {
    "mahjong": _("Mah Jong"),
    "no-chi": _("Only Pongs and Kans, no Chi"),
    "self-drawn": _("Winning tile drawn from the wall"),
    "only-tile": _("Won on the only possible tile"),
    "no-score": _("No points besides Mah Jong"),
    "chi": _("Chi"),
    "pong-simple-open": _("Pong of 2-8, exposed"),
    "pong-simple-concealed": _("Pong of 2-8, concealed"),
    "pong-major-open": _("Pong of 1, 9 or honours, exposed"),
    "pong-major-concealed": _("Pong of 1, 9 or honours, concealed"),
    "kan-simple-open": _("Kan of 2-8, exposed"),
    "kan-simple-concealed": _("Kan of 2-8, concealed"),
    "kan-major-open": _("Kan of 1, 9 or honours, exposed"),
    "kan-major-concealed": _("Kan of 1, 9 or honours, concealed"),
    "pair-dragon": _("Pair of dragons"),
    "pair-own-wind": _("Pair of the own wind"),
    "pair-round-wind": _("Pair of the round wind"),
    "bonus-tile": _("Flower or season"),
    "set-dragon": _("Pong or Kan of dragons"),
    "set-own-wind": _("Pong or Kan of the own wind"),
    "set-round-wind": _("Pong or Kan of the round wind"),
    "own-flower": _("Own flower"),
    "own-season": _("Own season"),
    "all-flowers": _("All four flowers"),
    "all-seasons": _("All four seasons"),
    "concealed-hand": _("Concealed hand: no set claimed before Mah Jong"),
    "one-suit-honours": _("One suit with honours"),
    "one-suit": _("One suit only"),
    "all-honours": _("Honours only"),
    "three-concealed-pongs": _("Three concealed Pongs or Kans"),
    "little-three-dragons": _("Little three dragons"),
    "big-three-dragons": _("Big three dragons"),
    "little-four-winds": _("Little four winds"),
    "big-four-winds": _("Big four winds"),
    "concealed-drawn": _("Concealed hand, won on a tile from the wall"),
    "zero-point": _("Zero-point hand"),
    "all-simples": _("All simples"),
    "straight": _("Three Chis in a row"),
    "same-chis": _("Three Chis of the same numbers"),
    "outside": _("A terminal or honour in every set and the pair"),
    "all-majors": _("Only terminals and honours"),
    "last-of-wall": _("Won on the last tile of the wall"),
    "last-discard": _("Won on the discard of the last tile of the wall"),
    "dead-end": _("Won on a replacement tile from the dead end"),
    "heavenly": _("Heavenly hand"),
    "earthly": _("Earthly hand"),
    "thirteen-orphans": _("Thirteen orphans"),
    "nine-gates": _("Nine gates"),
    "squirming-snake": _("Squirming snake"),
    "concealed-one-suit": _("One suit only, all concealed"),
    "honours-only": _("All honours"),
    "all-terminals": _("All terminals"),
    "four-kans": _("Four Kans"),
    "hidden-treasure": _("Four concealed Pongs"),
    "three-great-scholars": _("Three great scholars: three dragon Pongs"),
    "four-blessings": _("Four blessings: four wind Pongs"),
    "imperial-jade": _("All green"),
    "plum-blossom": _("Plum blossom from the roof"),
    "moon-from-the-sea": _("Moon from the bottom of the sea"),
    "twofold-fortune": _("Kan upon Kan"),
}
# The German rules text's own words for the rows it names, quoted beside them on the
# result card as docs/classic.md#scoring quotes them (a quotation: never translated).
SEED_WORDS = {
    "zero-point": "„Null-Punkte-Hand“",
    "all-simples": "„alles einfache Steine“",
    "straight": "„drei Chiis in Reihe …“",
    "same-chis": "„… oder gleicher Nummern“",
    "outside": "„ein Spiel mit Trumpf- und Ecksteinen in jeder Figur“",
    "concealed-drawn": (
        "„Ein Spiel, bei dem man alle Steine in der Hand hält, bringt … eine Verdopplung“"
    ),
    "one-suit-honours": "„einfaches … Farbenspiel“",
    "one-suit": "„reines Farbenspiel“",
    "thirteen-orphans": "„Dreizehn Waisen“",
    "nine-gates": "„Neun Laternen“",
}
# Who won on whose tile, in a line of the score sheet (games/tables/sheets.py).
SHEET_LINES = {
    "own-tsumo": _("You won, on a tile from the wall"),
    "tsumo": _("%(winner)s won, on a tile from the wall"),
    "own-ron": _("You won, on the discard of %(loser)s"),
    "ron-on-you": _("%(winner)s won, on your discard"),
    "ron": _("%(winner)s won, on the discard of %(loser)s"),
}
