"""A small typed client of the Picker API, for a proxy that routes without Envoy.

    async with PickerClient("127.0.0.1:9002") as picker:
        pick = await picker.pick("/v1/chat/completions", body, headers={"authorization": key})
        if pick.route is None:
            ...  # answer the client with pick.immediate (status, body, headers)
        else:
            ...  # forward pick.route.body_for(body) to pick.route.endpoint
            await picker.report_usage(pick.request_id, pick.ticket, status=200, ...)

The picker accepts only its callers: ``credentials`` with a client certificate where its port
is mutual TLS (:func:`tls_credentials`), else ``token``, its control token.

Results are plain frozen dataclasses; gRPC failures surface as ``grpc.aio.AioRpcError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import TracebackType

import grpc

from kinference_epp.api.wire_names import CONTROL_TOKEN_HEADER
from kinference_epp.pickapi.v1 import picker_pb2 as pb
from kinference_epp.pickapi.v1 import picker_pb2_grpc as pb_grpc

Headers = Mapping[str, str] | Iterable[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Route:
    endpoint: str
    fallbacks: tuple[str, ...]
    body: bytes | None
    """The body to forward instead of the client's; None: forward it as sent."""
    set_headers: tuple[tuple[str, str], ...]
    remove_headers: tuple[str, ...]
    model: str
    target_model: str
    response_headers: tuple[tuple[str, str], ...] = ()

    def body_for(self, original: bytes) -> bytes:
        return self.body if self.body is not None else original


@dataclass(frozen=True, slots=True)
class Immediate:
    """The answer the picker gives the client itself (an error, or e.g. the model list)."""

    status: int
    body: bytes
    headers: tuple[tuple[str, str], ...]
    reason: str


@dataclass(frozen=True, slots=True)
class Pick:
    request_id: str
    """The picker's id of the request (what the forwarded request carries as x-request-id)."""
    route: Route | None
    immediate: Immediate | None
    ticket: str = ""
    """What :meth:`PickerClient.report_usage` presents (a routed Pick only)."""


@dataclass(frozen=True, slots=True)
class LearnedSpeed:
    """What the picker has learned of an endpoint's speed (``EndpointSpeed`` in the proto)."""

    prefill_tokens_per_s: float
    ttft_overhead_s: float
    itl_s: float
    """Mean inter-token latency with no KV in use."""
    itl_s_per_ktoken: float
    prefill_factor: float
    """Prefill time against the model's median endpoint (2: twice as slow)."""
    decode_factor: float
    records: int
    """Access-log records the TTFT line learned from."""
    prior: str
    decode_observations: int = 0
    """Observations the ITL line learned from (histogram means from scrapes, or records)."""


@dataclass(frozen=True, slots=True)
class EndpointWhy:
    endpoint: str
    rank: int
    """0 chosen, 1.. fallbacks, -1 not picked."""
    score: float | None
    gpu_blocks: int
    cpu_blocks: int
    matched_tokens: int
    speed: LearnedSpeed | None = None


@dataclass(frozen=True, slots=True)
class FlowShare:
    """With flow control: the request's band, its tenant's share and its place in the queue
    (``FlowExplanation`` in the proto)."""

    band: int
    band_name: str
    weight: float
    service: float
    """Its tenant's weighted service in the band."""
    tenants: tuple[tuple[str, float, int], ...]
    """The band's tenants: (tenant, weighted service, requests waiting), least service first."""
    position: int
    waiting: int
    would_wait: bool


@dataclass(frozen=True, slots=True)
class Explanation:
    pick: Pick
    router: str
    endpoints: tuple[EndpointWhy, ...]
    prompt_tokens: int
    request_blocks: int
    policy_trace: tuple[str, ...] = ()
    policy: str = ""
    rule: str = ""
    action: str = ""
    tenant: str = ""
    flow: FlowShare | None = None


def tls_credentials(
    ca: bytes | None = None, cert: bytes | None = None, key: bytes | None = None
) -> grpc.ChannelCredentials:
    """TLS to the picker: trusting ``ca`` (None: the system's roots), presenting ``cert`` and
    ``key`` where the picker's port is mutual TLS."""
    if (cert is None) != (key is None):
        raise ValueError("a client certificate needs its key, and a key its certificate")
    return grpc.ssl_channel_credentials(
        root_certificates=ca, private_key=key, certificate_chain=cert
    )


def flow_share(f: pb.FlowExplanation) -> FlowShare:
    return FlowShare(
        band=f.band,
        band_name=f.band_name,
        weight=f.weight,
        service=f.service,
        tenants=tuple((t.tenant, t.service, t.waiting) for t in f.tenants),
        position=f.position,
        waiting=f.waiting,
        would_wait=f.would_wait,
    )


class PickerClient:
    """One channel to a picker; ``credentials`` for a TLS port (None: plaintext); ``token``
    the picker's control token, sent with every call."""

    def __init__(
        self,
        address: str,
        *,
        credentials: grpc.ChannelCredentials | None = None,
        options: Iterable[tuple[str, str | int]] = (),
        token: str | None = None,
    ) -> None:
        self._metadata = ((CONTROL_TOKEN_HEADER, token),) if token else None
        opts = [("grpc.max_send_message_length", 64 * 1024 * 1024), *options]
        self._channel = (
            grpc.aio.secure_channel(address, credentials, options=opts)
            if credentials is not None
            else grpc.aio.insecure_channel(address, options=opts)
        )
        self._stub = pb_grpc.PickerStub(self._channel)

    async def __aenter__(self) -> PickerClient:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        await self._channel.close(None)

    async def pick(
        self,
        path: str,
        body: bytes,
        *,
        headers: Headers = (),
        method: str = "POST",
        subset: Iterable[str] = (),
        timeout_s: float | None = 30.0,
    ) -> Pick:
        reply = await self._stub.Pick(
            pick_request(path, body, headers=headers, method=method, subset=subset),
            timeout=timeout_s,
            metadata=self._metadata,
        )
        return pick_of(reply)

    async def explain(
        self,
        path: str,
        body: bytes,
        *,
        headers: Headers = (),
        method: str = "POST",
        subset: Iterable[str] = (),
        timeout_s: float | None = 30.0,
    ) -> Explanation:
        reply = await self._stub.Explain(
            pick_request(path, body, headers=headers, method=method, subset=subset),
            timeout=timeout_s,
            metadata=self._metadata,
        )
        return Explanation(
            pick=pick_of(reply.pick),
            router=reply.router,
            endpoints=tuple(
                EndpointWhy(
                    endpoint=e.endpoint,
                    rank=e.rank,
                    score=e.score if e.HasField("score") else None,
                    gpu_blocks=e.gpu_blocks,
                    cpu_blocks=e.cpu_blocks,
                    matched_tokens=e.matched_tokens,
                    speed=_speed(e.speed) if e.HasField("speed") else None,
                )
                for e in reply.endpoints
            ),
            prompt_tokens=reply.prompt_tokens,
            request_blocks=reply.request_blocks,
            policy_trace=tuple(reply.policy_trace),
            policy=reply.policy,
            rule=reply.rule,
            action=reply.action,
            tenant=reply.tenant,
            flow=flow_share(reply.flow) if reply.HasField("flow") else None,
        )

    async def report_usage(
        self,
        request_id: str,
        ticket: str,
        *,
        status: int,
        prompt_tokens: int | None = None,
        completion_tokens: int | None = None,
        cached_tokens: int | None = None,
        ttft_s: float | None = None,
        e2e_s: float | None = None,
        endpoint: str = "",
        attempts: int = 1,
        timeout_s: float | None = 10.0,
    ) -> bool:
        """Settle a picked request, with the ticket its Pick returned; True when the picker
        settled it (False: not its pick, a wrong ticket, or reported already)."""
        report = pb.UsageReport(
            request_id=request_id,
            ticket=ticket,
            status=status,
            endpoint=endpoint,
            attempts=attempts,
        )
        if prompt_tokens is not None:
            report.prompt_tokens = prompt_tokens
        if completion_tokens is not None:
            report.completion_tokens = completion_tokens
        if cached_tokens is not None:
            report.cached_tokens = cached_tokens
        if ttft_s is not None:
            report.ttft_s = ttft_s
        if e2e_s is not None:
            report.e2e_s = e2e_s
        reply = await self._stub.ReportUsage(report, timeout=timeout_s, metadata=self._metadata)
        return bool(reply.known)


def pick_request(
    path: str,
    body: bytes,
    *,
    headers: Headers = (),
    method: str = "POST",
    subset: Iterable[str] = (),
) -> pb.PickRequest:
    items = headers.items() if isinstance(headers, Mapping) else headers
    return pb.PickRequest(
        path=path,
        method=method,
        headers=[pb.Header(name=k, value=v) for k, v in items],
        body=body,
        subset=list(subset),
    )


def pick_of(reply: pb.PickResponse) -> Pick:
    which = reply.WhichOneof("result")
    if which == "route":
        r = reply.route
        return Pick(
            request_id=reply.request_id,
            route=Route(
                endpoint=r.endpoint,
                fallbacks=tuple(r.fallbacks),
                body=r.body if r.body_rewritten else None,
                set_headers=tuple((h.name, h.value) for h in r.set_headers),
                remove_headers=tuple(r.remove_headers),
                model=r.model,
                target_model=r.target_model,
                response_headers=tuple((h.name, h.value) for h in r.response_headers),
            ),
            immediate=None,
            ticket=reply.ticket,
        )
    i = reply.immediate
    return Pick(
        request_id=reply.request_id,
        route=None,
        immediate=Immediate(
            status=i.status,
            body=i.body,
            headers=tuple((h.name, h.value) for h in i.headers),
            reason=i.reason,
        ),
    )


def _speed(s: pb.EndpointSpeed) -> LearnedSpeed:
    return LearnedSpeed(
        prefill_tokens_per_s=s.prefill_tokens_per_s,
        ttft_overhead_s=s.ttft_overhead_s,
        itl_s=s.itl_s,
        itl_s_per_ktoken=s.itl_s_per_ktoken,
        prefill_factor=s.prefill_factor,
        decode_factor=s.decode_factor,
        records=s.records,
        prior=s.prior,
        decode_observations=s.decode_observations,
    )
