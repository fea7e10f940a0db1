"""Big prompts cannot stall others: refused by size before tokenizing, by tokens against the
model's context (as vLLM answers), and tokenized off the event loop when long."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from envoy.config.core.v3 import base_pb2
from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep
from routed import rejected, routed

from kinference_epp.config.model import EndpointConfig, PoolConfig, SchedulerConfig
from kinference_epp.config.tokenizers import TokenizerConfig, TokenizerSource
from kinference_epp.edge.driver import PendingDriver
from kinference_epp.edge.offload import Offloader
from kinference_epp.edge.processor import ExtProcSession
from kinference_epp.edge.servicer import ExternalProcessor
from kinference_epp.pipeline.prompt import PromptHasher
from kinference_epp.pipeline.prompt_work import COUNT_FIRST_CHARS_PER_TOKEN
from kinference_epp.pipeline.runner import Pipeline
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.state import Offload, RequestState
from kinference_epp.policy import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tokenize.fixtures import write_tiny_bpe
from kinference_epp.tokenize.hf import HFTokenizer
from kinference_epp.tokenize.registry import TokenizerRegistry

CONTEXT = 64


@pytest.fixture(scope="module")
def tiny_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tiny_bpe(tmp_path_factory.mktemp("tiny"))


class Spy(PromptHasher):
    """The real hasher; ``gate`` (when set) holds the off-loop work until it is opened."""

    gate: threading.Event | None = None
    started = threading.Event()
    """Set when off-loop work begins."""
    calls = 0

    def prepare(self, request: Any, chars: int = 0) -> Callable[[], Any]:
        work = super().prepare(request, chars)
        gate = self.gate

        started = self.started

        def gated() -> Any:
            started.set()
            if gate is not None:
                assert gate.wait(30)
            return work()

        return gated

    def hash(self, request: Any) -> Any:
        self.calls += 1
        return super().hash(request)


def make(
    tiny_dir: Path, *, max_chars: int = 10_000, offload_chars: int | None = 200
) -> tuple[Pipeline, Spy]:
    ds = PoolDatastore.from_config(
        PoolConfig(endpoints=[EndpointConfig(address="10.0.0.1:8000", models=["m"])])
    )
    registry = TokenizerRegistry.from_config(
        TokenizerConfig(
            sources=[TokenizerSource(models=["m"], path=tiny_dir, max_model_len=CONTEXT)]
        )
    )
    hasher = Spy(registry, ds, 16)
    scheduler = Scheduler(SchedulerConfig(seed=1), ds)
    assert scheduler.reads_prompt
    pipeline = build_pipeline(
        StageDeps(
            datastore=ds,
            scheduler=scheduler,
            metrics=PickerMetrics(),
            policies=PolicyStore(),
            pool_name="pool",
            tenant_header="x-tenant",
            hasher=hasher,
            max_model_len=registry.max_model_len,
            max_prompt_chars=max_chars,
            offload_prompt_chars=offload_chars,
        )
    )
    return pipeline, hasher


def completion(prompt: str, max_tokens: int | None = None) -> RequestState:
    body: dict[str, object] = {"model": "m", "prompt": prompt}
    if max_tokens is not None:
        body["max_tokens"] = max_tokens
    return RequestState(
        headers={":method": "POST", ":path": "/v1/completions", "x-request-id": "r"},
        body=json.dumps(body).encode(),
    )


def run_offloaded(pipeline: Pipeline, state: RequestState) -> Any:
    """Run the pipeline as the shell does: an Offload's work runs, then the pipeline again."""
    out = pipeline.run(state)
    while isinstance(out, Offload):
        done: Future[Any] = Future()
        try:
            done.set_result(out.work())
        except Exception as exc:
            done.set_exception(exc)
        state.offloaded = done
        out = pipeline.run(state)
    return out


def test_a_prompt_over_the_character_limit_is_refused_untokenized(tiny_dir: Path) -> None:
    pipeline, hasher = make(tiny_dir, max_chars=100)
    err = rejected(pipeline.run(completion("a" * 101)))
    assert (err.status, err.reason, err.param) == (400, "context_length_exceeded", "prompt")
    assert hasher.calls == 0


def test_tokens_over_the_context_are_refused_as_vllm_does(tiny_dir: Path) -> None:
    pipeline, _ = make(tiny_dir, offload_chars=None)
    err = rejected(pipeline.run(completion("hello world " * 40)))
    assert (err.status, err.reason) == (400, "context_length_exceeded")
    assert f"maximum context length is {CONTEXT} tokens" in err.message
    short = completion("hello world", max_tokens=CONTEXT)  # fits, the completion does not
    assert "in the completion" in rejected(pipeline.run(short)).message
    assert routed(pipeline.run(completion("hello world", max_tokens=8))).endpoints


def test_a_long_prompt_is_offloaded_and_hashes_alike(tiny_dir: Path) -> None:
    text = "hello world " * 4  # over 40 characters, under the context
    offloading, hasher = make(tiny_dir, offload_chars=40)
    state = completion(text)
    out = offloading.run(state)
    assert isinstance(out, Offload)
    assert hasher.calls == 0  # nothing tokenized on the caller's thread
    routed(run_offloaded(offloading, completion(text)))
    inline, _ = make(tiny_dir, offload_chars=None)
    a, b = completion(text), completion(text)
    routed(run_offloaded(offloading, a))
    routed(inline.run(b))
    assert a.prompt_tokens == b.prompt_tokens > 0
    assert a.block_hashes is not None
    assert b.block_hashes is not None
    assert a.block_hashes.tolist() == b.block_hashes.tolist()


def test_a_long_prompt_over_the_context_is_counted_not_hashed_off_the_loop(
    tiny_dir: Path,
) -> None:
    text = "hello world " * 40  # over four characters per token of the context
    assert len(text) > COUNT_FIRST_CHARS_PER_TOKEN * CONTEXT
    pipeline, hasher = make(tiny_dir, offload_chars=40)
    state = completion(text)
    err = rejected(run_offloaded(pipeline, state))
    assert (err.status, err.reason) == (400, "context_length_exceeded")
    tokenizer = hasher._registry.for_model("m")
    request = state.request
    assert request is not None
    assert state.prompt_tokens == len(tokenizer.prompt_token_ids(request)) > CONTEXT
    assert state.block_hashes is not None
    assert state.block_hashes.size == 0  # refused without hashing


@pytest.mark.parametrize(
    "body",
    [
        {"prompt": "hello world, hello"},
        {"prompt": ["hello world", "x"]},
        {"prompt": [5, 6, 7]},
        {"prompt": "hello world " * 500},  # long enough to be encoded off the GIL
        {
            "messages": [
                {"role": "system", "content": "be brief"},
                {"role": "user", "content": "hi"},
            ]
        },
    ],
)
def test_count_prompt_tokens_is_the_ids_length(tiny_dir: Path, body: dict[str, Any]) -> None:
    _, hasher = make(tiny_dir)
    path = "/v1/chat/completions" if "messages" in body else "/v1/completions"
    state = RequestState(
        headers={":method": "POST", ":path": path, "x-request-id": "r"},
        body=json.dumps({"model": "m", **body}).encode(),
    )
    rejected_or_routed = run_offloaded(make(tiny_dir)[0], state)
    assert rejected_or_routed is not None
    request = state.request
    assert request is not None
    tokenizer = hasher._registry.for_model("m")
    assert tokenizer.count_prompt_tokens(request) == len(tokenizer.prompt_token_ids(request)) > 0


def test_long_texts_encode_as_short_ones_do(tiny_dir: Path) -> None:
    """Long texts take ``encode_batch`` (it releases the GIL): the same ids as ``encode``."""
    _, hasher = make(tiny_dir)
    tokenizer = hasher._registry.for_model("m")
    assert isinstance(tokenizer, HFTokenizer)
    text = "hello world, hello there " * 400
    assert tokenizer.encode(text) == tokenizer.backend.encode(text, add_special_tokens=False).ids
    assert tokenizer.encode_prompt(text) == tokenizer.backend.encode(text).ids


def test_a_short_prompt_stays_on_the_synchronous_path(tiny_dir: Path) -> None:
    pipeline, hasher = make(tiny_dir, offload_chars=200)
    routed(pipeline.run(completion("hi")))
    assert hasher.calls == 1


def test_offloaded_work_that_fails_degrades_or_answers(tiny_dir: Path) -> None:
    pipeline, _ = make(tiny_dir, offload_chars=10)
    state = completion("hello world " * 3)
    assert isinstance(pipeline.run(state), Offload)
    broken: Future[Any] = Future()
    broken.set_exception(RuntimeError("tokenizer crashed"))
    state.offloaded = broken
    assert routed(pipeline.run(state)).endpoints  # routed without prefix information
    assert state.block_hashes is None


# -- the shell: the event loop keeps serving while a long prompt is tokenized ----------------


def stream(body: bytes, path: str = "/v1/completions") -> list[ep.ProcessingRequest]:
    headers = ep.ProcessingRequest(
        request_headers=ep.HttpHeaders(
            headers=base_pb2.HeaderMap(
                headers=[
                    base_pb2.HeaderValue(key=k, raw_value=v.encode())
                    for k, v in {":method": "POST", ":path": path}.items()
                ]
            )
        )
    )
    headers.protocol_config.request_body_mode = pm.ProcessingMode.FULL_DUPLEX_STREAMED  # type: ignore[assignment]
    return [headers, ep.ProcessingRequest(request_body=ep.HttpBody(body=body, end_of_stream=True))]


async def replies(servicer: ExternalProcessor, messages: list[ep.ProcessingRequest]) -> list[Any]:
    async def feed() -> AsyncIterator[ep.ProcessingRequest]:
        for m in messages:
            yield m

    return [r async for r in servicer.Process(feed(), None)]


async def test_a_short_request_is_answered_while_a_long_one_tokenizes(tiny_dir: Path) -> None:
    pipeline, hasher = make(tiny_dir, offload_chars=40)
    hasher.gate = threading.Event()
    hasher.started = threading.Event()
    offloader = Offloader(threads=1, max_pending=4)
    servicer = ExternalProcessor(
        lambda: ExtProcSession(pipeline, max_body_bytes=1 << 20),
        lambda _: None,
        PendingDriver(lambda _: lambda: None, offloader),
    )
    long = asyncio.create_task(
        replies(servicer, stream(json.dumps({"model": "m", "prompt": "word " * 10}).encode()))
    )
    assert await asyncio.to_thread(hasher.started.wait, 30)  # the long prompt is on a thread
    short = await replies(servicer, stream(b'{"model": "m", "prompt": "hi"}'))
    assert short[0].HasField("request_headers")  # routed while the long one is held
    assert not long.done()
    assert offloader.pending == 1
    hasher.gate.set()
    async with asyncio.timeout(30):
        answered = await long
    assert answered[0].HasField("request_headers")
    offloader.close()


async def test_offloads_beyond_the_bound_are_answered_503(tiny_dir: Path) -> None:
    pipeline, hasher = make(tiny_dir, offload_chars=40)
    hasher.gate = threading.Event()
    hasher.started = threading.Event()
    offloader = Offloader(threads=1, max_pending=1)
    servicer = ExternalProcessor(
        lambda: ExtProcSession(pipeline, max_body_bytes=1 << 20),
        lambda _: None,
        PendingDriver(lambda _: lambda: None, offloader),
    )
    body = json.dumps({"model": "m", "prompt": "word " * 10}).encode()
    first = asyncio.create_task(replies(servicer, stream(body)))
    assert await asyncio.to_thread(hasher.started.wait, 30)  # the first one is on a thread
    second = await replies(servicer, stream(body))
    assert second[0].immediate_response.status.code == 503
    hasher.gate.set()
    async with asyncio.timeout(30):
        answered = await first
    assert answered[0].HasField("request_headers")
    offloader.close()
