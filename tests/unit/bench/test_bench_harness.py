"""The benchmark harness itself, on a tiny workload: determinism, fairness, sanity."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import yaml

from kinference_epp.bench.cli import bench_main
from kinference_epp.bench.harness import RunResult, run_one
from kinference_epp.bench.report import Slo, row
from kinference_epp.bench.workloads import WorkloadSpec, conversations

TINY = {
    "name": "tiny",
    "pods": 4,
    "engine": {"block_size": 16, "num_gpu_blocks": 1024},
    "shared_prefix": {
        "groups": 4,
        "prompts_per_group": 6,
        "system_tokens": 2048,
        "question_tokens": 32,
        "output_tokens": 16,
    },
    "client": {"kind": "poisson", "loads": [20.0]},
}


def tiny(**changes: object) -> WorkloadSpec:
    return WorkloadSpec.model_validate(TINY | changes)


def ttft_mean(result: RunResult) -> float:
    return float(np.mean([r.ttft_s for r in result.records]))


def test_same_seed_same_records() -> None:
    a = run_one(tiny(), "kinference", 20.0)
    b = run_one(tiny(), "kinference", 20.0)
    assert len(a.records) == 24
    assert a.records == b.records
    assert a.picks == b.picks


def test_round_robin_spreads_evenly() -> None:
    result = run_one(tiny(), "round-robin", 20.0)
    assert set(result.picks.values()) == {6}


def test_a_prefix_router_beats_random() -> None:
    ours = run_one(tiny(), "kinference", 20.0)
    rand = run_one(tiny(), "random", 20.0)
    hit = row(ours, Slo())["cache_hit_rate"]
    assert hit > row(rand, Slo())["cache_hit_rate"]
    assert hit > 0.6  # 5 of each group's 6 prompts reuse a 2048-token prefix
    assert ttft_mean(ours) < ttft_mean(rand)


def test_multiturn_resends_history_and_closed_loop_finishes() -> None:
    spec = WorkloadSpec.model_validate(
        {
            "name": "chat",
            "pods": 2,
            "engine": {"num_gpu_blocks": 1024},
            "multiturn": {
                "conversations": 4,
                "system_tokens": 64,
                "user_tokens_mean": 32,
                "user_tokens_sd": 4,
                "output_tokens_mean": 16,
                "output_tokens_sd": 2,
                "turns_min": 3,
                "turns_max": 3,
            },
            "client": {"kind": "concurrency", "loads": [2]},
        }
    )
    result = run_one(spec, "kinference", 2)
    assert len(result.records) == 12
    assert result.unfinished == 0
    by_turn = sorted(result.records, key=lambda r: (r.conversation, r.turn))
    assert by_turn[1].prompt_tokens > by_turn[0].prompt_tokens + by_turn[0].output_tokens
    assert by_turn[2].cached_tokens >= by_turn[1].prompt_tokens // 16 * 16 - 16


def test_kv_capacity_from_prefix_fraction() -> None:
    spec = tiny(engine={"block_size": 16, "prefix_kv_fraction": 0.5})
    assert spec.num_gpu_blocks() == 4 * 2048 // 16 * 2 // 4  # prefixes fill half the pool
    assert len(conversations(spec, 0)) == 24


def test_bench_main_writes_json_markdown_and_plots(tmp_path: Path) -> None:
    (tmp_path / "tiny.yaml").write_text(
        yaml.safe_dump(TINY | {"client": {"kind": "poisson", "loads": [10, 20]}})
    )
    out = tmp_path / "out"
    rc = bench_main(
        [
            "--workload", "tiny",
            "--workloads-dir", str(tmp_path),
            "--routers", "round-robin,approx-prefix,kinference",
            "--out", str(out),
            "--jobs", "1",
        ]
    )  # fmt: skip
    assert rc == 0
    data = json.loads((out / "results.json").read_text())
    assert data["meta"]["latency_model"] == "dynamo-mocker"
    assert "TTFT <= 2 s" in data["meta"]["slo"]
    assert len(data["rows"]) == 6
    needed = {
        "workload", "router", "load", "requests", "ttft_p50_s", "ttft_p90_s", "ttft_p99_s",
        "itl_mean_s", "e2e_p50_s", "output_tokens_per_s", "goodput_rpm", "cache_hit_rate",
    }  # fmt: skip
    assert all(needed <= set(r) for r in data["rows"])
    assert (out / "tiny.png").stat().st_size > 1000
    md = (out / "results.md").read_text()
    assert "| 20 | kinference |" in md
    assert "approx-prefix" in md


def test_unknown_workload_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        bench_main(["--workload", "nope", "--workloads-dir", str(tmp_path), "--out", str(tmp_path)])
        == 2
    )
    assert "no workload 'nope'" in capsys.readouterr().err
