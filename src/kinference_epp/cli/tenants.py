"""``kinfctl`` for tenants: validated beside policies (``validate``), their CRD (``crds``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from kinference_epp.cli.policies import OtherKind
from kinference_epp.resources.problems import Problem, errors
from kinference_epp.tenancy.crd import CRD
from kinference_epp.tenancy.loader import build, load_files


def validate(files: list[Path]) -> tuple[Mapping[str, list[str]], list[Problem]]:
    """The tenants of ``files`` (per file) and every problem: schema, duplicate names, a key
    shared by two tenants."""
    loaded, problems = load_files(files)
    if not errors(problems):
        _, found = build(loaded)
        problems.extend(found)
    names: dict[str, list[str]] = {}
    for lt in loaded:
        names.setdefault(lt.source, []).append(lt.tenant.name)
    return names, problems


TENANTS = OtherKind(
    plural="tenants",
    validate=validate,
    crd_filename=CRD.filename,
    crd_yaml=CRD.to_yaml,
    crd_schema=CRD.openapi_schema,
)
