"""PageFetcher against a raw asyncio server whose every answer is scripted byte by byte.

The server records each connection and the request bytes it read, so the tests can check
connection reuse and what went on the wire, and each answer is a list of writes (with
optional pauses and a close), so keep-alive and every failure mode the scraper relies on
(what is raised, which connection is dropped) are exercised on real sockets.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import ssl
import subprocess
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kinference_epp.pool.fetch import HttpProtocolError, HttpStatusError, PageFetcher
from waits import eventually

PAGE = b'vllm:num_requests_running{model_name="m"} 3\n' * 50

Step = bytes | float | None
"""A write, a pause in seconds, or None: close the connection."""
Script = Callable[[int], list[Step]]
"""Request number (0-based, across connections) -> what the server answers."""


def ok(body: bytes = PAGE, *extra: str) -> list[Step]:
    head = "".join(f"{h}\r\n" for h in extra)
    return [f"HTTP/1.1 200 OK\r\nContent-Length: {len(body)}\r\n{head}\r\n".encode() + body]


@dataclass
class Server:
    script: Script = lambda _: ok()
    port: int = 0
    connections: int = 0
    requests: list[bytes] = field(default_factory=list)
    requested: asyncio.Event = field(default_factory=asyncio.Event)
    closed_by_peer: asyncio.Event = field(default_factory=asyncio.Event)
    _writers: list[asyncio.StreamWriter] = field(default_factory=list)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self._writers.append(writer)
        try:
            while True:
                try:
                    request = await reader.readuntil(b"\r\n\r\n")
                except asyncio.IncompleteReadError:
                    self.closed_by_peer.set()
                    return
                n = len(self.requests)
                self.requests.append(request)
                self.requested.set()
                for step in self.script(n):
                    if step is None:
                        writer.close()
                        return
                    if isinstance(step, float):  # a slow server is the behaviour under test
                        await asyncio.sleep(step)
                    else:
                        writer.write(step)
                        await writer.drain()
        except ConnectionError:
            self.closed_by_peer.set()
        finally:
            writer.close()

    def url(self, path: str = "/metrics", scheme: str = "http") -> str:
        return f"{scheme}://127.0.0.1:{self.port}{path}"


@pytest.fixture
async def server() -> AsyncIterator[Server]:
    srv = Server()
    listener = await asyncio.start_server(srv.handle, "127.0.0.1", 0)
    srv.port = listener.sockets[0].getsockname()[1]
    async with listener:
        yield srv
        for writer in srv._writers:
            writer.close()


@pytest.fixture
async def pages() -> AsyncIterator[PageFetcher]:
    fetcher = PageFetcher()
    yield fetcher
    await fetcher.close()


async def test_keep_alive_reuses_one_connection_and_sends_a_plain_get(
    server: Server, pages: PageFetcher
) -> None:
    for _ in range(5):
        assert await pages.get(server.url("/metrics?x=1"), 5.0) == PAGE
    assert server.connections == 1
    request = server.requests[0].decode()
    lines = request.split("\r\n")
    assert lines[0] == "GET /metrics?x=1 HTTP/1.1"
    assert f"Host: 127.0.0.1:{server.port}" in lines
    assert "Accept-Encoding: identity" in lines
    assert request.endswith("\r\n\r\n")


async def test_pods_share_the_session_each_on_its_own_connection(pages: PageFetcher) -> None:
    servers = [Server(), Server()]
    listeners = [await asyncio.start_server(s.handle, "127.0.0.1", 0) for s in servers]
    for srv, listener in zip(servers, listeners, strict=True):
        srv.port = listener.sockets[0].getsockname()[1]
    try:
        for _ in range(3):
            pair = [pages.get(srv.url(), 5.0) for srv in servers]
            assert await asyncio.gather(*pair) == [PAGE, PAGE]
        assert [srv.connections for srv in servers] == [1, 1]
    finally:
        for listener in listeners:
            listener.close()
        for srv in servers:
            for writer in srv._writers:
                writer.close()


async def test_close_ends_the_connections_and_a_later_get_opens_a_new_session(
    server: Server, pages: PageFetcher
) -> None:
    assert await pages.get(server.url(), 5.0) == PAGE
    await pages.close()
    async with asyncio.timeout(10):  # a hang guard
        await server.closed_by_peer.wait()
    assert await pages.get(server.url(), 5.0) == PAGE
    assert server.connections == 2


async def test_basic_auth_from_the_url(server: Server, pages: PageFetcher) -> None:
    await pages.get(f"http://user:pa%3Ass@127.0.0.1:{server.port}/", 5.0)
    # The header carries the decoded credentials: base64("user:pa:ss").
    assert b"Authorization: Basic dXNlcjpwYTpzcw==\r\n" in server.requests[0]
    assert b"Host: 127.0.0.1:" in server.requests[0]
    assert b"user" not in server.requests[0].split(b"\r\n")[1]


async def test_answer_split_into_single_bytes(server: Server, pages: PageFetcher) -> None:
    answer = ok()[0]
    assert isinstance(answer, bytes)
    server.script = lambda _: [answer[i : i + 1] for i in range(len(answer))]
    assert await pages.get(server.url(), 5.0) == PAGE
    assert await pages.get(server.url(), 5.0) == PAGE
    assert server.connections == 1


def chunked(body: bytes, size: int, trailers: bytes = b"") -> bytes:
    out = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    for i in range(0, len(body), size):
        part = body[i : i + size]
        out += f"{len(part):X};ext=1\r\n".encode() + part + b"\r\n"
    return out + b"0\r\n" + trailers + b"\r\n"


@pytest.mark.parametrize("write_size", [1, 7, 4096, 1 << 20])
async def test_chunked_answers(server: Server, pages: PageFetcher, write_size: int) -> None:
    answer = chunked(PAGE, 100, trailers=b"X-Trailer: 1\r\n")
    server.script = lambda _: [
        answer[i : i + write_size] for i in range(0, len(answer), write_size)
    ]
    assert await pages.get(server.url(), 5.0) == PAGE
    assert await pages.get(server.url(), 5.0) == PAGE
    assert server.connections == 1


async def test_answer_without_length_is_read_until_close(
    server: Server, pages: PageFetcher
) -> None:
    server.script = lambda _: [b"HTTP/1.0 200 OK\r\n\r\n", PAGE[:10], 0.01, PAGE[10:], None]
    assert await pages.get(server.url(), 5.0) == PAGE
    assert await pages.get(server.url(), 5.0) == PAGE
    assert server.connections == 2


async def test_connection_close_header_means_a_new_connection(
    server: Server, pages: PageFetcher
) -> None:
    server.script = lambda _: ok(PAGE, "Connection: close")
    assert await pages.get(server.url(), 5.0) == PAGE
    assert await pages.get(server.url(), 5.0) == PAGE
    assert server.connections == 2


async def test_interim_100_continue_is_skipped(server: Server, pages: PageFetcher) -> None:
    server.script = lambda _: [b"HTTP/1.1 100 Continue\r\n\r\n", *ok()]
    assert await pages.get(server.url(), 5.0) == PAGE


async def test_non_200_is_an_error_and_its_unread_body_drops_the_connection(
    server: Server, pages: PageFetcher
) -> None:
    # A 503 whose body has not all arrived: it is not waited for, the connection is dropped.
    busy = b"HTTP/1.1 503 Unavailable\r\nContent-Length: 8\r\n\r\nbusy"
    server.script = lambda n: ok() if n else [busy, 5.0]
    with pytest.raises(HttpStatusError) as err:
        await pages.get(server.url(), 5.0)
    assert err.value.status == 503
    assert await pages.get(server.url(), 5.0) == PAGE
    assert server.connections == 2


async def test_redirects_are_not_followed(server: Server, pages: PageFetcher) -> None:
    server.script = lambda _: [b"HTTP/1.1 307 Temporary Redirect\r\nLocation: /metrics/\r\n\r\n"]
    with pytest.raises(HttpStatusError, match="HTTP 307"):
        await pages.get(server.url(), 5.0)
    assert len(server.requests) == 1


@pytest.mark.parametrize(
    "answer",
    [
        b"SMTP 200 OK\r\n\r\n",
        b"HTTP/1.1 abc OK\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcXY",
        b"HTTP/1.1 200 OK\r\n" + b"X-Pad: y\r\n" * 10_000,
    ],
)
async def test_malformed_answers_are_protocol_errors_and_drop_the_connection(
    server: Server, pages: PageFetcher, answer: bytes
) -> None:
    server.script = lambda n: [answer] if n == 0 else ok()
    with pytest.raises(HttpProtocolError):
        await pages.get(server.url(), 5.0)
    assert await pages.get(server.url(), 5.0) == PAGE
    assert server.connections == 2


async def test_a_compressed_answer_is_a_protocol_error(server: Server, pages: PageFetcher) -> None:
    server.script = lambda _: ok(b"ab", "Content-Encoding: gzip")
    with pytest.raises(HttpProtocolError, match="compressed"):
        await pages.get(server.url(), 5.0)


@pytest.mark.parametrize(
    "answer",
    [
        b"HTTP/1.1 200 OK\r\nContent-Length: 101\r\n\r\n",
        chunked(b"x" * 101, 60),
        b"HTTP/1.1 200 OK\r\n\r\n" + b"x" * 101,
    ],
)
async def test_bodies_over_the_limit_are_refused(server: Server, answer: bytes) -> None:
    server.script = lambda _: [answer]
    pages = PageFetcher(max_body_bytes=100)
    try:
        with pytest.raises(HttpProtocolError, match="exceeds"):
            await pages.get(server.url(), 5.0)
    finally:
        await pages.close()


async def test_timeout_closes_the_connection(server: Server, pages: PageFetcher) -> None:
    server.script = lambda n: [5.0] if n == 0 else ok()
    with pytest.raises(TimeoutError):
        await pages.get(server.url(), 0.05)
    async with asyncio.timeout(10):  # a hang guard
        await server.closed_by_peer.wait()
    assert await pages.get(server.url(), 5.0) == PAGE
    assert server.connections == 2


async def test_cancelling_a_get_closes_the_connection(server: Server, pages: PageFetcher) -> None:
    server.script = lambda _: [5.0]
    task = asyncio.get_running_loop().create_task(pages.get(server.url(), 30.0))
    async with asyncio.timeout(10):  # a hang guard
        await server.requested.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with asyncio.timeout(10):
        await server.closed_by_peer.wait()


async def test_partial_answer_then_close_is_an_error(server: Server, pages: PageFetcher) -> None:
    answer = ok()[0]
    assert isinstance(answer, bytes)
    server.script = lambda _: [answer[:-5], None]
    with pytest.raises((ConnectionError, HttpProtocolError)):
        await pages.get(server.url(), 5.0)


async def test_idle_connection_closed_by_the_server_is_replaced(
    server: Server, pages: PageFetcher
) -> None:
    server.script = lambda _: [*ok(), None]  # answer, then close the kept-alive connection
    assert await pages.get(server.url(), 5.0) == PAGE
    await eventually(lambda: server.closed_by_peer.is_set() or server.connections == 1)
    assert await pages.get(server.url(), 5.0) == PAGE
    assert server.connections == 2


async def test_reused_connection_closed_before_answering_is_retried_once(
    server: Server, pages: PageFetcher
) -> None:
    # The second request reaches a connection the server is closing (its keep-alive ran out
    # as the request was sent): that one request is sent again on a new connection.
    server.script = lambda n: [None] if n == 1 else ok()
    assert await pages.get(server.url(), 5.0) == PAGE
    assert await pages.get(server.url(), 5.0) == PAGE
    assert server.connections == 2
    assert len(server.requests) == 3


async def test_a_server_that_closes_without_answering_is_a_connection_error(
    server: Server, pages: PageFetcher
) -> None:
    server.script = lambda _: [None]
    with pytest.raises(ConnectionError):
        await pages.get(server.url(), 5.0)
    assert len(server.requests) == 2  # sent once more, then given up


async def test_connection_refused_is_a_connection_refused_error(pages: PageFetcher) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, not listening: refused
        with pytest.raises(ConnectionRefusedError):
            await pages.get(f"http://127.0.0.1:{port}/metrics", 5.0)


@pytest.mark.parametrize(
    "url", ["ftp://127.0.0.1/metrics", "http:///metrics", "127.0.0.1:80/metrics", "http://h:99999/"]
)
async def test_bad_urls_are_value_errors(pages: PageFetcher, url: str) -> None:
    with pytest.raises(ValueError, match="URL"):
        await pages.get(url, 5.0)


async def test_ipv6_literal(pages: PageFetcher) -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6")
    srv = Server()
    try:
        listener = await asyncio.start_server(srv.handle, "::1", 0)
    except OSError:
        pytest.skip("no IPv6 loopback")
    port = listener.sockets[0].getsockname()[1]
    async with listener:
        assert await pages.get(f"http://[::1]:{port}/metrics", 5.0) == PAGE
        assert f"Host: [::1]:{port}".encode() in srv.requests[0]
        for writer in srv._writers:
            writer.close()


@pytest.fixture
def self_signed(tmp_path: Path) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.fail("openssl is not installed (.ci/run installs it)", pytrace=False)
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", str(key), "-out", str(cert),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


async def test_https(self_signed: tuple[Path, Path]) -> None:
    cert, key = self_signed
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(cert, key)
    srv = Server()
    listener = await asyncio.start_server(srv.handle, "127.0.0.1", 0, ssl=server_tls)
    srv.port = listener.sockets[0].getsockname()[1]
    async with listener:
        trusting = PageFetcher(ssl_context=ssl.create_default_context(cafile=str(cert)))
        try:
            assert await trusting.get(srv.url(scheme="https"), 5.0) == PAGE
            assert await trusting.get(srv.url(scheme="https"), 5.0) == PAGE
        finally:
            await trusting.close()
        assert srv.connections == 1
        untrusting = PageFetcher()  # the default trust store: refused
        try:
            with pytest.raises(ssl.SSLError):
                await untrusting.get(srv.url(scheme="https"), 5.0)
        finally:
            await untrusting.close()
        for writer in srv._writers:
            writer.close()
