"""``kinfctl validate | test | explain | crds`` as a user runs them, over the shipped examples."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

BIN = Path(sys.executable).parent
ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "deploy" / "examples" / "policies"
POLICIES = sorted(p for p in EXAMPLES.glob("*.yaml") if not p.name.endswith(".cases.yaml"))


def kinfctl(*args: str | Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BIN / "kinfctl", *map(str, args)], capture_output=True, text=True, input=stdin, check=False
    )


def test_every_example_has_cases() -> None:
    assert len(POLICIES) >= 5
    for policy in POLICIES:
        assert policy.with_name(policy.stem + ".cases.yaml").exists(), policy


def test_validate_all_examples() -> None:
    out = kinfctl("validate", "--strict", EXAMPLES)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count(": ok (") == len(POLICIES)


@pytest.mark.parametrize("policy", POLICIES, ids=lambda p: p.stem)
def test_example_cases_pass(policy: Path) -> None:
    out = kinfctl("test", policy, "--cases", policy.with_name(policy.stem + ".cases.yaml"))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "FAIL" not in out.stdout


def test_failing_case_is_reported_with_its_line(tmp_path: Path) -> None:
    cases = tmp_path / "c.cases.yaml"
    cases.write_text(
        "cases:\n"
        "  - name: wrong expectation\n"
        "    request: {model: llama-3.1-8b, messages: [{role: user, content: hi}]}\n"
        "    pool: {name: burst-pool, queueDepth: 20}\n"
        "    expect: {action: reject}\n"
    )
    out = kinfctl("test", EXAMPLES / "cloud-burst.yaml", "--cases", cases)
    assert out.returncode == 1
    assert (
        f"{cases}:2: wrong expectation: expected action=reject; got action=provider" in out.stdout
    )
    bad = tmp_path / "bad.cases.yaml"
    bad.write_text("cases:\n  - name: x\n    request: {}\n    expect: {actoin: route}\n")
    out = kinfctl("test", EXAMPLES / "cloud-burst.yaml", "--cases", bad)
    assert out.returncode == 1
    assert f"{bad}:4: error: cases.0.expect.actoin: Extra inputs are not permitted" in out.stderr


MALFORMED = {
    "two-actions.yaml": (
        "apiVersion: kinference.io/v1alpha1\nkind: InferencePolicy\nmetadata: {name: m}\n"
        "spec:\n  rules:\n    - name: r\n      action:\n        reject: {message: denied}\n"
        "        rewriteModel: x\n",
        7,
        "spec.rules.0.action: exactly one of",
    ),
    "pii-to-cloud.yaml": (
        "apiVersion: kinference.io/v1alpha1\nkind: InferencePolicy\nmetadata: {name: m}\n"
        "spec:\n  rules:\n    - name: pii\n      failClosed: true\n"
        "      match: {classifiers: {pii: true}}\n      action:\n        defer:\n"
        "          maxWaitSeconds: 5\n          then:\n            provider:\n"
        "              name: c\n              baseURL: https://x.io\n"
        "              apiKeySecretRef: {name: s, key: k}\n",
        13,
        "failClosed rule 'pii' sends to provider 'c'",
    ),
    "syntax.yaml": ("apiVersion: kinference.io/v1alpha1\nkind: [\n", 3, "invalid YAML"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_policies_get_precise_errors(tmp_path: Path, name: str) -> None:
    text, line, needle = MALFORMED[name]
    path = tmp_path / name
    path.write_text(text)
    out = kinfctl("validate", path)
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    assert f"{path}:{line}: error: " in out.stderr, out.stderr
    assert needle in out.stderr
    doc = json.loads(kinfctl("validate", "--output", "json", path).stdout)
    assert doc["ok"] is False
    assert doc["problems"][0]["line"] == line


def test_explain_walks_the_rules(tmp_path: Path) -> None:
    request = tmp_path / "req.json"
    request.write_text(json.dumps({"model": "llama-3.1-8b", "messages": [
        {"role": "user", "content": "My card is 4539 1488 0343 6467"}]}))  # fmt: skip
    out = kinfctl(
        "explain", EXAMPLES / "pii-stays-local.yaml", request,
        "--pool-state", "name=secure-pool,readyEndpoints=2,queueDepth=30",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "rule pii-stays-local: pii is true [pii=['creditCard']]: yes" in out.stdout
    assert (
        "decision: route to llama-3.1-8b (inference/pii-stays-local rule pii-stays-local)"
        in out.stdout
    )
    out = kinfctl(
        "explain", EXAMPLES / "cloud-burst.yaml", "-", "--output", "json", "--tenant", "free-x",
        "--pool-state", "name=burst-pool,queueDepth=9", stdin='{"model": "m", "prompt": "hi"}',
    )  # fmt: skip
    doc = json.loads(out.stdout)
    assert (doc["rule"], doc["status"]) == ("free-tier-sheds-when-saturated", 429)


def test_crds_check_and_write(tmp_path: Path) -> None:
    assert kinfctl("crds", "--check", "--out", ROOT / "deploy" / "crds").returncode == 0
    assert kinfctl("crds", "--check", "--out", tmp_path).returncode == 1
    assert kinfctl("crds", "--out", tmp_path).returncode == 0
    assert kinfctl("crds", "--check", "--out", tmp_path).returncode == 0


def test_check_config_still_works() -> None:
    out = kinfctl("check-config", ROOT / "deploy" / "examples" / "static-config.yaml")
    assert out.returncode == 0, out.stderr
