"""YAML documents with their nodes, so that every problem can name the line it is about.

PyYAML's safe loader, driven document by document: each document's node tree is kept beside
its value, :func:`line_of` walks a pydantic error location (or a check's) down that tree to a
line, and :func:`duplicate_keys` reports what PyYAML would keep silently (the last of two equal
keys). No YAML, pydantic or Python error escapes as a traceback: each becomes a
:class:`~kinference_epp.resources.problems.Problem`.
"""

from __future__ import annotations

from typing import Any

import yaml
from pydantic import ValidationError

from kinference_epp.resources.problems import Problem, Severity

Loc = tuple[int | str, ...]


def dotted(loc: Loc) -> str:
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
        problems.append(Problem(source, line_of(node, loc), message, Severity.ERROR, dotted(loc)))
    return problems
