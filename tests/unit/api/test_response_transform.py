from __future__ import annotations

import itertools
import json

from hypothesis import given
from hypothesis import strategies as st

from kinference_epp.api.response_transform import UsageStripper


def sse(obj: object) -> bytes:
    return b"data: " + json.dumps(obj).encode() + b"\n\n"


CHUNKS = [
    {"choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]},
    {"choices": [{"index": 0, "delta": {"content": "hi"}}]},
    {"choices": [{"index": 0, "delta": {}, "finish_reason": "length"}]},
]
USAGE = {"choices": [], "usage": {"prompt_tokens": 3, "completion_tokens": 1}}
STREAM = b"".join(sse(c) for c in CHUNKS) + sse(USAGE) + b"data: [DONE]\n\n"
EXPECTED = b"".join(sse(c) for c in CHUNKS) + b"data: [DONE]\n\n"


def run(parts: list[bytes]) -> bytes:
    s = UsageStripper()
    out = b"".join(s.feed(p, end_of_stream=False) for p in parts[:-1])
    return out + s.feed(parts[-1], end_of_stream=True)


def test_usage_only_chunk_is_removed() -> None:
    assert run([STREAM]) == EXPECTED


@given(st.lists(st.integers(min_value=0, max_value=len(STREAM)), max_size=12))
def test_any_split_gives_the_same_output(cuts: list[int]) -> None:
    points = [0, *sorted(cuts), len(STREAM)]
    parts = [STREAM[a:b] for a, b in itertools.pairwise(points)]
    assert run(parts) == EXPECTED


def test_chunks_with_choices_and_usage_are_kept() -> None:
    both = {"choices": [{"index": 0, "delta": {"content": "x"}}], "usage": {"prompt_tokens": 1}}
    assert run([sse(both)]) == sse(both)
