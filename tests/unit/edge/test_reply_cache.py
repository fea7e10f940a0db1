"""ReplyCache: routing replies shared between requests only where nothing per-request differs."""

from __future__ import annotations

import pytest
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep

from kinference_epp.api.wire_names import DESTINATION_HEADER
from kinference_epp.edge import replies

HEADERS = (("x-kinference-model", "m"),)


def test_same_route_gets_the_same_reply_and_it_equals_a_fresh_one() -> None:
    cache = replies.ReplyCache()
    a = cache.routed_buffered_body("10.0.0.1:8000", HEADERS, None)
    assert cache.routed_buffered_body("10.0.0.1:8000", HEADERS, None) is a
    assert a == replies.routed_buffered_body("10.0.0.1:8000", HEADERS, None)
    b = cache.routed_buffered_body("10.0.0.2:8000", HEADERS, None)
    assert b is not a
    sent = {
        h.header.key: h.header.raw_value
        for h in b.request_body.response.header_mutation.set_headers
    }
    assert sent[DESTINATION_HEADER] == b"10.0.0.2:8000"


def test_a_rewritten_body_is_never_cached() -> None:
    cache = replies.ReplyCache()
    a = cache.routed_buffered_body("10.0.0.1:8000", HEADERS, b'{"model":"x"}')
    b = cache.routed_buffered_body("10.0.0.1:8000", HEADERS, b'{"model":"y"}')
    assert a.request_body.response.body_mutation.body == b'{"model":"x"}'
    assert b.request_body.response.body_mutation.body == b'{"model":"y"}'


def test_bounded() -> None:
    cache = replies.ReplyCache(max_entries=2)
    first = cache.routed_buffered_body("a:1", HEADERS, None)
    cache.routed_buffered_body("b:1", HEADERS, None)
    cache.routed_buffered_body("c:1", HEADERS, None)  # full: cleared, then stored
    assert cache.routed_buffered_body("a:1", HEADERS, None) is not first


def content_lengths(reply: ep.ProcessingResponse) -> list[bytes]:
    return [
        h.header.raw_value
        for h in reply.request_headers.response.header_mutation.set_headers
        if h.header.key == "content-length"
    ]


@pytest.mark.parametrize("destination", ["10.0.0.1:8000", "10.0.0.1:8000,10.0.0.2:8000", ""])
@pytest.mark.parametrize("headers", [HEADERS, (), (("x-a", "1"), ("x-b", "2"))])
def test_routed_headers_equal_a_fresh_reply(
    destination: str, headers: tuple[tuple[str, str], ...]
) -> None:
    cache = replies.ReplyCache()
    for n in (0, 1, 13, 62_000, 1 << 20, 13):
        cached = cache.routed_request_headers(destination, headers, content_length=n)
        fresh = replies.routed_request_headers(destination, headers, content_length=n)
        assert cached == fresh
        assert cached.SerializeToString(deterministic=True) == fresh.SerializeToString(
            deterministic=True
        )
        assert content_lengths(cached) == [str(n).encode()]
        assert cached.request_headers.response.clear_route_cache
        assert cached.HasField("dynamic_metadata") is bool(destination)


def test_routed_headers_carry_only_their_own_content_length() -> None:
    cache = replies.ReplyCache()
    a = cache.routed_request_headers("10.0.0.1:8000", HEADERS, content_length=10)
    b = cache.routed_request_headers("10.0.0.1:8000", HEADERS, content_length=2048)
    c = cache.routed_request_headers("10.0.0.1:8000", HEADERS, content_length=10)
    assert a is not b
    assert a is not c
    assert content_lengths(a) == [b"10"]
    assert content_lengths(b) == [b"2048"]
    assert content_lengths(c) == [b"10"]
    sent = {
        h.header.key: h.header.raw_value
        for h in b.request_headers.response.header_mutation.set_headers
    }
    assert sent == {
        DESTINATION_HEADER: b"10.0.0.1:8000",
        "x-kinference-model": b"m",
        "content-length": b"2048",
    }
    # a reply changed by its receiver does not change the next one
    a.request_headers.response.header_mutation.set_headers.pop()
    d = cache.routed_request_headers("10.0.0.1:8000", HEADERS, content_length=7)
    assert content_lengths(d) == [b"7"]
    assert d == replies.routed_request_headers("10.0.0.1:8000", HEADERS, content_length=7)


def test_routed_headers_differ_per_destination_and_headers() -> None:
    cache = replies.ReplyCache()
    a = cache.routed_request_headers("a:1", HEADERS, content_length=5)
    b = cache.routed_request_headers("b:1", HEADERS, content_length=5)
    c = cache.routed_request_headers("a:1", (("x-kinference-model", "n"),), content_length=5)
    assert a != b
    assert a != c
    assert b == replies.routed_request_headers("b:1", HEADERS, content_length=5)
    assert c == replies.routed_request_headers(
        "a:1", (("x-kinference-model", "n"),), content_length=5
    )


def test_routed_headers_cache_is_bounded() -> None:
    cache = replies.ReplyCache(max_entries=2)
    for n, destination in enumerate(["a:1", "b:1", "c:1", "d:1", "a:1"]):
        reply = cache.routed_request_headers(destination, HEADERS, content_length=n)
        assert reply == replies.routed_request_headers(destination, HEADERS, content_length=n)
        assert len(cache._headers) <= 2
    assert len(cache._headers) == 1  # cleared at "a:1" (full: c, d), then stored
    # the two caches are separate: buffered replies do not count against it
    cache.routed_buffered_body("e:1", HEADERS, None)
    cache.routed_buffered_body("f:1", HEADERS, None)
    cache.routed_request_headers("g:1", HEADERS, content_length=1)
    assert len(cache._headers) == 2
