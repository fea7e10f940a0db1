"""The console scripts as a user runs them: real processes, real signals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from served import serving, static_config

pytestmark = pytest.mark.integration

BIN = Path(sys.executable).parent
EXAMPLE = Path(__file__).parents[2] / "deploy" / "examples" / "static-config.yaml"


def test_check_config_accepts_the_example() -> None:
    out = subprocess.run(
        [BIN / "kinfctl", "check-config", EXAMPLE], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    assert "ok (2 endpoints" in out.stdout


def test_check_config_reports_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "pool:\n  endpoints:\n    - address: 10.0.0.1\n      models: [m]\n"
        "scheduler:\n  scorers: [{type: nope}]\n"
    )
    out = subprocess.run(
        [BIN / "kinfctl", "check-config", bad], capture_output=True, text=True, check=False
    )
    assert out.returncode == 1
    assert f"{bad}:3: pool.endpoints.0.address" in out.stderr
    assert "Traceback" not in out.stderr


def test_check_config_rejects_unknown_plugin(tmp_path: Path) -> None:
    bad = tmp_path / "plugin.yaml"
    bad.write_text("scheduler:\n  router: weighted\n  scorers: [{type: no-such-scorer}]\n")
    out = subprocess.run(
        [BIN / "kinfctl", "check-config", bad], capture_output=True, text=True, check=False
    )
    assert out.returncode == 1
    assert "no-such-scorer" in out.stderr


def test_check_config_names_the_routers_for_a_word_that_is_none(tmp_path: Path) -> None:
    bad = tmp_path / "router.yaml"
    bad.write_text("scheduler:\n  router: ours\n")
    out = subprocess.run(
        [BIN / "kinfctl", "check-config", bad], capture_output=True, text=True, check=False
    )
    assert out.returncode == 1
    assert "precise-prefix" in out.stderr
    assert "Traceback" not in out.stderr


def test_serve_rejects_bad_config_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("server: {grpc_port: -1}\n")
    out = subprocess.run(
        [BIN / "kinference-epp", "serve", "--config", bad],
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    assert out.returncode == 2
    assert "server.grpc_port" in out.stderr
    assert "Traceback" not in out.stderr


def test_serve_reports_healthy_and_stops_on_sigterm(tmp_path: Path) -> None:
    config = static_config(tmp_path / "c.yaml")
    with serving([BIN / "kinference-epp", "serve", "--config", config]) as served:
        assert served["started"]["endpoints"] == 1
