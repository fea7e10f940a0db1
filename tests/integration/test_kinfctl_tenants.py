"""``kinfctl validate`` over tenant files as a user runs it: the examples, and file:line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

BIN = Path(sys.executable).parent
ROOT = Path(__file__).parents[2]
TENANTS = ROOT / "deploy" / "examples" / "tenants"


def kinfctl(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BIN / "kinfctl", *map(str, args)], capture_output=True, text=True, check=False
    )


def test_the_example_tenants_validate() -> None:
    out = kinfctl("validate", "--strict", TENANTS)
    assert out.returncode == 0, out.stderr
    assert "tenants.yaml: ok (0 policies, 0 rules, 2 tenants)" in out.stdout
    doc = json.loads(kinfctl("validate", "--output", "json", TENANTS).stdout)
    assert doc["ok"] is True
    assert doc["tenants"] == ["search-team", "free-tier"]


def test_a_bad_tenant_gets_a_precise_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text((TENANTS / "tenants.yaml").read_text().replace("total: 6000", "total: lots"))
    out = kinfctl("validate", path)
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    assert f"{path}:29: error: spec.limits.tokens.perMinute.total" in out.stderr, out.stderr


def test_two_tenants_sharing_a_key_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "shared.yaml"
    path.write_text(
        (TENANTS / "tenants.yaml")
        .read_text()
        .replace("sk-free-tier-demo-key", "sk-search-team-demo-key")
    )
    out = kinfctl("validate", path)
    assert out.returncode == 1
    assert "is also key" in out.stderr
