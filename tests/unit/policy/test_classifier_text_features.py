"""The trained complexity model's features: what a prompt's start, end, words and token
shapes contribute, stable across processes (CRC32, not ``hash``)."""

from __future__ import annotations

import zlib

import numpy as np

from kinference_epp.policy.classifiers.linear import BUCKETS
from kinference_epp.policy.classifiers.text_features import WINDOW, _identifiers, features


def test_identifier_shapes_fold_runs_and_skip_plain_words() -> None:
    raw = b"IBAN DE89370400440532013000 mail a.b@c.io 3704 foo_bar plain words"
    assert _identifiers(raw) == [b"#Xd", b"#x.x@x.x", b"#d", b"#x_x"]
    assert _identifiers(b"no identifiers here") == []


def test_ids_are_sorted_distinct_buckets_of_crc32() -> None:
    ids = features("Sort sort the list")
    assert ids.dtype == np.int64
    assert np.all(np.diff(ids) > 0)
    assert int(zlib.crc32(b"sort") % BUCKETS) in ids
    assert int(zlib.crc32(b"list") % BUCKETS) in ids
    assert ids.min() >= 0
    assert ids.max() < BUCKETS


def test_a_long_prompt_is_read_at_its_start_and_end_and_by_its_length() -> None:
    middle = " ".join(f"filler{i}" for i in range(4 * WINDOW))
    text = "Summarise this log: " + middle + " in one sentence please."
    ids = set(features(text).tolist())
    assert int(zlib.crc32(b"summarise") % BUCKETS) in ids
    assert int(zlib.crc32(b"sentence") % BUCKETS) in ids
    assert int(zlib.crc32(b"filler5000") % BUCKETS) not in ids
    assert int(zlib.crc32(b"#len%d" % len(text).bit_length()) % BUCKETS) in ids


def test_the_empty_prompt_has_only_its_length() -> None:
    assert features("").tolist() == [zlib.crc32(b"#len0") % BUCKETS]
