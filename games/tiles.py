"""The words for a tile, shared by every game (Solitaire and the table games use the same
codes, docs/solitaire.md#tiles-and-codes): its spoken name and its label in the "numbers"
face style, one list per site language. Plain Python, so pages and exports alike can use
it.

Codes: ``1B``-``9B`` bamboo, ``1C``-``9C`` characters, ``1D``-``9D`` circles, ``E S W
N`` winds, ``R G Wh`` dragons, ``F1``-``F4`` flowers, ``S1``-``S4`` seasons (a table
game's red five, ``5Dr``, is its five with a colour: callers strip the ``r``).
"""

from __future__ import annotations

_SUIT_NAMES = {
    "en": {"B": "Bamboo", "C": "Character", "D": "Circle"},
    "de": {"B": "Bambus", "C": "Zeichen", "D": "Kreis"},
    "fi": {"B": "Bambu", "C": "Merkki", "D": "Ympyrä"},
    "da": {"B": "Bambus", "C": "Tegn", "D": "Cirkel"},
}
_HONOUR_NAMES = {
    "en": {
        "E": "East wind",
        "S": "South wind",
        "W": "West wind",
        "N": "North wind",
        "R": "Red dragon",
        "G": "Green dragon",
        "Wh": "White dragon",
        "F1": "Plum",
        "F2": "Orchid",
        "F3": "Bamboo flower",
        "F4": "Chrysanthemum",
        "S1": "Spring",
        "S2": "Summer",
        "S3": "Autumn",
        "S4": "Winter",
    },
    "de": {
        "E": "Ostwind",
        "S": "Südwind",
        "W": "Westwind",
        "N": "Nordwind",
        "R": "Roter Drache",
        "G": "Grüner Drache",
        "Wh": "Weißer Drache",
        "F1": "Pflaume",
        "F2": "Orchidee",
        "F3": "Bambusblüte",
        "F4": "Chrysantheme",
        "S1": "Frühling",
        "S2": "Sommer",
        "S3": "Herbst",
        "S4": "Winter",
    },
    "fi": {
        "E": "Itätuuli",
        "S": "Etelätuuli",
        "W": "Länsituuli",
        "N": "Pohjoistuuli",
        "R": "Punainen lohikäärme",
        "G": "Vihreä lohikäärme",
        "Wh": "Valkoinen lohikäärme",
        "F1": "Luumu",
        "F2": "Orkidea",
        "F3": "Bambunkukka",
        "F4": "Krysanteemi",
        "S1": "Kevät",
        "S2": "Kesä",
        "S3": "Syksy",
        "S4": "Talvi",
    },
    "da": {
        "E": "Østenvind",
        "S": "Søndenvind",
        "W": "Vestenvind",
        "N": "Nordenvind",
        "R": "Rød drage",
        "G": "Grøn drage",
        "Wh": "Hvid drage",
        "F1": "Blomme",
        "F2": "Orkidé",
        "F3": "Bambusblomst",
        "F4": "Krysantemum",
        "S1": "Forår",
        "S2": "Sommer",
        "S3": "Efterår",
        "S4": "Vinter",
    },
}

# The "numbers" tile style's labels, in the page's language: a number and the suit's
# initial, a wind's initial, a dragon's colour; flowers and seasons carry their group's
# mark (a blossom, a diamond) and their number (docs/solitaire.md#tile-art).
# Finnish keeps the codes' letters for suits and winds, as Finnish players know them.
_SUIT_LETTERS = {
    "en": {"B": "B", "C": "C", "D": "D"},
    "de": {"B": "B", "C": "Z", "D": "K"},
    "fi": {"B": "B", "C": "C", "D": "D"},
    "da": {"B": "B", "C": "T", "D": "C"},
}
_HONOUR_LABELS = {
    "en": {"E": "E", "S": "S", "W": "W", "N": "N", "R": "Red", "G": "Grn", "Wh": "Wht"},
    "de": {"E": "O", "S": "S", "W": "W", "N": "N", "R": "Rot", "G": "Grün", "Wh": "Weiß"},
    "fi": {"E": "E", "S": "S", "W": "W", "N": "N", "R": "Pun", "G": "Vihr", "Wh": "Valk"},
    "da": {"E": "Ø", "S": "S", "W": "V", "N": "N", "R": "Rød", "G": "Grøn", "Wh": "Hvid"},
}
_BONUS_MARKS = {"F": "✿", "S": "◆"}


_BONUS = ("F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4")


def _known(code: str) -> bool:
    """A suit tile 1-9 or one of the named honours, flowers and seasons."""
    is_suit = len(code) == 2 and code[0] in "123456789" and code[1] in _SUIT_NAMES["en"]
    return is_suit or code in _HONOUR_NAMES["en"]


def tile_name(code: str, lang: str = "en") -> str:
    """The spoken name of a tile: "Bamboo 5" / "Bambus 5", "East wind" / "Ostwind".

    Unknown languages fall back to English; an unknown code raises ``ValueError``.
    """
    if not _known(code):
        raise ValueError(f"{code!r} is not a tile code")
    lang = lang if lang in _SUIT_NAMES else "en"
    if code in _HONOUR_NAMES[lang]:
        return _HONOUR_NAMES[lang][code]
    return f"{_SUIT_NAMES[lang][code[1]]} {code[0]}"


def tile_label(code: str, lang: str = "en") -> str:
    """The short label of the "numbers" style: "5B" / "5B", "5C" / "5Z", "E" / "O",
    "Wht" / "Weiß", "✿2" for a flower, "◆1" for a season."""
    if not _known(code):
        raise ValueError(f"{code!r} is not a tile code")
    lang = lang if lang in _SUIT_LETTERS else "en"
    if code in _BONUS:
        return _BONUS_MARKS[code[0]] + code[1]
    if code in _HONOUR_LABELS[lang]:
        return _HONOUR_LABELS[lang][code]
    return code[0] + _SUIT_LETTERS[lang][code[1]]
