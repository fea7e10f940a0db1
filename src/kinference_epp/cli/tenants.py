"""``kinfctl`` for tenants: validated beside policies (``validate``), their CRD (``crds``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from kinference_epp.cli.policies import OtherKind
from kinference_epp.policy.loader import Problem, errors
from kinference_epp.tenancy import crd
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
    crd_filename=crd.CRD_FILENAME,
    crd_yaml=crd.crd_yaml,
    crd_schema=crd.openapi_schema,
)
