"""What the server checks of a request before it reads what the request asks: the host it was
sent to (``Host``: a DNS-rebinding page sends its own name), the page it comes from
(``Origin``: scheme, host and port), and how deeply its JSON nests.

>>> origin_of("https://Example.org") == origin_of("https://example.org:443")
True
>>> origin_of("http://example.org") == origin_of("https://example.org")
False
>>> split_host("[::1]:8000"), split_host("localhost")
(('::1', 8000), ('localhost', None))
>>> "evil.example:8000" in AllowedHosts(["127.0.0.1", "localhost"])
False
>>> load_json("[" * 5000)
Traceback (most recent call last):
...
ValueError: JSON nested more than 16 deep
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

MAX_DEPTH = 16
"""The deepest JSON any client sends (a lobby request nests three deep, a message two)."""
DEFAULT_PORTS = {"http": 80, "https": 443}
WILDCARD_BINDS = {"0.0.0.0", "::", ""}  # noqa: S104 (naming them, not binding them)
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")

Origin = tuple[str, str, int]
"""(scheme, host, port), as browsers compare origins."""


# ---- JSON ---------------------------------------------------------------------------------


def nesting(text: str) -> int:
    """How deep the brackets of ``text`` nest, those inside strings not counted."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def load_json(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads``, but a ValueError (never a RecursionError) for JSON nested deeper than
    ``max_depth``, and for bytes that are not UTF-8."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")  # UnicodeDecodeError is a ValueError
    # the exact count walks the text in Python: only when there are brackets enough to need it
    if text.count("[") + text.count("{") > max_depth and nesting(text) > max_depth:
        raise ValueError(f"JSON nested more than {max_depth} deep")
    try:
        return json.loads(text)
    except RecursionError:  # not reached after the check above; kept as a last line
        raise ValueError("JSON nested too deeply") from None


# ---- hosts --------------------------------------------------------------------------------


def split_host(value: str) -> tuple[str, int | None]:
    """A ``Host`` header's host (lower case, no brackets, no final dot) and port."""
    value = value.strip().lower()
    port = ""
    if value.startswith("["):  # an IPv6 address
        end = value.find("]")
        host, rest = (value[1:end], value[end + 1:]) if end > 0 else (value, "")
        port = rest[1:] if rest.startswith(":") else ""
    elif value.count(":") == 1:
        host, port = value.split(":")
    else:
        host = value
    return host.rstrip("."), int(port) if port.isdigit() else None


class AllowedHosts:
    """The host names this server answers to: exact names, ``*.example.org`` (any name under
    it) or ``*`` (any: no check)."""

    def __init__(self, names: Iterable[str]) -> None:
        cleaned = [split_host(n)[0] if n.strip() != "*" else "*" for n in names if n.strip()]
        self.any = "*" in cleaned
        self.exact = {n for n in cleaned if not n.startswith("*")}
        self.suffixes = tuple(n[1:] for n in cleaned if n.startswith("*."))

    def __contains__(self, host_header: object) -> bool:
        if self.any:
            return True
        if not isinstance(host_header, str) or not host_header:
            return False
        host = split_host(host_header)[0]
        return host in self.exact or (bool(self.suffixes) and host.endswith(self.suffixes))

    def __repr__(self) -> str:
        return "AllowedHosts(*)" if self.any else f"AllowedHosts({sorted(self.exact)})"


def default_hosts(bind: str) -> list[str]:
    """The hosts a server bound to ``bind`` answers to when not told: that address, and the
    loopback names too when it is a loopback address. A wildcard bind has no default
    (ValueError): the names clients use must be given."""
    host = split_host(bind if not bind.count(":") > 1 else f"[{bind}]")[0]
    if host in WILDCARD_BINDS:
        raise ValueError(f"--host {bind or '(any)'} listens on every address: name the host "
                         "names clients will use with --allowed-hosts (for instance "
                         "--allowed-hosts smashup.example.org; '*' turns the check off)")
    if host in LOOPBACK_NAMES or host.startswith("127."):
        return list(dict.fromkeys([host, *LOOPBACK_NAMES]))
    return [host]


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


class HostGuard:
    """ASGI middleware: a request whose ``Host`` is not allowed is refused before anything
    reads it (HTTP 400; a WebSocket handshake gets 403), so a page of another site that
    had its name point at this server (DNS rebinding) learns and changes nothing."""

    def __init__(self, app: ASGIApp, allowed: AllowedHosts) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or header(scope, b"host") in self.allowed:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008})
            return
        body = json.dumps({"error": "this server does not answer to that host name "
                                    "(see smashup serve --allowed-hosts)"}).encode()
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


# ---- origins ------------------------------------------------------------------------------


def origin_of(url: str) -> Origin | None:
    """The origin of a URL or an ``Origin`` header; None for one that is not http(s) (such
    as ``null``, which a sandboxed or file page sends)."""
    try:
        parts = urlsplit(url.strip())
        scheme = parts.scheme.lower()
        if scheme not in DEFAULT_PORTS or not parts.hostname:
            return None
        return scheme, parts.hostname.lower().rstrip("."), parts.port or DEFAULT_PORTS[scheme]
    except ValueError:  # a port that is not a number, or out of range
        return None


def own_origin(scope: Scope) -> Origin | None:
    """The origin of a page this server would serve to the client of ``scope``: the scheme
    the client used (``X-Forwarded-Proto`` from a trusted proxy included) and its ``Host``."""
    host = header(scope, b"host")
    if not host:
        return None
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    name, port = split_host(host)
    return scheme, name, port or DEFAULT_PORTS[scheme]


def origin_allowed(scope: Scope, allowed: set[Origin]) -> bool:
    """Whether the request's ``Origin`` is this server's own page or one of ``allowed``; a
    request without one (not from a browser page) is let through."""
    sent = header(scope, b"origin")
    if sent is None:
        return True
    origin = origin_of(sent)
    return origin is not None and (origin == own_origin(scope) or origin in allowed)
