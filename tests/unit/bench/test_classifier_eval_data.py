"""The classifier evaluation's labelled sets load and carry only known labels.

These tests read the data files' shape only; they never run a classifier on the
evaluation prompts, so the sets stay independent of the unit tests.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from kinference_epp.policy.model import Complexity, PiiKind

DATA = Path(__file__).resolve().parents[3] / "benchmarks" / "classifier_eval"
# Free-text kinds the evaluation labels ahead of the enum; the script reports them as
# not implemented until PiiKind has them.
PENDING = {"personName", "address", "dateOfBirth", "health"}


def _labels() -> ModuleType:
    spec = importlib.util.spec_from_file_location("classifier_eval_labels", DATA / "labels.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load(name: str) -> list[dict[str, Any]]:
    with (DATA / name).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_label_vocabulary_matches_the_policy_enums() -> None:
    labels = _labels()
    assert set(labels.PII_KINDS) <= {k.value for k in PiiKind} | PENDING
    assert not set(labels.STRUCTURED) & set(labels.FREE_TEXT)
    assert set(labels.LEVELS) == {c.value for c in Complexity}


@pytest.mark.parametrize("name", ["pii_generated.jsonl", "pii_negatives.jsonl", "complexity.jsonl"])
def test_ids_are_unique_and_texts_non_empty(name: str) -> None:
    rows = _load(name)
    assert rows
    assert len({r["id"] for r in rows}) == len(rows)
    assert all(isinstance(r["text"], str) and r["text"].strip() for r in rows)


def test_generated_pii_prompts_carry_known_kinds() -> None:
    labels = _labels()
    rows = _load("pii_generated.jsonl")
    assert len(rows) >= 600
    for row in rows:
        assert row["kinds"], row["id"]
        assert set(row["kinds"]) <= set(labels.PII_KINDS), row["id"]
    assert {r["locale"] for r in rows} >= {
        "en_US",
        "en_GB",
        "de_DE",
        "fr_FR",
        "es_ES",
        "it_IT",
        "nl_NL",
    }
    assert len({r["template"] for r in rows}) >= 30
    assert {k for r in rows for k in r["kinds"]} == set(labels.PII_KINDS)


def test_negatives_have_no_kinds() -> None:
    labels = _labels()
    rows = _load("pii_negatives.jsonl")
    assert {r["set"] for r in rows} == set(labels.NEGATIVE_SETS)
    assert all(r["kinds"] == [] for r in rows)
    assert sum(r["set"] == "clean" for r in rows) >= 150
    assert sum(r["set"] == "hardNegative" for r in rows) >= 60


def test_complexity_levels_are_known() -> None:
    labels = _labels()
    rows = _load("complexity.jsonl")
    assert all(r["level"] in labels.LEVELS for r in rows)
    assert sum(r["level"] in ("easy", "hard") for r in rows) >= 240
