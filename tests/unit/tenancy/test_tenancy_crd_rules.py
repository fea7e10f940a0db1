"""The InferenceTenant CRD refuses what ``kinfctl validate`` and the picker refuse.

OpenAPI parts (the hash ``pattern``) are checked with a JSON-schema validator; the parts the
API server adds (``x-kubernetes-list-type: map`` uniqueness, the ``has()`` CEL rules) with a
small interpreter of exactly those forms, so a rule that is dropped or misspelt fails here.
"""

from __future__ import annotations

import re
from typing import Any

import jsonschema
import pytest

from kinference_epp.cli.tenants import validate
from kinference_epp.resources.problems import errors
from kinference_epp.tenancy.crd import CRD
from kinference_epp.tenancy.keys import key_sha256

HASH = key_sha256("sk-some-long-test-key")
_HAS = re.compile(r"^(!?)has\(self\.(\w+)\)$")


def _cel_and_lists(schema: dict[str, Any], value: Any, where: str = "") -> list[str]:
    """Violations of list-map keys and ``[!]has(self.f)`` rules under ``schema``."""
    problems: list[str] = []
    if isinstance(value, dict):
        for rule in schema.get("x-kubernetes-validations", []):
            m = _HAS.match(rule["rule"])
            assert m, f"an unexpected CEL form: {rule['rule']}"
            if (m.group(2) in value) == bool(m.group(1)):
                problems.append(f"{where}: {rule['message']}")
        for name, sub in (schema.get("properties") or {}).items():
            if name in value:
                problems += _cel_and_lists(sub, value[name], f"{where}.{name}")
    elif isinstance(value, list):
        if schema.get("x-kubernetes-list-type") == "map":
            keys = [tuple(i.get(k) for k in schema["x-kubernetes-list-map-keys"]) for i in value]
            if len(set(keys)) != len(keys):
                problems.append(f"{where}: Duplicate value")
        for i, item in enumerate(value):
            problems += _cel_and_lists(schema["items"], item, f"{where}[{i}]")
    return problems


def api_server_refuses(spec: dict[str, Any]) -> bool:
    obj = {
        "apiVersion": "kinference.io/v1alpha1",
        "kind": "InferenceTenant",
        "metadata": {"name": "t"},
        "spec": spec,
    }
    schema = CRD.openapi_schema()
    invalid = list(jsonschema.Draft4Validator(schema).iter_errors(obj))
    return bool(invalid or _cel_and_lists(schema, obj))


def kinfctl_refuses(spec: dict[str, Any], tmp_path: Any) -> bool:
    path = tmp_path / "t.yaml"
    import yaml

    path.write_text(
        yaml.safe_dump(
            {
                "apiVersion": "kinference.io/v1alpha1",
                "kind": "InferenceTenant",
                "metadata": {"name": "t"},
                "spec": spec,
            }
        )
    )
    _, problems = validate([path])
    return bool(errors(problems))


@pytest.mark.parametrize(
    "spec",
    [
        {"apiKeys": [{"name": "k", "sha256": "z" * 64}]},
        {"apiKeys": [{"name": "k", "sha256": HASH[:-1]}]},
        {"apiKeys": [{"name": "k", "sha256": HASH}, {"name": "k", "sha256": key_sha256("x")}]},
        {"apiKeys": [{"name": "k"}]},
        {"limits": {"models": [{"model": "a"}, {"model": "a"}]}},
    ],
)
def test_what_kinfctl_refuses_the_crd_refuses(spec: dict[str, Any], tmp_path: Any) -> None:
    assert kinfctl_refuses(spec, tmp_path)
    assert api_server_refuses(spec)


def test_a_plaintext_key_is_refused_by_the_crd() -> None:
    """Files may hold one (development); a cluster object never: it would sit in etcd."""
    assert api_server_refuses({"apiKeys": [{"name": "k", "value": "sk-some-long-test-key"}]})


@pytest.mark.parametrize(
    "spec",
    [
        {"apiKeys": [{"name": "k", "sha256": HASH.upper()}]},
        {"apiKeys": [{"name": "a", "sha256": HASH}, {"name": "b", "sha256": key_sha256("x")}]},
        {"apiKeys": [{"name": "k", "sha256": HASH, "expiresAt": "2027-01-01T00:00:00Z"}]},
        {"apiKeySecretRef": {"name": "team-a-keys"}, "limits": {"models": [{"model": "a"}]}},
    ],
)
def test_valid_tenants_pass_both(spec: dict[str, Any], tmp_path: Any) -> None:
    assert not kinfctl_refuses(spec, tmp_path)
    assert not api_server_refuses(spec)
