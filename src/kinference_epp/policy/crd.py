"""The InferencePolicy CustomResourceDefinition, generated from the pydantic models by the
structural rewrite every kind shares (``resources.crd``)."""

from __future__ import annotations

from functools import partial

from kinference_epp.policy.model import KIND, PolicySpec
from kinference_epp.resources.crd import ACCEPTED_COLUMN, Crd, structural_schema

CRD = Crd(
    kind=KIND,
    plural="inferencepolicies",
    singular="inferencepolicy",
    short_name="ipol",
    description="Routing rules for an inference pool: match requests, then route, "
    "rewrite, reject, defer or send to an external provider.",
    spec=partial(structural_schema, PolicySpec),
    columns=(
        {"name": "Mode", "type": "string", "jsonPath": ".spec.scope.mode"},
        {"name": "Priority", "type": "integer", "jsonPath": ".spec.scope.priority"},
        ACCEPTED_COLUMN,
    ),
    source="kinference_epp/policy/model.py",
    spec_required=True,
)
