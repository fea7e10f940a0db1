"""The benchmark harness on tiny workloads: determinism, the load ladder, peers, the report."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml

from kinference_epp.bench.clients import WARMUP, LadderClient
from kinference_epp.bench.harness import Harness, HarnessOptions, RunResult, run_one
from kinference_epp.bench.report import CAPACITY, POINT, Slo, capacities, over_seeds, rows
from kinference_epp.bench.routing import GPU_LABEL, ROUTERS, VARIANTS
from kinference_epp.bench.workloads import Stage, WorkloadSpec, conversations
from kinference_epp.cli.bench import bench_main, refined
from kinference_epp.config.model import ShedConfig
from kinference_epp.sim.latency import latency_model, profile_num_gpu_blocks

TINY: dict[str, Any] = {
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
    "client": {"kind": "constant", "stages": [{"rate": 20.0, "duration_s": 1.2}]},
}


def tiny(**changes: object) -> WorkloadSpec:
    return WorkloadSpec.model_validate(TINY | changes)


def ttft_mean(result: RunResult) -> float:
    return float(np.mean([r.ttft_s for r in result.records]))


def test_same_seed_same_records() -> None:
    a = run_one(tiny(), "kinference")
    b = run_one(tiny(), "kinference")
    assert len(a.records) == 24
    assert a.records == b.records
    assert a.picks == b.picks


def test_round_robin_spreads_evenly() -> None:
    result = run_one(tiny(), "round-robin")
    assert set(result.picks.values()) == {6}


@pytest.mark.parametrize("router", ["kinference", "llmd-precise", "dynamo", "sglang"])
def test_a_prefix_router_beats_random(router: str) -> None:
    ours = run_one(tiny(), router)
    rand = run_one(tiny(), "random")
    hit = rows(ours, Slo())[0]["cache_hit_rate"]
    assert hit > rows(rand, Slo())[0]["cache_hit_rate"]
    assert hit > 0.6  # 5 of each group's 6 prompts reuse a 2048-token prefix
    assert ttft_mean(ours) < ttft_mean(rand)


@pytest.mark.parametrize("router", ROUTERS)
def test_every_router_of_the_standard_set_finishes_the_tiny_run(router: str) -> None:
    result = run_one(tiny(), router)
    assert len(result.records) == 24
    assert result.unfinished == {}
    assert result.router == router


PROMPT_BLIND_VARIANTS = ("least-queue-session",)
"""A baseline for session affinity (queue + session, no prefix index): it keeps sessions,
not prefixes, together."""


@pytest.mark.parametrize("router", sorted(set(VARIANTS) - set(PROMPT_BLIND_VARIANTS)))
def test_every_variant_of_ours_runs_and_keeps_prefixes_together(router: str) -> None:
    result = run_one(tiny(), router)
    assert len(result.records) == 24
    assert result.router == router
    assert rows(result, Slo())[0]["cache_hit_rate"] > 0.6


@pytest.mark.parametrize("router", PROMPT_BLIND_VARIANTS)
def test_a_session_variant_keeps_each_session_on_one_pod(router: str) -> None:
    """Multi-turn sessions (the harness names each in Claude Code's header): every turn of a
    session lands where its first did, under light load."""
    spec = WorkloadSpec.model_validate(
        {
            "name": "sessions",
            "pods": 4,
            "engine": {"block_size": 16, "num_gpu_blocks": 1024},
            "multiturn": {
                "conversations": 8,
                "system_tokens": 256,
                "user_tokens_mean": 64,
                "user_tokens_sd": 8,
                "output_tokens_mean": 8,
                "output_tokens_sd": 2,
                "turns_min": 4,
                "turns_max": 4,
            },
            "client": {"kind": "concurrency", "loads": [4], "conversations_per_user": 2},
        }
    )
    result = run_one(spec, router, load=4)
    assert result.router == router
    pods: dict[int, set[str]] = {}
    for r in result.records:
        pods.setdefault(r.conversation, set()).add(r.endpoint)
    assert len(pods) == 8
    assert all(len(p) == 1 for p in pods.values())
    assert len(set().union(*pods.values())) > 1  # sessions spread over the pods


def test_the_ladder_resends_prompts_cyclically_and_tags_stages() -> None:
    spec = tiny(
        client={
            "kind": "constant",
            "warmup": {"rate": 20.0, "duration_s": 1.2},
            "stages": [{"rate": 10.0, "duration_s": 2.4}, {"rate": 40.0, "duration_s": 0.6}],
        }
    )
    result = run_one(spec, "kinference")
    stages = [r.stage for r in result.records]
    assert stages.count(WARMUP) == 24
    assert stages.count(0) == 24
    assert stages.count(1) == 24
    sent = sorted(r.conversation for r in result.records)
    assert sent == sorted(list(range(24)) * 3)  # every prompt once per 24 arrivals
    by_stage = {r["load"]: r for r in rows(result, Slo())}
    assert set(by_stage) == {10.0, 40.0}  # the warm-up is in no row
    # the prompts sent again after the warm-up find their blocks cached
    assert by_stage[10.0]["cache_hit_rate"] > 0.9


def test_poisson_stages_draw_their_rate() -> None:
    client = LadderClient(
        [Stage(rate=50.0, duration_s=20.0), Stage(rate=5.0, duration_s=20.0)],
        np.random.default_rng(0),
    )
    arrivals = client.initial(10)
    first = [a for a in arrivals if a.stage == 0]
    second = [a for a in arrivals if a.stage == 1]
    assert 900 < len(first) < 1100
    assert 60 < len(second) < 140
    assert all(a.time < 20.0 for a in first)
    assert all(20.0 <= a.time < 40.0 for a in second)


def test_a_collapsed_router_stops_the_ladder_and_the_rest_counts_as_unfinished() -> None:
    spec = tiny(
        pods=1,
        shared_prefix=TINY["shared_prefix"] | {"question_tokens": 1024},
        client={
            "kind": "constant",
            "stages": [{"rate": r, "duration_s": 2.0} for r in (2.0, 400.0, 400.0, 400.0, 400.0)],
        },
    )
    result = run_one(spec, "round-robin", options=HarnessOptions(collapse_ttft_s=0.5))
    out = rows(result, Slo(ttft_s=0.5))
    assert out[0]["slo_met_fraction"] == 1.0
    assert out[-1]["unfinished"] == out[-1]["requests"] == 800  # never run
    assert out[-1]["slo_met_fraction"] == 0.0
    cap = capacities(out, Slo(ttft_s=0.5))
    assert cap[0]["capacity_rps"] == 2.0
    assert cap[0]["reached"]


def test_capacity_is_the_last_load_before_the_first_failure() -> None:
    def row(load: float, met: float) -> dict[str, Any]:
        return {
            "workload": "w",
            "latency_profile": "p",
            "router": "r",
            "load": load,
            "load_kind": "poisson",
            "slo_met_fraction": met,
        }

    slo = Slo()
    cap = capacities([row(1, 1.0), row(2, 0.95), row(3, 0.5), row(4, 1.0)], slo)[0]
    assert cap["capacity_rps"] == 2.0
    assert cap["reached"]
    assert capacities([row(1, 0.2), row(2, 1.0)], slo)[0]["capacity_rps"] == 0.0
    censored = capacities([row(1, 1.0), row(2, 1.0)], slo)[0]
    assert censored["capacity_rps"] == 2.0
    assert not censored["reached"]


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
    assert result.unfinished == {}
    by_turn = sorted(result.records, key=lambda r: (r.conversation, r.turn))
    assert by_turn[1].prompt_tokens > by_turn[0].prompt_tokens + by_turn[0].output_tokens
    assert by_turn[2].cached_tokens >= by_turn[1].prompt_tokens // 16 * 16 - 16
    (only,) = rows(result, Slo())
    assert only["load"] == 2
    assert only["requests"] == 12


def test_kv_capacity_from_prefix_fraction() -> None:
    spec = tiny(engine={"block_size": 16, "prefix_kv_fraction": 0.5})
    assert spec.num_gpu_blocks() == 4 * 2048 // 16 * 2 // 4  # prefixes fill half the pool
    assert len(conversations(spec, 0)) == 24


def test_a_workload_that_sizes_no_kv_takes_its_latency_profiles() -> None:
    """Each profile's pods hold what vLLM would give its model on its GPUs, so the 8B
    profile's pods hold an 8B model's KV, not the 32B's."""
    spec = tiny(engine={"block_size": 16})
    with pytest.raises(ValueError, match="for_latency"):
        spec.num_gpu_blocks()
    small, large = latency_model("h100-8b"), latency_model("h100-32b")
    assert spec.for_latency(small).num_gpu_blocks() == profile_num_gpu_blocks(small, 16)
    assert spec.for_latency(large).num_gpu_blocks() == profile_num_gpu_blocks(large, 16)
    assert spec.for_latency(small).num_gpu_blocks() > spec.for_latency(large).num_gpu_blocks()
    harness = Harness(spec, "round-robin", options=HarnessOptions(latency=small))
    pod = next(iter(harness.pods.values()))
    assert pod.engine.config.num_gpu_blocks == profile_num_gpu_blocks(small, 16)
    # a workload that states its size keeps it under every profile
    assert tiny().for_latency(small).num_gpu_blocks() == 1024
    with pytest.raises(ValueError, match="names no deployment"):
        spec.for_latency(latency_model("dynamo-mocker"))


def test_paused_stages_start_after_the_previous_stage_is_over() -> None:
    """inference-perf's multi-process load generator waits for a stage's requests before the
    next stage: no stage inherits another's backlog."""
    client = {
        "kind": "poisson",
        "warmup": {"rate": 30.0, "duration_s": 0.5},
        "stages": [{"rate": 40.0, "duration_s": 0.5}, {"rate": 10.0, "duration_s": 0.5}],
    }
    spec = tiny(client=client)
    paused = run_one(spec, "random", options=HarnessOptions(stage_pause_s=1.0))
    continuous = run_one(spec, "random")
    assert len(paused.records) == len(continuous.records) == continuous_planned(spec)
    assert paused.unfinished == {}
    by_stage: dict[int, list[Any]] = {}
    for r in paused.records:
        by_stage.setdefault(r.stage, []).append(r)
    order = [WARMUP, 0, 1]
    for before, after in itertools.pairwise(order):
        last_finish = max(r.finish for r in by_stage[before])
        assert min(r.arrival for r in by_stage[after]) >= last_finish + 1.0 - 1e-9
    # the same arrivals within each stage, shifted as a block
    for stage in order:
        a = sorted(r.arrival for r in by_stage[stage])
        b = sorted(r.arrival for r in continuous.records if r.stage == stage)
        assert np.allclose(np.diff(a), np.diff(b))


def continuous_planned(spec: WorkloadSpec) -> int:
    return Harness(spec, "random").total_requests()


def test_a_client_states_its_loads_in_one_form() -> None:
    with pytest.raises(ValueError, match="sets stages"):
        tiny(client={"kind": "poisson", "loads": [1.0]})
    with pytest.raises(ValueError, match="sets loads"):
        tiny(client={"kind": "concurrency", "stages": [{"rate": 1.0, "duration_s": 1.0}]})


def test_bench_main_writes_json_markdown_and_plots(tmp_path: Path) -> None:
    stages = [{"rate": 10.0, "duration_s": 1.2}, {"rate": 20.0, "duration_s": 1.2}]
    (tmp_path / "tiny.yaml").write_text(
        yaml.safe_dump(TINY | {"client": {"kind": "poisson", "stages": stages}})
    )
    out = tmp_path / "out"
    rc = bench_main(
        [
            "--workload", "tiny",
            "--workloads-dir", str(tmp_path),
            "--routers", "round-robin,gie-approx,kinference",
            "--latency", "h100-8b,h100-32b",
            "--seeds", "0",
            "--out", str(out),
            "--jobs", "1",
        ]
    )  # fmt: skip
    assert rc == 0
    data = json.loads((out / "results.json").read_text())
    assert data["meta"]["latency_models"] == ["h100-8b", "h100-32b"]
    assert "TTFT <= 2 s" in data["meta"]["slo"]
    assert len(data["rows"]) == 2 * 3 * 2
    needed = {
        "workload", "latency_profile", "router", "load", "requests", "slo_met_fraction",
        "ttft_p50_s", "ttft_p90_s", "ttft_p99_s", "itl_mean_s", "output_tokens_per_s",
        "goodput_rpm", "cache_hit_rate", "preemptions",
    }  # fmt: skip
    assert all(needed <= set(r) for r in data["rows"])
    summary = data["summary"]
    assert len(summary) == 2 * 3
    assert {"workload", "router", "latency_profile", "capacity_rps"} <= set(summary[0])
    assert (out / "tiny-h100-8b.png").stat().st_size > 1000
    assert (out / "tiny-h100-32b.png").stat().st_size > 1000
    md = (out / "results.md").read_text()
    assert "## Capacity at the SLO" in md
    assert "| 20 | kinference |" in md
    assert "gie-approx" in md


def test_unknown_workload_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        bench_main(["--workload", "nope", "--workloads-dir", str(tmp_path), "--out", str(tmp_path)])
        == 2
    )
    assert "no workload 'nope'" in capsys.readouterr().err


def test_pod_classes_give_each_pod_its_step_time_and_gpu_label() -> None:
    spec = tiny(pod_classes=[{"count": 2, "gpu": "h100"}, {"count": 2, "gpu": "l40s"}])
    harness = Harness(spec, "round-robin")
    assert [p.engine.latency.name for p in harness.pods.values()] == [
        "h100-8b",
        "h100-8b",
        "h100-8bx2.5",
        "h100-8bx2.5",
    ]
    labels = [harness.pool.get(k).labels for k in harness.pods]  # type: ignore[union-attr]
    assert labels == [{GPU_LABEL: "h100"}] * 2 + [{GPU_LABEL: "l40s"}] * 2
    result = harness.run()
    by_pod: dict[str, list[float]] = {}
    for r in result.records:
        by_pod.setdefault(r.endpoint, []).append(r.e2e_s)
    fast, slow = (np.mean(by_pod[str(k)]) for k in list(harness.pods)[1:3])
    assert slow > 2 * fast


def test_a_workload_names_pods_it_has() -> None:
    with pytest.raises(ValueError, match="add up"):
        tiny(pod_classes=[{"count": 3, "gpu": "h100"}])
    with pytest.raises(ValueError, match="no default slowdown"):
        tiny(pod_classes=[{"count": 4, "gpu": "tpu"}])
    with pytest.raises(ValueError, match="not one of"):
        tiny(slowdown={"pod": 4, "at_s": 1.0, "factor": 3.0})
    assert tiny(pod_classes=[{"count": 4, "gpu": "tpu", "slowdown": 3.0}]).pod_gpus()[0] == (
        "tpu",
        3.0,
    )


def test_a_slowdown_slows_its_pod_from_its_moment_on() -> None:
    spec = tiny(slowdown={"pod": 0, "at_s": 0.6, "factor": 3.0})
    harness = Harness(spec, "round-robin")
    result = harness.run()
    first = next(iter(harness.pods.values()))
    assert first.engine.latency.name == "h100-8bx3"
    pod0 = [r for r in result.records if r.endpoint == str(first.key)]
    before = [r.e2e_s for r in pod0 if r.finish < 0.6]
    after = [r.e2e_s for r in pod0 if r.arrival > 0.6]
    assert before
    assert after
    assert min(after) > max(before)


def test_our_router_learns_each_pods_speed_from_its_records() -> None:
    spec = tiny(
        pod_classes=[{"count": 2, "gpu": "h100"}, {"count": 2, "gpu": "l40s"}],
        shared_prefix=TINY["shared_prefix"] | {"question_tokens": 1024},
        client={"kind": "poisson", "stages": [{"rate": 20.0, "duration_s": 8.0}]},
    )
    # without the access log (the default: no router learns from it) the scrapes' TTFT
    # histograms teach the prefill lines, from the first scrapes
    alone = Harness(spec, "kinference")
    alone.run()
    assert alone.router.speed is not None
    assert any(f.records > 0 for f in alone.router.speed.figures())
    harness = Harness(spec, "kinference", options=HarnessOptions(access_log=True))
    harness.run()
    assert harness.router.speed is not None
    figures = {str(f.endpoint): f for f in harness.router.speed.figures()}
    keys = [str(k) for k in harness.pods]
    fast = [figures[k].prefill_factor for k in keys[:2] if figures[k].records >= 8]
    slow = [figures[k].prefill_factor for k in keys[2:] if figures[k].records >= 8]
    assert fast
    assert slow
    # l40s pods prefill 2.5x slower; the profile's fixed TTFT overhead, which the speed model
    # reads as prefill too, narrows the learned gap
    assert min(slow) > 1.3 * max(fast)


def _shedding(**bounds: float) -> HarnessOptions:
    """Our admission layer with the given shedding bounds."""
    return HarnessOptions(
        admission="kinference", admission_shed=ShedConfig(**bounds), collapse_ttft_s=None
    )


def test_an_open_loop_request_shed_at_saturation_counts_and_misses_the_slo() -> None:
    spec = tiny(
        pods=1,
        engine={"block_size": 16, "num_gpu_blocks": 1024, "max_num_seqs": 4},
        client={"kind": "constant", "stages": [{"rate": 200.0, "duration_s": 1.0}]},
    )
    served_all = run_one(spec, "kinference", options=_shedding(itl_s=0.0, ttft_s=0.0))
    assert served_all.shed == {}
    shed = run_one(spec, "kinference", options=_shedding(itl_s=0.0, ttft_s=0.05))
    assert shed.shed[0] > 0
    (row,) = rows(shed, Slo())
    (all_row,) = rows(served_all, Slo())
    assert row["shed"] == shed.shed[0]
    assert row["requests"] == all_row["requests"] == 200  # planned: served + unfinished + shed
    assert len(shed.records) + row["unfinished"] + row["shed"] == 200
    met = row["slo_met_fraction"] * 200
    assert met <= len(shed.records)  # a shed request never meets the SLO
    # the queue stays short: what is served starts sooner than when every request is taken
    assert row["ttft_p90_s"] < all_row["ttft_p90_s"]


def test_a_closed_loop_user_sends_a_shed_turn_again_and_waits_for_it() -> None:
    spec = WorkloadSpec.model_validate(
        {
            "name": "chat",
            "pods": 1,
            "engine": {"num_gpu_blocks": 1024, "max_num_seqs": 2},
            "multiturn": {
                "conversations": 6,
                "system_tokens": 64,
                "user_tokens_mean": 32,
                "user_tokens_sd": 4,
                "output_tokens_mean": 64,
                "output_tokens_sd": 2,
                "turns_min": 3,
                "turns_max": 3,
            },
            "client": {"kind": "concurrency", "loads": [6]},
        }
    )
    result = run_one(spec, "kinference", 6, options=_shedding(itl_s=0.0, ttft_s=1e-3))
    assert len(result.records) == 18  # every turn served, none lost
    assert result.shed[0] > 0  # every refusal counted, though the user sends it again
    assert result.unfinished == {}
    # a retried turn's TTFT runs from its first attempt, past the one-second retry-after
    assert max(r.ttft_s for r in result.records) >= 1.0
    (row,) = rows(result, Slo())
    # the turns of the load point (each counted once), and every 429 the users were sent
    assert (row["requests"], row["shed"]) == (18, result.shed[0])


def test_an_admission_layer_sits_on_top_of_every_router() -> None:
    spec = tiny(
        pods=1,
        engine={"block_size": 16, "num_gpu_blocks": 1024, "max_num_seqs": 4},
        client={"kind": "constant", "stages": [{"rate": 200.0, "duration_s": 1.0}]},
    )
    for router in ("round-robin", "llmd-precise", "dynamo", "kinference"):
        alone = run_one(spec, router, options=HarnessOptions(collapse_ttft_s=None))
        assert alone.shed == {}, router  # no router sheds by itself
        ours = run_one(spec, router, options=_shedding(itl_s=0.0, ttft_s=0.05))
        gie = run_one(spec, router, options=HarnessOptions(admission="gie", collapse_ttft_s=None))
        for result in (ours, gie):
            assert result.shed[0] > 0, (router, result.admission)
            (row,) = rows(result, Slo())
            assert (row["admission"], row["shed"]) == (result.admission, result.shed[0])
            assert row["requests"] == 200


def test_seeds_aggregate_to_the_median_with_their_spread(tmp_path: Path) -> None:
    runs = [
        {"workload": "w", "latency_profile": "p", "router": "r", "admission": "none",
         "load": load, "load_kind": "poisson", "seed": seed, "slo_met_fraction": met,
         "ttft_p90_s": ttft, "shed": 0}
        for seed, load, met, ttft in [
            (0, 10.0, 1.0, 0.1), (1, 10.0, 0.95, 0.3), (2, 10.0, 1.0, 0.2),
            (0, 20.0, 0.5, 3.0), (1, 20.0, 0.95, 0.9), (2, 20.0, 0.92, 1.0),
            (0, 30.0, 0.2, 9.0), (1, 30.0, 0.5, 5.0), (2, 30.0, 0.1, 8.0),
        ]
    ]  # fmt: skip
    points = over_seeds(runs, POINT)
    at20 = next(p for p in points if p["load"] == 20.0)
    assert at20["seeds"] == [0, 1, 2]
    assert at20["slo_met_fraction"] == pytest.approx(0.92)
    assert (at20["ttft_p90_s_min"], at20["ttft_p90_s"], at20["ttft_p90_s_max"]) == (0.9, 1.0, 3.0)
    per_seed = capacities(runs, Slo())
    assert sorted(c["capacity_rps"] for c in per_seed) == [10.0, 20.0, 20.0]
    (cap,) = over_seeds(per_seed, CAPACITY)
    assert (cap["capacity_rps"], cap["capacity_rps_min"], cap["capacity_rps_max"]) == (
        20.0,
        10.0,
        20.0,
    )


def test_bench_main_runs_every_router_under_every_admission_per_seed(tmp_path: Path) -> None:
    spec = TINY | {
        "pods": 1,
        "engine": {"block_size": 16, "num_gpu_blocks": 1024, "max_num_seqs": 4},
        "client": {"kind": "constant", "stages": [{"rate": 100.0, "duration_s": 1.0}]},
    }
    (tmp_path / "tiny.yaml").write_text(yaml.safe_dump(spec))
    out = tmp_path / "out"
    rc = bench_main(
        [
            "--workload", "tiny",
            "--workloads-dir", str(tmp_path),
            "--routers", "round-robin,kinference",
            "--latency", "h100-8b",
            "--seeds", "0,1",
            "--admission", "none,gie",
            "--out", str(out),
            "--jobs", "1",
        ]
    )  # fmt: skip
    assert rc == 0
    data = json.loads((out / "results.json").read_text())
    assert data["meta"]["seeds"] == [0, 1]
    assert len(data["runs"]) == 2 * 2 * 2  # seeds x admission x routers, one load point
    assert len(data["rows"]) == 2 * 2
    for row in data["rows"]:
        assert row["seeds"] == [0, 1]
        assert (row["shed"] > 0) == (row["admission"] == "gie"), row
    assert {(s["router"], s["admission"]) for s in data["summary"]} == {
        (r, a) for r in ("round-robin", "kinference") for a in ("none", "gie")
    }
    md = (out / "results.md").read_text()
    assert "| tiny | h100-8b | none |" in md
    assert "| tiny | h100-8b | gie |" in md
    assert "| 100 | kinference | gie |" in md
    assert "admission" in data["meta"]["knobs"]["note"]


def test_a_refined_ladder_keeps_the_source_stages_up_to_the_capacity() -> None:
    stages = [
        {"rate": 10.0, "duration_s": 20.0},
        {"rate": 20.0, "duration_s": 20.0},
        {"rate": 40.0, "duration_s": 25.0},
        {"rate": 60.0, "duration_s": 25.0},
    ]
    spec = tiny(client={"kind": "poisson", "stages": stages})
    fine = refined(spec, 20.0, 40.0, 5.0)
    assert fine is not None
    assert [(s.rate, s.duration_s) for s in fine.client.stages or ()] == [
        (10.0, 20.0),
        (20.0, 20.0),
        (25.0, 25.0),
        (30.0, 25.0),
        (35.0, 25.0),
        (40.0, 25.0),
    ]
    assert refined(spec, 20.0, 40.0, 0.0) is None
    assert refined(spec, 40.0, 60.0, 25.0) is None  # nothing between
    assert refined(spec, 0.0, 10.0, 5.0) is None  # the first stage failed


def test_bench_main_refines_each_ladder_around_its_capacity(tmp_path: Path) -> None:
    stages = [{"rate": 10.0, "duration_s": 2.0}, {"rate": 400.0, "duration_s": 2.0}]
    spec = TINY | {
        "pods": 1,
        "engine": {"block_size": 16, "num_gpu_blocks": 1024, "max_num_seqs": 4},
        "client": {"kind": "poisson", "stages": stages},
    }
    (tmp_path / "tiny.yaml").write_text(yaml.safe_dump(spec))
    out = tmp_path / "out"
    args = ["--workload", "tiny", "--workloads-dir", str(tmp_path), "--routers", "round-robin"]
    args += ["--latency", "h100-8b", "--seeds", "0", "--out", str(out), "--jobs", "1"]
    assert bench_main([*args, "--refine-step", "100"]) == 0
    data = json.loads((out / "results.json").read_text())
    loads = sorted(r["load"] for r in data["runs"])
    assert (loads[0], loads[-1]) == (10.0, 400.0)
    assert 110.0 in loads  # the first step past the capacity of the source's ladder
    (cap,) = data["summary"]
    assert cap["capacity_rps"] in (10.0, 110.0, 210.0, 310.0)
