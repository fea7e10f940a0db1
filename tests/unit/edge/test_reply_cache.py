"""ReplyCache: routing replies shared between requests only where nothing per-request differs."""

from __future__ import annotations

from kinference_epp.edge import replies
from kinference_epp.edge.protocol import DESTINATION_HEADER

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
