"""A complexity model trained on labelled prompts: the file ``kinfctl classifiers train``
writes, the picker routing with it, the reload when the file changes, and a bad file that
keeps the model in force.

The training prompts are the tests' own, in made-up verbs the rules have no word for (the
rules call them medium), so what moves a prompt is the model and nothing else.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kinference_epp.app import App
from kinference_epp.cli.kinfctl import main as kinfctl
from kinference_epp.config.model import EndpointConfig, EppConfig, PoolConfig
from kinference_epp.config.yamlfile import ConfigError
from kinference_epp.policy.classifier_report import compile_policy, decide
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.linear import train
from kinference_epp.policy.classifiers.text_features import features
from kinference_epp.policy.classifiers.trained import (
    L2,
    SEEDS,
    AssistedComplexity,
    ModelSlot,
    TrainedModel,
    train_complexity,
)
from kinference_epp.policy.model import Complexity
from kinference_epp.policy.model_file import ModelFile
from kinference_epp.policy.store import PolicyStore
from waits import eventually

POLICIES = Path(__file__).resolve().parents[3] / "deploy" / "examples" / "policies"
COMPLEXITY_POLICY = POLICIES / "complexity-routing.yaml"
TOPICS = ("ledger", "roster", "invoice", "warehouse", "shift", "menu", "tariff", "press")
VERBS = {"easy": "zorblax", "medium": "blorf", "hard": "quuxify"}


def prompt(verb: str, topic: str = "parking garage") -> str:
    # longer than a short everyday instruction, which the rules send to the small model
    return (
        f"Please {verb} our {topic} notes. They cover the last three quarters of the year and "
        "hold the figures from every team that sent theirs in on time, with their comments."
    )


def rows(verbs: dict[str, str] = VERBS) -> list[dict[str, Any]]:
    return [
        {"text": prompt(verb, topic), "complexity": level}
        for topic in TOPICS
        for level, verb in verbs.items()
    ]


def write(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")
    return path


def model_file(tmp_path: Path, name: str = "model.npz", verbs: dict[str, str] = VERBS) -> Path:
    data = write(tmp_path / f"{name}.jsonl", rows(verbs))
    out = tmp_path / name
    assert kinfctl(["classifiers", "train", "--cases", str(data), "--out", str(out)]) == 0
    return out


def routed_model(policies: Any, text: str) -> str | None:
    case = {
        "name": "t",
        "request": {"model": "auto", "messages": [{"role": "user", "content": text}]},
        "pool": {"name": "chat-pool", "readyEndpoints": 3},
    }
    return decide(policies, case).get("model")


def test_the_rules_alone_cannot_judge_the_made_up_verbs() -> None:
    rules = ComplexityClassifier()
    for verb in VERBS.values():
        assert rules.classify(PromptText(prompt(verb), 1)) is Complexity.MEDIUM


def test_trained_file_moves_the_routes_the_rules_left_to_the_medium_model(
    tmp_path: Path,
) -> None:
    path = model_file(tmp_path)
    model = TrainedModel.load(path)
    assert model.prompts == len(TOPICS) * 3
    assert model.sources == (str(tmp_path / "model.npz.jsonl"),)
    alone = compile_policy(COMPLEXITY_POLICY)
    assisted = compile_policy(COMPLEXITY_POLICY, ModelSlot(model))
    easy, hard = prompt(VERBS["easy"]), prompt(VERBS["hard"])
    assert routed_model(alone, easy) == routed_model(alone, hard) == "qwen3-8b"
    assert routed_model(assisted, easy) == "qwen3-0.6b"
    assert routed_model(assisted, hard) == "qwen3-32b"
    assert routed_model(assisted, prompt(VERBS["medium"])) == "qwen3-8b"


def test_the_model_never_moves_what_the_rules_call_hard_down() -> None:
    text = "Prove that every finite integral domain is a field."
    model = train_complexity([(text, "easy"), ("a", "medium"), ("b", "hard")] * 4)
    assert model.probabilities(text)["easy"] > 0.5
    assert model.combine(Complexity.HARD, text) is Complexity.HARD


def test_a_half_recognised_hard_prompt_stays_off_the_small_model() -> None:
    """Medium to easy needs P(easy) >= easy_at and P(hard) < hard_below."""
    text = prompt(VERBS["easy"])
    model = train_complexity([(r["text"], r["complexity"]) for r in rows()])
    assert model.combine(Complexity.MEDIUM, text) is Complexity.EASY
    strict = TrainedModel(model.complexity, model.prompts, model.trained_at, easy_at=1.0)
    assert strict.combine(Complexity.MEDIUM, text) is Complexity.MEDIUM
    wary = TrainedModel(model.complexity, model.prompts, model.trained_at, hard_below=0.0)
    assert wary.combine(Complexity.MEDIUM, text) is Complexity.MEDIUM


def test_a_model_never_sends_a_task_the_rules_saw_signs_of_to_the_small_model() -> None:
    """A model that reads a task verb the rules could not rate as easy (here, trained to)
    leaves it on the medium model: no threshold guards a confidently wrong model."""
    text = "Compute the fundamental group of the Klein bottle."
    rules = ComplexityClassifier()
    assert rules.judge(PromptText(text, 1)) == (Complexity.MEDIUM, True)
    model = train_complexity([(text, "easy"), ("a", "medium"), ("b", "hard")] * 4)
    assert model.combine(Complexity.MEDIUM, text) is Complexity.EASY  # the model alone
    assisted = AssistedComplexity(rules, ModelSlot(model))
    assert assisted.classify(PromptText(text, 1)) is Complexity.MEDIUM
    # without a sign of a task, the model's easy stands
    plain = prompt(VERBS["easy"])
    assert rules.judge(PromptText(plain, 1)) == (Complexity.MEDIUM, False)


def test_what_the_rules_call_easy_goes_small_only_where_the_model_agrees() -> None:
    """A prompt the rules call easy and the model hard goes to the medium model without a
    sign of a reasoning task (the model's hard alone does not buy the large model), to the
    large one with such a sign; where the model does not find it hard, it stays easy."""
    text = "What is the capital of Canada?"
    rules = ComplexityClassifier()
    assert rules.judge(PromptText(text, 1)) == (Complexity.EASY, False)
    model = train_complexity([(text, "hard"), ("a", "medium"), ("b", "easy")] * 4)
    assert model.probabilities(text)["hard"] > 0.5
    assert AssistedComplexity(rules, ModelSlot(model)).classify(PromptText(text, 1)) is (
        Complexity.MEDIUM
    )
    assert model.combine(Complexity.EASY, text, signs=True) is Complexity.HARD
    agrees = train_complexity([(text, "easy"), ("a", "medium"), ("b", "hard")] * 4)
    assert AssistedComplexity(rules, ModelSlot(agrees)).classify(PromptText(text, 1)) is (
        Complexity.EASY
    )
    unsure = train_complexity([(text, "medium"), ("a", "easy"), ("b", "hard")] * 4)
    assert unsure.combine(Complexity.EASY, text) is Complexity.EASY


def test_the_model_is_the_average_of_its_shuffled_trainings() -> None:
    """One model per shuffled order of the prompts (``SEEDS`` of them), weights averaged."""
    examples = [(r["text"], r["complexity"]) for r in rows()]
    pairs = [(text, frozenset([level])) for text, level in examples]
    heads = [train(pairs, l2=L2, seed=seed, featurize=features) for seed in range(SEEDS)]
    model = train_complexity(examples).complexity
    assert SEEDS > 1
    assert not np.array_equal(heads[0].weights, heads[1].weights)
    assert np.allclose(model.weights, np.mean([h.weights for h in heads], axis=0), atol=1e-6)
    assert np.allclose(model.bias, np.mean([h.bias for h in heads], axis=0), atol=1e-6)


def test_the_file_holds_only_the_buckets_training_touched(tmp_path: Path) -> None:
    path = model_file(tmp_path)
    with np.load(path) as data:
        assert data["weights"].shape == (3, data["buckets"].size)
        assert 0 < data["buckets"].size < 1000
    assert path.stat().st_size < 64_000


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda p: p.write_bytes(b"not a model"),
        lambda p: p.write_bytes(p.read_bytes()[:200]),
        lambda p: np.savez(p, meta=np.array(json.dumps({"format": "other/9"}))),
    ],
)
def test_a_bad_file_is_refused_with_its_name(tmp_path: Path, corrupt: Any) -> None:
    path = model_file(tmp_path)
    corrupt(path)
    with pytest.raises(ValueError, match=r"model\.npz"):
        TrainedModel.load(path)


async def test_the_picker_reloads_a_changed_file_and_keeps_the_model_on_a_bad_one(
    tmp_path: Path,
) -> None:
    path = model_file(tmp_path)
    # The same made-up verbs with the levels the other way round: easy and hard swap.
    swapped = model_file(tmp_path, "swapped.npz", {"easy": "quuxify", "hard": "zorblax"} | {
        "medium": "blorf"
    })  # fmt: skip
    slot = ModelSlot()
    refused: list[str] = []
    reported = asyncio.Event()

    def on_rejected(why: str) -> None:
        refused.append(why)
        reported.set()

    watched = ModelFile(slot, path, interval_s=0.02, on_rejected=on_rejected)
    assert watched.load() is None
    store = PolicyStore(model=slot)
    assert store.update_files([COMPLEXITY_POLICY]) == []
    easy = prompt(VERBS["easy"])
    assert routed_model(store.active, easy) == "qwen3-0.6b"
    first = slot.current
    await watched.start()
    try:
        path.write_bytes(swapped.read_bytes())
        await eventually(lambda: slot.current is not first, what="the changed file in force")
        assert routed_model(store.active, easy) == "qwen3-32b"  # no recompile needed
        good = slot.current
        path.write_bytes(b"half a model")
        async with asyncio.timeout(30):  # a hang guard: the bad file must be reported
            await reported.wait()
        assert "not a classifier model file" in refused[0]
        assert slot.current is good
        assert routed_model(store.active, easy) == "qwen3-32b"
    finally:
        await watched.stop()


def picker(tmp_path: Path, model: Path) -> App:
    return App(
        EppConfig(
            pool=PoolConfig(
                name="chat-pool",
                endpoints=[
                    EndpointConfig(address="10.0.0.1:8000", models=["qwen3-0.6b"]),
                    EndpointConfig(address="10.0.0.2:8000", models=["qwen3-8b"]),
                    EndpointConfig(address="10.0.0.3:8000", models=["qwen3-32b"]),
                ],
            ),
            policies=[str(COMPLEXITY_POLICY)],
            classifier_model=str(model),
        )
    )


def test_the_configured_file_is_what_the_picker_routes_with(tmp_path: Path) -> None:
    app = picker(tmp_path, model_file(tmp_path))
    assert app.classifier_model.current is not None
    assert routed_model(app.policy_store.active, prompt(VERBS["hard"])) == "qwen3-32b"


def test_a_configured_file_that_does_not_load_stops_the_start(tmp_path: Path) -> None:
    bad = tmp_path / "model.npz"
    bad.write_bytes(b"nope")
    with pytest.raises(ConfigError, match="classifier_model"):
        picker(tmp_path, bad)


def test_kinfctl_eval_reports_rules_and_model(tmp_path: Path) -> None:
    path = model_file(tmp_path)
    cases = [
        {"id": f"t-{n}", "lang": "en", "text": prompt(VERBS[level], topic), "pii": False,
         "pii_kinds": [], "category": "clean", "complexity": level}
        for n, (topic, level) in enumerate((("a", "easy"), ("b", "hard"), ("c", "easy")))
    ]  # fmt: skip
    data = write(tmp_path / "cases.jsonl", cases)
    out = tmp_path / "report.md"
    args = ["classifiers", "eval", "--cases", str(data), "--out", str(out)]
    args += ["--policies", str(POLICIES)]
    assert kinfctl(args) == 0
    alone = json.loads(out.with_suffix(".json").read_text())
    assert alone["rows"]["easy_small"]["all"]["hits"] == 0
    assert kinfctl([*args, "--model", str(path)]) == 0
    assisted = json.loads(out.with_suffix(".json").read_text())
    assert assisted["rows"]["easy_small"]["all"] | {"ci95": None} == {
        "hits": 2, "n": 2, "share": 1.0, "ci95": None, "met": True
    }  # fmt: skip
    assert assisted["rows"]["hard_large"]["all"]["hits"] == 1
    assert f"trained model `{path}`" in out.read_text()


def test_kinfctl_train_names_the_bad_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "bad.jsonl"
    data.write_text('{"text": "a", "complexity": "easy"}\n{"text": "b", "complexity": "trivial"}\n')
    assert (
        kinfctl(["classifiers", "train", "--cases", str(data), "--out", str(tmp_path / "m")]) == 1
    )
    assert f"{data}:2" in capsys.readouterr().err


def test_check_config_loads_the_model_as_the_picker_would(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "epp.yaml"
    config.write_text(f"classifier_model: {model_file(tmp_path)}\n")
    assert kinfctl(["check-config", str(config)]) == 0
    assert "a classifier model of 24 prompts" in capsys.readouterr().out
    (tmp_path / "model.npz").write_bytes(b"torn")
    assert kinfctl(["check-config", str(config)]) == 1
    assert "not a classifier model file" in capsys.readouterr().err
