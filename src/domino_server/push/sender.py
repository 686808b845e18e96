"""One Web Push delivery (RFC 8030/8291/8292) with ``pywebpush``: blocking, so it runs on
a worker thread, never on the event loop. The push service's answer decides what follows:
2xx delivered; 404/410 the subscription is gone; 429/5xx (or no answer) try again later;
any other status will not get better by trying again. A subscription that could never be
sent to (an endpoint the rules of :mod:`.subscriptions` refuse, stored before they were
checked, or a browser key that is no P-256 point) is gone too: dropped, with one log line
that does not show the endpoint."""

from __future__ import annotations

import base64
import binascii
import json
import logging
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import requests
from pywebpush import WebPushException, webpush

from .keys import VapidKeys
from .subscriptions import EndpointRules, endpoint_problem, is_p256_point

__all__ = ["Outcome", "deliver"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Outcome:
    """``result``: ``delivered``, ``gone``, ``retry`` or ``refused``; ``retry_after``: the
    seconds a 429/503 asked for (None when it named none)."""

    result: str
    status: int | None = None
    retry_after: float | None = None


def _retry_after(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date: the own backoff will do


def _key_ok(p256dh: str) -> bool:
    try:
        raw = base64.urlsafe_b64decode(p256dh + "=" * (-len(p256dh) % 4))
    except (binascii.Error, ValueError):
        return False
    return is_p256_point(raw)


def deliver(
    sub: dict[str, Any],
    payload: dict[str, Any],
    keys: VapidKeys,
    *,
    subject: str,
    ttl: int,
    topic: str,
    session: requests.Session | None = None,
    timeout: float = 10.0,
    rules: EndpointRules | None = None,
) -> Outcome:
    """POST the encrypted ``payload`` (JSON) to the subscription ``sub`` (``endpoint``,
    ``p256dh``, ``auth``), signed with ``keys``, if its endpoint passes ``rules`` (default:
    the default rules). Never raises for the push service's answers or the network; the
    endpoint is logged by host only (its path is a secret)."""
    problem = endpoint_problem(sub["endpoint"], rules or EndpointRules())
    if problem is not None:
        log.warning("push subscription dropped: its endpoint %s", problem[1])
        return Outcome("gone")
    host = urlsplit(sub["endpoint"]).netloc
    if not _key_ok(sub["p256dh"]):
        log.warning("push subscription at %s dropped: its p256dh key is no P-256 point", host)
        return Outcome("gone")
    info = {"endpoint": sub["endpoint"], "keys": {"p256dh": sub["p256dh"], "auth": sub["auth"]}}
    try:
        webpush(
            info,
            json.dumps(payload, separators=(",", ":")),
            vapid_private_key=keys.signer(),
            vapid_claims={"sub": subject},
            ttl=ttl,
            headers={"Topic": topic, "Urgency": "normal"},
            timeout=timeout,
            requests_session=session,
        )
    except WebPushException as exc:
        resp = exc.response
        status = None if resp is None else int(resp.status_code)
        if status in (404, 410):
            return Outcome("gone", status)
        if status is None or status == 429 or status >= 500:
            after = None if resp is None else _retry_after(resp.headers.get("Retry-After"))
            log.warning("push to %s: %s, will retry", host, status)
            return Outcome("retry", status, after)
        log.warning("push to %s refused: %s", host, status)
        return Outcome("refused", status)
    except requests.RequestException as exc:
        log.warning("push to %s failed (%s), will retry", host, type(exc).__name__)
        return Outcome("retry")
    except Exception as exc:  # a malformed subscription: trying again will not help
        # one line, no traceback: an exception's text may hold the endpoint
        log.error("push to %s could not be made (%s)", host, type(exc).__name__)
        return Outcome("refused")
    return Outcome("delivered", 201)
