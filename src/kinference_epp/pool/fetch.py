"""GET small pages (``/metrics``, ``/v1/models``) from the pool's pods with aiohttp's client.

One ``PageFetcher`` serves the whole scraper: one ``aiohttp.ClientSession`` over one
connector, so every pod keeps its keep-alive connections in one pool between scrapes. The
connector has no connection cap: the scraper runs at most two requests per pod at a time (its
metrics task and its models task), so the tasks bound the connections, and a cap below that
would make one pod's scrape wait for another's. A removed pod's idle connection is closed
by the pool once ``KEEPALIVE_S`` passes without a request.

What a caller gets, whatever went wrong (the scraper counts the first three as a failed
scrape and treats a refusal as "nothing listens there"):

- the body of a ``200`` answer, at most ``max_body_bytes`` long;
- ``HttpStatusError`` (a ``ValueError``) for any other status: redirects are not followed,
  point ``metrics_url`` at the page itself; a body not yet all read is not waited for (the
  connection is dropped);
- ``HttpProtocolError`` (a ``ValueError``) for an answer that is not well-formed HTTP, is
  compressed (the request asks for ``identity``: prometheus_client, behind vLLM's
  ``/metrics``, compresses when asked, and doing that many times a second costs both ends
  more CPU than the bytes cost the network), or is over the size limits; a URL aiohttp
  cannot fetch is a ``ValueError`` too;
- ``TimeoutError`` once ``timeout_s`` passed (connecting included);
- ``ConnectionRefusedError`` when nothing listens on the pod's port, another ``OSError``
  for any other connection failure (reset, closed mid-answer, TLS, DNS).

aiohttp sends a GET once more when the reused connection it went out on was closed by the
server before answering (a keep-alive that ran out as the request left), and a connection
that failed, timed out or was cancelled is closed, never reused.
"""

from __future__ import annotations

import ssl

import aiohttp

MAX_BODY_BYTES = 32 * 1024 * 1024
"""A larger answer is an error (a vLLM page is tens of kilobytes): a wrong URL must not make
the picker buffer an endless stream."""
KEEPALIVE_S = 30.0
"""How long an idle connection stays in the pool: far above the scrape interval, so a live
pod's connection is always reused, and short enough that a removed pod's goes soon."""
HEADERS = {
    "User-Agent": "kinference-epp",
    "Accept": "text/plain",
    "Accept-Encoding": "identity",
}


class HttpStatusError(ValueError):
    """The server answered with a status other than 200."""

    def __init__(self, status: int) -> None:
        super().__init__(f"HTTP {status}")
        self.status = status


class HttpProtocolError(ValueError):
    """The answer is not well-formed HTTP/1.x, is compressed, or exceeds the size limits."""


class PageFetcher:
    """One aiohttp session for every pod's pages, opened at the first ``get``.

    ``ssl_context`` verifies ``https`` pods (the default trust store without it). Close it
    with ``close()`` once its users are done; a later ``get`` opens a new session.
    """

    def __init__(
        self, *, ssl_context: ssl.SSLContext | None = None, max_body_bytes: int = MAX_BODY_BYTES
    ) -> None:
        self._ssl: ssl.SSLContext | bool = ssl_context if ssl_context is not None else True
        self._max_body = max_body_bytes
        self._session: aiohttp.ClientSession | None = None

    def _open(self) -> aiohttp.ClientSession:
        """The session (made on the running loop: aiohttp binds it to the loop it starts on)."""
        session = self._session
        if session is None or session.closed:
            connector = aiohttp.TCPConnector(
                limit=0, limit_per_host=0, keepalive_timeout=KEEPALIVE_S, ssl=self._ssl
            )
            session = self._session = aiohttp.ClientSession(
                connector=connector,
                headers=HEADERS,
                cookie_jar=aiohttp.DummyCookieJar(),
                auto_decompress=False,
            )
        return session

    async def get(self, url: str, timeout_s: float) -> bytes:
        """The body of ``url``'s 200 answer within ``timeout_s`` seconds (see the module's
        docstring for what it raises instead)."""
        timeout = aiohttp.ClientTimeout(total=timeout_s)
        try:
            async with self._open().get(url, timeout=timeout, allow_redirects=False) as response:
                if response.status != 200:
                    response.close()  # the body is of no use: drop the connection
                    raise HttpStatusError(response.status)
                return await self._read(response)
        except (aiohttp.NonHttpUrlClientError, aiohttp.InvalidURL) as exc:
            raise ValueError(f"not an http(s) URL with a host and port: {url!r}") from exc
        except aiohttp.ClientConnectorError as exc:
            raise exc.os_error from exc  # ConnectionRefusedError stays what it is
        except (aiohttp.ClientResponseError, aiohttp.ClientPayloadError) as exc:
            raise HttpProtocolError(str(exc) or type(exc).__name__) from exc
        except aiohttp.ClientError as exc:
            if isinstance(exc, (OSError, ValueError)):
                raise
            raise ConnectionError(str(exc) or type(exc).__name__) from exc

    async def _read(self, response: aiohttp.ClientResponse) -> bytes:
        coding = response.headers.get("Content-Encoding", "").strip().lower()
        if coding not in ("", "identity"):
            response.close()
            raise HttpProtocolError(f"compressed answer (Content-Encoding: {coding[:20]!r})")
        limit = self._max_body
        if response.content_length is not None and response.content_length > limit:
            response.close()
            raise HttpProtocolError(f"body of {response.content_length} bytes exceeds {limit}")
        body = bytearray()
        async for chunk in response.content.iter_any():
            body += chunk
            if len(body) > limit:
                response.close()
                raise HttpProtocolError(f"body exceeds {limit} bytes")
        return bytes(body)

    async def close(self) -> None:
        """Close the session and every connection it holds."""
        session, self._session = self._session, None
        if session is not None:
            await session.close()
