"""One kind of resource, and its loader: YAML files (one or many documents each) or Kubernetes
objects in, validated objects and ``file:line`` problems out.

A file or directory may hold several kinds side by side (policies and tenants): each kind's
loader reads the documents that are its own (``reads``) and leaves the others to theirs.
Every command reads paths through :func:`source_files`, so ``serve``, ``kinfctl validate``
and ``kinfctl check-config`` agree on what a directory holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from kinference_epp.config.mounted import yaml_files
from kinference_epp.resources.documents import (
    Loc,
    documents,
    duplicate_keys,
    line_of,
    validation_problems,
)
from kinference_epp.resources.problems import Problem, Severity

M = TypeVar("M", bound=BaseModel)
L = TypeVar("L")

CASES_SUFFIX = ".cases.yaml"
"""Request cases (``kinfctl test``) that may sit beside the policies they try; never loaded
as policies or tenants."""


def source_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[Problem]]:
    """The files behind resource paths (files or directories, kubelet mounts included:
    ``config.mounted``), case files left out; a directory without YAML files is a warning."""
    found = yaml_files(paths, skip=lambda name: name.endswith(CASES_SUFFIX))
    problems = [
        Problem(str(d), None, "no *.yaml or *.yml files in this directory", Severity.WARNING)
        for d in found.empty_dirs
    ]
    return found.files, problems


def _no_notes(_: object) -> list[Problem]:
    return []


@dataclass(frozen=True, slots=True)
class ResourceKind(Generic[M, L]):
    """A kind (``apiVersion`` + ``kind``), its pydantic model and how a loaded one is held.

    ``loaded(model, source, node)`` wraps a validated object with where it came from.
    ``reads(document)``: whether a decoded document of a file is this kind's (the others are
    skipped, for their own loaders; what neither skips is an error of the one that reads it).
    ``notes(loaded)``: problems a file's object adds beyond validation (warnings).
    """

    kind: str
    api_version: str
    model: type[M]
    loaded: Callable[[M, str, yaml.Node | None], L]
    reads: Callable[[Any], bool]
    notes: Callable[[L], list[Problem]] = _no_notes

    def validate(self, data: Any, source: str, node: yaml.Node | None = None) -> L | list[Problem]:
        """One decoded document or API object as this kind, or its problems."""
        if not isinstance(data, Mapping):
            line = node.start_mark.line + 1 if node is not None else None
            return [
                Problem(source, line, f"expected an {self.kind} object, got {type(data).__name__}")
            ]
        if data.get("kind") != self.kind or data.get("apiVersion") != self.api_version:
            loc: Loc = ("kind",) if data.get("kind") != self.kind else ("apiVersion",)
            return [
                Problem(
                    source,
                    line_of(node, loc),
                    f"expected apiVersion {self.api_version}, kind {self.kind}; got "
                    f"{data.get('apiVersion')!r}, {data.get('kind')!r}",
                )
            ]
        try:
            obj = self.model.model_validate(data)
        except ValidationError as exc:
            return validation_problems(exc, node, source)
        except (RecursionError, ValueError, TypeError) as exc:
            return [Problem(source, None, f"cannot validate: {type(exc).__name__}: {exc}")]
        return self.loaded(obj, source, node)

    def parse(self, text: str, source: str = "<string>") -> tuple[list[L], list[Problem]]:
        """The documents of a YAML text that are this kind's (see ``reads``)."""
        docs, problems = documents(text, source)
        loaded: list[L] = []
        for node, data in docs:
            if not self.reads(data):
                continue
            problems.extend(duplicate_keys(node, source))
            result = self.validate(data, source, node)
            if isinstance(result, list):
                problems.extend(result)
            else:
                loaded.append(result)
                problems.extend(self.notes(result))
        return loaded, problems

    def load_files(self, paths: Iterable[str | Path]) -> tuple[list[L], list[Problem]]:
        loaded: list[L] = []
        problems: list[Problem] = []
        for path in paths:
            try:
                text = Path(path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                reason = getattr(exc, "strerror", None) or str(exc)
                problems.append(Problem(str(path), None, f"cannot read: {reason}"))
                continue
            got, found = self.parse(text, str(path))
            loaded.extend(got)
            problems.extend(found)
        return loaded, problems

    def load_paths(self, paths: Iterable[str | Path]) -> tuple[list[L], list[Problem], list[Path]]:
        """The objects of files and directories (see :func:`source_files`), their problems and
        the files read."""
        files, problems = source_files(paths)
        loaded, found = self.load_files(files)
        return loaded, problems + found, files

    def load_objects(self, objects: Iterable[Mapping[str, Any]]) -> tuple[list[L], list[Problem]]:
        """Objects as the Kubernetes API returns them (the source is ``namespace/name``)."""
        loaded: list[L] = []
        problems: list[Problem] = []
        for obj in objects:
            meta = obj.get("metadata") if isinstance(obj, Mapping) else None
            meta = meta if isinstance(meta, Mapping) else {}
            result = self.validate(
                obj, f"{meta.get('namespace', 'default')}/{meta.get('name', '?')}"
            )
            if isinstance(result, list):
                problems.extend(result)
            else:
                loaded.append(result)
        return loaded, problems
