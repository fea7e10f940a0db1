"""Tenant and policy directories mounted from a ConfigMap or Secret (kubelet's ``..data``
layout): ``serve`` loads them, and ``kinfctl validate`` and ``kinfctl check-config`` say what
``serve`` says, ok or the same error, because all three read through one loader."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kinference_epp.app import App
from kinference_epp.config.model import EppConfig
from kinference_epp.config.yamlfile import ConfigError, load_yaml_model
from kubelet_mount import KubeletMount

pytestmark = pytest.mark.integration

BIN = Path(sys.executable).parent
ROOT = Path(__file__).parents[2]
TENANTS = (ROOT / "deploy" / "examples" / "tenants" / "tenants.yaml").read_text()
POLICIES = ROOT / "deploy" / "examples" / "policies"


def kinfctl(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BIN / "kinfctl", *map(str, args)], capture_output=True, text=True, check=False
    )


def mounts(tmp_path: Path, tenants: dict[str, str]) -> tuple[KubeletMount, KubeletMount, Path]:
    """The example policies (with their case files) and ``tenants`` as two kubelet mounts, and
    a picker config naming both."""
    policies = KubeletMount(tmp_path / "policies")
    policies.write({p.name: p.read_text() for p in sorted(POLICIES.iterdir())})
    tenant_mount = KubeletMount(tmp_path / "tenants")
    tenant_mount.write(tenants)
    config = tmp_path / "picker.yaml"
    config.write_text(f"policies: [{policies.root}]\ntenancy:\n  tenants: [{tenant_mount.root}]\n")
    return policies, tenant_mount, config


def serve_loads(config: Path) -> App:
    """What ``kinference-epp serve`` builds from the config before it opens a port."""
    return App(load_yaml_model(config, EppConfig))


def test_serve_validate_and_check_config_load_a_kubelet_mount_alike(tmp_path: Path) -> None:
    policies, tenants, config = mounts(tmp_path, {"tenants.yaml": TENANTS})
    app = serve_loads(config)
    assert sorted(app.tenants.tenants) == ["free-tier", "search-team"]
    assert len(app.policy_store.active) == 6  # five files, one of them holds two

    out = kinfctl("validate", "--strict", policies.root, tenants.root)
    assert out.returncode == 0, out.stderr
    assert f"{tenants.root}/tenants.yaml: ok (0 policies, 0 rules, 2 tenants)" in out.stdout
    assert out.stdout.count(": ok (") == 6  # five policy files and one tenant file, once each
    assert "..data" not in out.stdout

    out = kinfctl("check-config", config)
    assert out.returncode == 0, out.stderr
    assert "ok (0 endpoints, router precise-prefix, 6 policies, 2 tenants)" in out.stdout


def test_a_tenant_defined_twice_fails_in_serve_validate_and_check_config(tmp_path: Path) -> None:
    twice = TENANTS.split("---")[0]
    _, tenants, config = mounts(tmp_path, {"a.yaml": twice, "b.yaml": twice})
    with pytest.raises(ConfigError) as served:
        serve_loads(config)
    message = "tenant 'search-team' is defined twice"
    assert message in str(served.value)
    assert "..data" not in str(served.value)
    assert "..2026" not in str(served.value)

    out = kinfctl("validate", tenants.root)
    assert out.returncode == 1
    assert message in out.stderr

    out = kinfctl("check-config", config)
    assert out.returncode == 1
    assert message in out.stderr
    assert "Traceback" not in out.stderr
