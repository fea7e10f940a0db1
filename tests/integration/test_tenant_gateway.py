"""The shipped Envoy config and client keys: the picker reads them, a pod never sees them."""

from __future__ import annotations

import json

import pytest
from gateway_fakes import chat, post, stack

from kinference_epp.gateway.options import EnvoyOptions

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]


async def test_client_keys_never_reach_the_pod() -> None:
    async with stack(EnvoyOptions(pool=("127.0.0.1:1",))) as s:
        headers = {"authorization": "Bearer sk-tenant-key", "x-api-key": "sk-tenant-key-2"}
        status, _, body = await post(s.url, chat(), headers)
        assert status == 200
        received = {k.lower() for k in json.loads(body)["info"]["headers"]}
        assert "authorization" not in received
        assert "x-api-key" not in received
        assert "content-type" in received  # the pod did get the request's other headers


async def test_keys_pass_when_the_operator_says_so() -> None:
    async with stack(EnvoyOptions(pool=("127.0.0.1:1",), strip_client_keys=False)) as s:
        status, _, body = await post(s.url, chat(), {"authorization": "Bearer sk-pod-key"})
        assert status == 200
        assert json.loads(body)["info"]["headers"]["Authorization"] == "Bearer sk-pod-key"
