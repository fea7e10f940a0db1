"""Teaching the speed model from the access log: each request served as routed is one lesson.

The record gives the TTFT, the end-to-end time and the token counts; the in-flight entry the
pick left gives the tokens the picker predicted ahead of the request in the endpoint's prefill
queue, and the endpoint's waiting queue then (a long one: the TTFT waited for KV space or seats,
not for prefill, and teaches no prefill speed); the endpoint's last scrape gives its KV in use.
Where the endpoint's scrapes carry vLLM's ITL histogram, its base model's decode speed is learned
from those (``scraped``, per scrape) and a record's ITL for that model is not used (a LoRA
adapter's records still teach its own line). Where no access log arrives (a gateway that sends
none), the scraped TTFT histogram, set against the picker's own picks of the endpoint, teaches
its prefill line instead (``SpeedModel.observe_ttft_totals``).
A record of a failed request, a retried
one (its TTFT includes the failed attempt) or one served by an endpoint other than the pick
(a fallback) teaches nothing: its timing is not the pick's endpoint's speed.
"""

from __future__ import annotations

from collections.abc import Callable

from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey, LoadSnapshot
from kinference_epp.scheduling.inflight import InflightEntry
from kinference_epp.scheduling.speed_model import SpeedModel


class SpeedLearner:
    def __init__(
        self,
        model: SpeedModel,
        datastore: PoolDatastore,
        picked: Callable[[EndpointKey], tuple[float, float]] | None = None,
    ) -> None:
        """``picked(endpoint)``: the picker's cumulative picks of it and their work
        (``InflightTracker.picked``), set against its scraped TTFT histogram."""
        self._model = model
        self._datastore = datastore
        self._picked = picked

    def __call__(self, record: UsageRecord, entry: InflightEntry) -> None:
        if not 200 <= record.status < 300 or record.attempts > 1 or record.response_flags:
            return
        endpoint = entry.endpoint
        if record.endpoint and record.endpoint != endpoint:
            return
        ttft = record.ttft_s
        learn_ttft = entry.waiting <= self._model.config.max_waiting
        prompt, cached = record.prompt_tokens, record.cached_tokens
        new = prompt - cached if prompt is not None and cached is not None else entry.new_tokens
        itl = None
        completion = record.completion_tokens
        e2e = record.e2e_s
        snap = self._datastore.snapshot(endpoint)
        if snap is None:
            histogram, kv_ktokens, running = False, 0.0, 0.0
        else:  # ``_kv_ktokens`` inline: this runs on every access-log record
            histogram = snap.itl_count > 0.0 and self._is_base(endpoint, entry)
            blocks, size = snap.num_gpu_blocks, snap.block_size
            kv_ktokens = snap.kv_usage * blocks * size / 1000.0 if blocks and size else 0.0
            running = snap.running
        if (
            not histogram
            and e2e is not None
            and ttft is not None
            and completion is not None
            and completion > 1
        ):
            itl = (e2e - ttft) / (completion - 1)
        self._model.observe(
            endpoint,
            entry.model,
            ttft_s=ttft if learn_ttft else None,
            work_tokens=entry.ahead_tokens + new,
            itl_s=itl,
            kv_ktokens=kv_ktokens,
            running=running,
        )

    def _is_base(self, key: EndpointKey, entry: InflightEntry) -> bool:
        """Whether the entry's model is the one the endpoint's histogram teaches."""
        endpoint = self._datastore.get(key)
        return endpoint is not None and entry.model == endpoint.base_model

    def scraped(self, key: EndpointKey, snapshot: LoadSnapshot) -> None:
        """A good scrape of ``key``: its ITL histogram totals teach its base model's decode
        line (an engine's histograms are per engine; its LoRA adapters decode in its batch),
        and its TTFT histogram totals, against the picker's own picks there, the prefill line
        where no access log does."""
        if snapshot.itl_count <= 0.0 and snapshot.ttft_count <= 0.0:
            return
        endpoint = self._datastore.get(key)
        if endpoint is None or not endpoint.base_model:
            return
        if snapshot.itl_count > 0.0:
            self._model.observe_itl_totals(
                key,
                endpoint.base_model,
                itl_sum=snapshot.itl_sum,
                itl_count=snapshot.itl_count,
                kv_ktokens=_kv_ktokens(snapshot),
                running=snapshot.running,
            )
        if snapshot.itl_count > 0.0 and snapshot.ttft_count > 0.0:
            self._model.observe_token_counts(
                key,
                endpoint.base_model,
                first_tokens=snapshot.ttft_count,
                later_tokens=snapshot.itl_count,
            )
        if snapshot.ttft_count > 0.0 and self._picked is not None:
            picks, work = self._picked(key)
            self._model.observe_ttft_totals(
                key,
                endpoint.base_model,
                ttft_sum=snapshot.ttft_sum,
                ttft_count=snapshot.ttft_count,
                picks=picks,
                work_tokens=work,
                waiting=snapshot.waiting,
            )


def _kv_ktokens(snap: LoadSnapshot | None) -> float:
    """Thousands of KV tokens in use at ``snap`` (0 while its cache size is not known)."""
    if snap is None or not snap.num_gpu_blocks or not snap.block_size:
        return 0.0
    return snap.kv_usage * snap.num_gpu_blocks * snap.block_size / 1000.0
