"""One routed request's usage, read by the picker itself from the response phase of its stream.

The fallback where a gateway gives the picker no access log, or one without token counts
(``usage.source: response_body``): the status comes from the response headers, the tokens from
the body chunks (``api.response_usage``), TTFT and end-to-end time from when the picker saw the
first body chunk and the last one, each against when it saw the request headers. The record,
keyed by the picker's own request id, goes to the same gate as the access log's
(``pipeline.reports.ReportGate``, which claims the pick: a later report of it changes nothing),
once per request: at the end of the response, or when the stream ends without one (the client went away,
the gateway reset it) with what is known, so a reservation is settled, never silently left.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from kinference_epp.api.response_usage import ResponseUsageReader
from kinference_epp.api.wire_names import TENANT_HEADER
from kinference_epp.pipeline.state import RoutingDecision
from kinference_epp.pipeline.usage import UsageRecord

Clock = Callable[[], float]


class UsageTap:
    """Created when the request is routed; fed the response; emits one ``UsageRecord``."""

    __slots__ = (
        "_client_request_id",
        "_clock",
        "_decision",
        "_emitted",
        "_first_s",
        "_reader",
        "_request_id",
        "_sink",
        "_start_s",
        "_status",
    )

    def __init__(
        self,
        decision: RoutingDecision,
        request_id: str,
        client_request_id: str,
        start_s: float,
        sink: Callable[[UsageRecord], None],
        clock: Clock = time.monotonic,
    ) -> None:
        self._decision = decision
        self._request_id = request_id
        self._client_request_id = client_request_id
        self._start_s = start_s
        self._sink = sink
        self._clock = clock
        self._status = 0
        self._reader: ResponseUsageReader | None = None
        self._first_s: float | None = None
        self._emitted = False

    @property
    def finished(self) -> bool:
        return self._emitted

    def headers(self, status: int, content_type: str) -> None:
        self._status = status
        self._reader = ResponseUsageReader(content_type)

    def body(self, chunk: bytes, end_of_stream: bool) -> None:
        if self._emitted:
            return
        if chunk and self._first_s is None:
            self._first_s = self._clock()
        if self._reader is None:  # body without headers: cannot happen in ext_proc; be safe
            self._reader = ResponseUsageReader("")
        self._reader.feed(chunk, end_of_stream)
        if end_of_stream:
            self.finish()

    def finish(self) -> None:
        """Emit the record (once); at the end of the response or of the stream, whichever is
        first. A stream that ends before the response did carries no usage: the settlement
        charges what the picker reserved."""
        if self._emitted:
            return
        self._emitted = True
        now = self._clock()
        usage = self._reader.usage if self._reader is not None else None
        d = self._decision
        reserved = dict(d.reserved)
        self._sink(
            UsageRecord(
                request_id=self._request_id,
                client_request_id=self._client_request_id,
                model=d.target_model,
                endpoint=d.endpoints[0] if d.endpoints else "",
                status=self._status,
                e2e_s=now - self._start_s if self._status else None,
                ttft_s=self._first_s - self._start_s if self._first_s is not None else None,
                prompt_tokens=usage.prompt_tokens if usage is not None else None,
                completion_tokens=usage.completion_tokens if usage is not None else None,
                cached_tokens=usage.cached_tokens if usage is not None else None,
                tenant=_header(d.headers, TENANT_HEADER),
                reserved_prompt_tokens=_int(reserved.get("prompt_tokens")),
                reserved_output_tokens=_int(reserved.get("output_tokens")),
            )
        )


def _header(headers: tuple[tuple[str, str], ...], name: str) -> str:
    for key, value in headers:
        if key == name:
            return value
    return ""


def _int(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None
