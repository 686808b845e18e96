"""Seat tokens and table ids (unguessable random text), and the only forms of a token or
an address that are ever stored: their hashes."""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["address_hash", "hash_token", "new_table_id", "new_token"]


def new_token() -> str:
    """A seat token: 192 random bits from :mod:`secrets`, URL-safe text."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    """A table id: 128 random bits, URL-safe text (unguessable: the link is the invitation)."""
    return secrets.token_urlsafe(16)


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
