"""``kinfctl classifiers eval`` / ``classifier_eval.py --cases``: the line schema the report
accepts and how its rows are counted.

The policy decisions are real (the example policies, through the evaluator ``kinfctl test``
uses); the prompts are the tests' own, never an evaluation set's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kinference_epp.policy import classifier_report

POLICIES = Path(__file__).resolve().parents[3] / "deploy" / "examples" / "policies"


def _row(n: int, lang: str, category: str, level: str, text: str) -> dict[str, Any]:
    return {
        "id": f"t-{n}",
        "lang": lang,
        "text": text,
        "pii": category in ("structured_id", "free_text_pii"),
        "pii_kinds": [],
        "category": category,
        "complexity": level,
        "notes": "",
    }


def _write(tmp_path: Path, rows: list[dict[str, Any]]) -> Path:
    path = tmp_path / "set.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_rows_are_counted_per_language_through_the_example_policies(tmp_path: Path) -> None:
    rows = [
        _row(0, "en", "structured_id", "medium", "Charge card 4539 1488 0343 6467 for the order."),
        _row(1, "de", "clean", "easy", "Was ist die Hauptstadt von Frankreich?"),
        _row(2, "en", "clean", "easy", "What is the capital of France?"),
        _row(3, "en", "clean", "hard", "Write a haiku about autumn."),
    ]
    out = tmp_path / "report.md"
    report = classifier_report.run(
        _write(tmp_path, rows), out, command="kinfctl classifiers eval", policies=POLICIES
    )
    result = json.loads(out.with_suffix(".json").read_text())
    assert result["languages"] == ["en", "de"]
    table = result["rows"]
    assert table["structured"]["en"] | {"ci95": None} == {
        "hits": 1, "n": 1, "share": 1.0, "ci95": None, "met": True
    }  # fmt: skip
    assert table["structured"]["de"]["n"] == 0
    assert table["clean_fp"]["all"]["hits"] == 0
    assert table["clean_fp"]["all"]["n"] == 3
    assert table["easy_small"]["en"] | {"ci95": None} == {
        "hits": 1, "n": 1, "share": 1.0, "ci95": None, "met": True
    }  # fmt: skip
    assert table["hard_large"]["en"] == table["hard_large"]["all"]
    assert table["hard_large"]["all"]["hits"] == 0
    assert "t-3" in " ".join(result["misses"]["hard_large"])
    assert "| structured identifiers detected | 100.0 % (1/1) | - |" in report


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"category": "other"}, "unknown category"),
        ({"complexity": "trivial"}, "unknown complexity"),
        ({"pii": "yes"}, "`pii` is not a bool"),
        ({"complexity": None}, "`complexity` missing"),
    ],
)
def test_a_line_outside_the_schema_stops_the_run(
    tmp_path: Path, change: dict[str, Any], error: str
) -> None:
    path = _write(tmp_path, [_row(0, "en", "clean", "easy", "hi") | change])
    with pytest.raises(ValueError, match=error):
        classifier_report.load_rows(path)


def test_unlabelled_pii_counts_in_the_complexity_rows_only(tmp_path: Path) -> None:
    """Traffic labelled for complexity alone: no id, language or PII category needed."""
    path = tmp_path / "traffic.jsonl"
    path.write_text(
        '{"text": "What is the capital of France?", "complexity": "easy"}\n'
        '{"text": "Prove that the square root of two is irrational.", "complexity": "hard"}\n',
        encoding="utf-8",
    )
    out = tmp_path / "report.md"
    classifier_report.run(path, out, command="kinfctl classifiers eval", policies=POLICIES)
    result = json.loads(out.with_suffix(".json").read_text())
    assert result["languages"] == ["-"]
    assert result["rows"]["easy_small"]["all"]["n"] == 1
    assert result["rows"]["hard_large"]["all"]["n"] == 1
    assert result["rows"]["clean_fp"]["all"]["n"] == 0
    assert result["rows"]["structured"]["all"]["n"] == 0
