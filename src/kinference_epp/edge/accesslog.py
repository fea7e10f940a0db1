"""Envoy's gRPC access-log service: one entry per finished request, out of band.

The response streams from the pod to the client without passing through the picker (a Python
hop per streamed chunk would cost more picker CPU than the routing decision itself). Envoy's ``sse_to_metadata`` /
``json_to_metadata`` filters lift ``usage`` into the ``kinference`` metadata namespace, a Lua
filter stamps the first response body chunk, and this service turns each entry into a
``UsageRecord``: status, TTFT, end-to-end time and token counts per request, keyed by the
picker's own request id from the ``kinference.reserved`` metadata it set on the routed
request (the entry's own request id is Envoy's, often a client's ``x-request-id``: a log
field). Whoever writes here settles usage, so only the picker's callers may open a stream.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Mapping
from math import isfinite

import grpc
from envoy.data.accesslog.v3 import accesslog_pb2
from envoy.service.accesslog.v3 import als_pb2, als_pb2_grpc
from google.protobuf import struct_pb2

from kinference_epp.api.wire_names import (
    DESTINATION_HEADER,
    LB_NAMESPACE,
    METADATA_NAMESPACE,
    MODEL_HEADER,
    MODEL_KEY,
    PICKER_DETAILS_PREFIX,
    REQUEST_ID_HEADER,
    REQUEST_ID_KEY,
    RESERVED_NAMESPACE,
    SERVED_KEY,
    TENANT_HEADER,
    TENANT_KEY,
)
from kinference_epp.edge.control_auth import ControlAuth
from kinference_epp.pipeline.usage import UsageRecord

log = logging.getLogger(__name__)

# Keys Envoy's filters write into the ``kinference`` namespace (see deploy/envoy/envoy.yaml).
PROMPT_TOKENS = "prompt_tokens"
COMPLETION_TOKENS = "completion_tokens"
CACHED_TOKENS = "cached_tokens"
FIRST_BYTE_MS = "first_byte_ms"

AI_GATEWAY_NAMESPACE = "io.envoy.ai_gateway"
"""Where Envoy AI Gateway's filter writes each ``llmRequestCosts`` entry of an AIGatewayRoute,
under the entry's ``metadataKey``: read when the ``kinference`` namespace has no tokens (a
gateway without the shipped usage filters)."""
AiGatewayKeys = tuple[str, str, str]
"""The ``metadataKey``s of the InputToken, OutputToken and CachedInputToken costs."""
DEFAULT_AI_GATEWAY_KEYS: AiGatewayKeys = (
    "llm_input_token",
    "llm_output_token",
    "llm_cached_input_token",
)


def _duration_s(entry: accesslog_pb2.AccessLogCommon, name: str) -> float | None:
    if not entry.HasField(name):
        return None
    d = getattr(entry, name)
    return float(d.seconds) + float(d.nanos) / 1e9


_NO_FIELDS: Mapping[str, struct_pb2.Value] = {}


def _number(fields: Mapping[str, struct_pb2.Value], key: str) -> float | None:
    v = fields.get(key)  # never ``fields[key]``: on a protobuf map that inserts the key
    if v is None:
        return None
    kind = v.WhichOneof("kind")
    if kind == "number_value":
        return v.number_value
    if kind == "string_value":
        try:
            return float(v.string_value)
        except ValueError:
            return None
    return None


def _string(fields: Mapping[str, struct_pb2.Value], key: str) -> str:
    """A string value the picker set ("" when absent): the shipped Envoy removes the picker's
    headers before the pod, so what the log needs of them comes as metadata."""
    v = fields.get(key)
    return v.string_value if v is not None and v.WhichOneof("kind") == "string_value" else ""


def _count(fields: Mapping[str, struct_pb2.Value], key: str) -> int | None:
    value = _number(fields, key)
    return int(value) if value is not None and isfinite(value) else None


_FLAG_FIELDS = tuple(
    f.name
    for f in accesslog_pb2.ResponseFlags.DESCRIPTOR.fields
    if f.type == f.TYPE_BOOL  # unauthorized_details is a message, not a flag
)
_FLAG_ORDER = {name: i for i, name in enumerate(_FLAG_FIELDS)}


def _response_flags(flags: accesslog_pb2.ResponseFlags) -> str:
    """The set flags, comma-separated in declaration order; ListFields skips unset ones (most
    requests have none), instead of a getattr per flag."""
    set_flags = [f.name for f, v in flags.ListFields() if v is True and f.name in _FLAG_ORDER]
    if not set_flags:
        return ""
    return ",".join(sorted(set_flags, key=_FLAG_ORDER.__getitem__))


def record_from_entry(
    entry: accesslog_pb2.HTTPAccessLogEntry,
    ai_gateway_keys: AiGatewayKeys = DEFAULT_AI_GATEWAY_KEYS,
) -> UsageRecord:
    """Decode one HTTP access-log entry; tolerant of every field being absent.

    Runs once per request: every field read builds a Python object, so each is read once
    and the fallbacks (the routed endpoint when no upstream was reached) only when needed."""
    common = entry.common_properties
    meta = common.metadata.filter_metadata
    # protobuf maps answer ``in`` and ``[]`` themselves: no dict copies of them
    kfields = meta[METADATA_NAMESPACE].fields if METADATA_NAMESPACE in meta else _NO_FIELDS
    rfields = meta[RESERVED_NAMESPACE].fields if RESERVED_NAMESPACE in meta else _NO_FIELDS
    request = entry.request
    headers = request.request_headers

    upstream = common.upstream_remote_address.socket_address
    address = upstream.address
    # never reached an upstream: the endpoint the picker chose, if any
    endpoint = f"{address}:{upstream.port_value}" if address else _routed_endpoint(meta, headers)

    ttft: float | None = None
    first_ms = _number(kfields, FIRST_BYTE_MS)
    if first_ms is not None and common.HasField("start_time"):
        start = common.start_time
        ttft = max(0.0, (first_ms - (start.seconds * 1000 + start.nanos / 1e6)) / 1000.0)
    if ttft is None:
        ttft = _duration_s(common, "time_to_first_downstream_tx_byte")

    picker_id = rfields.get(REQUEST_ID_KEY) if rfields else None
    response = entry.response
    sent_upstream = common.upstream_wire_bytes_sent
    received = common.upstream_wire_bytes_received
    prompt = _count(kfields, PROMPT_TOKENS)
    completion = _count(kfields, COMPLETION_TOKENS)
    cached = _count(kfields, CACHED_TOKENS)
    if prompt is None and completion is None and AI_GATEWAY_NAMESPACE in meta:
        afields = meta[AI_GATEWAY_NAMESPACE].fields
        prompt_key, completion_key, cached_key = ai_gateway_keys
        prompt = _count(afields, prompt_key)
        completion = _count(afields, completion_key)
        cached = _count(afields, cached_key)

    return UsageRecord(
        # the picker's own id, from the metadata it set on the routed request; the entry's
        # request id is Envoy's (a client's own x-request-id), a log field only
        request_id=picker_id.string_value if picker_id is not None else "",
        client_request_id=request.request_id or headers.get(REQUEST_ID_HEADER, ""),
        model=_string(rfields, MODEL_KEY) or headers.get(MODEL_HEADER, ""),
        endpoint=endpoint,
        status=response.response_code.value,  # 0 when unset: no response was sent
        e2e_s=_duration_s(common, "time_to_last_downstream_tx_byte"),
        ttft_s=ttft,
        prompt_tokens=prompt,
        completion_tokens=completion,
        cached_tokens=cached,
        response_flags=_response_flags(common.response_flags),
        tenant=_string(rfields, TENANT_KEY) or headers.get(TENANT_HEADER, ""),
        picker_answered=response.response_code_details.startswith(PICKER_DETAILS_PREFIX),
        attempts=common.upstream_request_attempt_count,
        reserved_prompt_tokens=_count(rfields, "prompt_tokens") if rfields else None,
        reserved_output_tokens=_count(rfields, "output_tokens") if rfields else None,
        # what moved to and from the pod: how much work a request abandoned before its
        # response is charged (``tenancy.abandoned``)
        reached_upstream=bool(address)
        or sent_upstream > 0
        or common.HasField("time_to_first_upstream_tx_byte"),
        upstream_body_bytes=max(0, received - response.upstream_header_bytes_received)
        if received
        else None,
    )


def _routed_endpoint(meta: Mapping[str, struct_pb2.Struct], headers: Mapping[str, str]) -> str:
    """The endpoint the picker chose: Envoy's ``envoy.lb`` metadata, else the header."""
    if LB_NAMESPACE in meta:
        lb = meta[LB_NAMESPACE].fields
        for key in (SERVED_KEY, DESTINATION_HEADER):
            value = lb.get(key)
            if (
                value is not None
                and value.WhichOneof("kind") == "string_value"
                and value.string_value
            ):
                return value.string_value
    return headers.get(DESTINATION_HEADER, "")


class AccessLogService(als_pb2_grpc.AccessLogServiceServicer):  # type: ignore[misc]
    """Receives Envoy's streamed access-log batches and hands each record to ``sink``
    (``pipeline.reports.ReportGate``, which matches it to the picker's record of the pick).

    Only the picker's callers may open a stream (``auth``: a client certificate or the control
    token, checked once per stream); any other caller's stream is refused before an entry is
    read."""

    def __init__(
        self,
        sink: Callable[[UsageRecord], None],
        auth: ControlAuth | None = None,
        ai_gateway_keys: AiGatewayKeys = DEFAULT_AI_GATEWAY_KEYS,
    ) -> None:
        self._sink = sink
        self._auth = auth
        self._ai_keys = ai_gateway_keys

    async def StreamAccessLogs(
        self,
        request_iterator: AsyncIterator[als_pb2.StreamAccessLogsMessage],
        context: grpc.aio.ServicerContext[
            als_pb2.StreamAccessLogsMessage, als_pb2.StreamAccessLogsResponse
        ],
    ) -> als_pb2.StreamAccessLogsResponse:
        if self._auth is not None:
            await self._auth.require(context, "access-log service")
        async for message in request_iterator:
            for entry in message.http_logs.log_entry:
                try:
                    self._sink(record_from_entry(entry, self._ai_keys))
                except Exception:
                    log.exception("could not process an access-log entry")
        return als_pb2.StreamAccessLogsResponse()
