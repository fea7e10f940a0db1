"""The public API surface: only served paths, methods and JSON bodies reach a pod; the picker
answers the rest (and /v1/models) itself, with no client value as a label or an echo."""

from __future__ import annotations

import json

import pytest
from prometheus_client.parser import text_string_to_metric_families
from routed import rejected, routed

from kinference_epp.config.model import EndpointConfig, PoolConfig, SchedulerConfig
from kinference_epp.pipeline.runner import Pipeline
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.state import LocalResponse, RequestState
from kinference_epp.policy import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.telemetry.metrics import PickerMetrics

BASE, ADAPTER = "qwen3", "qwen3-sql"
CHAT = json.dumps({"model": BASE, "messages": [{"role": "user", "content": "hi"}]}).encode()


def make(metrics: PickerMetrics | None = None) -> Pipeline:
    ds = PoolDatastore.from_config(
        PoolConfig(
            name="pool",
            endpoints=[
                EndpointConfig(address="10.0.0.1:8000", models=[BASE, ADAPTER]),
                EndpointConfig(address="10.0.0.2:8000", models=["other"]),
            ],
        )
    )
    return build_pipeline(
        StageDeps(
            datastore=ds,
            scheduler=Scheduler(SchedulerConfig(seed=1), ds),
            metrics=metrics or PickerMetrics(),
            policies=PolicyStore(),
            pool_name="pool",
            tenant_header="x-tenant",
            max_model_len={BASE: 4096}.get,
        )
    )


def state(method: str, path: str, body: bytes = b"", **headers: str) -> RequestState:
    return RequestState(
        headers={":method": method, ":path": path, "x-request-id": "r", **headers}, body=body
    )


@pytest.mark.parametrize(
    ("method", "path", "content_type", "body", "status", "reason"),
    [
        ("POST", "/v1/chat/completion", "application/json", CHAT, 404, "not_found"),
        ("GET", "/metrics", None, b"", 404, "not_found"),
        ("POST", "/metrics", "application/json", CHAT, 404, "not_found"),
        ("GET", "/", None, b"", 404, "not_found"),
        ("POST", "/v1/chat/%63ompletions", "application/json", CHAT, 404, "not_found"),
        ("GET", "/v1/../metrics", None, b"", 404, "not_found"),
        ("POST", "/v1/load_lora_adapter", "application/json", CHAT, 404, "not_found"),
        ("GET", "/v1/chat/completions", None, b"", 405, "method_not_allowed"),
        ("PUT", "/v1/messages", "application/json", CHAT, 405, "method_not_allowed"),
        ("POST", "/v1/models", "application/json", CHAT, 405, "method_not_allowed"),
        ("POST", "/v1/chat/completions", "text/plain", CHAT, 415, "unsupported_media_type"),
        (
            "POST",
            "/v1/embeddings",
            "application/x-www-form-urlencoded",
            b"model=qwen3",
            415,
            "unsupported_media_type",
        ),
        ("POST", "/v1/chat/completions", "application/json", b"", 400, "empty_body"),
        ("POST", "/v1/messages/count_tokens", None, b"", 400, "empty_body"),
        ("POST", "/v1/embeddings", "application/json", b"[1]", 400, "bad_request"),
        ("POST", "/v1/embeddings", "application/json", b'{"input": "x"}', 400, "bad_request"),
        (
            "POST",
            "/v1/embeddings",
            None,
            b'{"model": "nope", "input": "x"}',
            404,
            "model_not_found",
        ),
    ],
)
def test_what_is_not_served_is_answered(
    method: str, path: str, content_type: str | None, body: bytes, status: int, reason: str
) -> None:
    headers = {"content-type": content_type} if content_type else {}
    err = rejected(make().run(state(method, path, body, **headers)))
    assert (err.status, err.reason) == (status, reason)
    if status == 405:
        assert dict(err.headers)["allow"] in ("GET", "POST")


@pytest.mark.parametrize(
    ("path", "content_type", "body"),
    [
        ("/v1/chat/completions", "application/json", CHAT),
        ("/v1/chat/completions?x=1", "application/json; charset=utf-8", CHAT),
        ("/v1/chat/completions/", None, CHAT),
        ("/v1/messages", "application/vnd.api+json", CHAT),
        ("/v1/completions", "application/json", b'{"model": "qwen3", "prompt": "hi"}'),
        ("/v1/embeddings", "application/json", b'{"model": "qwen3-sql", "input": "hi"}'),
        (
            "/v1/messages/count_tokens",
            "application/json",
            b'{"model": "qwen3", "messages": [{"role": "user", "content": "hi"}]}',
        ),
    ],
)
def test_served_apis_are_routed_to_a_pod_serving_the_model(
    path: str, content_type: str | None, body: bytes
) -> None:
    headers = {"content-type": content_type} if content_type else {}
    d = routed(make().run(state("POST", path, body, **headers)))
    assert d.endpoints == ("10.0.0.1:8000",)


def test_models_are_listed_from_the_pool_without_a_pod() -> None:
    out = make().run(state("GET", "/v1/models"))
    assert isinstance(out, LocalResponse)
    assert out.status == 200
    assert dict(out.headers)["content-type"] == "application/json"
    listed = json.loads(out.body)
    assert listed["object"] == "list"
    cards = {c["id"]: c for c in listed["data"]}
    assert list(cards) == sorted([BASE, ADAPTER, "other"])
    assert cards[BASE]["object"] == "model"
    assert cards[BASE]["parent"] is None
    assert cards[BASE]["max_model_len"] == 4096
    assert cards[ADAPTER]["parent"] == BASE
    assert cards[ADAPTER]["root"] == BASE


def test_one_model_is_retrieved_or_404() -> None:
    p = make()
    out = p.run(state("GET", f"/v1/models/{ADAPTER}"))
    assert isinstance(out, LocalResponse)
    assert json.loads(out.body)["id"] == ADAPTER
    err = rejected(p.run(state("GET", "/v1/models/no-such-model")))
    assert (err.status, err.reason, err.param) == (404, "model_not_found", "model")
    assert "no-such-model" not in err.message  # a client's string is not echoed


def test_the_list_follows_the_pool() -> None:
    p = make()
    first = p.run(state("GET", "/v1/models"))
    assert p.run(state("GET", "/v1/models")) is first  # built once per endpoint set
    surface = p.stages[0]
    ds = surface._models._datastore  # type: ignore[attr-defined]
    ds.remove(next(iter(e.key for e in ds.endpoints() if "other" in e.models)))
    again = p.run(state("GET", "/v1/models"))
    assert isinstance(again, LocalResponse)
    assert [c["id"] for c in json.loads(again.body)["data"]] == [BASE, ADAPTER]


def test_screening_answers_before_the_body_and_run_goes_on_after_it() -> None:
    p = make()
    bad = state("POST", "/metrics", content_type="application/json")
    bad.body_follows = True
    assert rejected(p.screen(bad)).status == 404  # type: ignore[arg-type]
    good = state("POST", "/v1/chat/completions", content_type="application/json")
    good.body_follows = True
    assert p.screen(good) is None
    assert good.resume_at == 2  # the surface and identify ran; the body's stages have not
    good.body = CHAT
    assert routed(p.run(good)).endpoints == ("10.0.0.1:8000",)


def test_client_copies_of_the_pickers_headers_are_removed() -> None:
    s = state(
        "POST",
        "/v1/chat/completions",
        CHAT,
        **{
            "x-kinference-scores": "10.0.0.2:8000=1",
            "x-kinference-route": "cloud",
            "x-kinference-model": "evil",
            "x-gateway-destination-endpoint": "10.9.9.9:80",
        },
    )
    d = routed(make().run(s))
    assert set(d.remove_headers) == {
        "x-kinference-scores",
        "x-kinference-route",
        "x-gateway-destination-endpoint",
    }
    assert dict(d.headers)["x-kinference-model"] == BASE  # set by the picker, so kept
    plain = routed(make().run(state("POST", "/v1/chat/completions", CHAT)))
    assert plain.remove_headers == ()


def _label_values(metrics: PickerMetrics, label: str) -> set[str]:
    values: set[str] = set()
    for family in text_string_to_metric_families(metrics.exposition().decode()):
        for sample in family.samples:
            if label in sample.labels:
                values.add(sample.labels[label])
    return values


def test_no_client_string_becomes_a_label() -> None:
    metrics = PickerMetrics()
    p = make(metrics)
    for i in range(50):
        body = json.dumps({"model": f"typo-{i}", "messages": [{"role": "user", "content": "x"}]})
        raw = body.encode()
        p.run(state("POST", "/v1/chat/completions", raw, **{"x-kinference-model": f"h{i}"}))
        p.run(state("POST", f"/v1/nothing-{i}", raw))
        p.run(state("GET", "/v1/models/" + f"m{i}"))
    p.run(state("POST", "/v1/chat/completions", CHAT))
    assert _label_values(metrics, "model_name") <= {"unknown", "", BASE}
    assert _label_values(metrics, "reason") <= {"model_not_found", "not_found"}


def test_deep_nesting_is_a_400_without_a_traceback(caplog: pytest.LogCaptureFixture) -> None:
    deep = b"[" * 10_000 + b"]" * 10_000
    nested = b'{"model": "qwen3", "x": ' + deep + b"}"
    p = make()
    for path, body in (
        ("/v1/chat/completions", deep),
        ("/v1/chat/completions", nested),
        ("/v1/embeddings", deep),
        ("/v1/embeddings", nested),
        ("/v1/messages/count_tokens", nested),
    ):
        out = p.run(state("POST", path, body))
        err = rejected(out)
        assert err.status in (400, 404), (path, err.message)
        assert err.status == 400 or err.reason == "model_not_found"
    assert not [r for r in caplog.records if r.exc_info]
