"""The lifecycle every CRD-backed kind shares, on a kind of its own (a widget): which documents
a kind reads, what it reports and where, files reloaded through ``apply``, and a CRD built
around the kind's spec."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Literal

import yaml

from kinference_epp.resources.crd import (
    ACCEPTED_COLUMN,
    Crd,
    structural_problems,
    structural_schema,
)
from kinference_epp.resources.files import ResourceFiles
from kinference_epp.resources.kind import ResourceKind
from kinference_epp.resources.model import API_VERSION, ObjectMeta, Spec
from kinference_epp.resources.problems import Problem, Severity, errors


class WidgetSpec(Spec):
    size: int
    color: str | None = None


class Widget(Spec):
    api_version: Literal["kinference.io/v1alpha1"]
    kind: Literal["Widget"]
    metadata: ObjectMeta
    spec: WidgetSpec


@dataclass(frozen=True)
class LoadedWidget:
    widget: Widget
    source: str
    node: yaml.Node | None = None


def is_widget(data: Any) -> bool:
    return isinstance(data, dict) and data.get("kind") == "Widget"


def uncolored(lw: LoadedWidget) -> list[Problem]:
    if lw.widget.spec.color is not None:
        return []
    return [Problem(lw.source, None, "no color", Severity.WARNING, "spec.color")]


WIDGETS = ResourceKind(
    "Widget", API_VERSION, Widget, LoadedWidget, reads=is_widget, notes=uncolored
)

TEXT = """
apiVersion: kinference.io/v1alpha1
kind: Widget
metadata: {name: a}
spec: {size: 1, color: red}
---
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {name: p}
spec: {}
---
apiVersion: kinference.io/v1alpha1
kind: Widget
metadata: {name: b}
spec: {size: 2}
"""


def test_a_kind_reads_its_documents_and_leaves_the_others() -> None:
    loaded, problems = WIDGETS.parse(TEXT, "w.yaml")
    assert [lw.widget.metadata.name for lw in loaded] == ["a", "b"]
    assert [str(p) for p in problems] == ["w.yaml: warning: spec.color: no color"]


def test_problems_name_the_line_of_the_field() -> None:
    text = """apiVersion: kinference.io/v1alpha1
kind: Widget
metadata: {name: a}
spec:
  size: 1
  size: 3
---
apiVersion: kinference.io/v1alpha1
kind: Widget
metadata: {name: b}
spec:
  size: two
"""
    _, problems = WIDGETS.parse(text, "w.yaml")
    found = {(p.line, p.field, p.message.split(" (")[0]) for p in errors(problems)}
    assert (6, "", "duplicate key 'size'") in found
    assert any(line == 12 and field == "spec.size" for line, field, _ in found)


def test_a_wrong_api_version_is_refused_with_what_was_expected() -> None:
    found = WIDGETS.validate(
        {"apiVersion": "v9", "kind": "Widget", "metadata": {"name": "a"}, "spec": {"size": 1}},
        "ns/a",
    )
    assert isinstance(found, list)
    assert "expected apiVersion kinference.io/v1alpha1, kind Widget; got 'v9'" in found[0].message


def test_api_objects_are_named_by_namespace_and_name() -> None:
    obj = {"apiVersion": API_VERSION, "kind": "Widget", "metadata": {"name": "a", "namespace": "x"}}
    loaded, problems = WIDGETS.load_objects([{**obj, "spec": {"size": 1}}, obj])
    assert [lw.source for lw in loaded] == ["x/a"]
    assert [p.source for p in problems] == ["x/a"]  # the second has no spec


def test_paths_read_directories_and_say_which_files(tmp_path: Path) -> None:
    (tmp_path / "w.yaml").write_text(TEXT)
    (tmp_path / "w.cases.yaml").write_text("cases: []\n")  # never read as objects
    (tmp_path / "empty").mkdir()
    loaded, problems, files = WIDGETS.load_paths([tmp_path, tmp_path / "empty"])
    assert files == [tmp_path / "w.yaml"]
    assert len(loaded) == 2
    assert any("no *.yaml" in p.message for p in problems)


def test_files_go_through_apply_and_a_refused_set_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "w.yaml"
    path.write_text(TEXT)
    applied: list[list[str]] = []
    rejected: list[list[Problem]] = []

    def apply(loaded: list[LoadedWidget], problems: list[Problem]) -> list[Problem]:
        if not errors(problems):
            applied.append([lw.widget.metadata.name for lw in loaded])
        return problems

    files = ResourceFiles(
        WIDGETS, [str(path)], apply, what="widget files", on_rejected=rejected.append
    )
    assert not errors(files.load())
    path.write_text(TEXT.replace("size: 2", "size: two"))
    assert errors(files.load())
    assert applied == [["a", "b"]]
    assert len(rejected) == 1


def test_the_crd_wraps_the_kind_spec_in_the_shared_manifest() -> None:
    crd = Crd(
        kind="Widget",
        plural="widgets",
        singular="widget",
        short_name="wd",
        description="A widget.",
        spec=partial(structural_schema, WidgetSpec),
        columns=(ACCEPTED_COLUMN,),
        source="tests",
    )
    manifest = crd.manifest()
    assert manifest["metadata"]["name"] == "widgets.kinference.io" == crd.filename[:-5]
    version = manifest["spec"]["versions"][0]
    assert [c["name"] for c in version["additionalPrinterColumns"]] == ["Accepted", "Age"]
    schema = crd.openapi_schema()
    assert schema["properties"]["spec"]["required"] == ["size"]
    assert "ancestors" in schema["properties"]["status"]["properties"]
    assert structural_problems(schema) == []
    assert crd.to_yaml().startswith("# Generated by `kinfctl crds` from tests; do not edit.\n")
