"""Every row of Envoy's own error table, provoked through the real binary, in both API shapes.

For each ``LOCAL_REPLIES`` row a request is made to fail the way the row describes (picker
hung or down, nothing routed, a pod slow or refusing, a body too big, a malformed path,
headers too large) once on an OpenAI path and once on ``/v1/messages``; the answer must carry
the row's status, ``x-kinference-reason`` and the API's JSON error. The picker's own answers
and the pods' answers must pass through untouched.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import pytest_asyncio
from gateway_fakes import (
    PICKER_REJECTION_BODY,
    TEST_ACTION,
    TEST_ENDPOINTS,
    TEST_SLOW,
    Stack,
    chat,
    local_options,
    post,
    raw_request,
    stack,
)

from kinference_epp.api.wire_names import REASON_HEADER
from kinference_epp.gateway.local_replies import LOCAL_REPLIES, LocalReply
from kinference_epp.gateway.options import EnvoyOptions
from kinference_epp.gateway.process import EnvoyProcess, free_port

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

OPENAI = "/v1/chat/completions"
ANTHROPIC = "/v1/messages"
ROWS = {row.reason: row for row in LOCAL_REPLIES}
DEAD_POD = f"127.0.0.1:{free_port()}"  # nothing listens there: connections are refused

Answer = tuple[int, dict[str, str], bytes]


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def failing() -> AsyncIterator[Stack]:
    """One Envoy set up so that every row can be provoked by what a request carries."""
    opts = EnvoyOptions(
        pool=("127.0.0.1:1",),  # replaced by the fake pod
        body_mode="BUFFERED",
        message_timeout_s=1.0,
        upstream_timeout_s=1.0,
        retries=0,
        max_request_bytes=64 * 1024,
    )
    async with stack(opts, extra_pool=(DEAD_POD,)) as s:
        yield s


async def _picker_timeout(s: Stack, path: str) -> Answer:
    return await post(s.url, chat(), {TEST_ACTION: "hang"}, path=path)


async def _not_routed(s: Stack, path: str) -> Answer:
    return await post(s.url, chat(), {TEST_ACTION: "none"}, path=path)


async def _upstream_timeout(s: Stack, path: str) -> Answer:
    return await post(s.url, chat(), {TEST_SLOW: "10"}, path=path)


async def _upstream_unavailable(s: Stack, path: str) -> Answer:
    return await post(s.url, chat(), {TEST_ACTION: "list", TEST_ENDPOINTS: DEAD_POD}, path=path)


async def _body_too_large(s: Stack, path: str) -> Answer:
    return await post(s.url, chat(100_000), path=path)


async def _bad_request(s: Stack, path: str) -> Answer:
    # An encoded slash is rejected before any filter runs (it could hide another path).
    sent = path.replace("/v1/", "/v1%2F", 1)
    body = json.dumps(chat()).encode()
    return await raw_request(s.url, f"POST {sent} HTTP/1.1", {}, body)


async def _gateway_error(s: Stack, path: str) -> Answer:
    # Request headers over Envoy's limit (60 KiB): 431, answered by Envoy itself.
    return await post(s.url, chat(), {"x-big": "x" * 100_000}, path=path)


PROVOKE: dict[str, Callable[[Stack, str], Awaitable[Answer]]] = {
    "picker_timeout": _picker_timeout,
    "not_routed": _not_routed,
    "upstream_timeout": _upstream_timeout,
    "upstream_unavailable": _upstream_unavailable,
    "body_too_large": _body_too_large,
    "bad_request": _bad_request,
    "gateway_error": _gateway_error,
}
"""How to provoke each row on the ``failing`` stack (``picker_unavailable`` needs no picker)."""

EXPECTED_STATUS = {"gateway_error": 431}
"""Rows that keep Envoy's status: what it is for the way the test provokes them."""
PATH_UNKNOWN = {"gateway_error"}
"""Provoked before Envoy has read the path (headers over the limit): OpenAI's shape always."""


def check_answer(row: LocalReply, path: str, answer: Answer) -> None:
    status, headers, payload = answer
    assert status == (row.status or EXPECTED_STATUS[row.reason]), (row.reason, path, payload)
    assert headers[REASON_HEADER] == row.reason, (row.reason, headers)
    assert headers["content-type"] == "application/json"
    body = json.loads(payload)
    if path == ANTHROPIC and row.reason not in PATH_UNKNOWN:
        assert body["type"] == "error"
        assert body["error"]["message"] == row.message
        assert body["error"]["type"]
    else:
        assert body["error"]["message"] == row.message
        assert body["error"]["code"] == row.reason
        assert body["error"]["type"]
    if row.status == 503:
        assert headers["retry-after"] == "1"


async def test_every_row_has_a_way_to_provoke_it() -> None:
    assert set(PROVOKE) | {"picker_unavailable"} == set(ROWS)


@pytest.mark.parametrize("path", [OPENAI, ANTHROPIC])
@pytest.mark.parametrize("reason", sorted(PROVOKE))
async def test_row(failing: Stack, reason: str, path: str) -> None:
    check_answer(ROWS[reason], path, await PROVOKE[reason](failing, path))


@pytest.mark.parametrize("mode", ["BUFFERED", "FULL_DUPLEX_STREAMED"])
async def test_picker_unavailable(mode: str) -> None:
    dead_picker = f"127.0.0.1:{free_port()}"
    opts = local_options(
        EnvoyOptions(pool=("127.0.0.1:1",), body_mode=mode, access_log=False),  # type: ignore[arg-type]
        (dead_picker,),
        ("127.0.0.1:1",),
    )
    async with EnvoyProcess(opts):
        url = f"http://127.0.0.1:{opts.listener_port}"
        for path in (OPENAI, ANTHROPIC):
            check_answer(ROWS["picker_unavailable"], path, await post(url, chat(), path=path))


@pytest.mark.parametrize("status", [400, 403, 503])
async def test_pickers_own_answers_pass_unchanged(failing: Stack, status: int) -> None:
    """The table rewrites Envoy's answers only: a picker rejection keeps its status and body."""
    got, headers, payload = await post(failing.url, chat(), {TEST_ACTION: f"reject-{status}"})
    assert got == status
    assert payload == PICKER_REJECTION_BODY
    assert headers[REASON_HEADER] == "policy_rejected"
    assert headers["content-type"] == "application/json"  # the picker's, not Envoy's text/plain


async def test_routed_answers_pass_unchanged(failing: Stack) -> None:
    """What a pod answers is never a local reply: no reason header, its own body."""
    status, headers, payload = await post(failing.url, chat(), path="/v1/anything")
    assert status == 200
    assert REASON_HEADER not in headers
    assert json.loads(payload)["info"]["path"] == "/v1/anything"
