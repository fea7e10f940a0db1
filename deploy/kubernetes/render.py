"""Render charts/kinference without the helm binary: the plain manifests in deploy/kubernetes/.

The chart's templates keep to a small subset of Helm's template language, which this file
implements: ``{{ .Values.a.b }}``, ``.Release.Name``, ``.Release.Namespace``, ``.Chart.*``;
``if`` / ``else`` / ``end`` (Go truthiness, with ``not``); the functions ``toYaml``, ``toJson``,
``quote``, ``nindent N``, ``indent N`` in pipelines; ``{{-`` / ``-}}`` whitespace trimming. A
template that uses anything else fails here loudly, so the chart stays renderable both ways.

    python deploy/kubernetes/render.py           # rewrite the rendered manifests
    python deploy/kubernetes/render.py --check   # exit 1 if they differ from the templates

The tests import :func:`render_chart` and :data:`OUTPUTS` to check the committed files.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
CHART = ROOT / "charts" / "kinference"
HERE = Path(__file__).resolve().parent
RELEASE = {"Name": "kinference", "Namespace": "default"}

OUTPUTS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    # file: (templates, value overrides)
    "kinference.yaml": (
        (
            "serviceaccount.yaml",
            "rbac.yaml",
            "configmap.yaml",
            "service.yaml",
            "deployment.yaml",
            "inferencepool.yaml",
            "pdb.yaml",
        ),
        {},
    ),
    "servicemonitor.yaml": (("servicemonitor.yaml",), {"serviceMonitor": {"enabled": True}}),
    "gateway-httproute.yaml": (("httproute.yaml",), {"gateway": {"httpRoute": {"enabled": True}}}),
    "gateway-envoy-gateway.yaml": (
        ("envoy-gateway.yaml",),
        {"gateway": {"envoyGateway": {"enabled": True}}},
    ),
    "gateway-istio.yaml": (("istio-envoyfilter.yaml",), {"gateway": {"istio": {"enabled": True}}}),
}

_ACTION = re.compile(r"\{\{(-?)\s*(.*?)\s*(-?)\}\}", re.DOTALL)


class TemplateError(Exception):
    pass


def _truthy(value: Any) -> bool:
    return value not in (None, False, 0, "") and not (
        isinstance(value, Mapping | list) and not value
    )


def _lookup(path: str, scope: Mapping[str, Any]) -> Any:
    if not path.startswith("."):
        raise TemplateError(f"unsupported operand {path!r}")
    value: Any = scope
    for part in path[1:].split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(part)
    return value


def _to_yaml(value: Any) -> str:
    return yaml.safe_dump(value, default_flow_style=False, sort_keys=True).rstrip("\n")


def _format(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, Mapping | list):
        raise TemplateError("print a map or list with toYaml or toJson")
    return str(value)


def _apply(name: str, args: list[str], value: Any, scope: Mapping[str, Any]) -> Any:
    if name == "toYaml":
        return _to_yaml(value)
    if name == "toJson":
        return json.dumps(value, separators=(",", ":"))
    if name == "quote":
        return json.dumps(_format(value))
    if name in ("nindent", "indent"):
        pad = " " * int(args[0])
        text = "\n".join(pad + line if line else line for line in _format(value).split("\n"))
        return "\n" + text if name == "nindent" else text
    if name == "not":
        return not _truthy(value)
    raise TemplateError(f"unsupported function {name!r}")


def _evaluate(expr: str, scope: Mapping[str, Any]) -> Any:
    value: Any = None
    for i, command in enumerate(part.split() for part in expr.split("|")):
        if not command:
            raise TemplateError(f"empty command in {expr!r}")
        head, *args = command
        if i == 0:
            if head.startswith("."):
                value = _lookup(head, scope)
            else:
                value = _apply(head, args[:-1], _lookup(args[-1], scope), scope)
        else:
            value = _apply(head, args, value, scope)
    return value


def render_template(text: str, scope: Mapping[str, Any]) -> str:
    """Render one template with the supported subset."""
    pieces: list[str | tuple[str, str]] = []
    pos = 0
    for match in _ACTION.finditer(text):
        literal = text[pos : match.start()]
        if match.group(1):
            literal = literal.rstrip(" \t\n")
        if pieces and isinstance(pieces[-1], tuple) and pieces[-1][1] == "trim":
            literal = literal.lstrip(" \t\n")
        pieces.append(literal)
        pieces.append((match.group(2), "trim" if match.group(3) else ""))
        pos = match.end()
    tail = text[pos:]
    if pieces and isinstance(pieces[-1], tuple) and pieces[-1][1] == "trim":
        tail = tail.lstrip(" \t\n")
    pieces.append(tail)

    out: list[str] = []
    stack: list[tuple[bool, bool]] = []  # (this branch active, some branch taken)

    def active() -> bool:
        return all(frame[0] for frame in stack)

    for piece in pieces:
        if isinstance(piece, str):
            if active():
                out.append(piece)
            continue
        action = piece[0]
        if action.startswith("/*"):
            continue
        keyword, _, rest = action.partition(" ")
        if keyword == "if":
            taken = active() and _truthy(_evaluate(rest, scope))
            stack.append((taken, taken))
        elif keyword == "else":
            if not stack:
                raise TemplateError("else without if")
            _, taken = stack.pop()
            stack.append((not taken, True))
        elif keyword == "end":
            if not stack:
                raise TemplateError("end without if")
            stack.pop()
        elif keyword in ("range", "with", "define", "template", "include", "block"):
            raise TemplateError(f"{keyword} is outside the supported subset")
        elif active():
            out.append(_format(_evaluate(action, scope)))
    if stack:
        raise TemplateError("if without end")
    return "".join(out)


def _merge(base: Any, override: Any) -> Any:
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            merged[key] = _merge(base.get(key), value)
        return merged
    return copy.deepcopy(override)


def chart_values(overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    values = yaml.safe_load((CHART / "values.yaml").read_text())
    return dict(_merge(values, dict(overrides or {})))


def render_chart(
    templates: tuple[str, ...] | None = None, overrides: Mapping[str, Any] | None = None
) -> str:
    """The named templates (default: all) rendered with the chart's values and overrides."""
    chart = yaml.safe_load((CHART / "Chart.yaml").read_text())
    scope = {
        "Values": chart_values(overrides),
        "Release": RELEASE,
        "Chart": {
            "Name": chart["name"],
            "Version": chart["version"],
            "AppVersion": chart["appVersion"],
        },
    }
    names = templates or tuple(sorted(p.name for p in (CHART / "templates").glob("*.yaml")))
    docs = []
    for name in names:
        rendered = render_template((CHART / "templates" / name).read_text(), scope).strip("\n")
        if rendered.strip():
            docs.append(f"# Source: kinference/templates/{name}\n{rendered}\n")
    header = (
        "# Rendered from charts/kinference by deploy/kubernetes/render.py; do not edit.\n"
        f"# Release {RELEASE['Name']!r} in namespace {RELEASE['Namespace']!r}.\n"
    )
    return header + "---\n".join(docs)


def rendered_outputs() -> dict[str, str]:
    return {name: render_chart(t, o) for name, (t, o) in OUTPUTS.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    stale = []
    for name, text in rendered_outputs().items():
        path = HERE / name
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            path.write_text(text)
    if stale:
        print(f"out of date (run {Path(__file__).name}): {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
