"""Tenants from YAML: beside policies in one file, with file:line problems, hashed keys."""

from __future__ import annotations

from pathlib import Path

from kinference_epp.policy.loader import load_files as load_policies
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.keys import key_sha256
from kinference_epp.tenancy.loader import (
    build,
    load_files,
    parse_tenants,
    validate_cluster_object,
    validate_object,
)

MIXED = f"""\
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {{name: p}}
spec:
  rules:
    - name: gold-first
      match: {{tenantLabels: {{tier: gold}}}}
      action: {{continue: true}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata:
  name: team-a
  labels: {{tier: gold}}
spec:
  apiKeys:
    - {{name: laptop, value: sk-team-a-laptop-key}}
    - {{name: ci, sha256: {key_sha256("sk-team-a-ci-key-0001")}}}
  limits:
    tokens: {{perMinute: {{total: 1000}}}}
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: team-b}}
"""


def test_policies_and_tenants_share_a_file(tmp_path: Path) -> None:
    path = tmp_path / "all.yaml"
    path.write_text(MIXED)
    tenants, problems = load_files([path])
    assert problems == []
    assert [t.tenant.name for t in tenants] == ["team-a", "team-b"]
    policies, problems = load_policies([path])
    assert problems == []
    assert [p.policy.key for p in policies] == ["default/p"]


def test_keys_are_found_by_plain_value_or_hash() -> None:
    tenants, _ = parse_tenants(MIXED)
    directory = TenantDirectory()
    assert directory.update(tenants) == []
    for key in ("sk-team-a-laptop-key", "sk-team-a-ci-key-0001"):
        found = directory.by_key(key)
        assert found is not None
        assert found.name == "team-a"
        assert found.labels == {"tier": "gold"}
    assert directory.by_key("sk-team-b") is None
    assert directory.by_name("team-b").name == "team-b"
    assert not directory.by_name("someone-else").limited  # named by a header: no limits


def test_problems_point_at_the_line() -> None:
    text = MIXED.replace("total: 1000", "total: -5")
    _, problems = parse_tenants(text, "t.yaml")
    assert len(problems) == 1
    assert str(problems[0]).startswith("t.yaml:20: error: spec.limits.tokens.perMinute.total")


def test_a_tenant_defined_twice_or_a_shared_key_is_an_error() -> None:
    tenants, _ = parse_tenants(MIXED + MIXED.split("---\n", 1)[1], "t.yaml")
    built, problems = build(tenants)
    assert built is None
    assert any("defined twice" in p.message for p in problems)
    shared = MIXED.replace(
        "metadata: {name: team-b}",
        "metadata: {name: team-b}\nspec:\n  apiKeys: [{name: x, value: sk-team-a-laptop-key}]",
    )
    tenants, _ = parse_tenants(shared)
    built, problems = build(tenants)
    assert built is None
    assert "also key" in problems[0].message


def test_a_bad_update_keeps_the_last_good_set() -> None:
    directory = TenantDirectory()
    good, _ = parse_tenants(MIXED)
    directory.update(good)
    bad, _ = parse_tenants(MIXED + "---\n" + MIXED.split("---\n", 2)[2])  # team-b twice
    assert directory.update(bad)
    assert sorted(directory.tenants) == ["team-a", "team-b"]
    assert directory.by_key("sk-team-a-laptop-key") is not None


def test_a_cluster_object_may_not_carry_a_plain_key() -> None:
    obj = {
        "apiVersion": "kinference.io/v1alpha1",
        "kind": "InferenceTenant",
        "metadata": {"name": "a"},
        "spec": {"apiKeys": [{"name": "k", "value": "sk-plain-text-key-1"}]},
    }
    result = validate_cluster_object(obj, "default/a")
    assert isinstance(result, list)
    assert "plain key" in result[0].message
    assert not isinstance(validate_object(obj, "a.yaml"), list)
