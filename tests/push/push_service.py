"""A local push service for the tests, speaking the Web Push protocol as a browser's
push service does: it hands out subscriptions (an endpoint URL plus a P-256 key pair and
an auth secret made here, as a browser makes them), receives the application server's
POSTs, checks the VAPID JWT (RFC 8292: ES256 signature by the key the subscription was
made for, ``aud`` = this origin, ``exp`` within 24 h, a ``sub``), decrypts the
``aes128gcm`` body (RFC 8291) with the subscription's private key and auth secret, and
answers with the status the test asked for (201 by default)."""

from __future__ import annotations

import base64
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

__all__ = ["Message", "PushService"]


def b64d(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64e(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class _Sub:
    """One subscription as the push service and "the browser" both know it."""

    path: str
    server_key: str  # the applicationServerKey it was made with
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))
    answers: list[int] = field(default_factory=list)  # statuses to give, in order
    retry_after: str | None = None
    location: str | None = None  # where a 3xx answer points


@dataclass
class Message:
    """One POST received: the subscription's endpoint, the status answered, the JWT's
    claims, the headers and the decrypted JSON payload (None when it was refused)."""

    endpoint: str
    status: int
    claims: dict[str, Any]
    headers: dict[str, str]
    payload: dict[str, Any] | None
    error: str | None = None


class PushService:
    """The push service on a free loopback port (``start``/``stop``, or ``with``)."""

    def __init__(self) -> None:
        self._subs: dict[str, _Sub] = {}
        self.messages: list[Message] = []
        self._cond = threading.Condition()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                status, msg = service._receive(self.path, dict(self.headers.items()), body)
                self.send_response(status)
                sub = service._subs.get(self.path)
                if msg is not None and msg.status in (429, 503) and sub and sub.retry_after:
                    self.send_header("Retry-After", sub.retry_after)
                if msg is not None and 300 <= msg.status < 400 and sub and sub.location:
                    self.send_header("Location", sub.location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = int(self._server.server_address[1])
        self.origin = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def start(self) -> PushService:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> PushService:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # the browser's side ------------------------------------------------------
    def subscribe(self, server_key: str) -> dict[str, Any]:
        """A new subscription for the application server key ``server_key``, as
        ``PushSubscription.toJSON()`` gives it."""
        sub = _Sub(path=f"/push/{secrets.token_urlsafe(12)}", server_key=server_key)
        self._subs[sub.path] = sub
        point = sub.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.origin + sub.path,
            "keys": {"p256dh": b64e(point), "auth": b64e(sub.auth)},
        }

    def answer(
        self, endpoint: str, *statuses: int, retry_after: str | None = None,
        location: str | None = None,
    ) -> None:
        """Answer the next POSTs to ``endpoint`` with ``statuses`` (then 201 again), a
        3xx pointing at ``location``."""
        sub = self._subs[endpoint.removeprefix(self.origin)]
        sub.answers.extend(statuses)
        sub.retry_after = retry_after
        sub.location = location

    def delivered(self, endpoint: str | None = None) -> list[dict[str, Any]]:
        """The payloads accepted (201), oldest first (to ``endpoint`` only, if given)."""
        with self._cond:
            return [
                m.payload
                for m in self.messages
                if m.status == 201
                and m.payload is not None
                and (endpoint is None or m.endpoint == endpoint)
            ]

    def wait_for(self, n: int, timeout: float = 20.0) -> list[Message]:
        """Block until ``n`` POSTs were received (of any status); all of them."""
        with self._cond:
            if not self._cond.wait_for(lambda: len(self.messages) >= n, timeout):
                raise TimeoutError(f"{len(self.messages)} pushes received, {n} expected")
            return list(self.messages)

    # the push service's side -------------------------------------------------
    def _receive(self, path: str, headers: dict[str, str], body: bytes) -> tuple[int, Message]:
        h = {k.lower(): v for k, v in headers.items()}
        sub = self._subs.get(path)
        status, claims, payload, error = 201, {}, None, None
        try:
            if sub is None:
                raise _Refused(404, "no such subscription")
            claims = self._check_vapid(h, sub)
            if "ttl" not in h:
                raise _Refused(400, "no TTL header")
            if h.get("content-encoding") != "aes128gcm":
                raise _Refused(415, "not aes128gcm")
            plain = http_ece.decrypt(
                body, private_key=sub.key, auth_secret=sub.auth, version="aes128gcm"
            )
            payload = json.loads(plain)
            if sub.answers:
                status = sub.answers.pop(0)
        except _Refused as r:
            status, error = r.status, r.reason
        except Exception as exc:  # a body that does not decrypt
            status, error = 400, f"{type(exc).__name__}: {exc}"
        msg = Message(self.origin + path, status, claims, h, payload, error)
        with self._cond:
            self.messages.append(msg)
            self._cond.notify_all()
        return status, msg

    def _check_vapid(self, h: dict[str, str], sub: _Sub) -> dict[str, Any]:
        auth = h.get("authorization", "")
        scheme, _, rest = auth.partition(" ")
        if scheme.lower() != "vapid":
            raise _Refused(401, "no vapid Authorization")
        parts = dict(p.strip().split("=", 1) for p in rest.split(","))
        if parts.get("k") != sub.server_key:
            raise _Refused(403, "signed with another key than the subscription's")
        header_b64, claims_b64, sig_b64 = parts["t"].split(".")
        header = json.loads(b64d(header_b64))
        if header.get("alg") != "ES256":
            raise _Refused(401, "JWT not ES256")
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64d(parts["k"]))
        sig = b64d(sig_b64)
        der = encode_dss_signature(int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big"))
        try:
            public.verify(der, f"{header_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise _Refused(403, "bad JWT signature") from None
        claims: dict[str, Any] = json.loads(b64d(claims_b64))
        if claims.get("aud") != self.origin:
            raise _Refused(403, f"aud {claims.get('aud')!r} is not {self.origin}")
        exp = int(claims.get("exp", 0))
        if not time.time() < exp <= time.time() + 24 * 3600:
            raise _Refused(403, "exp outside the next 24 h")
        if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
            raise _Refused(403, "no sub")
        return claims


class _Refused(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
