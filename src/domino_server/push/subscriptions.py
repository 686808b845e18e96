"""What a push subscription must be before the server stores it, and again before it
sends to it: an endpoint it may POST to, and a browser key that is a P-256 point.

The endpoint is where the server will connect, so it is checked as a request forgery
target would be: an absolute ``https`` URL of RFC 3986 characters (no space, backslash
or control character), parsed with :func:`urllib.parse.urlsplit`, with no user or
password, on the default port, whose host is a DNS name (dotted labels, a top-level
domain of letters), never an IP literal (``127.1`` and ``2130706433`` included),
``localhost`` or a local-only name (``.local``, ``.internal``, ...). By default the
host must also end in the name of a known browser push service
(:data:`KNOWN_PUSH_HOSTS`; ``DOMINO_PUSH_HOSTS``, empty: any public DNS name).
``DOMINO_PUSH_ALLOW_HTTP`` (the tests' local push service) lets ``http`` and any host
through.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec

from ..core.config import PUSH_HOSTS

__all__ = [
    "KNOWN_PUSH_HOSTS", "EndpointRules", "endpoint_problem", "host_listed", "is_p256_point",
]

#: The browsers' push services (``DOMINO_PUSH_HOSTS`` by default).
KNOWN_PUSH_HOSTS = tuple(PUSH_HOSTS.split(","))

_URL_CHARS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+")
_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
_TLD = re.compile(r"[a-z]{2,63}|xn--[a-z0-9-]{1,59}")
_LOCAL_NAMES = ("localhost", "local", "localdomain", "internal", "intranet", "lan", "home",
                "corp", "arpa", "test", "invalid", "example")


@dataclass(frozen=True, slots=True)
class EndpointRules:
    """Which endpoints are taken: ``hosts``, the host suffixes allowed (empty: any
    public DNS name); ``allow_http``, the tests' switch (``http`` and any host)."""

    hosts: tuple[str, ...] = KNOWN_PUSH_HOSTS
    allow_http: bool = False

    @classmethod
    def of(cls, hosts: str, allow_http: bool) -> EndpointRules:
        """The rules of the settings ``push_hosts`` (comma-separated; checked and
        normalised by :class:`~domino_server.core.config.Settings`) and
        ``push_allow_http``."""
        names = tuple(h.strip().lower().strip(".") for h in hosts.split(","))
        return cls(tuple(h for h in names if h), allow_http)


def _ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _dns_name(host: str) -> bool:
    labels = host.split(".")
    return (
        len(host) <= 253
        and len(labels) >= 2
        and all(_LABEL.fullmatch(label) for label in labels)
        and _TLD.fullmatch(labels[-1]) is not None
    )


def endpoint_problem(endpoint: str, rules: EndpointRules) -> tuple[str, str] | None:
    """``(type, message)`` saying why the push ``endpoint`` is not taken, or None. The
    message never repeats the endpoint (its path is the subscription's secret)."""
    if _URL_CHARS.fullmatch(endpoint) is None:
        return "url_parsing", "must be a URL of printable ASCII characters, without spaces"
    try:
        parts = urlsplit(endpoint)
        port = parts.port
        host = parts.hostname
    except ValueError:
        return "url_parsing", "is not a valid URL"
    scheme = parts.scheme.lower()
    if scheme != "https" and not (rules.allow_http and scheme == "http"):
        return "url_scheme", "must be an https URL"
    if not host or parts.username is not None or parts.password is not None:
        return "url_parsing", "must name a host, and no user or password"
    if rules.allow_http:
        return None
    if _ip_literal(host):
        return "push_host", "must name its host by a DNS name, not an IP address"
    if not _dns_name(host):
        return "push_host", "must name its host by a full DNS name (such as fcm.googleapis.com)"
    if host.rsplit(".", 1)[-1] in _LOCAL_NAMES or host.split(".")[0] == "localhost":
        return "push_host", "must name a public host"
    if port not in (None, 443):
        return "push_host", "must use the default https port"
    if not host_listed(host, rules):
        return "push_host", "is not the address of a known push service"
    return None


def host_listed(host: str, rules: EndpointRules) -> bool:
    """Whether ``host`` is one of ``rules.hosts`` or ends in ``.`` one (always, when the
    list is empty or ``http`` is allowed)."""
    host = host.lower()
    if rules.allow_http or not rules.hosts:
        return True
    return any(host == h or host.endswith("." + h) for h in rules.hosts)


def is_p256_point(raw: bytes) -> bool:
    """Whether ``raw`` is an uncompressed point on the P-256 curve (a browser's
    ``p256dh`` key), which the reminders' encryption needs."""
    if len(raw) != 65 or raw[0] != 4:
        return False
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        return False
    return True
