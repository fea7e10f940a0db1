"""The hashed-linear plug-in: trained here, saved, loaded by a policy, time-limited."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from kinference_epp.cli.kinfctl import main as kinfctl
from kinference_epp.policy.classifiers.base import ClassifierError, PromptText
from kinference_epp.policy.classifiers.linear import HashedLinear, shapes, train
from kinference_epp.policy.classifiers.plugin import TimeLimited

LEGAL = [
    "Review this contract clause on indemnity",
    "Is this NDA enforceable in court",
    "Draft a lease termination notice",
    "What does force majeure cover in a contract",
]
CODE = ["Why does my Python loop print None", "Fix this segfault in my C program",
        "Write a unit test for this function", "My Rust code fails to borrow a variable"]  # fmt: skip


def examples() -> list[tuple[str, frozenset[str]]]:
    out = []
    for i in range(6):
        out += [(f"{t} please {i}", frozenset({"legal"})) for t in LEGAL]
        out += [(f"{t} please {i}", frozenset({"code"})) for t in CODE]
    return out


def test_trained_model_separates_its_labels_and_round_trips(tmp_path: Path) -> None:
    model = train(examples())
    model.save(tmp_path)
    loaded = HashedLinear.load(tmp_path)
    assert loaded.labels == ("code", "legal")
    assert loaded.classify(PromptText("Can you review this contract for indemnity", 1)) == {"legal"}
    assert loaded.classify(PromptText("my C program fails with a segfault", 1)) == {"code"}
    with pytest.raises(ClassifierError):
        loaded.classify(PromptText(None, 1))


def test_identifiers_add_their_shape_whatever_their_value() -> None:
    assert shapes("IBAN DE89 3704 and mail a.b@c.io") == [
        "#Xd", "iban#Xd", "#d4", "de89#d4", "#x.x@x.", "mail#x.x@x.",
    ]  # fmt: skip
    assert shapes("plain words only, nothing else.") == []


def test_a_model_learns_an_identifier_from_its_shape() -> None:
    """Values never seen in training share their shape with the ones that were."""
    rng = random.Random(3)
    out = []
    for _ in range(40):
        digits = "".join(rng.choice("0123456789") for _ in range(8))
        out.append((f"my member number is {digits[:4]}-{digits[4:]}", frozenset({"id"})))
        out.append(("my member number is unknown to me", frozenset({"none"})))
    model = train(out)
    assert model.classify(PromptText("member number 9911-2288", 1)) == {"id"}


def test_a_policy_routes_on_the_plugin_labels(tmp_path: Path) -> None:
    data = tmp_path / "train.jsonl"
    rows = [json.dumps({"text": t, "labels": sorted(ls)}) for t, ls in examples()]
    data.write_text("\n".join(rows))
    assert kinfctl(["train-classifier", str(data), "--out", str(tmp_path / "m")]) == 0
    policy = tmp_path / "topics.yaml"
    policy.write_text(
        f"""
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {{name: topics}}
spec:
  classifiers:
    - {{name: topic, type: hashed-linear, timeoutMs: 500, params: {{path: "{tmp_path / "m"}"}}}}
  rules:
    - name: legal-refused
      match: {{classifiers: {{plugins: [{{classifier: topic, labels: [legal]}}]}}}}
      action: {{reject: {{status: 403, message: "ask legal", reason: legal_topic}}}}
"""
    )
    cases = tmp_path / "topics.cases.yaml"
    cases.write_text(
        """
cases:
  - name: a legal question is refused
    request: {model: m, messages: [{role: user, content: "Review the indemnity clause of this contract"}]}
    pool: {name: p, readyEndpoints: 1}
    expect: {rule: legal-refused, action: reject, status: 403}
  - name: a coding question is not
    request: {model: m, messages: [{role: user, content: "Fix the segfault in my C program"}]}
    pool: {name: p, readyEndpoints: 1}
    expect: {rule: null}
"""
    )
    assert kinfctl(["validate", str(policy)]) == 0
    assert kinfctl(["test", str(policy), "--cases", str(cases)]) == 0


def test_a_slow_plugin_times_out_as_a_classifier_failure() -> None:
    class Slow:
        def classify(self, prompt: PromptText) -> frozenset[str]:
            time.sleep(0.5)
            return frozenset({"x"})

    limited = TimeLimited("slow", Slow(), timeout_s=0.02)
    try:
        with pytest.raises(ClassifierError, match="timed out"):
            limited.classify(PromptText("hi", 1))
    finally:
        limited.close()
