"""``benchmarks/routing_merge.py``: a newer run's (router, admission) pairs replace or join the
committed runs, and the header names each command that still contributes runs once."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

MERGE = Path(__file__).resolve().parents[3] / "benchmarks" / "routing_merge.py"
NESTED = (
    "(its kinference rows), merged by benchmarks/routing_merge.py with the other routers' rows of"
)


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_routing_merge", MERGE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


merge = _load()


def _run(router: str, admission: str = "none", seed: int = 0) -> dict[str, Any]:
    return {"router": router, "admission": admission, "seed": seed, "load": 10}


def _results(command: str, runs: list[dict[str, Any]], **meta: Any) -> dict[str, Any]:
    return {"meta": {"command": command, "seeds": [0], "knobs": "old", **meta}, "runs": runs}


def test_nested_history_becomes_one_entry_per_command() -> None:
    """The nested header of repeated merges of our router: the newest command keeps our rows,
    the first full run keeps the peers', the superseded middle one is dropped."""
    old = _results(
        f"bench A --jobs 1 {NESTED} bench B --jobs 2 {NESTED} bench C --routers sglang,kinference",
        [_run("sglang"), _run("kinference")],
    )
    new = _results("bench D --routers dynamo --out /tmp/x", [_run("dynamo")])
    meta, runs = merge.merge(old, new)
    assert meta["commands"] == [
        {"command": "bench D --routers dynamo", "rows": ["dynamo +none"]},
        {"command": "bench A --jobs 1", "rows": ["kinference +none"]},
        {"command": "bench C --routers sglang,kinference", "rows": ["sglang +none"]},
    ]
    assert [r["router"] for r in runs] == ["dynamo", "sglang", "kinference"]  # report order
    assert (
        meta["command"]
        == "bench D --routers dynamo; bench A --jobs 1; bench C --routers sglang,kinference"
    )
    assert meta["knobs"] == "old"


def test_pairs_replace_only_their_own_admission_and_drop_spent_commands() -> None:
    """A rerun of one (router, admission) replaces exactly those runs; a command left with no
    runs leaves the header; the admission layers are the runs' own."""
    old = _results(
        "bench E",
        [_run("llmd-precise"), _run("kinference"), _run("kinference", "gie")],
        commands=[
            {"command": "bench G", "rows": ["kinference +gie"]},
            {"command": "bench E", "rows": ["llmd-precise +none", "kinference +none"]},
        ],
    )
    new = _results("bench F --out o", [_run("kinference", "gie", 0), _run("llmd-precise", "gie")])
    new["meta"]["knobs"] = "new"
    meta, runs = merge.merge(old, new)
    assert [c["command"] for c in meta["commands"]] == ["bench F", "bench E"]
    assert meta["commands"][0]["rows"] == ["kinference +gie", "llmd-precise +gie"]
    assert sorted((r["router"], r["admission"]) for r in runs) == [
        ("kinference", "gie"),
        ("kinference", "none"),
        ("llmd-precise", "gie"),
        ("llmd-precise", "none"),
    ]
    assert meta["admissions"] == ["none", "gie"]
    assert meta["knobs"] == "new"


def test_only_named_routers_are_taken_from_the_new_run() -> None:
    old = _results("bench E", [_run("p")])
    new = _results("bench F", [_run("p", seed=0), _run("q")])
    meta, runs = merge.merge(old, new, {"q"})
    assert sorted(r["router"] for r in runs) == ["p", "q"]
    assert meta["commands"] == [
        {"command": "bench F", "rows": ["q +none"]},
        {"command": "bench E", "rows": ["p +none"]},
    ]


def test_different_seeds_refuse_to_merge() -> None:
    with pytest.raises(SystemExit, match="seeds differ"):
        merge.merge(_results("a", []), {"meta": {"command": "b", "seeds": [1]}, "runs": []})
