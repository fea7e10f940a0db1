"""The simulated pod's OpenAI Responses API over a real socket, read by the ``openai`` SDK.

Event names, their order and the usage fields follow vLLM's server
(vllm/entrypoints/openai/responses/): what Envoy's usage filters and the SDK read from a real
pod. Stored responses live in the pod that answered them, as in vLLM.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import openai
import pytest

from kinference_epp.api.responses import parse_responses
from kinference_epp.sim.runner import SimCluster, ephemeral_specs, start_pods
from kinference_epp.sim.server import PodSpec
from kinference_epp.tokenize.approx import ApproxTokenizer

pytestmark = pytest.mark.integration

MODEL = "sim-model"


@pytest.fixture
async def cluster() -> AsyncIterator[SimCluster]:
    spec = PodSpec(models=(MODEL,), time_scale=0.01, num_gpu_blocks=512)
    async with await start_pods(ephemeral_specs(2, spec)) as c:
        yield c


def client(url: str) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=f"{url}/v1", api_key="unused", max_retries=0)


def prompt_tokens(body: dict[str, Any]) -> int:
    """What the picker's tokenizer counts for the body: the pod must count the same."""
    return len(ApproxTokenizer().prompt_token_ids(parse_responses(json.dumps(body).encode())))


async def test_plain_response_with_usage(cluster: SimCluster) -> None:
    async with client(cluster.addresses[0].http_url) as sdk:
        response = await sdk.responses.create(
            model=MODEL, instructions="Be terse.", input="hello there", max_output_tokens=5
        )
    assert response.id.startswith("resp_")
    assert response.status == "completed"
    assert response.output_text
    assert response.usage is not None
    body = {"model": MODEL, "instructions": "Be terse.", "input": "hello there"}
    assert response.usage.input_tokens == prompt_tokens(body)
    assert response.usage.output_tokens == 5
    assert response.usage.total_tokens == response.usage.input_tokens + 5


async def test_streamed_events_in_vllms_order(cluster: SimCluster) -> None:
    async with client(cluster.addresses[0].http_url) as sdk:
        stream = await sdk.responses.create(
            model=MODEL, input="hello there", max_output_tokens=4, stream=True
        )
        events = [event async for event in stream]
    kinds = [e.type for e in events]
    assert kinds[:4] == [
        "response.created",
        "response.in_progress",
        "response.output_item.added",
        "response.content_part.added",
    ]
    assert kinds[-4:] == [
        "response.output_text.done",
        "response.content_part.done",
        "response.output_item.done",
        "response.completed",
    ]
    deltas = [e.delta for e in events if e.type == "response.output_text.delta"]
    assert deltas
    assert [e.sequence_number for e in events] == list(range(len(events)))
    done = events[-1].response
    assert done.output_text == "".join(deltas)
    assert done.usage is not None
    assert done.usage.output_tokens == 4


async def test_a_continuation_works_only_on_the_pod_that_stored_it(cluster: SimCluster) -> None:
    first_url, other_url = (a.http_url for a in cluster.addresses)
    async with client(first_url) as sdk:
        first = await sdk.responses.create(
            model=MODEL, input="remember the number seven " * 20, max_output_tokens=3
        )
        second = await sdk.responses.create(
            model=MODEL, input="what was it?", previous_response_id=first.id, max_output_tokens=3
        )
    assert second.previous_response_id == first.id
    # the pod renders the stored conversation and its answer before the new input
    assert second.usage is not None
    assert first.usage is not None
    assert second.usage.input_tokens > first.usage.input_tokens
    assert second.usage.input_tokens_details.cached_tokens > 0
    async with client(other_url) as sdk:
        with pytest.raises(openai.NotFoundError) as err:
            await sdk.responses.create(
                model=MODEL, input="what was it?", previous_response_id=first.id
            )
    assert err.value.body == {
        "message": f"Response with id '{first.id}' not found.",
        "type": "invalid_request_error",
        "param": "response_id",
        "code": 404,
    }


async def test_store_false_and_a_client_request_id(cluster: SimCluster) -> None:
    url = cluster.addresses[0].http_url
    async with aiohttp.ClientSession() as http:
        body = {"model": MODEL, "input": "x", "store": False, "request_id": "resp_mine"}
        async with http.post(f"{url}/v1/responses", json=body) as resp:
            assert resp.status == 200
            assert (await resp.json())["id"] == "resp_mine"
        follow = {"model": MODEL, "input": "y", "previous_response_id": "resp_mine"}
        async with http.post(f"{url}/v1/responses", json=follow) as resp:
            assert resp.status == 404
