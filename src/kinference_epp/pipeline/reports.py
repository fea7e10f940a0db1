"""Reports of finished requests, matched to the picker's own record of each pick.

Envoy's access-log entries and Pick API callers' ReportUsage calls say how a request ended.
What the picker knows itself is taken from its record of the pick (``pipeline.picks``), found
by the picker's request id: the tenant, the model, the endpoints and the reservation. A
report only adds what the picker cannot know: the status, timings and token counts, each
bounded by the pick:

* counts are non-negative (a report with a negative count has its counts dropped: the pick
  is then settled as reserved, as one whose usage never came); the prompt at most what was
  reserved for it plus a tolerance for templating differences, the output at most the
  request's ``max_tokens`` (else the configured cap), cached tokens at most the prompt;
* durations are at most the time since the pick (a report cannot make a pod look slower
  than the wall clock allows), the TTFT at most the duration;
* the served endpoint counts only if it is one the picker chose (primary or fallback);
  otherwise the report carries no connect-failure signal for any endpoint.

A pick is claimed by its first report; a later one, or one with an id of no pick, changes
nothing (counted). With a shared limit store, a record of a pick another replica made (Envoy
sends access logs to any replica) is settled by its id in the store, which holds the
reservation, and metered with the tenant the picker set on the routed request; its served
endpoint is not used to eject (only the replica that picked can match it).
"""

from __future__ import annotations

from collections.abc import Callable
from math import isfinite
from typing import Literal

import msgspec

from kinference_epp.pipeline.picks import Pick, PickBook
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.telemetry.metrics import PickerMetrics

Source = Literal["access_log", "report_usage", "response_body"]
Result = Literal["matched", "remote", "unrouted", "unknown", "rejected", "ignored"]

PROMPT_TOLERANCE_TOKENS = 64
"""Prompt tokens a report may count beyond the reservation (a pod's chat template or special
tokens can differ from the picker's count)."""
PROMPT_TOLERANCE_SHARE = 0.25
"""... or this share of the reservation, whichever is larger."""
CLOCK_TOLERANCE_S = 1.0
"""Slack on "no longer than since the pick" (Envoy's clock and batching)."""


def has_negative(record: UsageRecord) -> bool:
    return any(
        c is not None and c < 0
        for c in (record.prompt_tokens, record.completion_tokens, record.cached_tokens)
    )


class ReportGate:
    """The access log's sink and ReportUsage's: bounds each report by its pick, then hands it
    to ``sink`` (``pipeline.usage.UsageRecorder``)."""

    def __init__(
        self,
        book: PickBook,
        sink: Callable[[UsageRecord], None],
        metrics: PickerMetrics,
        *,
        shared_store: bool = False,
        max_output_tokens: int | None = None,
    ) -> None:
        """``shared_store``: reservations live in a store every replica settles (Redis);
        ``max_output_tokens``: the cap on a reported output when the request set none."""
        self._book = book
        self._sink = sink
        self._metrics = metrics
        self._shared = shared_store
        self._max_output = max_output_tokens

    def count(self, source: Source, result: Result) -> None:
        self._metrics.usage_reports.labels(source=source, result=result).inc()

    def __call__(self, record: UsageRecord) -> None:
        """One access-log entry."""
        source: Source = "access_log"
        if not record.request_id:
            self.count(source, "unrouted")
            self._sink(_unrouted(record))
            return
        if has_negative(record):
            self.count(source, "rejected")
            record = _without_counts(record)
        pick = self._book.claim(record.request_id)
        if pick is None:
            if self._shared and record.tenant:
                self.count(source, "remote")
                self._sink(self._remote(record))
            else:
                self.count(source, "unknown")
            return
        self.count(source, "matched")
        self._sink(self.bounded(record, pick))

    def from_response(self, record: UsageRecord) -> None:
        """The picker's own reading of a response it routed (``usage.source: response_body``,
        ``edge.usage_tap``): its pick is on this replica; the first report claims it."""
        pick = self._book.claim(record.request_id) if record.request_id else None
        if pick is None:
            self.count("response_body", "unknown")
            return
        self.settle(record, pick, "response_body")

    def settle(self, record: UsageRecord, pick: Pick, source: Source = "report_usage") -> None:
        """A report of ``pick``, which the caller claimed (and proved its own)."""
        self.count(source, "matched")
        self._sink(self.bounded(record, pick))

    def bounded(self, record: UsageRecord, pick: Pick) -> UsageRecord:
        """``record`` with everything the picker knows taken from ``pick`` and the rest
        bounded by it."""
        prompt = _at_most(record.prompt_tokens, _prompt_bound(pick.reserved_prompt_tokens))
        cap = pick.max_output_tokens if pick.max_output_tokens is not None else self._max_output
        completion = _at_most(record.completion_tokens, cap)
        cached = _at_most(record.cached_tokens, prompt)
        e2e, ttft = _timings(record, self._book.now() - pick.picked_at + CLOCK_TOLERANCE_S)
        endpoint, flags, attempts = record.endpoint, record.response_flags, record.attempts
        if endpoint not in pick.endpoints:
            # not an endpoint the picker chose: no failure signal for any endpoint
            endpoint = pick.endpoints[0] if pick.endpoints else ""
            flags, attempts = "", min(attempts, 1)
        return msgspec.structs.replace(
            record,
            model=pick.target_model,
            endpoint=endpoint,
            response_flags=flags,
            attempts=attempts,
            tenant=pick.tenant,
            picker_answered=False,
            prompt_tokens=prompt,
            completion_tokens=completion,
            cached_tokens=cached,
            e2e_s=e2e,
            ttft_s=ttft,
            reserved_prompt_tokens=pick.reserved_prompt_tokens,
            reserved_output_tokens=pick.reserved_output_tokens,
            client_request_id=record.client_request_id or pick.client_request_id,
        )

    def _remote(self, record: UsageRecord) -> UsageRecord:
        reserved = record.reserved_prompt_tokens
        prompt = _at_most(record.prompt_tokens, _prompt_bound(reserved or 0))
        e2e, ttft = _timings(record, None)
        return msgspec.structs.replace(
            record,
            endpoint="",
            response_flags="",
            attempts=min(record.attempts, 1),
            picker_answered=False,
            prompt_tokens=prompt,
            completion_tokens=_at_most(record.completion_tokens, self._max_output),
            cached_tokens=_at_most(record.cached_tokens, prompt),
            e2e_s=e2e,
            ttft_s=ttft,
        )


def _prompt_bound(reserved: int) -> int | None:
    if reserved <= 0:
        return None  # the picker counted nothing to bound it by
    return reserved + max(PROMPT_TOLERANCE_TOKENS, int(reserved * PROMPT_TOLERANCE_SHARE))


def _at_most(count: int | None, bound: int | None) -> int | None:
    if count is None or bound is None:
        return count
    return min(count, bound)


def _timings(record: UsageRecord, longest: float | None) -> tuple[float | None, float | None]:
    def ok(v: float | None, most: float | None) -> float | None:
        if v is None or not isfinite(v) or v < 0:
            return None
        return v if most is None or v <= most else None

    e2e = ok(record.e2e_s, longest)
    ttft = ok(record.ttft_s, e2e if e2e is not None else longest)
    return e2e, ttft


def _without_counts(record: UsageRecord) -> UsageRecord:
    return msgspec.structs.replace(
        record, prompt_tokens=None, completion_tokens=None, cached_tokens=None
    )


def _unrouted(record: UsageRecord) -> UsageRecord:
    """A request the picker did not route (its own answer, or Envoy's): only its status
    counts, under a bounded model label; nothing is settled, metered or ejected by it."""
    return msgspec.structs.replace(
        record,
        request_id="",
        tenant="",
        endpoint="",
        response_flags="",
        attempts=0,
        prompt_tokens=None,
        completion_tokens=None,
        cached_tokens=None,
    )
