"""One Web Push delivery (RFC 8030/8291/8292) with ``pywebpush``: blocking, so it runs on
a worker thread, never on the event loop. The push service's answer decides what follows:
2xx delivered; 404/410 the subscription is gone; 429/5xx (or no answer) try again later;
any other status will not get better by trying again. A subscription that could never be
sent to (an endpoint that is no https URL of a public DNS name, stored before the rules of
:mod:`.subscriptions` were checked, or a browser key that is no P-256 point) is gone too:
dropped, with one log line that does not show the endpoint. One whose host is merely not
on ``DOMINO_PUSH_HOSTS`` is skipped and kept (the list is the operator's and may change
back): one warning naming the host."""

from __future__ import annotations

import base64
import binascii
import json
import logging
import re
import traceback
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

import requests
from pywebpush import WebPushException, webpush

from .keys import VapidKeys
from .subscriptions import EndpointRules, endpoint_problem, host_listed, is_p256_point

__all__ = ["Outcome", "deliver"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Outcome:
    """``result``: ``delivered``, ``gone``, ``retry``, ``refused`` or ``skipped`` (its
    host is not on the list of push services: not sent, kept); ``retry_after``: the
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


_SECRET_PIECE = re.compile(r"[^/?#&=%]{8,}")


def _redacted_traceback(exc: BaseException, sub: dict[str, Any]) -> str:
    """``exc``'s traceback with the endpoint's path and query, every long piece of them
    (percent-encoded or not, in any case) and the browser's keys replaced by ``[...]``."""
    text = "".join(traceback.format_exception(exc)).rstrip()
    endpoint = str(sub.get("endpoint", ""))
    parts = urlsplit(endpoint)
    secret = endpoint[len(f"{parts.scheme}://{parts.netloc}"):]
    secrets = [endpoint, secret, unquote(secret), str(sub.get("auth", "")),
               str(sub.get("p256dh", ""))]
    secrets += _SECRET_PIECE.findall(secret) + _SECRET_PIECE.findall(unquote(secret))
    for piece in sorted({p for p in secrets if len(p) >= 4}, key=len, reverse=True):
        text = re.sub(re.escape(piece), "[...]", text, flags=re.IGNORECASE)
    return text


class _NoRedirects(requests.Session):
    """A session that never follows a redirect: the endpoint rules vouch for the
    endpoint's host only, and a push service's 3xx could send the server anywhere (a
    redirect is refused like any other status that trying again will not mend)."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs["allow_redirects"] = False
        return super().request(*args, **kwargs)


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
    endpoint is logged by host only (its path is a secret). Redirects are not followed
    (unless ``session``, given, follows them)."""
    rules = rules or EndpointRules()
    # structural problems first (any list of hosts): such a subscription is never sendable
    problem = endpoint_problem(sub["endpoint"], EndpointRules((), rules.allow_http))
    if problem is not None:
        log.warning("push subscription dropped: its endpoint %s", problem[1])
        return Outcome("gone")
    parts = urlsplit(sub["endpoint"])
    host = parts.netloc
    if not host_listed(parts.hostname or "", rules):
        log.warning("push to %s skipped: the host is not on DOMINO_PUSH_HOSTS", host)
        return Outcome("skipped")
    if not _key_ok(sub["p256dh"]):
        log.warning("push subscription at %s dropped: its p256dh key is no P-256 point", host)
        return Outcome("gone")
    info = {"endpoint": sub["endpoint"], "keys": {"p256dh": sub["p256dh"], "auth": sub["auth"]}}
    own = session is None
    if session is None:
        session = _NoRedirects()
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
        # the traceback, with the subscription's secrets cut out (never exc_info: an
        # exception's text or a frame's line may hold the endpoint)
        log.error(
            "push to %s could not be made (%s)\n%s",
            host, type(exc).__name__, _redacted_traceback(exc, sub),
        )
        return Outcome("refused")
    finally:
        if own:
            session.close()
    return Outcome("delivered", 201)
