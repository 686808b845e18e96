"""Field types the HTTP request bodies share: names and player tokens (plain text only),
the rule presets."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

__all__ = ["IssuedPlayerToken", "Name", "PlayerToken", "Preset", "plain_text"]

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


#: A player's name at a seat.
Name = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(plain_text)]

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
