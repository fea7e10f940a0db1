"""Served models learned from each pod's ``/v1/models``: parsing vLLM's list, merging it into
the declared models (the annotation overrides), and the scraper keeping it current."""

from __future__ import annotations

import contextlib
import json

import pytest
from aiohttp import web
from hypothesis import given
from hypothesis import strategies as st

from kinference_epp.config.model import ScrapeConfig
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey
from kinference_epp.pool.scraper import MetricsScraper
from kinference_epp.pool.served_models import MAX_MODELS, models_url, parse_model_list
from waits import eventually

KEY = EndpointKey("10.0.0.1:8000")


def listing(*models: tuple[str, str | None]) -> bytes:
    data = [
        {"id": name, "object": "model", "owned_by": "vllm", "root": name, "parent": parent}
        for name, parent in models
    ]
    return json.dumps({"object": "list", "data": data}).encode()


def test_vllm_list_gives_base_model_and_adapters() -> None:
    body = listing(("llama", None), ("sql-lora", "llama"), ("chat-lora", "llama"))
    assert parse_model_list(body) == (frozenset({"llama", "sql-lora", "chat-lora"}), "llama")


@pytest.mark.parametrize(
    "body", [b"", b"{}", b'{"data": []}', b'{"data": [{"id": ""}]}', b"<html>", b"[1]"]
)
def test_a_body_that_lists_no_model_is_refused(body: bytes) -> None:
    with pytest.raises(ValueError, match="model list"):
        parse_model_list(body)


def test_the_list_is_bounded() -> None:
    body = listing(*((f"m{i}", None) for i in range(MAX_MODELS + 50)), ("x" * 300, None))
    models, base = parse_model_list(body)
    assert len(models) == MAX_MODELS
    assert base == "m0"


@given(st.binary(max_size=256))
def test_any_bytes_parse_or_raise_value_error(body: bytes) -> None:
    with contextlib.suppress(ValueError):
        parse_model_list(body)


def test_models_url_is_on_the_serving_port_with_the_metrics_scheme() -> None:
    assert models_url("http://10.0.0.1:9100/metrics", "10.0.0.1:8000") == (
        "http://10.0.0.1:8000/v1/models"
    )
    assert models_url("https://[::1]:9/metrics", "[::1]:8000") == "https://[::1]:8000/v1/models"


def endpoint(models: tuple[str, ...], *, fixed: bool = False) -> Endpoint:
    return Endpoint(
        key=KEY,
        models=frozenset(models),
        metrics_url=f"http://{KEY}/metrics",
        base_model=models[0] if models else "",
        models_fixed=fixed,
    )


def test_listed_models_are_added_to_declared_ones() -> None:
    store = PoolDatastore()
    store.upsert(endpoint(("llama",)))
    assert not store.serves_model("sql-lora")
    assert store.learn_models(KEY, {"llama", "sql-lora"}, "llama")
    assert store.serves_model("sql-lora")
    assert store.models() == {"llama", "sql-lora"}
    assert not store.learn_models(KEY, {"llama", "sql-lora"}, "llama")  # no change
    # An adapter unloaded at run time goes; the declared name stays.
    assert store.learn_models(KEY, {"llama"}, "llama")
    assert store.models() == {"llama"}


def test_a_redeclared_endpoint_keeps_what_its_pod_listed() -> None:
    store = PoolDatastore()
    store.upsert(endpoint(("llama",)))
    store.learn_models(KEY, {"llama", "sql-lora"}, "llama")
    store.upsert(endpoint(("llama",)))  # e.g. Kubernetes sent the pod again
    assert store.serves_model("sql-lora")


def test_the_annotation_overrides_what_the_pod_lists() -> None:
    store = PoolDatastore()
    store.upsert(endpoint(("public-name",), fixed=True))
    assert not store.learn_models(KEY, {"llama", "sql-lora"}, "llama")
    assert store.models() == {"public-name"}


def test_an_endpoint_declared_without_models_serves_what_it_lists() -> None:
    store = PoolDatastore()
    added: list[Endpoint] = []
    removed: list[Endpoint] = []
    store.subscribe(added.append, removed.append)
    store.upsert(endpoint(()))
    assert store.models() == frozenset()
    assert store.learn_models(KEY, {"llama", "sql-lora"}, "llama")
    assert store.models() == {"llama", "sql-lora"}
    ep = store.get(KEY)
    assert ep is not None
    assert ep.base_model == "llama"
    # Its base model changed: listeners (the KV-event subscription) start it again under it.
    assert [e.base_model for e in removed] == [""]
    assert [e.base_model for e in added] == ["", "llama"]
    # An adapter loaded later changes no base model: nothing restarts.
    assert store.learn_models(KEY, {"llama", "sql-lora", "new-lora"}, "llama")
    assert len(added) == 2


async def test_the_scraper_keeps_the_models_current() -> None:
    served = [("llama", None)]
    metrics = 'vllm:num_requests_running{model_name="llama"} 0\n'

    async def models(_: web.Request) -> web.Response:
        return web.Response(body=listing(*served), content_type="application/json")

    async def scrape(_: web.Request) -> web.Response:
        return web.Response(text=metrics)

    app = web.Application()
    app.router.add_get("/v1/models", models)
    app.router.add_get("/metrics", scrape)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.1)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    port = runner.addresses[0][1]
    key = EndpointKey(f"127.0.0.1:{port}")
    store = PoolDatastore()
    store.upsert(Endpoint(key=key, models=frozenset(), metrics_url=f"http://{key}/metrics"))
    config = ScrapeConfig(interval_s=0.01, models_interval_s=0.02)
    try:
        async with MetricsScraper(store, config):
            await eventually(lambda: store.models() == {"llama"}, what="the base model listed")
            served.append(("sql-lora", "llama"))  # loaded at run time
            await eventually(
                lambda: store.models() == {"llama", "sql-lora"}, what="the new adapter listed"
            )
    finally:
        await runner.cleanup()
