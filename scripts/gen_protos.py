"""Generate the Python code of ``protos/`` into ``src/kinference_epp/pickapi/``.

The generated modules are committed: installing the package needs no protoc step, and a change
to a ``.proto`` shows up as a reviewable diff of the code it makes. ``tests/unit/pickapi``
regenerates into a temporary folder and fails when the committed code is stale.

    python scripts/gen_protos.py            # write
    python scripts/gen_protos.py --check    # exit 1 when stale
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROTOS = ROOT / "protos"
OUT = ROOT / "src" / "kinference_epp" / "pickapi"
PROTO_PACKAGE = "kinference.v1"
PY_PACKAGE = "kinference_epp.pickapi.v1"
SUFFIXES = ("_pb2.py", "_pb2.pyi", "_pb2_grpc.py", "_pb2_grpc.pyi")


def _plugin(name: str) -> str:
    """mypy-protobuf's protoc plug-ins, beside this interpreter (a venv need not be on PATH)."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise RuntimeError(f"{name} not found: pip install mypy-protobuf")
    return found


def generate(out: Path) -> list[Path]:
    """Write the generated modules under ``out/v1``; returns their paths."""
    from grpc_tools import protoc

    sources = sorted(str(p.relative_to(PROTOS)) for p in PROTOS.rglob("*.proto"))
    with tempfile.TemporaryDirectory() as tmp:
        args = [
            "protoc",
            f"-I{PROTOS}",
            f"--plugin=protoc-gen-mypy={_plugin('protoc-gen-mypy')}",
            f"--plugin=protoc-gen-mypy_grpc={_plugin('protoc-gen-mypy_grpc')}",
            f"--python_out={tmp}",
            f"--grpc_python_out={tmp}",
            f"--mypy_out={tmp}",
            f"--mypy_grpc_out={tmp}",
            *sources,
        ]
        if protoc.main(args) != 0:
            raise RuntimeError("protoc failed")
        target = out / "v1"
        target.mkdir(parents=True, exist_ok=True)
        written = []
        for f in sorted((Path(tmp) / "kinference" / "v1").iterdir()):
            if not f.name.endswith(SUFFIXES):
                continue
            text = f.read_text("utf-8").replace(
                f"from {PROTO_PACKAGE} import", f"from {PY_PACKAGE} import"
            )
            text = text.replace(f"import {PROTO_PACKAGE}.", f"import {PY_PACKAGE}.")
            dest = target / f.name
            dest.write_text(text, "utf-8")
            written.append(dest)
        init = target / "__init__.py"
        init.write_text('"""Generated from protos/kinference/v1 by scripts/gen_protos.py."""\n')
        return [init, *written]


def stale(out: Path = OUT) -> list[str]:
    """Names of the committed modules that differ from freshly generated ones."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = generate(Path(tmp))
        return [
            p.name
            for p in fresh
            if not (out / "v1" / p.name).exists()
            or not filecmp.cmp(p, out / "v1" / p.name, shallow=False)
        ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.check:
        names = stale()
        for name in names:
            print(f"stale: src/kinference_epp/pickapi/v1/{name}", file=sys.stderr)
        return 1 if names else 0
    for path in generate(OUT):
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
