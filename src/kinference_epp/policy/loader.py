"""Policies from YAML (one or many documents per file) or Kubernetes objects, with precise errors.

Every problem is a :class:`Problem` that prints as ``file:line: error: field: message``; the
loader never lets a YAML, pydantic or Python error escape as a traceback. It keeps each
document's YAML node so that the semantic checks (``policy.checks``) can point at the line
of the rule or field they are about, as the pydantic errors do.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from kinference_epp.config.mounted import yaml_files
from kinference_epp.policy.model import API_VERSION, KIND, InferencePolicy

Loc = tuple[int | str, ...]

CASES_SUFFIX = ".cases.yaml"
"""Request cases (``kinfctl test``) that may sit beside the policies they try; never loaded
as policies or tenants."""

OTHER_KINDS = frozenset({"InferenceTenant"})
"""Kinds of the same API group that policy files and directories may hold beside policies;
their own loader reads them (``tenancy.loader``)."""


class Severity(enum.StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    source: str
    line: int | None
    message: str
    severity: Severity = Severity.ERROR
    field: str = ""

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}" if self.line is not None else self.source
        what = f"{self.field}: {self.message}" if self.field else self.message
        return f"{where}: {self.severity.value}: {what}"

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.source,
            "line": self.line,
            "severity": self.severity.value,
            "field": self.field,
            "message": self.message,
        }


class PolicyError(Exception):
    """Policies that cannot be used; ``problems`` says where and why."""

    def __init__(self, problems: Sequence[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = list(problems)


def errors(problems: Iterable[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity is Severity.ERROR]


@dataclass(frozen=True, slots=True)
class LoadedPolicy:
    """A validated policy and where it came from (``node`` is None for API objects)."""

    policy: InferencePolicy
    source: str
    node: yaml.Node | None = None

    def line(self, loc: Loc) -> int | None:
        return line_of(self.node, loc)

    def problem(self, loc: Loc, message: str, severity: Severity = Severity.ERROR) -> Problem:
        return Problem(self.source, self.line(loc), message, severity, _dotted(loc))


def _dotted(loc: Loc) -> str:
    return ".".join(str(p) for p in loc)


def line_of(node: yaml.Node | None, loc: Loc) -> int | None:
    """The 1-based line of the node at ``loc`` (or of its closest existing ancestor)."""
    line = node.start_mark.line + 1 if node is not None else None
    for part in loc:
        at: yaml.Node | None = None
        nxt: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            # A mapping step points at its key: for `provider:` followed by a block, the
            # value starts a line later, but the key is what the reader looks for.
            at, nxt = next(((k, v) for k, v in node.value if getattr(k, "value", None) == part),
                           (None, None))  # fmt: skip
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            at = nxt = node.value[part] if 0 <= part < len(node.value) else None
        if nxt is None or at is None:
            break
        node = nxt
        line = at.start_mark.line + 1
    return line


def duplicate_keys(node: yaml.Node, source: str, depth: int = 0) -> list[Problem]:
    """PyYAML keeps the last of two equal keys silently; a policy typo deserves an error."""
    problems: list[Problem] = []
    if depth > 64:
        return problems
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key, value in node.value:
            name = getattr(key, "value", None)
            if isinstance(name, str):
                line = key.start_mark.line + 1
                if name in seen and name != "<<":
                    problems.append(
                        Problem(
                            source, line, f"duplicate key {name!r} (first at line {seen[name]})"
                        )
                    )
                seen.setdefault(name, line)
            problems.extend(duplicate_keys(value, source, depth + 1))
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            problems.extend(duplicate_keys(item, source, depth + 1))
    return problems


def documents(text: str, source: str) -> tuple[list[tuple[yaml.Node, Any]], list[Problem]]:
    """Every YAML document with its node (for lines), or the syntax error as a Problem."""
    docs: list[tuple[yaml.Node, Any]] = []
    loader: yaml.SafeLoader | None = None
    try:
        loader = yaml.SafeLoader(text)  # the reader rejects control characters right here
        while loader.check_node():
            node = loader.get_node()
            if node is None:
                continue
            docs.append((node, loader.construct_document(node)))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return [], [Problem(source, line, f"invalid YAML: {problem}")]
    except (RecursionError, ValueError, TypeError, OverflowError) as exc:
        return [], [Problem(source, None, f"invalid YAML: {type(exc).__name__}: {exc}")]
    finally:
        if loader is not None:
            loader.dispose()
    return docs, []


def validation_problems(exc: ValidationError, node: yaml.Node | None, source: str) -> list[Problem]:
    problems = []
    for err in exc.errors(include_url=False):
        loc = tuple(err["loc"])
        message = err["msg"].removeprefix("Value error, ")
        problems.append(Problem(source, line_of(node, loc), message, Severity.ERROR, _dotted(loc)))
    return problems


def validate_object(
    data: Any, source: str, node: yaml.Node | None = None
) -> LoadedPolicy | list[Problem]:
    """One decoded document or API object as a policy, or its problems."""
    if not isinstance(data, Mapping):
        line = node.start_mark.line + 1 if node is not None else None
        return [Problem(source, line, f"expected an {KIND} object, got {type(data).__name__}")]
    if data.get("kind") != KIND or data.get("apiVersion") != API_VERSION:
        loc: Loc = ("kind",) if data.get("kind") != KIND else ("apiVersion",)
        return [
            Problem(
                source,
                line_of(node, loc),
                f"expected apiVersion {API_VERSION}, kind {KIND}; got "
                f"{data.get('apiVersion')!r}, {data.get('kind')!r}",
            )
        ]
    try:
        policy = InferencePolicy.model_validate(data)
    except ValidationError as exc:
        return validation_problems(exc, node, source)
    except (RecursionError, ValueError, TypeError) as exc:
        return [Problem(source, None, f"cannot validate: {type(exc).__name__}: {exc}")]
    return LoadedPolicy(policy, source, node)


def parse_policies(text: str, source: str = "<string>") -> tuple[list[LoadedPolicy], list[Problem]]:
    """Every document of a YAML text; empty documents are skipped."""
    docs, problems = documents(text, source)
    loaded: list[LoadedPolicy] = []
    for node, data in docs:
        if data is None or (isinstance(data, Mapping) and data.get("kind") in OTHER_KINDS):
            continue
        problems.extend(duplicate_keys(node, source))
        result = validate_object(data, source, node)
        if isinstance(result, LoadedPolicy):
            loaded.append(result)
        else:
            problems.extend(result)
    return loaded, problems


def load_files(paths: Iterable[str | Path]) -> tuple[list[LoadedPolicy], list[Problem]]:
    loaded: list[LoadedPolicy] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            problems.append(Problem(str(path), None, f"cannot read: {reason}"))
            continue
        got, found = parse_policies(text, str(path))
        loaded.extend(got)
        problems.extend(found)
    return loaded, problems


def source_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[Problem]]:
    """The files behind policy and tenant paths (files or directories, kubelet mounts
    included: ``config.mounted``), case files left out; a directory without YAML files is a
    warning. ``serve``, ``kinfctl validate`` and ``kinfctl check-config`` all read through
    this, so they agree on what a directory holds."""
    found = yaml_files(paths, skip=lambda name: name.endswith(CASES_SUFFIX))
    problems = [
        Problem(str(d), None, "no *.yaml or *.yml files in this directory", Severity.WARNING)
        for d in found.empty_dirs
    ]
    return found.files, problems


def load_paths(paths: Iterable[str | Path]) -> tuple[list[LoadedPolicy], list[Problem], list[Path]]:
    """The policies of files and directories (see :func:`source_files`), their problems and
    the files read."""
    files, problems = source_files(paths)
    loaded, found = load_files(files)
    return loaded, problems + found, files


def load_objects(objects: Iterable[Mapping[str, Any]]) -> tuple[list[LoadedPolicy], list[Problem]]:
    """Policies as the Kubernetes API returns them (the source is ``namespace/name``)."""
    loaded: list[LoadedPolicy] = []
    problems: list[Problem] = []
    for obj in objects:
        meta = obj.get("metadata") if isinstance(obj, Mapping) else None
        meta = meta if isinstance(meta, Mapping) else {}
        source = f"{meta.get('namespace', 'default')}/{meta.get('name', '?')}"
        result = validate_object(obj, source)
        if isinstance(result, LoadedPolicy):
            loaded.append(result)
        else:
            problems.extend(result)
    return loaded, problems
