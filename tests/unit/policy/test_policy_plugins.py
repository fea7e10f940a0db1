"""Plug-in classifiers: registered by type, run under a time limit, errors per rule."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.policy import EvalInput, PolicyStore, PoolState, Reject, evaluate
from kinference_epp.policy.classifiers import ClassifierError, PromptText, TimeLimited
from kinference_epp.policy.classifiers.plugin import ClassifierFactory


class FakeEmbedding:
    """Labels prompts mentioning 'contract'; sleeps or raises on demand."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.mode = params.get("mode", "ok")
        self.release = threading.Event()
        self.calls = 0

    def classify(self, prompt: PromptText) -> frozenset[str]:
        self.calls += 1
        if self.mode == "slow":
            self.release.wait(5)
        if self.mode == "raise":
            raise RuntimeError("model file missing")
        return frozenset({"legal"}) if "contract" in (prompt.text or "") else frozenset()


@pytest.fixture
def made() -> Iterator[list[FakeEmbedding]]:
    instances: list[FakeEmbedding] = []
    yield instances
    for inst in instances:
        inst.release.set()


def registry(made: list[FakeEmbedding]) -> dict[str, ClassifierFactory]:
    def factory(params: Mapping[str, Any]) -> FakeEmbedding:
        if "bad" in params:
            raise ValueError("unknown parameter bad")
        inst = FakeEmbedding(params)
        made.append(inst)
        return inst

    return {"fake-embedding": factory}


def policy_text(mode: str, on_error: str = "noMatch", extra: str = "") -> str:
    return f"""\
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {{name: p}}
spec:
  classifiers:
    - {{name: emb, type: fake-embedding, timeoutMs: 50, params: {{mode: {mode}{extra}}}}}
  rules:
    - name: legal
      onClassifierError: {on_error}
      match: {{classifiers: {{plugins: [{{classifier: emb, labels: [legal]}}]}}}}
      action: {{rewriteModel: big}}
    - name: rest
      action: {{rewriteModel: small}}
"""


def decide(store: PolicyStore, text: str) -> Any:
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": text}]}).encode()
    return evaluate(store.active, EvalInput(parse_request(ApiKind.CHAT, body), PoolState()))


def test_plugin_labels_match(made: list[FakeEmbedding]) -> None:
    store = PolicyStore(registry=registry(made))
    assert store.update_texts([("p.yaml", policy_text("ok"))]) == []
    assert decide(store, "review this contract").rule == "legal"
    d = decide(store, "hello")
    assert d.rule == "rest"
    assert d.classifications == {"classifier:emb": []}
    store.close()


@pytest.mark.parametrize(("mode", "on_error", "rule"), [
    ("slow", "noMatch", "rest"), ("slow", "match", "legal"), ("raise", "noMatch", "rest"),
    ("raise", "reject", "legal"),
])  # fmt: skip
def test_plugin_errors_follow_the_rule(
    made: list[FakeEmbedding], mode: str, on_error: str, rule: str
) -> None:
    store = PolicyStore(registry=registry(made))
    assert store.update_texts([("p.yaml", policy_text(mode, on_error))]) == []
    d = decide(store, "review this contract")
    assert d.rule == rule
    assert d.classifications == {"classifier:emb": "error"}
    assert "classifier:emb" in next(iter(d.classifier_errors.values()))
    if on_error == "reject":
        assert isinstance(d.action, Reject)
        assert (d.action.status, d.action.reason) == (503, "classifier_error")
    store.close()


def test_unknown_type_and_bad_params_keep_the_last_good_set(made: list[FakeEmbedding]) -> None:
    store = PolicyStore(registry=registry(made))
    assert store.update_texts([("p.yaml", policy_text("ok"))]) == []
    good = store.active
    found = store.update_texts([("p.yaml", policy_text("ok").replace("fake-embedding", "nope"))])
    assert (
        "no classifier type 'nope' is registered (known: ask-model, fake-embedding, hashed-linear)"
        in str(found[0])
    )
    assert found[0].line == 6
    found = store.update_texts([("p.yaml", policy_text("ok", extra=", bad: 1"))])
    assert "unknown parameter bad" in str(found[0])
    assert store.active is good
    store.close()


def test_time_limited_wraps_errors_and_timeouts() -> None:
    slow = FakeEmbedding({"mode": "slow"})
    limited = TimeLimited("slow", slow, timeout_s=0.02)
    with pytest.raises(ClassifierError, match="timed out after 20 ms"):
        limited.classify(PromptText("x", 1))
    slow.release.set()
    limited.close()
    raising = TimeLimited("r", FakeEmbedding({"mode": "raise"}), timeout_s=1)
    with pytest.raises(ClassifierError, match="model file missing"):
        raising.classify(PromptText("x", 1))
    raising.close()
