"""Render charts/kinference with Helm's own template engine: the plain manifests in
deploy/kubernetes/, for installs without Helm.

``helm-python-sdk`` wraps Helm's Go library, so no helm binary is needed and the output is
exactly what ``helm template kinference charts/kinference -n default`` gives.

    python deploy/kubernetes/render.py           # rewrite the rendered manifests
    python deploy/kubernetes/render.py --check   # exit 1 if they differ from the chart

The tests import :func:`render_chart` and :data:`OUTPUTS` to check the committed files.
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import helm_python as helm
import yaml

ROOT = Path(__file__).resolve().parents[2]
CHART = ROOT / "charts" / "kinference"
HERE = Path(__file__).resolve().parent
RELEASE = {"Name": "kinference", "Namespace": "default"}

OUTPUTS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    # file: (templates, value overrides)
    "kinference.yaml": (
        (
            "crds.yaml",
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
    "gateway-istio.yaml": (
        ("istio-destinationrule.yaml",),
        {
            "gateway": {"istio": {"destinationRule": True}},
            "config": {"server": {"tls": {"enabled": True}}},
        },
    ),
    "gateway-istio-envoyfilter.yaml": (
        ("istio-envoyfilter.yaml",),
        {"gateway": {"istio": {"envoyFilter": True}}},
    ),
    "gateway-envoygateway-usage.yaml": (
        ("envoygateway-accesslog.yaml",),
        {"gateway": {"envoyGateway": {"accessLog": {"enabled": True}}}},
    ),
    "gateway-istio-usage.yaml": (
        ("istio-telemetry.yaml",),
        {"gateway": {"istio": {"accessLog": {"enabled": True}}}},
    ),
}


def _merge(base: Any, override: Any) -> Any:
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            merged[key] = _merge(base.get(key), value)
        return merged
    return copy.deepcopy(override)


def chart_values(overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The chart's values.yaml with ``overrides`` merged in, as Helm merges them."""
    values = yaml.safe_load((CHART / "values.yaml").read_text())
    return dict(_merge(values, dict(overrides or {})))


def render_files(overrides: Mapping[str, Any] | None = None) -> dict[str, str]:
    """Template name → Helm's output, for the release ``kinference`` in ``default``."""
    with helm.Chart.load(str(CHART)) as chart:
        rendered = chart.render(
            dict(overrides or {}), name=RELEASE["Name"], namespace=RELEASE["Namespace"]
        )
    return {path.rsplit("/", 1)[-1]: text for path, text in rendered.items()}


def render_chart(
    templates: tuple[str, ...] | None = None, overrides: Mapping[str, Any] | None = None
) -> str:
    """The named templates (default: all) rendered with the chart's values and overrides."""
    files = render_files(overrides)
    names = templates or tuple(sorted(files))
    docs = []
    for name in names:
        rendered = files.get(name, "").strip("\n")
        if rendered.strip():
            docs.append(f"# Source: kinference/templates/{name}\n{rendered.lstrip('-').strip()}\n")
    header = (
        "# Rendered from charts/kinference by deploy/kubernetes/render.py (Helm's own\n"
        "# renderer); do not edit.\n"
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
