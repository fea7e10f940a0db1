"""API keys: which header carries one, and the index that maps a key's digest to its tenant."""

from __future__ import annotations

import pytest

from kinference_epp.tenancy.keys import KeyEntry, KeyIndex, key_digest, presented_key


@pytest.mark.parametrize(
    ("headers", "key"),
    [
        ({"authorization": "Bearer sk-a"}, "sk-a"),
        ({"authorization": "bearer   sk-a  "}, "sk-a"),
        ({"x-api-key": "sk-b"}, "sk-b"),
        ({"authorization": "Bearer sk-a", "x-api-key": "sk-b"}, "sk-a"),
        ({"authorization": "Basic dXNlcjpwYXNz", "x-api-key": "sk-b"}, "sk-b"),
        ({"authorization": "Bearer "}, None),
        ({"authorization": "Basic dXNlcjpwYXNz"}, None),
        ({"x-api-key": ""}, None),
        ({}, None),
    ],
)
def test_the_presented_key(headers: dict[str, str], key: str | None) -> None:
    assert presented_key(headers) == key


def test_the_index_finds_a_key_by_its_digest_only() -> None:
    index = KeyIndex([KeyEntry(key_digest("sk-team-a-1"), "team-a", "ci")])
    entry = index.lookup("sk-team-a-1")
    assert entry is not None
    assert (entry.tenant, entry.name) == ("team-a", "ci")
    assert index.lookup("sk-team-a-2") is None
    assert index.lookup("") is None
    assert len(index) == 1


def test_one_key_for_two_tenants_is_refused() -> None:
    digest = key_digest("sk-shared-key")
    with pytest.raises(ValueError, match="also key"):
        KeyIndex([KeyEntry(digest, "a", "k1"), KeyEntry(digest, "b", "k2")])
    # the same key listed twice for one tenant is harmless
    assert len(KeyIndex([KeyEntry(digest, "a", "k1"), KeyEntry(digest, "a", "k2")])) == 1
