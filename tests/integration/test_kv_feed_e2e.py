"""The live picker follows every pod's KV events: its index holds what the pods cached."""

from __future__ import annotations

import json

import aiohttp
import numpy as np
import pytest

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.kvcache.hashing import HashScope, block_hashes
from kinference_epp.pool.endpoint import EndpointKey
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]

MODEL = "qwen3-0.6b"


async def test_index_follows_pod_events_and_endpoint_removal() -> None:
    body = {
        "model": MODEL,
        "messages": [{"role": "user", "content": "shared words " * 200}],
        "max_tokens": 2,
    }
    async with LocalStack(StackOptions(pods=2)) as stack, aiohttp.ClientSession() as http:
        assert stack.picker is not None
        async with http.post(f"{stack.url}/v1/chat/completions", json=body) as resp:
            assert resp.status == 200
            served = EndpointKey(resp.headers["x-kinference-upstream"])
        request = parse_request(ApiKind.CHAT, json.dumps(body).encode())
        tokens = np.asarray(stack.tokenizer.prompt_token_ids(request), dtype=np.int64)
        hashes = block_hashes(tokens, 16, HashScope(MODEL))
        index = stack.picker.prefix_index

        def held() -> int:
            gpu, _cpu = index.match(hashes).for_slots(index.slots_for([served]))
            return int(gpu[0])

        await eventually(lambda: held() == len(hashes), what="the whole prompt in the index")
        status = stack.picker.kv_feed.status(served)
        assert status is not None
        assert status.synced
        assert stack.picker.kv_feed.is_precise(served)
        async with http.get(stack.metrics_url) as resp:
            text = await resp.text()
        assert f'kinference_kv_stream_synced{{endpoint="{served}"}} 1.0' in text

        stack.picker.datastore.remove(served)
        await eventually(lambda: index.num_blocks(served) == 0, what="the endpoint's blocks gone")
