"""The package layering: which room of ``kinference_epp`` may import which.

A room is a subpackage or a top-level module of ``kinference_epp``. ``LAYERS`` lists the rooms
bottom to top, each with the rooms it may import; every room a row names sits lower in the
list, so the table cannot declare a cycle, and a room that is not in the table fails until it
is given its place. Every import counts: module level, inside functions and under
``TYPE_CHECKING``. Modules never import each other in a cycle at run time; ``from P import x``
reads ``P``'s ``__init__``, so a module that does it while that ``__init__`` imports the module
back (a re-exporting package imported by its own modules) is such a cycle, and so is
``from P.m import x`` from outside ``P`` when ``P``'s ``__init__`` imports the importer back
(the ``__init__`` runs before ``m``). ``LIBRARIES`` keeps
the I/O boundaries in their rooms: gRPC and Envoy's types in the Envoy-facing code, the
Kubernetes client in ``k8s``, numba behind ``jit``.

Each failure names the file, the line and the import that broke the rule.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = "kinference_epp"
SRC = Path(__file__).resolve().parents[2] / "src"

ANY_BELOW = ("*",)
"""A composition room (the app, the demo, the benchmark, the commands): any room below it."""

EDGE_PROTOCOL = ("api", "errors", "pipeline", "pool")
"""``edge`` is only the Envoy protocol: it drives the pipeline and renders what it returns (error
bodies from ``api``, endpoint keys from ``pool``); every decision lives in ``pipeline``."""

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (PACKAGE, ()),  # the package's own __init__: its version
    ("errors", ()),
    ("jit", ()),
    ("signals", ()),
    ("periodic", ()),
    ("redis_lua", ()),  # the start of every Lua script run in Redis (limits, fair share)
    ("api", ("errors",)),
    ("gateway", ("api", "errors")),
    ("config", ("periodic",)),
    # what every CRD-backed kind shares: its loader, file reloads, CRD, status models
    ("resources", ("config",)),
    ("telemetry", (PACKAGE,)),
    ("tokenize", ("api", "config", "errors")),
    ("pool", ("config", "errors")),
    ("kvcache", ("config", "errors", "jit", "pool")),
    ("policy", ("api", "config", "errors", "jit", "resources")),
    (
        "tenancy",
        ("api", "config", "errors", "periodic", "policy", "redis_lua", "resources", "telemetry"),
    ),
    ("scheduling", ("api", "config", "errors", "jit", "kvcache", "pool")),
    ("k8s", ("config", "errors", "policy", "pool", "resources", "tenancy")),
    ("fairness", ("config", "errors", "pool", "redis_lua", "scheduling", "telemetry")),
    ("sim", ("api", "errors", "signals", "tokenize")),
    (
        "pipeline",
        (
            "api",
            "config",
            "errors",
            "fairness",
            "kvcache",
            "periodic",
            "policy",
            "pool",
            "scheduling",
            "telemetry",
            "tenancy",
            "tokenize",
        ),
    ),
    ("edge", EDGE_PROTOCOL),
    # the Picker gRPC API (protos/): a second caller of the pipeline, beside ext_proc; it
    # reuses the edge's waiting and off-loop work, and Explain shows the scheduler's learned
    # endpoint speeds
    ("pickapi", (*EDGE_PROTOCOL, "edge", "kvcache", "policy", "scheduling")),
    ("app", ANY_BELOW),
    ("demo", ANY_BELOW),
    ("bench", ANY_BELOW),
    ("cli", ANY_BELOW),
)

LIBRARIES: Mapping[str, tuple[str, ...]] = {
    "grpc": ("edge", "pickapi", "app", "cli"),  # cli: `kinfctl pick` is a gRPC client
    "grpc_health": ("edge", "app"),
    "envoy": ("edge", "app", "demo", "gateway"),
    "xds": ("edge", "app", "demo"),
    "google.protobuf": ("edge", "pickapi", "app", "demo"),
    "kubernetes_asyncio": ("k8s",),
    "numba": ("jit",),
    "redis": ("tenancy",),
}
"""Third-party modules that mark a boundary, and the rooms allowed to import them."""


@dataclass(frozen=True)
class Import:
    """One imported module, where the import statement is, and whether it ever runs."""

    source: str
    target: str
    path: Path
    line: int
    type_only: bool

    def where(self) -> str:
        return f"{self.path}:{self.line}: {self.source} imports {self.target}"


def module_name(path: Path, src: Path) -> str:
    parts = path.relative_to(src).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def room_of(module: str, package: str = PACKAGE) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else package


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement anywhere in ``tree``, with whether it sits under TYPE_CHECKING."""

    def walk(node: ast.AST, type_only: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, type_only
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                yield from walk(child, True)
            for child in node.orelse:
                yield from walk(child, type_only)
            return
        for child in ast.iter_child_nodes(node):
            yield from walk(child, type_only)

    return walk(tree, False)


def _entered(module: str, source: str, packages: set[str]) -> list[str]:
    """The packages whose ``__init__`` importing ``module`` runs first, from outside them:
    importing ``P.m`` from a module outside ``P`` runs ``P``'s ``__init__`` before ``m``, so a
    ``P`` that imports the importer back is a cycle (inside ``P``, ``P`` is already loading)."""
    parts = module.split(".")
    parents = [".".join(parts[:i]) for i in range(2, len(parts))]
    return [p for p in parents if p in packages and not source.startswith(p + ".")]


def scan(src: Path = SRC, package: str = PACKAGE) -> tuple[set[str], list[Import]]:
    """The package's modules and every import one of them makes (third-party ones included)."""
    paths = sorted((src / package).rglob("*.py"))
    modules = {module_name(p, src): p for p in paths}
    packages = {module_name(p, src) for p in paths if p.name == "__init__.py"}
    imports: list[Import] = []
    for source, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node, type_only in _statements(tree):
            shown = path.relative_to(src.parent)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    imports.append(Import(source, alias.name, shown, node.lineno, type_only))
                continue
            base = node.module or ""
            if node.level:
                anchor = source.split(".") if source in packages else source.split(".")[:-1]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            # ``from base import x`` reads base's namespace (its __init__) and, for a submodule x,
            # imports x too: both are dependencies.
            submodules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
            for target in [*_entered(base, source, packages), base, *submodules]:
                imports.append(Import(source, target, shown, node.lineno, type_only))
    return set(modules), imports


def _internal(imports: Sequence[Import], package: str) -> list[Import]:
    return [i for i in imports if i.target == package or i.target.startswith(package + ".")]


def layering_violations(
    imports: Sequence[Import],
    layers: Sequence[tuple[str, tuple[str, ...]]] = LAYERS,
    package: str = PACKAGE,
) -> list[str]:
    """Imports of a room its row does not allow, one line each."""
    rank = {room: i for i, (room, _) in enumerate(layers)}
    allowed = {room: set(deps) for room, deps in layers}
    problems = []
    for imp in _internal(imports, package):
        source, target = room_of(imp.source, package), room_of(imp.target, package)
        if source == target:
            continue
        if source not in rank or target not in rank:
            continue  # reported by undeclared_rooms
        ok = target in allowed[source] or (
            allowed[source] == set(ANY_BELOW) and rank[target] < rank[source]
        )
        if not ok:
            kind = "upward import" if rank[target] > rank[source] else "not in its row of LAYERS"
            problems.append(
                f"{imp.where()}: {kind}; {source} may import only {_describe(allowed[source])}"
            )
    return problems


def _describe(allowed: set[str]) -> str:
    if allowed == set(ANY_BELOW):
        return "rooms below it"
    return ", ".join(sorted(allowed)) or "nothing of the package"


def runtime_cycles(imports: Sequence[Import], package: str = PACKAGE) -> list[str]:
    """Cycles between modules among the imports that run (``TYPE_CHECKING`` ones never do)."""
    edges: dict[str, dict[str, Import]] = {}
    for imp in _internal(imports, package):
        if not imp.type_only and imp.target != imp.source:
            edges.setdefault(imp.source, {}).setdefault(imp.target, imp)
    problems = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(edges.get(module, {})):
            if state.get(target) == 1:
                cycle = path[path.index(target) :]
                steps = [edges[a][b] for a, b in zip(cycle, [*cycle[1:], target], strict=True)]
                problems.append("cycle:\n  " + "\n  ".join(s.where() for s in steps))
            elif target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module)
    return problems


def library_violations(
    imports: Sequence[Import],
    libraries: Mapping[str, tuple[str, ...]] = LIBRARIES,
    package: str = PACKAGE,
) -> list[str]:
    problems = []
    for imp in imports:
        for library, rooms in libraries.items():
            if imp.target == library or imp.target.startswith(library + "."):
                room = room_of(imp.source, package)
                if room not in rooms:
                    problems.append(
                        f"{imp.where()}: {library} belongs to {', '.join(rooms)}, not {room}"
                    )
    return problems


def undeclared_rooms(
    modules: set[str],
    layers: Sequence[tuple[str, tuple[str, ...]]] = LAYERS,
    package: str = PACKAGE,
) -> list[str]:
    declared = {room for room, _ in layers}
    return sorted({room_of(m, package) for m in modules} - declared)


def _report(problems: Sequence[str]) -> str:
    return "\n".join(problems)


@pytest.fixture(scope="module")
def scanned() -> tuple[set[str], list[Import]]:
    return scan()


def test_the_table_is_ordered_bottom_to_top() -> None:
    seen: set[str] = set()
    for room, deps in LAYERS:
        if deps != ANY_BELOW:
            above = [d for d in deps if d not in seen]
            assert not above, f"{room} may import {above}, which are not below it in LAYERS"
        assert room not in seen, f"{room} is listed twice"
        seen.add(room)
    for library, rooms in LIBRARIES.items():
        assert set(rooms) <= seen, f"{library} is given to undeclared rooms"


def test_every_room_has_a_place(scanned: tuple[set[str], list[Import]]) -> None:
    modules, _ = scanned
    assert len(modules) > 50, "the scan found too few modules: wrong source folder"
    assert undeclared_rooms(modules) == [], "rooms missing from LAYERS"


def test_rooms_import_only_rooms_below_them(scanned: tuple[set[str], list[Import]]) -> None:
    _, imports = scanned
    problems = layering_violations(imports)
    assert not problems, _report(problems)


def test_no_import_cycles_between_modules(scanned: tuple[set[str], list[Import]]) -> None:
    _, imports = scanned
    problems = runtime_cycles(imports)
    assert not problems, _report(problems)


def test_io_libraries_stay_in_their_rooms(scanned: tuple[set[str], list[Import]]) -> None:
    _, imports = scanned
    problems = library_violations(imports)
    assert not problems, _report(problems)


def _write(root: Path, files: Mapping[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_checks_name_the_import_that_breaks_them(tmp_path: Path) -> None:
    """A small package with one of each fault: every check finds its own, and only it."""
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/low/__init__.py": "from pkg.low.a import A\n",
            "pkg/low/a.py": "from pkg.low import b\nA = 1\n",
            "pkg/low/b.py": "def f():\n    from pkg.high import c\n    import grpc\n",
            "pkg/high/__init__.py": "",
            "pkg/high/c.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from pkg.high.d import D\n"
            ),
            "pkg/high/d.py": "from pkg.high import c\nD = 1\n",
            "pkg/new.py": "",
        },
    )
    layers = (("pkg", ()), ("low", ()), ("high", ("low",)))
    modules, imports = scan(tmp_path, "pkg")

    upward = layering_violations(imports, layers, "pkg")
    assert len(upward) == 2, upward  # the package and the module named in the import
    assert "pkg/low/b.py:2: pkg.low.b imports pkg.high: upward import" in upward[0]
    assert "pkg/low/b.py:2: pkg.low.b imports pkg.high.c: upward import" in upward[1]

    cycles = runtime_cycles(imports, "pkg")
    assert len(cycles) == 1, cycles  # c <-> d is TYPE_CHECKING only
    steps = [line.strip() for line in cycles[0].splitlines()[1:]]
    assert steps == [
        f"{tmp_path.name}/pkg/low/__init__.py:1: pkg.low imports pkg.low.a",
        f"{tmp_path.name}/pkg/low/a.py:1: pkg.low.a imports pkg.low",
    ]

    libraries = library_violations(imports, {"grpc": ("high",)}, "pkg")
    assert libraries == [
        f"{tmp_path.name}/pkg/low/b.py:3: pkg.low.b imports grpc: grpc belongs to high, not low"
    ]

    assert undeclared_rooms(modules, layers, "pkg") == ["new"]


def test_a_cycle_through_a_package_init_is_found(tmp_path: Path) -> None:
    """``from pkg.sub.b import B`` runs ``pkg.sub``'s ``__init__`` first: when that imports the
    importer back, importing the importer first fails, whichever module ``B`` is in."""
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.sub.b import B\nA = 1\n",
            "pkg/sub/__init__.py": "from pkg.a import A\n",
            "pkg/sub/b.py": "B = 1\n",
            "pkg/sub/c.py": "from pkg.sub.b import B\n",  # inside pkg.sub: no cycle
        },
    )
    _, imports = scan(tmp_path, "pkg")
    cycles = runtime_cycles(imports, "pkg")
    assert len(cycles) == 1, cycles
    steps = [line.strip() for line in cycles[0].splitlines()[1:]]
    assert steps == [
        f"{tmp_path.name}/pkg/a.py:1: pkg.a imports pkg.sub",
        f"{tmp_path.name}/pkg/sub/__init__.py:1: pkg.sub imports pkg.a",
    ]
