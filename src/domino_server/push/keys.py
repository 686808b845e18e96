"""The server's one VAPID key pair (RFC 8292): from the settings, or made on first start
and kept in the database so that every instance signs with the same key."""

from __future__ import annotations

import base64
import time
from dataclasses import dataclass

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from ..store import models as m

__all__ = ["VapidKeys", "load_keys"]

NAME = "vapid"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


@dataclass(frozen=True, slots=True)
class VapidKeys:
    """A P-256 key pair: ``private`` is the raw 32-byte scalar and ``public`` the
    uncompressed point (the browser's ``applicationServerKey``), both base64url."""

    private: str
    public: str

    @classmethod
    def generate(cls) -> VapidKeys:
        """A new random key pair."""
        return cls.from_private(_b64(_raw(ec.generate_private_key(ec.SECP256R1()))))

    @classmethod
    def from_private(cls, private: str) -> VapidKeys:
        """The pair of the base64url raw private key ``private`` (ValueError if it is not
        one)."""
        text = private.strip()
        try:
            if len(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))) != 32:
                raise ValueError("not 32 bytes")
            key = Vapid02.from_raw(text.encode("ascii")).private_key
        except Exception as exc:
            raise ValueError("a VAPID private key is the base64url of 32 raw bytes") from exc
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return cls(private=_b64(_raw(key)), public=_b64(public))

    def signer(self) -> Vapid02:
        """A ``py_vapid`` signer with the private key."""
        return Vapid02.from_raw(self.private.encode("ascii"))


def _raw(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_numbers().private_value.to_bytes(32, "big")


async def load_keys(engine: AsyncEngine, configured: str = "") -> VapidKeys:
    """The key pair: ``configured`` (the setting) when given, else the stored one, made and
    stored now if there is none (two instances starting at once agree on the first)."""
    if configured:
        return VapidKeys.from_private(configured)
    query = select(m.push_keys).where(m.push_keys.c.name == NAME)
    async with engine.connect() as conn:
        row = (await conn.execute(query)).mappings().first()
    if row is not None:
        return VapidKeys(row["private_key"], row["public_key"])
    made = VapidKeys.generate()
    try:
        async with engine.begin() as conn:
            await conn.execute(
                insert(m.push_keys).values(
                    name=NAME,
                    private_key=made.private,
                    public_key=made.public,
                    created_at=time.time(),
                )
            )
        return made
    except IntegrityError:  # another instance stored its pair first: use that one
        async with engine.connect() as conn:
            row = (await conn.execute(query)).mappings().one()
        return VapidKeys(row["private_key"], row["public_key"])
