"""The generated CRD: fresh in the repo, structural, and agreeing with the pydantic models."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from kinference_epp.policy.crd import CRD
from kinference_epp.policy.loader import parse_policies
from kinference_epp.resources.crd import structural_problems

ROOT = Path(__file__).parents[3]
EXAMPLES = ROOT / "deploy" / "examples" / "policies"


def test_committed_crd_is_up_to_date() -> None:
    committed = (ROOT / "deploy" / "crds" / CRD.filename).read_text(encoding="utf-8")
    assert committed == CRD.to_yaml(), "stale CRD: run `kinfctl crds --out deploy/crds`"


def test_schema_is_structural() -> None:
    assert structural_problems(CRD.openapi_schema()) == []


def test_structural_check_catches_what_kubernetes_refuses() -> None:
    bad = {"type": "object", "properties": {
        "a": {"$ref": "#/x"}, "b": {"type": "object", "additionalProperties": False},
        "c": {"type": "number", "exclusiveMinimum": 0}, "d": {"description": "untyped"},
    }}  # fmt: skip
    found = structural_problems(bad)
    assert len(found) == 5, found


def test_printer_columns_and_status() -> None:
    version = yaml.safe_load(CRD.to_yaml())["spec"]["versions"][0]
    assert [c["name"] for c in version["additionalPrinterColumns"]] == [
        "Mode", "Priority", "Accepted", "Age",
    ]  # fmt: skip
    assert version["subresources"] == {"status": {}}


def _validator() -> Any:
    # Kubernetes speaks OpenAPI v3.0, whose numeric bounds are draft-4 style.
    return jsonschema.Draft4Validator(_as_draft4(CRD.openapi_schema()))


def _as_draft4(schema: Any) -> Any:
    """OpenAPI ``nullable`` is not JSON Schema: allow null where it is set."""
    if isinstance(schema, list):
        return [_as_draft4(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _as_draft4(v) for k, v in schema.items() if not k.startswith("x-kubernetes")}
    if out.pop("nullable", False) and "type" in out:
        out["type"] = [out["type"], "null"]
        if "enum" in out:
            out["enum"] = [*out["enum"], None]
    return out


POLICIES = sorted(p for p in EXAMPLES.glob("*.yaml") if not p.name.endswith(".cases.yaml"))


@pytest.mark.parametrize("path", POLICIES, ids=lambda p: p.name)
def test_examples_validate_against_the_crd_schema(path: Path) -> None:
    validator = _validator()
    for doc in yaml.safe_load_all(path.read_text()):
        errors = [e.message for e in validator.iter_errors(doc)]
        assert errors == []


def test_crd_schema_rejects_what_pydantic_rejects() -> None:
    validator = _validator()
    text = (EXAMPLES / "cloud-burst.yaml").read_text()
    good = yaml.safe_load(text)
    two_actions = copy.deepcopy(good)
    two_actions["spec"]["rules"][0]["action"]["rewriteModel"] = "x"
    bad_range = copy.deepcopy(good)
    bad_range["spec"]["rules"][0]["match"]["pool"] = {"queueDepth": {}}
    for doc in (two_actions, bad_range):
        assert list(validator.iter_errors(doc)), doc
        _, problems = parse_policies(yaml.safe_dump(doc))
        assert problems
