"""Field types the HTTP request bodies share: names (plain text that shows, in the order
typed) and player tokens (plain text only), the rule presets."""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

__all__ = ["IssuedPlayerToken", "Name", "PlayerToken", "Preset", "plain_text", "shown_name"]

Preset = Literal["classic", "draw", "block", "fives", "caribbean", "batida"]


def plain_text(text: str | None) -> str | None:
    """``text`` unchanged, or ValueError when it holds a control character (NUL
    included) or a lone UTF-16 surrogate: text no database stores alike and no JSON
    answer can carry."""
    if text is not None:
        for ch in text:
            if unicodedata.category(ch) in ("Cc", "Cs"):
                raise ValueError(
                    "must not hold control characters (such as NUL) or lone UTF-16 surrogates"
                )
    return text


#: Bidirectional controls (embeddings, overrides, isolates, marks): "\u202egnp.exe" shows
#: as "exe.png"; a name shown among other text must not reorder it.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
#: Format characters a name may hold: the zero-width joiners that scripts (Persian, the
#: Indic ones) and emoji sequences (👨‍👩‍👧) need.
JOINERS = frozenset("\u200c\u200d")
#: Tag characters only in an emoji tag sequence (a subdivision flag, such as Scotland's): the
#: flag, 1 to 6 tag digits or small letters, the cancel tag (Unicode TS #51, ED-14a).
FLAG_TAGS = re.compile(
    "\U0001f3f4([\U000e0030-\U000e0039\U000e0061-\U000e007a]{1,6}\U000e007f)"
)
#: What messaging apps add, unseen, around copied text (direction marks and isolates,
#: the zero-width space, the byte order mark): trimmed from a name's ends with the
#: spaces around them, as the client does (web/seats.js typedName); refused inside.
PASTED_EDGES = re.compile(
    "^[\\s\u200e\u200f\u061c\u2066-\u2069\u200b\ufeff]+"
    "|[\\s\u200e\u200f\u061c\u2066-\u2069\u200b\ufeff]+\\Z"
)
#: Letters and symbols that show as nothing: the Hangul fillers, the braille blank.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Categories of characters that show nothing on their own: spaces and separators,
#: controls, format characters, marks that only modify the character before them.
UNSHOWN = frozenset(("Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Mn", "Me"))


def shown_name(text: str) -> str:
    """``text`` without the spaces and invisible marks that copying adds at its ends
    (:data:`PASTED_EDGES`), or a typed error (``name_bidi_control``,
    ``name_invisible_character``, ``name_blank``) when what is left holds a bidirectional
    control, an invisible format character, or nothing a reader can see (only spaces,
    say)."""
    text = PASTED_EDGES.sub("", text)
    tags = {m.start(1) + i for m in FLAG_TAGS.finditer(text) for i in range(len(m[1]))}
    for index, ch in enumerate(text):
        if ch in BIDI_CONTROLS:
            raise PydanticCustomError(
                "name_bidi_control",
                "must not hold bidirectional control characters (such as U+202E): they "
                "change the order in which the text around them shows",
            )
        if unicodedata.category(ch) == "Cf" and ch not in JOINERS and index not in tags:
            raise PydanticCustomError(
                "name_invisible_character",
                "must not hold invisible format characters (such as U+200B, a zero-width "
                "space)",
            )
    if all(unicodedata.category(ch) in UNSHOWN or ch in BLANKS for ch in text):
        raise PydanticCustomError(
            "name_blank",
            "must show at least one visible character, not only spaces or invisible ones",
        )
    return text


#: A player's name at a seat.
Name = Annotated[
    str,
    Field(min_length=1, max_length=40),
    AfterValidator(plain_text),
    AfterValidator(shown_name),
]

#: The player token a create or join answers with (the one sent, or a new one).
IssuedPlayerToken = Annotated[
    str, Field(description="The player's key for experience points (keep it)")
]

PlayerToken = Annotated[
    str | None,
    Field(
        min_length=16,
        max_length=64,
        description="The player's own key for experience points (kept by the browser); "
        "omit it the first time and keep the one the answer gives",
    ),
    AfterValidator(plain_text),
]
