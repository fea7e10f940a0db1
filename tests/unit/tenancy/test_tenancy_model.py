"""InferenceTenant: what a valid tenant is, what its limits compile to, and its CRD."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from kinference_epp.resources.crd import structural_problems
from kinference_epp.tenancy.crd import CRD
from kinference_epp.tenancy.keys import key_sha256
from kinference_epp.tenancy.limits import Kind, compile_tenant
from kinference_epp.tenancy.model import FailMode, InferenceTenant

ROOT = Path(__file__).resolve().parents[3]


def tenant(spec: dict[str, Any], name: str = "team-a", **meta: Any) -> InferenceTenant:
    return InferenceTenant.model_validate(
        {
            "apiVersion": "kinference.io/v1alpha1",
            "kind": "InferenceTenant",
            "metadata": {"name": name, **meta},
            "spec": spec,
        }
    )


def test_limits_compile_to_one_bucket_per_kind_and_window() -> None:
    t = compile_tenant(
        tenant(
            {
                "limits": {
                    "tokens": {
                        "perMinute": {"total": 6000, "output": 1200},
                        "perDay": {"input": 1_000_000},
                    },
                    "requestsPerMinute": 60,
                    "concurrentRequests": 4,
                    "models": [
                        {"model": "big", "tokens": {"perMinute": {"total": 600}}},
                    ],
                },
                "budget": {"monthly": 25, "currency": "EUR"},
                "failMode": "closed",
            },
            labels={"tier": "gold"},
        )
    )
    own = {b.key: (b.kind, b.capacity, b.window_s) for b in t.own.buckets}
    assert own == {
        "t:total:minute": (Kind.TOTAL, 6000, 60),
        "t:output:minute": (Kind.OUTPUT, 1200, 60),
        "t:input:day": (Kind.INPUT, 1_000_000, 86400),
        "t:requests:minute": (Kind.REQUESTS, 60, 60),
    }
    assert [c.limit for c in t.own.concurrency] == [4]
    big = t.scopes("big")
    assert [b.key for b in big.buckets][-1] == "m=big:total:minute"
    assert len(big.buckets) == len(t.own.buckets) + 1  # the tenant's buckets too: one step
    assert t.scopes("other") is t.own
    assert t.own.buckets[0].rate == 100.0
    assert (t.monthly_budget, t.currency, t.fail_mode) == (25, "EUR", FailMode.CLOSED)
    assert t.labels == {"tier": "gold"}
    assert t.limited


def test_a_tenant_without_limits_is_not_limited() -> None:
    t = compile_tenant(tenant({}))
    assert not t.limited
    assert not t.scopes("m")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"apiKeys": [{"name": "k"}]}, "exactly one of sha256, value"),
        ({"apiKeys": [{"name": "k", "sha256": "abc"}]}, "64 hex digits"),
        (
            {"apiKeys": [{"name": "k", "sha256": "0" * 64, "value": "sk-long-enough-key"}]},
            "exactly one of",
        ),
        ({"apiKeys": [{"name": "k", "value": "short"}]}, "at least 16"),
        (
            {"apiKeys": [{"name": "k", "sha256": "0" * 64}, {"name": "k", "sha256": "1" * 64}]},
            "listed twice",
        ),
        ({"limits": {"tokens": {"perMinute": {"total": 0}}}}, "greater than 0"),
        ({"limits": {"models": [{"model": "a"}, {"model": "a"}]}}, "listed twice"),
        ({"failMode": "open"}, "soft"),
        ({"budget": {"monthly": 10, "currency": "usd"}}, "pattern"),
        ({"limits": {"tokensPerMinute": 5}}, "Extra inputs"),
    ],
)
def test_invalid_tenants_say_why(spec: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        tenant(spec)


def test_an_uppercase_hash_is_accepted_as_its_lowercase() -> None:
    digest = key_sha256("sk-some-long-test-key")
    t = tenant({"apiKeys": [{"name": "k", "sha256": digest.upper()}]})
    assert t.spec.api_keys[0].sha256 == digest


def test_the_crd_is_structural_and_committed() -> None:
    assert structural_problems(CRD.openapi_schema()) == []
    for folder in ("deploy/crds", "charts/kinference/files/crds"):
        committed = (ROOT / folder / CRD.filename).read_text(encoding="utf-8")
        assert committed == CRD.to_yaml(), f"stale {folder}: run `kinfctl crds --out deploy/crds`"


def test_priority_names_are_bands_and_weights_are_shares() -> None:
    t = tenant({"priority": "sheddable", "weight": 3})
    assert (t.spec.priority, t.spec.weight) == (-1, 3)
    assert tenant({"priority": "critical"}).spec.priority == 1
    assert tenant({"priority": 5}).spec.priority == 5
