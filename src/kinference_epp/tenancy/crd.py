"""The InferenceTenant CustomResourceDefinition, generated from the pydantic models by the
structural rewrite every kind shares (``resources.crd``).

The API server then refuses what ``kinfctl validate`` and the picker refuse, before it is
stored: a ``sha256`` that is not 64 hex digits (``pattern``), two keys of one name and two
limits of one model (``x-kubernetes-list-type: map``), and, where OpenAPI cannot say it, CEL
rules (``x-kubernetes-validations``): a key must give its ``sha256``, and a plaintext ``value``
is refused, so no usable key sits in etcd. Plaintext keys are a development convenience of the
static tenant files only.
"""

from __future__ import annotations

from typing import Any

from kinference_epp.resources.crd import ACCEPTED_COLUMN, Crd, structural_schema
from kinference_epp.tenancy.model import KIND, TenantSpec

KEY_RULES = [
    {
        "rule": "!has(self.value)",
        "message": "a plaintext key may not be stored in the cluster: give its sha256 "
        "(printf %s KEY | sha256sum) or keep the hashes in the Secret of apiKeySecretRef",
        "fieldPath": ".value",
        "reason": "FieldValueForbidden",
    },
    {
        "rule": "has(self.sha256)",
        "message": "a key needs its sha256",
        "fieldPath": ".sha256",
        "reason": "FieldValueRequired",
    },
]


def _list_map(schema: dict[str, Any], key: str) -> None:
    """Items unique by ``key`` (the API server refuses duplicates; ``key`` must be required)."""
    schema["x-kubernetes-list-type"] = "map"
    schema["x-kubernetes-list-map-keys"] = [key]
    items = schema["items"]
    items["required"] = sorted({*items.get("required", []), key})


def spec_schema() -> dict[str, Any]:
    """``spec``'s schema with the cluster-only rules (see the module)."""
    spec = structural_schema(TenantSpec)
    keys = spec["properties"]["apiKeys"]
    _list_map(keys, "name")
    keys["items"]["x-kubernetes-validations"] = KEY_RULES
    _list_map(spec["properties"]["limits"]["properties"]["models"], "model")
    return spec


CRD = Crd(
    kind=KIND,
    plural="inferencetenants",
    singular="inferencetenant",
    short_name="itn",
    description="A tenant of the inference pools: its API keys (as SHA-256 hashes), token, "
    "request and concurrency limits, monthly budget and fail mode.",
    spec=spec_schema,
    columns=(
        {"name": "Fail-Mode", "type": "string", "jsonPath": ".spec.failMode"},
        ACCEPTED_COLUMN,
        {
            "name": "Keys",
            "type": "string",
            "jsonPath": '.status.ancestors[*].conditions[?(@.type=="ResolvedRefs")].reason',
        },
    ),
    source="kinference_epp/tenancy/model.py",
)
