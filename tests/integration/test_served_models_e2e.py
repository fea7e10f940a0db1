"""A LoRA adapter loaded on the pods at run time is served through real Envoy once the picker
has read their ``/v1/models``; one unloaded stops being routed; an unknown model stays 404."""

from __future__ import annotations

import aiohttp
import pytest

from kinference_epp.config.model import ScrapeConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from waits import eventually

pytestmark = pytest.mark.integration

MODEL = "qwen3-0.6b"
UPSTREAM = "x-kinference-upstream"


async def chat(http: aiohttp.ClientSession, url: str, model: str) -> tuple[int, str, str]:
    body = {"model": model, "messages": [{"role": "user", "content": "hi"}], "max_tokens": 4}
    async with http.post(f"{url}/v1/chat/completions", json=body) as resp:
        await resp.read()
        return (
            resp.status,
            resp.headers.get("x-kinference-reason", ""),
            resp.headers.get(UPSTREAM, ""),
        )


async def test_an_adapter_loaded_at_run_time_is_routed() -> None:
    options = StackOptions(pods=2, scrape=ScrapeConfig(models_interval_s=0.05))
    async with LocalStack(options) as stack, aiohttp.ClientSession() as http:
        assert stack.cluster is not None
        pods = [a.http_url for a in stack.cluster.addresses]
        assert await chat(http, stack.url, "sql-lora") == (404, "model_not_found", "")

        async with http.post(
            f"{pods[1]}/v1/load_lora_adapter",
            json={"lora_name": "sql-lora", "lora_path": "/adapters/sql"},
        ) as resp:
            assert resp.status == 200, await resp.text()

        async def routed() -> bool:
            return (await chat(http, stack.url, "sql-lora"))[0] == 200

        await eventually(routed, what="the adapter to be routed")
        for _ in range(4):  # only the pod that loaded it serves it
            status, _, upstream = await chat(http, stack.url, "sql-lora")
            assert (status, upstream) == (200, pods[1].removeprefix("http://"))
        async with http.get(f"{stack.url}/v1/models") as resp:
            listed = [m["id"] for m in (await resp.json())["data"]]
        assert sorted(listed) == [MODEL, "sql-lora"]

        async with http.post(
            f"{pods[1]}/v1/unload_lora_adapter", json={"lora_name": "sql-lora"}
        ) as resp:
            assert resp.status == 200, await resp.text()

        async def gone() -> bool:
            return (await chat(http, stack.url, "sql-lora"))[:2] == (404, "model_not_found")

        await eventually(gone, what="the unloaded adapter to stop being routed")
        assert (await chat(http, stack.url, MODEL))[0] == 200
