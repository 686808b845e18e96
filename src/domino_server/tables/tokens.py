"""Seat tokens and table ids (unguessable random text), and the only forms of a token or
an address that are ever stored: their hashes."""

from __future__ import annotations

import hashlib
import re
import secrets

__all__ = ["TABLE_ID_LENGTH", "address_hash", "hash_token", "is_table_id", "new_table_id",
           "new_token"]

#: The length of every table id :func:`new_table_id` makes (16 bytes in unpadded base64).
TABLE_ID_LENGTH = 22
_TABLE_ID = re.compile(rf"[A-Za-z0-9_-]{{{TABLE_ID_LENGTH}}}")


def new_token() -> str:
    """A seat token: 192 random bits from :mod:`secrets`, URL-safe text."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    """A table id: 128 random bits, URL-safe text (unguessable: the link is the invitation)."""
    return secrets.token_urlsafe(16)


def is_table_id(text: str) -> bool:
    """Whether ``text`` could be a table id: :data:`TABLE_ID_LENGTH` characters of the
    URL-safe base64 alphabet (``A-Z a-z 0-9 - _``), as :func:`new_table_id` makes them.
    Anything else names no table, and must not reach the database (PostgreSQL refuses a
    NUL in text outright)."""
    return _TABLE_ID.fullmatch(text) is not None


def hash_token(token: str) -> str:
    """The stored form of a token (SHA-256, hex): tokens themselves are never stored."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def address_hash(table_id: str, address: str | None) -> str | None:
    """The stored form of a player's address at one table: SHA-256 salted with the table
    id, enough to tell two seats that share an address (RULES.md §10 Ranking) and useless
    for anything else. None when the address is unknown."""
    if not address:
        return None
    return hashlib.sha256(f"{table_id}|{address}".encode()).hexdigest()
