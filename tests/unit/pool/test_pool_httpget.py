"""HttpGetClient against a raw asyncio server whose every answer is scripted byte by byte.

The server records each connection and the request bytes it read, so the tests can check
connection reuse and what went on the wire, and each answer is a list of writes (with
optional pauses and a close), so framing across reads, keep-alive and every failure mode
are exercised on real sockets.
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

from kinference_epp.pool.httpget import HttpGetClient, HttpProtocolError, HttpStatusError
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


def client(url: str, timeout_s: float = 5.0, **kw: object) -> HttpGetClient:
    return HttpGetClient(url, timeout_s=timeout_s, **kw)  # type: ignore[arg-type]


async def test_keep_alive_reuses_one_connection_and_sends_a_plain_get(server: Server) -> None:
    c = client(server.url("/metrics?x=1"))
    try:
        for _ in range(5):
            assert await c.get() == PAGE
    finally:
        c.close()
    assert server.connections == 1
    assert c.connections == 1
    request = server.requests[0].decode()
    lines = request.split("\r\n")
    assert lines[0] == "GET /metrics?x=1 HTTP/1.1"
    assert f"Host: 127.0.0.1:{server.port}" in lines
    assert "Accept-Encoding: identity" in lines
    assert request.endswith("\r\n\r\n")


async def test_basic_auth_from_the_url(server: Server) -> None:
    c = client(f"http://user:pa%3Ass@127.0.0.1:{server.port}/")
    try:
        await c.get()
    finally:
        c.close()
    # urlsplit leaves percent-escapes as they are; the header carries what the URL says.
    assert b"Authorization: Basic dXNlcjpwYSUzQXNz\r\n" in server.requests[0]
    assert b"Host: 127.0.0.1:" in server.requests[0]
    assert b"user" not in server.requests[0].split(b"\r\n")[1]


async def test_answer_split_into_single_bytes(server: Server) -> None:
    answer = ok()[0]
    assert isinstance(answer, bytes)
    server.script = lambda _: [answer[i : i + 1] for i in range(len(answer))]
    c = client(server.url())
    try:
        assert await c.get() == PAGE
        assert await c.get() == PAGE
    finally:
        c.close()
    assert server.connections == 1


def chunked(body: bytes, size: int, trailers: bytes = b"") -> bytes:
    out = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    for i in range(0, len(body), size):
        part = body[i : i + size]
        out += f"{len(part):X};ext=1\r\n".encode() + part + b"\r\n"
    return out + b"0\r\n" + trailers + b"\r\n"


@pytest.mark.parametrize("write_size", [1, 7, 4096, 1 << 20])
async def test_chunked_answers(server: Server, write_size: int) -> None:
    answer = chunked(PAGE, 100, trailers=b"X-Trailer: 1\r\n")
    server.script = lambda _: [
        answer[i : i + write_size] for i in range(0, len(answer), write_size)
    ]
    c = client(server.url())
    try:
        assert await c.get() == PAGE
        assert await c.get() == PAGE
    finally:
        c.close()
    assert server.connections == 1


async def test_answer_without_length_is_read_until_close(server: Server) -> None:
    server.script = lambda _: [b"HTTP/1.0 200 OK\r\n\r\n", PAGE[:10], 0.01, PAGE[10:], None]
    c = client(server.url())
    try:
        assert await c.get() == PAGE
        assert await c.get() == PAGE
    finally:
        c.close()
    assert server.connections == 2


async def test_connection_close_header_means_a_new_connection(server: Server) -> None:
    server.script = lambda _: ok(PAGE, "Connection: close")
    c = client(server.url())
    try:
        assert await c.get() == PAGE
        assert await c.get() == PAGE
    finally:
        c.close()
    assert server.connections == 2


async def test_interim_100_continue_is_skipped(server: Server) -> None:
    server.script = lambda _: [b"HTTP/1.1 100 Continue\r\n\r\n", *ok()]
    c = client(server.url())
    try:
        assert await c.get() == PAGE
    finally:
        c.close()


async def test_non_200_is_an_error_and_the_next_get_reconnects(server: Server) -> None:
    server.script = lambda n: (
        ok() if n else [b"HTTP/1.1 503 Unavailable\r\nContent-Length: 4\r\n\r\nbusy"]
    )
    c = client(server.url())
    try:
        with pytest.raises(HttpStatusError) as err:
            await c.get()
        assert err.value.status == 503
        assert not c.connected
        assert await c.get() == PAGE
    finally:
        c.close()
    assert server.connections == 2


async def test_redirects_are_not_followed(server: Server) -> None:
    server.script = lambda _: [b"HTTP/1.1 307 Temporary Redirect\r\nLocation: /metrics/\r\n\r\n"]
    c = client(server.url())
    try:
        with pytest.raises(HttpStatusError, match="HTTP 307"):
            await c.get()
    finally:
        c.close()


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
        b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\nab",
    ],
)
async def test_malformed_answers_are_protocol_errors(server: Server, answer: bytes) -> None:
    server.script = lambda _: [answer]
    c = client(server.url())
    try:
        with pytest.raises(HttpProtocolError):
            await c.get()
        assert not c.connected
    finally:
        c.close()


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
    c = client(server.url(), max_body_bytes=100)
    try:
        with pytest.raises(HttpProtocolError, match="exceeds"):
            await c.get()
    finally:
        c.close()


async def test_endless_head_is_refused(server: Server) -> None:
    server.script = lambda _: [b"HTTP/1.1 200 OK\r\n" + b"X-Pad: y\r\n" * 10_000]
    c = client(server.url())
    try:
        with pytest.raises(HttpProtocolError):
            await c.get()
    finally:
        c.close()


async def test_timeout_closes_the_connection(server: Server) -> None:
    server.script = lambda n: [5.0] if n == 0 else ok()
    c = client(server.url(), timeout_s=0.05)
    try:
        with pytest.raises(TimeoutError):
            await c.get()
        assert not c.connected
        async with asyncio.timeout(10):  # a hang guard
            await server.closed_by_peer.wait()
        c.timeout_s = 5.0
        assert await c.get() == PAGE
    finally:
        c.close()


async def test_cancelling_a_get_closes_the_connection(server: Server) -> None:
    server.script = lambda _: [5.0]
    c = client(server.url())
    task = asyncio.get_running_loop().create_task(c.get())
    async with asyncio.timeout(10):  # a hang guard
        await server.requested.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert not c.connected
    async with asyncio.timeout(10):
        await server.closed_by_peer.wait()


async def test_partial_answer_then_close_is_a_connection_error(server: Server) -> None:
    answer = ok()[0]
    assert isinstance(answer, bytes)
    server.script = lambda _: [answer[:-5], None]
    c = client(server.url())
    try:
        with pytest.raises(ConnectionError):
            await c.get()
    finally:
        c.close()


async def test_idle_connection_closed_by_the_server_is_replaced(server: Server) -> None:
    server.script = lambda _: [*ok(), None]  # answer, then close the kept-alive connection
    c = client(server.url())
    try:
        assert await c.get() == PAGE
        await eventually(lambda: not c.connected, what="the close to arrive while idle")
        assert await c.get() == PAGE
    finally:
        c.close()
    assert server.connections == 2


async def test_reused_connection_closed_before_answering_is_retried_once(server: Server) -> None:
    # The second request reaches a connection the server is closing (its keep-alive ran out
    # as the request was sent): that one request is sent again on a new connection.
    server.script = lambda n: [None] if n == 1 else ok()
    c = client(server.url())
    try:
        assert await c.get() == PAGE
        assert await c.get() == PAGE
    finally:
        c.close()
    assert server.connections == 2
    assert len(server.requests) == 3


async def test_fresh_connection_closed_before_answering_is_an_error(server: Server) -> None:
    server.script = lambda _: [None]
    c = client(server.url())
    try:
        with pytest.raises(ConnectionError):
            await c.get()
    finally:
        c.close()
    assert len(server.requests) == 1  # no retry on a connection that never answered


async def test_bytes_after_the_answer_drop_the_connection(server: Server) -> None:
    server.script = lambda _: [ok()[0] + b"HTTP/1.1 200 OK\r\n"]  # type: ignore[operator]
    c = client(server.url())
    try:
        assert await c.get() == PAGE
        assert not c.connected
        assert await c.get() == PAGE
    finally:
        c.close()
    assert server.connections == 2


async def test_connection_refused_is_an_os_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound, not listening: refused
        c = client(f"http://127.0.0.1:{port}/metrics")
        with pytest.raises(ConnectionRefusedError):
            await c.get()
        c.close()


@pytest.mark.parametrize(
    "url", ["ftp://127.0.0.1/metrics", "http:///metrics", "127.0.0.1:80/metrics", "http://h:99999/"]
)
def test_bad_urls_are_value_errors(url: str) -> None:
    with pytest.raises(ValueError, match="URL"):
        client(url)


def test_default_ports_and_paths() -> None:
    plain = client("http://10.0.0.1")._request
    assert (plain.method, plain.target, plain.headers[0]) == (b"GET", b"/", (b"host", b"10.0.0.1"))
    assert client("https://pod.example/m")._port == 443
    assert client("http://[::1]:8000/metrics")._request.headers[0] == (b"host", b"[::1]:8000")


async def test_ipv6_literal() -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6")
    srv = Server()
    try:
        listener = await asyncio.start_server(srv.handle, "::1", 0)
    except OSError:
        pytest.skip("no IPv6 loopback")
    port = listener.sockets[0].getsockname()[1]
    async with listener:
        c = client(f"http://[::1]:{port}/metrics")
        try:
            assert await c.get() == PAGE
        finally:
            c.close()
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
        trusting = ssl.create_default_context(cafile=str(cert))
        c = client(srv.url(scheme="https"), ssl_context=trusting)
        try:
            assert await c.get() == PAGE
            assert await c.get() == PAGE
        finally:
            c.close()
        assert srv.connections == 1
        untrusting = client(srv.url(scheme="https"))  # the default trust store: refused
        with pytest.raises(ssl.SSLError):
            await untrusting.get()
        untrusting.close()
        for writer in srv._writers:
            writer.close()
