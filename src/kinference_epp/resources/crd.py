"""The CustomResourceDefinition of a resource kind, generated from its pydantic models.

Kubernetes accepts only *structural* OpenAPI v3.0 schemas, so pydantic's JSON Schema
(2020-12) is rewritten: ``$ref``/``$defs`` inlined, ``anyOf [X, null]`` turned into X with
``nullable: true``, ``const`` into a one-value ``enum``, numeric ``exclusiveMinimum`` into
``minimum`` + ``exclusiveMinimum: true``, ``additionalProperties: false`` dropped (the API
server prunes unknown fields; pydantic rejects them in ``kinfctl validate`` and the store),
free-form maps marked ``x-kubernetes-preserve-unknown-fields``, and titles removed. The
``oneOf``/``anyOf`` that say "exactly one action" or "min or max" stay: they carry only
``required`` lists, which structural schemas allow. ``structural_problems`` checks the
result, so a model change that Kubernetes would refuse fails here, not at ``kubectl apply``.

A kind gives a :class:`Crd`: its names, its printer columns, its ``spec`` schema (the model's,
or that with cluster-only rules added) and a description; the manifest around them is the
same for every kind: namespaced, in the ``kinference`` category, one served and stored
version with a status subresource written by the pickers (``resources.model.ResourceStatus``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import BaseModel

from kinference_epp.resources.model import GROUP, VERSION, ResourceStatus

_JUNCTORS = ("oneOf", "anyOf", "allOf")


def _convert(schema: Any, defs: dict[str, Any]) -> Any:
    if isinstance(schema, list):
        return [_convert(s, defs) for s in schema]
    if not isinstance(schema, dict):
        return schema
    schema = dict(schema)
    ref = schema.pop("$ref", None)
    if ref is not None:
        target = copy.deepcopy(defs[ref.rsplit("/", 1)[-1]])
        target.update(schema)  # siblings of $ref (description, default) win
        return _convert(target, defs)
    variants = schema.get("anyOf")
    if isinstance(variants, list) and any(v.get("type") == "null" for v in variants):
        rest = [v for v in variants if v.get("type") != "null"]
        if len(rest) != 1:
            raise ValueError(f"cannot express a union of {len(rest)} types structurally")
        del schema["anyOf"]
        merged = {**_convert(rest[0], defs), **schema, "nullable": True}
        if merged.get("default", 0) is None:
            del merged["default"]
        return _convert(merged, defs)
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in ("title", "$defs"):
            continue
        if key == "const":
            out["enum"] = [value]
        elif key in ("exclusiveMinimum", "exclusiveMaximum") and not isinstance(value, bool):
            out["minimum" if key == "exclusiveMinimum" else "maximum"] = value
            out[key] = True
        elif key == "additionalProperties":
            if value is True or value == {}:
                out["x-kubernetes-preserve-unknown-fields"] = True
            elif isinstance(value, dict):
                out[key] = _convert(value, defs)
        elif key == "default" and value is None:
            continue
        elif key in ("properties",):
            out[key] = {name: _convert(v, defs) for name, v in value.items()}
        else:
            out[key] = _convert(value, defs)
    return out


def structural_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A pydantic model's JSON Schema rewritten into a structural OpenAPI v3.0 schema."""
    raw = model.model_json_schema(by_alias=True, mode="validation")
    converted: dict[str, Any] = _convert(raw, raw.get("$defs", {}))
    return converted


ACCEPTED_COLUMN: dict[str, str] = {
    "name": "Accepted",
    "type": "string",
    "jsonPath": '.status.ancestors[*].conditions[?(@.type=="Accepted")].status',
}
"""The printer column of this pool's ``Accepted`` condition (every kind has one)."""

AGE_COLUMN = {"name": "Age", "type": "date", "jsonPath": ".metadata.creationTimestamp"}


@dataclass(frozen=True, slots=True)
class Crd:
    """One kind's CRD (see the module). ``columns``: its printer columns but ``Age`` (always
    last); ``spec()``: the structural schema of ``spec``; ``spec_required``: an object
    without ``spec`` is refused by the API server; ``source``: the module of the models, for
    the generated file's header."""

    kind: str
    plural: str
    singular: str
    short_name: str
    description: str
    spec: Callable[[], dict[str, Any]]
    columns: tuple[dict[str, str], ...]
    source: str
    spec_required: bool = False

    @property
    def name(self) -> str:
        return f"{self.plural}.{GROUP}"

    @property
    def filename(self) -> str:
        return f"{self.name}.yaml"

    def openapi_schema(self) -> dict[str, Any]:
        """The structural ``openAPIV3Schema`` of an object of this kind."""
        schema: dict[str, Any] = {"type": "object", "description": self.description}
        if self.spec_required:
            schema["required"] = ["spec"]
        schema["properties"] = {
            "apiVersion": {"type": "string"},
            "kind": {"type": "string"},
            "metadata": {"type": "object"},
            "spec": self.spec(),
            "status": structural_schema(ResourceStatus),
        }
        return schema

    def manifest(self) -> dict[str, Any]:
        return {
            "apiVersion": "apiextensions.k8s.io/v1",
            "kind": "CustomResourceDefinition",
            "metadata": {
                "name": self.name,
                "annotations": {"kinference.io/generated-by": "kinfctl crds"},
            },
            "spec": {
                "group": GROUP,
                "scope": "Namespaced",
                "names": {
                    "kind": self.kind,
                    "listKind": f"{self.kind}List",
                    "plural": self.plural,
                    "singular": self.singular,
                    "shortNames": [self.short_name],
                    "categories": ["kinference"],
                },
                "versions": [
                    {
                        "name": VERSION,
                        "served": True,
                        "storage": True,
                        "subresources": {"status": {}},
                        "additionalPrinterColumns": [*self.columns, AGE_COLUMN],
                        "schema": {"openAPIV3Schema": self.openapi_schema()},
                    }
                ],
            },
        }

    def to_yaml(self) -> str:
        header = f"# Generated by `kinfctl crds` from {self.source}; do not edit.\n"
        return header + yaml.safe_dump(self.manifest(), sort_keys=False, width=100)


_ALLOWED_IN_JUNCTOR = {"required", "oneOf", "anyOf", "allOf", "not"}


def structural_problems(schema: dict[str, Any], path: str = "") -> list[str]:
    """Why Kubernetes would refuse ``schema`` as structural (empty when it would not).

    Covers the rules this generator can break: every field and item typed (unless it
    preserves unknown fields), no ``$ref``/``const``/``additionalProperties: false``, no
    ``properties`` beside ``additionalProperties``, numeric bounds in OpenAPI 3.0 form, and
    junctors that carry only value validation (here: ``required``).
    """
    problems: list[str] = []
    where = path or "<root>"
    for key in ("$ref", "$defs", "const", "title"):
        if key in schema:
            problems.append(f"{where}: {key} is not allowed")
    if "type" not in schema and not schema.get("x-kubernetes-preserve-unknown-fields"):
        problems.append(f"{where}: no type")
    if schema.get("additionalProperties") is False:
        problems.append(f"{where}: additionalProperties: false")
    if "additionalProperties" in schema and "properties" in schema:
        problems.append(f"{where}: properties and additionalProperties together")
    for key in ("exclusiveMinimum", "exclusiveMaximum"):
        if key in schema and not isinstance(schema[key], bool):
            problems.append(f"{where}: {key} must be a boolean in OpenAPI v3.0")
    for junctor in _JUNCTORS:
        for i, branch in enumerate(schema.get(junctor, [])):
            extra = set(branch) - _ALLOWED_IN_JUNCTOR
            if extra:
                problems.append(f"{where}.{junctor}[{i}]: {sorted(extra)} inside a junctor")
    for name, sub in schema.get("properties", {}).items():
        problems.extend(structural_problems(sub, f"{path}.{name}"))
    if isinstance(schema.get("items"), dict):
        problems.extend(structural_problems(schema["items"], f"{path}[]"))
    if isinstance(schema.get("additionalProperties"), dict):
        problems.extend(structural_problems(schema["additionalProperties"], f"{path}{{}}"))
    return problems
