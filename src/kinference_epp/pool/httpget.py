"""A minimal HTTP/1.1 GET client for the metrics scraper: one keep-alive connection per URL.

Why not aiohttp: the scraper fetches one small page per pod every interval on the event loop
that also answers Envoy, and aiohttp's general client (request and response objects,
header multidicts, URL objects, cookie jar, timers, a connection pool, decompression) is
heavy for that (``benchmarks/results/scrape_cost.md`` measures the scrape's CPU). This
client does one thing: it writes a pre-built request on a persistent connection and reads
the answer in an ``asyncio.Protocol``. The HTTP/1.1 framing (status line, headers,
``Content-Length``, ``chunked``, read-until-close, keep-alive) is h11's, the sans-I/O
HTTP/1.1 state machine httpx frames with; this module owns only the connection, the
limits and the errors.

What it supports, and what it does not:

- ``http`` and ``https`` URLs (TLS with the default trust store, or a given context),
  a query string, ``user:password@`` (sent as Basic auth), IPv6 literals, host names
  (resolved when connecting).
- ``Accept-Encoding: identity``: the body is never compressed (prometheus_client, behind
  vLLM's ``/metrics``, compresses when asked; doing that many times a second costs both ends
  more CPU than the bytes cost the network). An answer compressed anyway is an
  ``HttpProtocolError``.
- Only status 200 is a page; any other status is ``HttpStatusError`` and the connection is
  dropped without reading the body. Redirects are not followed: point ``metrics_url`` at
  the page itself.
- An idle connection the server closed (keep-alive timeout) is noticed and replaced, and a
  request that finds its reused connection closed before any byte of the answer arrived is
  sent once more on a new connection, as browsers and aiohttp do for idempotent requests.
- After a timeout, a cancellation or any error the connection is closed: its state is
  unknown, and the next ``get`` connects afresh.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import ssl
from typing import cast
from urllib.parse import urlsplit

import h11

MAX_BODY_BYTES = 32 * 1024 * 1024
"""A larger answer is an error (a vLLM page is tens of kilobytes): a wrong URL must not make
the picker buffer an endless stream."""
MAX_HEAD_BYTES = 64 * 1024


class HttpStatusError(ValueError):
    """The server answered with a status other than 200."""

    def __init__(self, status: int) -> None:
        super().__init__(f"HTTP {status}")
        self.status = status


class HttpProtocolError(ValueError):
    """The answer is not well-formed HTTP/1.x (or exceeds the size limits)."""


class _Closed(ConnectionError):
    """The connection ended before the answer was complete."""

    def __init__(self, message: str, *, before_answer: bool) -> None:
        super().__init__(message)
        self.before_answer = before_answer


class _Http11(asyncio.Protocol):
    """One connection: sends one request at a time; h11 frames its answer into a body."""

    def __init__(self, request: h11.Request, max_body: int) -> None:
        self._request = request
        self._max_body = max_body
        self._transport: asyncio.Transport | None = None
        self._waiter: asyncio.Future[bytes] | None = None
        self._h11 = h11.Connection(h11.CLIENT, max_incomplete_event_size=MAX_HEAD_BYTES)
        self._body = bytearray()
        self._started = False
        """Whether any byte of the current answer arrived."""
        self.closed = False
        self.answered = 0
        """Complete answers read on this connection (a reused connection has answered > 0)."""

    # ---- asyncio callbacks ------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.Transport, transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        waiter = self._waiter
        if waiter is None or waiter.done():
            return
        if exc is None:
            # the end of the stream ends a read-until-close body (h11 says whether it may)
            self._h11.receive_data(b"")
            with contextlib.suppress(HttpProtocolError):  # cut short: reported as closed
                self._drain()
            if waiter.done():
                return
        reason = f": {exc}" if exc else ""
        waiter.set_exception(
            _Closed(
                f"connection closed before the answer was complete{reason}",
                before_answer=not self._started,
            )
        )

    def eof_received(self) -> bool:
        return False  # close the transport; connection_lost settles the waiter

    def data_received(self, data: bytes) -> None:
        waiter = self._waiter
        if waiter is None or waiter.done():
            self.close()  # bytes nobody asked for: the stream is out of step
            return
        self._started = True
        try:
            self._h11.receive_data(data)
            self._drain()
        except (HttpProtocolError, HttpStatusError) as exc:
            self.close()
            if not waiter.done():
                waiter.set_exception(exc)

    # ---- requests ---------------------------------------------------------------------

    def send(self) -> asyncio.Future[bytes]:
        transport = self._transport
        if transport is None or self.closed:
            raise _Closed("connection is closed", before_answer=True)
        conn = self._h11
        if conn.our_state is h11.DONE:
            conn.start_next_cycle()
        self._waiter = waiter = asyncio.get_running_loop().create_future()
        self._body.clear()
        self._started = False
        head = conn.send(self._request)
        end = conn.send(_END)
        transport.write(head + end if end else head)
        return waiter

    def close(self) -> None:
        self.closed = True
        if self._transport is not None:
            self._transport.close()

    # ---- framing (h11) ----------------------------------------------------------------

    def _drain(self) -> None:
        """Take every event h11 has framed so far; finish the answer at its end."""
        conn = self._h11
        while True:
            try:
                event = conn.next_event()
            except h11.RemoteProtocolError as exc:
                raise HttpProtocolError(str(exc)) from None
            if event is h11.NEED_DATA or event is h11.PAUSED:
                return
            kind = type(event)
            if kind is h11.Data:
                data = cast(h11.Data, event).data
                if len(self._body) + len(data) > self._max_body:
                    raise HttpProtocolError(f"body exceeds {self._max_body} bytes")
                self._body += data
            elif kind is h11.Response:
                _check_head(cast(h11.Response, event), self._max_body)
            elif kind is h11.EndOfMessage:
                self._finish(bytes(self._body))
                return
            elif kind is h11.ConnectionClosed:
                return  # connection_lost reports it
            # an InformationalResponse (1xx): the real answer follows

    def _finish(self, body: bytes) -> None:
        waiter = self._waiter
        self._waiter = None
        self.answered += 1
        conn = self._h11
        if conn.their_state is not h11.DONE or conn.trailing_data[0]:
            self.close()  # the server closes after this answer, or sent bytes beyond it
        if waiter is not None and not waiter.done():
            waiter.set_result(body)


def _check_head(response: h11.Response, max_body: int) -> None:
    """Only a 200 with an identity body within the size limit is a page."""
    if response.status_code != 200:
        raise HttpStatusError(response.status_code)
    for name, value in response.headers:
        if name == b"content-encoding":
            coding = value.strip().lower()
            if coding not in (b"", b"identity"):
                raise HttpProtocolError(f"compressed answer (Content-Encoding: {coding[:20]!r})")
        elif name == b"content-length" and int(value) > max_body:
            raise HttpProtocolError(f"body of {int(value)} bytes exceeds {max_body}")


_END = h11.EndOfMessage()


class HttpGetClient:
    """GETs one URL over one persistent HTTP/1.1 connection (opened on first use).

    Not for concurrent use: one ``get`` at a time (the scraper's one task per endpoint).
    """

    def __init__(
        self,
        url: str,
        *,
        timeout_s: float,
        ssl_context: ssl.SSLContext | None = None,
        max_body_bytes: int = MAX_BODY_BYTES,
    ) -> None:
        """Raises ValueError for a URL that is not ``http(s)://host[:port]/...``."""
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {url!r}")
        try:
            port = parts.port
        except ValueError:
            raise ValueError(f"bad port in URL {url!r}") from None
        self.url = url
        self.timeout_s = timeout_s
        self._host = parts.hostname
        self._port = port or (443 if scheme == "https" else 80)
        self._tls: ssl.SSLContext | None = None
        if scheme == "https":
            self._tls = ssl_context or ssl.create_default_context()
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        netloc = parts.netloc.rpartition("@")[2]
        headers = [
            ("Host", netloc),
            ("User-Agent", "kinference-epp"),
            ("Accept", "text/plain"),
            ("Accept-Encoding", "identity"),
        ]
        if parts.username is not None:
            auth = f"{parts.username}:{parts.password or ''}".encode()
            headers.append(("Authorization", f"Basic {base64.b64encode(auth).decode()}"))
        self._request = h11.Request(method="GET", target=target, headers=headers)
        self._max_body = max_body_bytes
        self._conn: _Http11 | None = None
        self.connections = 0
        """Connections opened so far (1 while the first one lasts)."""

    @property
    def connected(self) -> bool:
        return self._conn is not None and not self._conn.closed

    async def get(self) -> bytes:
        """The body of a 200 answer, within ``timeout_s`` seconds (connecting included).

        Raises TimeoutError, OSError (connecting, or the connection failed), HttpStatusError
        or HttpProtocolError (both ValueError). The connection is closed on any of them.
        """
        try:
            async with asyncio.timeout(self.timeout_s):
                conn = self._conn
                if conn is not None and not conn.closed:
                    try:
                        return await conn.send()
                    except _Closed as exc:
                        # The server closed the idle connection as we reused it: once more.
                        if not exc.before_answer or not conn.answered:
                            raise
                conn = await self._connect()
                return await conn.send()
        except BaseException:
            self.close()
            raise

    async def _connect(self) -> _Http11:
        self.close()
        loop = asyncio.get_running_loop()
        request, max_body = self._request, self._max_body
        _, conn = await loop.create_connection(
            lambda: _Http11(request, max_body),
            self._host,
            self._port,
            ssl=self._tls,
            server_hostname=self._host if self._tls is not None else None,
        )
        self._conn = conn
        self.connections += 1
        return conn

    def close(self) -> None:
        """Close the connection (if any); a later ``get`` opens a new one."""
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()
