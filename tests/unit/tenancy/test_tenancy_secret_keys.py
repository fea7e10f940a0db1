"""Key hashes from a tenant's Secret: several live at once, each with an optional expiry."""

from __future__ import annotations

import pytest

from kinference_epp.tenancy.keys import KeyEntry, KeyIndex, key_digest, key_sha256
from kinference_epp.tenancy.secret_keys import parse_secret

KEY = "sk-team-a-0000000000000001"


def test_every_entry_is_a_key_and_a_bad_one_spoils_no_other() -> None:
    got = parse_secret(
        {
            "new": key_sha256(KEY),
            "old": f"{key_sha256('other')} expires=2026-12-31T00:00:00Z",
            "typo": "0123",
            "empty": " ",
            "junk": f"{key_sha256('x')} until=tomorrow",
            "when": f"{key_sha256('y')} expires=yesterday",
        }
    )
    assert [k.name for k in got.keys] == ["new", "old"]
    assert got.keys[0].digest == key_digest(KEY)
    assert got.keys[0].expires is None
    assert got.keys[1].expires == 1798675200.0
    assert set(got.invalid) == {"typo", "empty", "junk", "when"}
    assert all("0123" not in why for why in got.invalid.values())  # never quoted


def test_an_expired_key_no_longer_authenticates() -> None:
    index = KeyIndex([KeyEntry(key_digest(KEY), "team-a", "k", expires=1000.0)])
    entry = index.lookup(KEY)
    assert entry is None  # 1000 s after the epoch is long past
    live = KeyIndex([KeyEntry(key_digest(KEY), "team-a", "k", expires=4e9)])
    assert live.lookup(KEY) is not None
    assert KeyEntry(key_digest(KEY), "t", "k", expires=10.0).expired(now=10.0)
    assert not KeyEntry(key_digest(KEY), "t", "k", expires=10.0).expired(now=9.9)


@pytest.mark.parametrize("expires", ["2000-01-01T00:00:00Z", "2000-01-01T00:00:00+02:00"])
def test_an_inline_key_with_a_past_expiry_is_loaded_but_refused(expires: str) -> None:
    from kinference_epp.tenancy.directory import TenantDirectory
    from kinference_epp.tenancy.loader import parse_tenants

    loaded, problems = parse_tenants(
        "apiVersion: kinference.io/v1alpha1\nkind: InferenceTenant\nmetadata: {name: a}\n"
        f"spec: {{apiKeys: [{{name: k, sha256: {key_sha256(KEY)}, expiresAt: '{expires}'}}]}}\n"
    )
    assert problems == []
    directory = TenantDirectory()
    assert directory.update(loaded) == []
    assert "a" in directory.tenants
    assert directory.by_key(KEY) is None


def test_an_expiry_without_a_timezone_is_refused() -> None:
    from kinference_epp.tenancy.loader import parse_tenants

    _, problems = parse_tenants(
        "apiVersion: kinference.io/v1alpha1\nkind: InferenceTenant\nmetadata: {name: a}\n"
        f"spec: {{apiKeys: [{{name: k, sha256: {key_sha256(KEY)}, expiresAt: '2030-01-01T00:00:00'}}]}}\n"
    )
    assert problems
    assert "timezone" in problems[0].message


def test_a_tenant_file_naming_a_secret_is_warned_that_it_is_not_read() -> None:
    from kinference_epp.resources.problems import Severity
    from kinference_epp.tenancy.loader import parse_tenants

    loaded, problems = parse_tenants(
        "apiVersion: kinference.io/v1alpha1\nkind: InferenceTenant\nmetadata: {name: a}\n"
        "spec: {apiKeySecretRef: {name: a-keys}}\n",
        "tenants.yaml",
    )
    assert len(loaded) == 1
    (problem,) = problems
    assert problem.severity is Severity.WARNING
    assert (problem.line, problem.field) == (4, "spec.apiKeySecretRef")
    assert "cluster only" in problem.message
