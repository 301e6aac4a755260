"""Display names that only look like a taken one are the same name
(docs/site.md#display-names).

A name's *skeleton* is what a reader sees of it: two names with one skeleton cannot
both be taken (a unique constraint on ``User.name_key``). It is made in this order:

1. NFKC: full-width and other compatibility forms become the plain letter (``Ａ`` → ``A``);
2. invisible characters go: format characters (zero-width space and joiners, the
   left-to-right and right-to-left marks and overrides, the byte order mark) and the
   fillers that draw nothing;
3. combining marks go (``é`` is ``e`` plus a mark), so a name cannot differ only by one;
4. the common Cyrillic and Greek look-alikes of Latin letters become those letters, and
   ``I``, ``1`` and ``|`` the ``l`` they look like in many fonts;
5. case is folded, and runs of spaces are one space.
"""

from __future__ import annotations

import re
import unicodedata

# Draw nothing, but are not format characters: the combining grapheme joiner, Hangul
# fillers, the Mongolian vowel separator, the Braille blank.
_BLANKS = frozenset("\u034f\u115f\u1160\u3164\uffa0\u180e\u2800")

# Look-alikes of Latin letters, mapped before case is folded (a capital Greek Eta looks
# like H, its small letter does not look like h).
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic capitals
        "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K", "М": "M",
        "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y",
        "Ԛ": "Q", "Ԝ": "W", "Ꙅ": "S",
        # Cyrillic small letters
        "а": "a", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "і": "i", "ј": "j", "к": "k",
        "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "ԝ": "w", "х": "x", "у": "y", "ү": "y",
        "ѵ": "v", "ɡ": "g",
        # Greek capitals
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
        "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        # Greek small letters
        "α": "a", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "χ": "x",
        "ϲ": "c", "ϳ": "j",
        # Latin look-alikes of l
        "I": "l", "1": "l", "|": "l", "ǀ": "l",
    }
)  # fmt: skip

_SPACES = re.compile(r"\s+")


def is_invisible(char: str) -> bool:
    """A character that draws nothing or steers the text around it."""
    return unicodedata.category(char) == "Cf" or char in _BLANKS


def has_hidden_characters(name: str) -> bool:
    """Control, format, private-use or unassigned characters, or blanks: nothing a
    display name needs, and each a way to look like somebody else."""
    return any(
        unicodedata.category(char) in {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"} or char in _BLANKS
        for char in name
    )


def skeleton(name: str) -> str:
    """What a reader sees of ``name``: equal for names that look alike (see above)."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(char for char in text if not is_invisible(char))
    text = "".join(
        char for char in unicodedata.normalize("NFD", text) if not unicodedata.combining(char)
    )
    text = text.translate(_LOOK_ALIKES).casefold()
    # Folding can make new look-alikes (a capital that becomes a small letter of the map).
    text = text.translate(_LOOK_ALIKES)
    return _SPACES.sub(" ", text).strip()
