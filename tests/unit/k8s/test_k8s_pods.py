"""What a pod and an InferencePool mean for routing (pure functions, no I/O)."""

from __future__ import annotations

import pytest

from k8s_fake.objects import inference_pool, inference_pool_v1alpha2, pod
from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.k8s.pods import (
    PoolSpec,
    active_ports,
    is_ready,
    models_from_args,
    parse_pool,
    pod_endpoints,
)

CONFIG = KubernetesConfig.model_validate({"pool": {"name": "p"}})


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["vllm", "serve", "Qwen/Qwen3-0.6B"], ["Qwen/Qwen3-0.6B"]),
        (["--model", "m", "--port", "8000"], ["m"]),
        (["--model=m"], ["m"]),
        (["serve", "m", "--served-model-name", "a", "b", "--port", "8000"], ["a", "b"]),
        (["--served-model-name=a"], ["a"]),
        (
            ["serve", "base", "--enable-lora", "--lora-modules", "sql=/l/sql", '{"name": "x"}'],
            ["base", "sql", "x"],
        ),
        (["--port", "8000"], []),
    ],
)
def test_models_from_vllm_args(args: list[str], expected: list[str]) -> None:
    assert models_from_args(args) == expected


def test_annotation_wins_over_args_and_default_models_are_last() -> None:
    spec = PoolSpec({"app": "vllm"}, (8000,))
    annotated = pod(
        "a", "10.0.0.1", args=["--model", "m"], annotations={"kinference.io/models": "x, y"}
    )
    (ep,) = pod_endpoints(annotated, spec, CONFIG)
    assert ep.models == {"x", "y"}
    assert ep.base_model == "x"
    assert ep.models_fixed  # the operator's word: what the pod lists is not added
    (from_args,) = pod_endpoints(pod("c", "10.0.0.3", args=["--model", "m"]), spec, CONFIG)
    assert (from_args.models, from_args.models_fixed) == ({"m"}, False)
    bare = pod("b", "10.0.0.2")
    assert pod_endpoints(bare, spec, CONFIG)[0].models == frozenset()
    config = KubernetesConfig.model_validate(
        {"pool": {"name": "p"}, "models": {"default_models": ["d"]}}
    )
    assert pod_endpoints(bare, spec, config)[0].models == {"d"}


def test_readiness_and_termination() -> None:
    assert is_ready(pod("a", "10.0.0.1"))
    assert not is_ready(pod("a", "10.0.0.1", ready=False))
    terminating = pod("a", "10.0.0.1")
    terminating["metadata"]["deletionTimestamp"] = "2026-01-01T00:00:00Z"
    assert not is_ready(terminating)
    spec = PoolSpec({"app": "vllm"}, (8000,))
    assert pod_endpoints(terminating, spec, CONFIG) == []
    assert pod_endpoints(pod("pending", None), spec, CONFIG) == []


def test_active_ports_narrow_the_target_ports() -> None:
    both = pod("a", "10.0.0.1", annotations={"llm-d.ai/active-ports": "8001, 9999"})
    assert active_ports(both, (8000, 8001)) == [8001]
    legacy = pod("a", "10.0.0.1", annotations={"inference.networking.k8s.io/active-ports": ""})
    assert active_ports(legacy, (8000, 8001)) == []
    assert active_ports(pod("a", "10.0.0.1"), (8000, 8001)) == [8000, 8001]


def test_kv_and_metrics_ports_follow_annotations_and_ipv6_is_bracketed() -> None:
    p = pod(
        "a",
        "fd00::1",
        annotations={"kinference.io/kv-events-port": "6000", "kinference.io/metrics-port": "9100"},
    )
    (ep,) = pod_endpoints(p, PoolSpec({"app": "vllm"}, (8000,)), CONFIG)
    assert ep.key == "[fd00::1]:8000"
    assert ep.kv_events == "tcp://[fd00::1]:6000"
    assert ep.kv_replay == "tcp://[fd00::1]:5558"
    assert ep.metrics_url == "http://[fd00::1]:9100/metrics"
    assert ep.host == "[fd00::1]"
    no_kv = KubernetesConfig.model_validate(
        {"pool": {"name": "p"}, "kv_events": {"enabled": False}}
    )
    (plain,) = pod_endpoints(p, PoolSpec({"app": "vllm"}, (8000,)), no_kv)
    assert plain.kv_events is None
    assert plain.kv_replay is None


def test_parse_pool() -> None:
    spec = parse_pool(inference_pool("p", selector={"b": "2", "a": "1"}, ports=(8000, 8001)))
    assert spec.target_ports == (8000, 8001)
    assert spec.label_selector() == "a=1,b=2"
    bad = inference_pool("p")
    bad["spec"]["selector"] = {"matchLabels": {}}
    with pytest.raises(ValueError, match="matchLabels"):
        parse_pool(bad)
    bad = inference_pool("p")
    bad["spec"]["targetPorts"] = [{"number": 0}]
    with pytest.raises(ValueError, match="target port"):
        parse_pool(bad)


def test_parse_a_v1alpha2_pool() -> None:
    """The pre-GA group: a flat selector map and one targetPortNumber."""
    spec = parse_pool(inference_pool_v1alpha2("p", selector={"app": "vllm"}, port=8001))
    assert spec.selector == {"app": "vllm"}
    assert spec.target_ports == (8001,)
    bad = inference_pool_v1alpha2("p")
    bad["spec"]["selector"] = {}
    with pytest.raises(ValueError, match=r"spec\.selector must"):
        parse_pool(bad)
