"""One simulated vLLM pod: the OpenAI (chat, completions, Responses) and Anthropic HTTP APIs,
``/metrics`` and KV events.

A thin async shell around ``SimEngine``: handlers parse the body, tokenize it with the
shared ``ApproxTokenizer`` (so the picker hashes the same ids), add the request and read
its tokens from a per-request queue. One driver task owns the engine: it steps it, sleeps
each step's duration times ``time_scale`` on the wall clock, then hands out the step's tokens
and publishes its KV events as one batch. The engine's clock is simulated seconds
(``wall elapsed / time_scale``), so latencies in ``/metrics`` are what a real pod with
that latency model would report, whatever the speed-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec
import zmq.asyncio
from aiohttp import web
from prometheus_client import CollectorRegistry, generate_latest

from kinference_epp.api.anthropic import parse_messages
from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest
from kinference_epp.api.responses import PREVIOUS_RESPONSE_ID, RESPONSE_ID, parse_responses
from kinference_epp.errors import KinferenceError
from kinference_epp.sim import anthropic_api, responses_api
from kinference_epp.sim.engine import (
    OUTPUT_VOCAB,
    EngineConfig,
    FinishedRequest,
    RequestTooLargeError,
    SimEngine,
    SimRequest,
    StepOutput,
    TokenOutput,
    output_vocab,
)
from kinference_epp.sim.events import EventEncoding, encode_batch
from kinference_epp.sim.latency import latency_model
from kinference_epp.sim.metrics import PodMetrics
from kinference_epp.sim.publisher import ZmqEventPublisher
from kinference_epp.tokenize.approx import ApproxTokenizer
from kinference_epp.tokenize.protocol import Tokenizer

log = logging.getLogger(__name__)


_MAX_BODY_BYTES = 256 * 1024 * 1024
"""vLLM sets no small request-size limit; long-context prompts run to many megabytes."""


@dataclass(frozen=True, slots=True)
class PodSpec:
    """Everything one simulated pod needs; a port of 0 means "any free port"."""

    name: str = "sim-0"
    host: str = "127.0.0.1"
    http_port: int = 0
    zmq_pub_port: int = 0
    replay_port: int | None = 0
    """None disables the replay socket."""
    models: tuple[str, ...] = ("sim-model",)
    """The base model first; further names are served as LoRA adapters of it."""
    num_gpu_blocks: int = 4096
    block_size: int = 16
    max_num_seqs: int = 256
    max_num_batched_tokens: int = 8192
    encoding: EventEncoding = "map"
    latency: str = "dynamo-mocker"
    time_scale: float = 1.0
    """Wall seconds per simulated second: 0.1 runs ten times faster than real time."""
    seed: int = 0
    topic: str = "kv-events"
    replay_topic: bool = True
    signed_hashes: bool = False
    default_max_tokens: int = 128
    fault_hooks: bool = False
    """Serve ``POST /sim/faults`` (``{"metrics_hang_s": s, "drop_kv_batches": n}``): hang
    ``/metrics`` for a while or lose KV-event batches, for the chaos benchmark."""
    tokenizer_dir: str | None = None
    """A model's tokenizer.json + tokenizer_config.json (the picker must use the same one);
    None: the approximate stand-in tokenizer."""


class _Message(msgspec.Struct):
    role: str
    content: Any = None
    name: str | None = None


class _StreamOptions(msgspec.Struct):
    include_usage: bool = False


class _Body(msgspec.Struct):
    model: str
    messages: list[_Message] | None = None
    prompt: Any = None
    stream: bool = False
    stream_options: _StreamOptions | None = None
    max_tokens: int | None = None
    max_completion_tokens: int | None = None


class _BadRequest(Exception):
    pass


def _content_text(content: Any) -> str:
    """Message content as text: text parts joined by newlines, as vLLM does."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text"
        ]
        return "\n".join(str(p) for p in parts)
    raise _BadRequest("message content must be a string or a list of parts")


def _parse(raw: bytes, kind: ApiKind) -> InferenceRequest:
    if kind is ApiKind.MESSAGES:
        return _parse_messages(raw, require_max_tokens=True)
    if kind is ApiKind.RESPONSES:
        try:
            return parse_responses(raw)
        except KinferenceError as exc:
            raise _BadRequest(exc.message) from None
    try:
        body = msgspec.json.decode(raw, type=_Body)
    except msgspec.DecodeError as exc:
        raise _BadRequest(f"invalid request body: {exc}") from None
    req = InferenceRequest(kind=kind, model=body.model, raw=raw, stream=body.stream)
    req.include_usage = bool(body.stream_options and body.stream_options.include_usage)
    req.max_tokens = body.max_completion_tokens or body.max_tokens
    if kind is ApiKind.CHAT:
        if not body.messages:
            raise _BadRequest("'messages' must be a non-empty list")
        req.messages = tuple(
            ChatMessage(m.role, _content_text(m.content), m.name) for m in body.messages
        )
    else:
        if not isinstance(body.prompt, str | list) or not body.prompt:
            raise _BadRequest("'prompt' must be a non-empty string or list")
        req.prompt = body.prompt
    return req


def _parse_messages(raw: bytes, *, require_max_tokens: bool) -> InferenceRequest:
    """Anthropic bodies read as the picker reads them, so both render the same prompt."""
    try:
        req = parse_messages(raw)
    except KinferenceError as exc:
        raise _BadRequest(exc.message) from None
    if require_max_tokens and req.max_tokens is None:
        raise _BadRequest("max_tokens: Field required")  # vLLM's request model requires it
    return req


def _error(kind: ApiKind, status: int, message: str, err_type: str) -> web.Response:
    """vLLM's error shapes: OpenAI's, or Anthropic's on the Messages API."""
    if kind is ApiKind.MESSAGES:
        return web.json_response(anthropic_api.error_body(message, err_type), status=status)
    body = {"error": {"message": message, "type": err_type, "param": None, "code": status}}
    return web.json_response(body, status=status)


class SimPod:
    """One simulated vLLM pod; ``start`` binds its sockets, ``close`` releases them."""

    def __init__(
        self, spec: PodSpec, zmq_ctx: zmq.asyncio.Context, tokenizer: Tokenizer | None = None
    ) -> None:
        self.spec = spec
        self.tokenizer: Tokenizer = tokenizer or ApproxTokenizer()
        self._zmq_ctx = zmq_ctx
        self.engine = SimEngine(
            EngineConfig(
                num_gpu_blocks=spec.num_gpu_blocks,
                block_size=spec.block_size,
                max_num_seqs=spec.max_num_seqs,
                max_num_batched_tokens=spec.max_num_batched_tokens,
                seed=spec.seed,
                signed_hashes=spec.signed_hashes,
            ),
            latency_model(spec.latency),
            OUTPUT_VOCAB if tokenizer is None else output_vocab(self.tokenizer.encode),
        )
        self.registry = CollectorRegistry(auto_describe=True)
        self.models = list(spec.models)
        """Served names: the base model first, then LoRA adapters (loaded at start or since)."""
        self._lora_paths: dict[str, str] = {}
        self.metrics = PodMetrics(self.engine, self.models, self.registry)
        self._queues: dict[str, asyncio.Queue[TokenOutput | FinishedRequest]] = {}
        self.responses = responses_api.ResponseStore()
        """Responses this pod stored (``store`` true): only it can continue them."""
        self._ids = itertools.count()
        self._wake = asyncio.Event()
        self._t0 = 0.0
        self._metrics_hang_until = 0.0
        self._runner: web.AppRunner | None = None
        self._driver: asyncio.Task[None] | None = None
        self.publisher: ZmqEventPublisher | None = None
        self.http_url = ""

    # ---- lifecycle ---------------------------------------------------------------------

    async def start(self) -> None:
        spec = self.spec
        loop = asyncio.get_running_loop()
        self._t0 = loop.time()
        replay = None if spec.replay_port is None else _zmq_endpoint(spec.host, spec.replay_port)
        self.publisher = ZmqEventPublisher(
            self._zmq_ctx,
            _zmq_endpoint(spec.host, spec.zmq_pub_port),
            replay,
            topic=spec.topic,
            replay_topic=spec.replay_topic,
        )
        app = web.Application(client_max_size=_MAX_BODY_BYTES)
        app.router.add_post("/v1/chat/completions", self._chat)
        app.router.add_post("/v1/completions", self._completions)
        app.router.add_post("/v1/messages", self._messages)
        app.router.add_post("/v1/responses", self._responses)
        app.router.add_post("/v1/messages/count_tokens", self._count_tokens)
        app.router.add_get("/v1/models", self._models)
        app.router.add_post("/v1/load_lora_adapter", self._load_lora)
        app.router.add_post("/v1/unload_lora_adapter", self._unload_lora)
        app.router.add_get("/health", self._health)
        app.router.add_get("/metrics", self._metrics)
        if spec.fault_hooks:
            app.router.add_post("/sim/faults", self._faults)
        self._runner = web.AppRunner(app, handler_cancellation=True, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, spec.host, spec.http_port).start()
        host, port = self._runner.addresses[0][:2]
        self.http_url = f"http://{host}:{port}"
        self._driver = loop.create_task(self._drive(), name=f"sim-driver-{spec.name}")
        self._driver.add_done_callback(_report_crash)

    async def close(self) -> None:
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
        if self._runner is not None:
            await self._runner.cleanup()
        if self.publisher is not None:
            await self.publisher.close()

    @property
    def kv_events_endpoint(self) -> str:
        return self.publisher.pub_endpoint if self.publisher else ""

    @property
    def replay_endpoint(self) -> str | None:
        return self.publisher.replay_endpoint if self.publisher else None

    # ---- the driver --------------------------------------------------------------------

    def engine_now(self) -> float:
        """Simulated seconds since the pod started."""
        return (asyncio.get_running_loop().time() - self._t0) / self.spec.time_scale

    async def _drive(self) -> None:
        engine = self.engine
        while True:
            if not engine.has_work():
                self._wake.clear()
                await self._wake.wait()
            out = engine.step(self.engine_now())
            await asyncio.sleep(max(out.duration * self.spec.time_scale, 0.0005))
            self.metrics.observe(out)
            lag = engine.latency.ttft_overhead_s * self.spec.time_scale
            if lag > 0:
                asyncio.get_running_loop().call_later(lag, self._deliver, out)
            else:
                self._deliver(out)
            events = out.events + engine.drain_events()
            if events and self.publisher is not None:
                payload = encode_batch(events, time.time(), self.spec.encoding)
                await self.publisher.publish(payload)

    def _deliver(self, out: StepOutput) -> None:
        """Hand a step's tokens and finishes to their streams (the latency model's TTFT
        overhead after the step, when it has one: the time the client would see them)."""
        for tok in out.tokens:
            q = self._queues.get(tok.request_id)
            if q is not None:
                q.put_nowait(tok)
        for fin in out.finished:
            q = self._queues.get(fin.request_id)
            if q is not None:
                q.put_nowait(fin)

    # ---- handlers ----------------------------------------------------------------------

    async def _health(self, request: web.Request) -> web.Response:
        return web.Response(status=200)

    async def _metrics(self, request: web.Request) -> web.Response:
        hang = self._metrics_hang_until - asyncio.get_running_loop().time()
        if hang > 0:
            await asyncio.sleep(hang)  # the fault under test: a scrape that gets no answer
        body = generate_latest(self.registry)
        return web.Response(
            body=body, headers={"Content-Type": "text/plain; version=0.0.4; charset=utf-8"}
        )

    async def _faults(self, request: web.Request) -> web.Response:
        try:
            faults = json.loads(await request.read())
            hang_s = float(faults.get("metrics_hang_s", 0.0))
            drop = int(faults.get("drop_kv_batches", 0))
        except (ValueError, TypeError, AttributeError) as exc:
            return web.json_response({"error": str(exc)}, status=400)
        if hang_s > 0:
            self._metrics_hang_until = asyncio.get_running_loop().time() + hang_s
        if drop > 0 and self.publisher is not None:
            self.publisher.drop_next += drop
        return web.json_response({"metrics_hang_s": hang_s, "drop_kv_batches": drop})

    async def _models(self, request: web.Request) -> web.Response:
        base = self.models[0]
        data = [
            {
                "id": m,
                "object": "model",
                "created": 0,
                "owned_by": "vllm",
                "root": self._lora_paths.get(m, base),
                "parent": None if m == base else base,
            }
            for m in self.models
        ]
        return web.json_response({"object": "list", "data": data})

    async def _load_lora(self, request: web.Request) -> web.Response:
        """vLLM's runtime adapter loading (``VLLM_ALLOW_RUNTIME_LORA_UPDATING``)."""
        try:
            body = json.loads(await request.read())
            name, path = str(body["lora_name"]), str(body["lora_path"])
        except (ValueError, KeyError, TypeError):
            return _error(
                ApiKind.CHAT, 400, "lora_name and lora_path are required", "BadRequestError"
            )
        if name in self.models:
            return _error(
                ApiKind.CHAT,
                400,
                f"The lora adapter '{name}' has already been loaded.",
                "InvalidUserInput",
            )
        self.models.append(name)
        self._lora_paths[name] = path
        return web.Response(text=f"Success: LoRA adapter '{name}' added successfully.")

    async def _unload_lora(self, request: web.Request) -> web.Response:
        try:
            name = str(json.loads(await request.read())["lora_name"])
        except (ValueError, KeyError, TypeError):
            return _error(ApiKind.CHAT, 400, "lora_name is required", "BadRequestError")
        if name not in self.models[1:]:
            return _error(
                ApiKind.CHAT, 404, f"The lora adapter '{name}' cannot be found.", "NotFoundError"
            )
        self.models.remove(name)
        self._lora_paths.pop(name, None)
        return web.Response(text=f"Success: LoRA adapter '{name}' removed successfully.")

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        return await self._serve(request, ApiKind.CHAT)

    async def _completions(self, request: web.Request) -> web.StreamResponse:
        return await self._serve(request, ApiKind.COMPLETIONS)

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        return await self._serve(request, ApiKind.MESSAGES)

    async def _responses(self, request: web.Request) -> web.StreamResponse:
        return await self._serve(request, ApiKind.RESPONSES)

    async def _count_tokens(self, request: web.Request) -> web.Response:
        kind = ApiKind.MESSAGES
        try:
            req = _parse_messages(await request.read(), require_max_tokens=False)
        except _BadRequest as exc:
            return _error(kind, 400, str(exc), "BadRequestError")
        if req.model not in self.models:
            return _error(kind, 404, f"The model `{req.model}` does not exist.", "NotFoundError")
        count = len(self.tokenizer.prompt_token_ids(req))
        return web.json_response(anthropic_api.count_tokens_body(count))

    async def _serve(self, request: web.Request, kind: ApiKind) -> web.StreamResponse:
        try:
            req = _parse(await request.read(), kind)
        except _BadRequest as exc:
            return _error(kind, 400, str(exc), "BadRequestError")
        if req.model not in self.models:
            return _error(kind, 404, f"The model `{req.model}` does not exist.", "NotFoundError")
        if kind is ApiKind.RESPONSES:
            previous = req.extra.get(PREVIOUS_RESPONSE_ID)
            if isinstance(previous, str):
                stored = self.responses.get(previous)
                if stored is None:
                    return web.json_response(responses_api.not_found_body(previous), status=404)
                instructions = getattr(req.decoded, "instructions", None) is not None
                req.messages = responses_api.continued(stored, req.messages, instructions)
        rid = f"{self.spec.name}-{next(self._ids)}"
        sim_req = SimRequest(
            request_id=rid,
            prompt_token_ids=self.tokenizer.prompt_token_ids(req),
            max_tokens=req.max_tokens or self.spec.default_max_tokens,
            lora_name=None if req.model == self.models[0] else req.model,
            arrival_time=self.engine_now(),
            finish_reason="length" if req.max_tokens else "stop",
        )
        try:
            self.engine.add_request(sim_req)
        except (RequestTooLargeError, ValueError) as exc:
            return _error(kind, 400, str(exc), "BadRequestError")
        queue: asyncio.Queue[TokenOutput | FinishedRequest] = asyncio.Queue()
        self._queues[rid] = queue
        self._wake.set()
        try:
            if kind is ApiKind.RESPONSES:
                return await self._answer_responses(request, req, queue)
            if kind is ApiKind.MESSAGES:
                prompt_tokens = len(sim_req.prompt_token_ids)
                if req.stream:
                    return await self._stream_messages(request, req, rid, prompt_tokens, queue)
                return await self._unary_messages(req, rid, queue)
            if req.stream:
                return await self._stream(request, req, rid, queue)
            return await self._unary(req, rid, queue)
        finally:
            # A no-op for a finished request; frees the KV blocks of an abandoned one
            # (the handler is cancelled or its write fails when the client disconnects).
            del self._queues[rid]
            self.engine.abort_request(rid)

    async def _unary(
        self, req: InferenceRequest, rid: str, queue: asyncio.Queue[TokenOutput | FinishedRequest]
    ) -> web.Response:
        texts: list[str] = []
        fin = await _next_tokens(queue, texts.append)
        text = "".join(texts)
        if req.kind is ApiKind.CHAT:
            choice: dict[str, Any] = {"index": 0, "message": {"role": "assistant", "content": text}}
            obj = "chat.completion"
        else:
            choice = {"index": 0, "text": text}
            obj = "text_completion"
        choice.update(logprobs=None, finish_reason=fin.finish_reason)
        body = {
            "id": _response_id(req.kind, rid),
            "object": obj,
            "created": int(time.time()),
            "model": req.model,
            "choices": [choice],
            "usage": _usage(fin),
        }
        return web.json_response(body)

    async def _stream(
        self,
        request: web.Request,
        req: InferenceRequest,
        rid: str,
        queue: asyncio.Queue[TokenOutput | FinishedRequest],
    ) -> web.StreamResponse:
        resp = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        )
        await resp.prepare(request)
        chunk = _Chunker(req, rid)
        # vLLM sends a chat stream's role chunk with the first output, after prefill: the
        # headers go at once, the first data line only once the engine has produced something.
        role_due = req.kind is ApiKind.CHAT
        try:
            while True:
                item = await queue.get()
                if role_due:
                    role_due = False
                    await resp.write(chunk.sse(chunk.choice({"role": "assistant", "content": ""})))
                if isinstance(item, FinishedRequest):
                    fin = item
                    break
                await resp.write(chunk.sse(chunk.choice({"content": item.text}, text=item.text)))
            await resp.write(chunk.sse(chunk.choice({}, text="", finish=fin.finish_reason)))
            if req.include_usage:
                await resp.write(chunk.sse(chunk.usage(fin)))
            await resp.write(b"data: [DONE]\n\n")
            await resp.write_eof()
        except ConnectionError:
            pass  # the client went away mid-stream; _serve aborts the request
        return resp

    async def _unary_messages(
        self, req: InferenceRequest, rid: str, queue: asyncio.Queue[TokenOutput | FinishedRequest]
    ) -> web.Response:
        texts: list[str] = []
        fin = await _next_tokens(queue, texts.append)
        body = anthropic_api.message_body(
            _response_id(ApiKind.CHAT, rid),
            req.model,
            "".join(texts),
            fin.finish_reason,
            fin.prompt_tokens,
            fin.completion_tokens,
        )
        return web.json_response(body)

    async def _stream_messages(
        self,
        request: web.Request,
        req: InferenceRequest,
        rid: str,
        prompt_tokens: int,
        queue: asyncio.Queue[TokenOutput | FinishedRequest],
    ) -> web.StreamResponse:
        resp = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        )
        await resp.prepare(request)
        events = anthropic_api.MessageStream(
            _response_id(ApiKind.CHAT, rid), req.model, prompt_tokens
        )
        try:
            await resp.write(events.start())
            while True:
                item = await queue.get()
                if isinstance(item, FinishedRequest):
                    break
                if chunk := events.text(item.text):
                    await resp.write(chunk)
            await resp.write(events.finish(item.finish_reason, item.completion_tokens))
            await resp.write_eof()
        except ConnectionError:
            pass  # the client went away mid-stream; _serve aborts the request
        return resp

    async def _answer_responses(
        self,
        request: web.Request,
        req: InferenceRequest,
        queue: asyncio.Queue[TokenOutput | FinishedRequest],
    ) -> web.StreamResponse:
        """A Responses answer, streamed or whole; stored unless the body says ``store: false``."""
        given = req.extra.get(RESPONSE_ID)
        response_id = given if isinstance(given, str) else responses_api.new_response_id()
        previous = req.extra.get(PREVIOUS_RESPONSE_ID)
        common: dict[str, Any] = {
            "previous_response_id": previous if isinstance(previous, str) else None,
            "instructions": getattr(req.decoded, "instructions", None),
            "max_output_tokens": req.max_tokens,
        }
        store = getattr(req.decoded, "store", None) is not False
        if not req.stream:
            texts: list[str] = []
            fin = await _next_tokens(queue, texts.append)
            text = "".join(texts)
            body = responses_api.response_object(
                response_id,
                req.model,
                status="completed",
                created_at=int(time.time()),
                output=responses_api.message_output(text),
                usage_=responses_api.usage(
                    fin.prompt_tokens, fin.completion_tokens, fin.cached_tokens
                ),
                **common,
            )
            if store:
                self.responses.put(response_id, responses_api.StoredResponse(req.messages, text))
            return web.json_response(body)
        resp = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        )
        await resp.prepare(request)
        events = responses_api.ResponseStream(response_id, req.model, **common)
        try:
            await resp.write(events.start())
            while True:
                item = await queue.get()
                if isinstance(item, FinishedRequest):
                    break
                if chunk := events.text(item.text):
                    await resp.write(chunk)
            usage = responses_api.usage(
                item.prompt_tokens, item.completion_tokens, item.cached_tokens
            )
            if store:  # stored before the client can read the id and continue it
                stored = responses_api.StoredResponse(req.messages, events.output_text)
                self.responses.put(response_id, stored)
            await resp.write(events.finish(usage))
            await resp.write_eof()
        except ConnectionError:
            pass  # the client went away mid-stream; _serve aborts the request
        return resp


async def _next_tokens(
    queue: asyncio.Queue[TokenOutput | FinishedRequest], on_text: Callable[[str], None]
) -> FinishedRequest:
    """Feed token texts to ``on_text`` until the request finishes; return its usage."""
    while True:
        item = await queue.get()
        if isinstance(item, FinishedRequest):
            return item
        on_text(item.text)


class _Chunker:
    """OpenAI streaming chunk shapes for chat and completions."""

    def __init__(self, req: InferenceRequest, rid: str) -> None:
        self.kind = req.kind
        self.base = {
            "id": _response_id(req.kind, rid),
            "object": "chat.completion.chunk" if req.kind is ApiKind.CHAT else "text_completion",
            "created": int(time.time()),
            "model": req.model,
        }

    def choice(
        self, delta: dict[str, str], text: str = "", finish: str | None = None
    ) -> dict[str, Any]:
        if self.kind is ApiKind.CHAT:
            c: dict[str, Any] = {"index": 0, "delta": delta}
        else:
            c = {"index": 0, "text": text}
        c.update(logprobs=None, finish_reason=finish)
        return {**self.base, "choices": [c]}

    def usage(self, fin: FinishedRequest) -> dict[str, Any]:
        return {**self.base, "choices": [], "usage": _usage(fin)}

    @staticmethod
    def sse(obj: dict[str, Any]) -> bytes:
        return b"data: " + msgspec.json.encode(obj) + b"\n\n"


def _usage(fin: FinishedRequest) -> dict[str, Any]:
    return {
        "prompt_tokens": fin.prompt_tokens,
        "completion_tokens": fin.completion_tokens,
        "total_tokens": fin.prompt_tokens + fin.completion_tokens,
        "prompt_tokens_details": {"cached_tokens": fin.cached_tokens},
    }


def _response_id(kind: ApiKind, rid: str) -> str:
    return f"chatcmpl-{rid}" if kind is ApiKind.CHAT else f"cmpl-{rid}"


def _report_crash(task: asyncio.Task[None]) -> None:
    """A dead driver would hang every request silently: make it loud."""
    if not task.cancelled() and task.exception() is not None:
        log.error("simulated engine driver %s crashed", task.get_name(), exc_info=task.exception())


def _zmq_endpoint(host: str, port: int) -> str:
    return f"tcp://{host}:{port if port else '*'}"
