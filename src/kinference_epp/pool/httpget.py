"""A minimal HTTP/1.1 GET client for the metrics scraper: one keep-alive connection per URL.

Why not aiohttp: the scraper fetches one small page per pod every interval on the event loop
that also answers Envoy, and aiohttp's general client (request and response objects,
header multidicts, URL objects, cookie jar, timers, a connection pool, decompression) is
heavy for that (``benchmarks/results/scrape_cost.md`` measures the scrape's CPU). This
client does one thing: it writes a pre-built request on a persistent connection and frames
the answer in an ``asyncio.Protocol`` (status line, ``Content-Length``, ``chunked`` or
read-until-close), with no per-request objects beyond the future it waits on.

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
import ssl
from typing import cast
from urllib.parse import urlsplit

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


_HEAD, _LENGTH, _CHUNK_SIZE, _CHUNK_DATA, _TRAILERS, _UNTIL_CLOSE = range(6)


class _Http11(asyncio.Protocol):
    """One connection: sends one request at a time and frames its answer into a body."""

    def __init__(self, max_body: int) -> None:
        self._max_body = max_body
        self._transport: asyncio.Transport | None = None
        self._waiter: asyncio.Future[bytes] | None = None
        self._buf = bytearray()
        self._state = _HEAD
        self._remaining = 0
        self._body = bytearray()
        self._keep_alive = True
        self.closed = False
        self.answered = 0
        """Complete answers read on this connection (a reused connection has answered > 0)."""

    # ---- asyncio callbacks ------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.Transport, transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            if self._state == _UNTIL_CLOSE and exc is None:
                self._finish(bytes(self._body))
                return
            before = self._state == _HEAD and not self._buf
            reason = f": {exc}" if exc else ""
            waiter.set_exception(
                _Closed(
                    f"connection closed before the answer was complete{reason}",
                    before_answer=before,
                )
            )

    def eof_received(self) -> bool:
        return False  # close the transport; connection_lost settles the waiter

    def data_received(self, data: bytes) -> None:
        waiter = self._waiter
        if waiter is None or waiter.done():
            self.close()  # bytes nobody asked for: the stream is out of step
            return
        try:
            self._feed(data)
        except (HttpProtocolError, HttpStatusError) as exc:
            self.close()
            if not waiter.done():
                waiter.set_exception(exc)

    # ---- requests ---------------------------------------------------------------------

    def send(self, request: bytes) -> asyncio.Future[bytes]:
        transport = self._transport
        if transport is None or self.closed:
            raise _Closed("connection is closed", before_answer=True)
        self._waiter = waiter = asyncio.get_running_loop().create_future()
        self._state = _HEAD
        self._buf.clear()
        self._body.clear()
        transport.write(request)
        return waiter

    def close(self) -> None:
        self.closed = True
        if self._transport is not None:
            self._transport.close()

    # ---- framing ----------------------------------------------------------------------

    def _finish(self, body: bytes) -> None:
        waiter = self._waiter
        self._waiter = None
        self.answered += 1
        if self._buf or not self._keep_alive:
            self.close()  # bytes beyond the answer, or the server said it closes
        if waiter is not None and not waiter.done():
            waiter.set_result(body)

    def _feed(self, data: bytes) -> None:
        state = self._state
        if state == _HEAD:
            if self._buf:
                self._buf += data
                data = bytes(self._buf)
                self._buf.clear()
            end = data.find(b"\r\n\r\n")
            if end < 0:
                if len(data) > MAX_HEAD_BYTES:
                    raise HttpProtocolError("response head too large")
                self._buf += data
                return
            self._head(data[:end])
            data = data[end + 4 :]
            if self._state == _HEAD:  # an interim 1xx answer: the real one follows
                if data:
                    self._feed(data)
                return
            if self._state == _LENGTH and len(data) == self._remaining:
                self._finish(data)  # the usual case: the whole answer in one read
                return
        self._body_bytes(data)

    def _head(self, head: bytes) -> None:
        """Parse a status line and headers, and set the framing state from them."""
        lines = head.split(b"\r\n")
        parts = lines[0].split(None, 2)
        if len(parts) < 2 or not parts[0].startswith(b"HTTP/1.") or not parts[1].isdigit():
            raise HttpProtocolError(f"bad status line {lines[0][:80]!r}")
        status = int(parts[1])
        if 100 <= status < 200 and status != 101:
            return
        if status != 200:
            raise HttpStatusError(status)
        length: int | None = None
        chunked = False
        keep_alive = parts[0] != b"HTTP/1.0"
        for line in lines[1:]:
            name, colon, value = line.partition(b":")
            if not colon:
                raise HttpProtocolError(f"bad header line {line[:80]!r}")
            name = name.strip().lower()
            if name == b"content-length":
                value = value.strip()
                if not value.isdigit() or (length is not None and int(value) != length):
                    raise HttpProtocolError(f"bad Content-Length {value[:40]!r}")
                length = int(value)
            elif name == b"transfer-encoding":
                chunked = value.strip().lower().endswith(b"chunked")
            elif name == b"content-encoding":
                coding = value.strip().lower()
                if coding not in (b"", b"identity"):
                    raise HttpProtocolError(
                        f"compressed answer (Content-Encoding: {coding[:20]!r})"
                    )
            elif name == b"connection":
                tokens = value.strip().lower()
                if b"close" in tokens:
                    keep_alive = False
                elif b"keep-alive" in tokens:
                    keep_alive = True
        self._keep_alive = keep_alive
        if chunked:
            self._state = _CHUNK_SIZE
        elif length is not None:
            if length > self._max_body:
                raise HttpProtocolError(f"body of {length} bytes exceeds {self._max_body}")
            self._state = _LENGTH
            self._remaining = length
        else:
            self._state = _UNTIL_CLOSE
            self._keep_alive = False

    def _body_bytes(self, data: bytes) -> None:
        """Consume body bytes in the current framing state; finish when the body is whole."""
        state = self._state
        if state == _LENGTH:
            take = data[: self._remaining]
            self._body += take
            self._remaining -= len(take)
            if self._remaining == 0:
                self._buf += data[len(take) :]
                self._finish(bytes(self._body))
            return
        if state == _UNTIL_CLOSE:
            self._body += data
            if len(self._body) > self._max_body:
                raise HttpProtocolError(f"body exceeds {self._max_body} bytes")
            return
        buf = self._buf
        buf += data
        pos = 0
        while True:
            if self._state == _CHUNK_DATA:
                need = self._remaining + 2  # the data and its CRLF
                if len(buf) - pos < need:
                    break
                if buf[pos + self._remaining : pos + need] != b"\r\n":
                    raise HttpProtocolError("chunk not followed by CRLF")
                self._body += buf[pos : pos + self._remaining]
                pos += need
                self._state = _CHUNK_SIZE
                continue
            eol = buf.find(b"\r\n", pos)
            if eol < 0:
                if len(buf) - pos > MAX_HEAD_BYTES:
                    raise HttpProtocolError("chunk header or trailer too large")
                break
            line = bytes(buf[pos:eol])
            pos = eol + 2
            if self._state == _TRAILERS:
                if not line:  # the empty line after the trailers ends the answer
                    del buf[:pos]
                    self._finish(bytes(self._body))
                    return
                continue
            size_text = line.split(b";", 1)[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                raise HttpProtocolError(f"bad chunk size {size_text[:20]!r}") from None
            if size < 0:
                raise HttpProtocolError(f"bad chunk size {size_text[:20]!r}")
            if size == 0:
                self._state = _TRAILERS
                continue
            if len(self._body) + size > self._max_body:
                raise HttpProtocolError(f"body exceeds {self._max_body} bytes")
            self._remaining = size
            self._state = _CHUNK_DATA
        del buf[:pos]


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
        head = [
            f"GET {target} HTTP/1.1",
            f"Host: {netloc}",
            "User-Agent: kinference-epp",
            "Accept: text/plain",
            "Accept-Encoding: identity",
        ]
        if parts.username is not None:
            auth = f"{parts.username}:{parts.password or ''}".encode()
            head.append(f"Authorization: Basic {base64.b64encode(auth).decode()}")
        self._request = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1")
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
                        return await conn.send(self._request)
                    except _Closed as exc:
                        # The server closed the idle connection as we reused it: once more.
                        if not exc.before_answer or not conn.answered:
                            raise
                conn = await self._connect()
                return await conn.send(self._request)
        except BaseException:
            self.close()
            raise

    async def _connect(self) -> _Http11:
        self.close()
        loop = asyncio.get_running_loop()
        max_body = self._max_body
        _, conn = await loop.create_connection(
            lambda: _Http11(max_body),
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
