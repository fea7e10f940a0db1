"""Flow control through the real pipeline, session and edge wait: a request the shed guard
would refuse waits, is released when the pool's load drops (a scrape) or a request finishes,
and is refused with its status, reason and ``retry-after`` when its wait runs out."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import msgspec
import numpy as np
from envoy.config.core.v3 import base_pb2
from envoy.extensions.filters.http.ext_proc.v3 import processing_mode_pb2 as pm
from envoy.service.ext_proc.v3 import external_processor_pb2 as ep

from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.config.model import SchedulerConfig, ShedConfig
from kinference_epp.edge.driver import PendingDriver
from kinference_epp.edge.processor import ExtProcSession
from kinference_epp.fairness.gate import FlowGate
from kinference_epp.fairness.metrics import FlowMetrics
from kinference_epp.pipeline.flow import FlowControl
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.state import Wait
from kinference_epp.policy import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling.inflight import InflightTracker
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.telemetry.metrics import PickerMetrics

DUPLEX = pm.ProcessingMode.BodySendMode.FULL_DUPLEX_STREAMED
KEY = EndpointKey("10.0.0.1:8000")


class LineSpeed:
    """Decode at 20 ms with an empty cache, 60 ms more at a full one: past the 45 ms bound
    from 42 % of the cache in use."""

    def factors(self, view: PoolView, model: str | None) -> tuple[np.ndarray, np.ndarray]:
        return np.ones(len(view)), np.ones(len(view))

    def itl(self, view: PoolView, model: str | None) -> tuple[np.ndarray, np.ndarray]:
        return np.full(len(view), 0.02), np.full(len(view), 0.06)

    def prefill_rate(self, endpoint: EndpointKey, model: str) -> float:
        return 10_000.0

    def output_tokens(self, model: str | None) -> float | None:
        return None


class Stack:
    def __init__(self, max_wait_s: float) -> None:
        self.pool = PoolDatastore()
        self.pool.upsert(Endpoint(key=KEY, models=frozenset({"m"}), metrics_url=""))
        self.load(0.9)  # saturated
        tracker = InflightTracker(self.pool)
        self.scheduler = Scheduler(
            SchedulerConfig(router="least-queue", shed=ShedConfig()),
            self.pool,
            load=tracker,
            speed=LineSpeed(),
            observers=[tracker],
        )
        self.metrics = PickerMetrics()
        self.gate = FlowGate(
            FlowControlConfig(max_wait_s=max_wait_s, retry_after_s=3),
            self._probe,
            observer=FlowMetrics(self.metrics, "pool"),
        )
        self.pool.watch(self.gate.pool_changed)  # as the app wires it: a scrape may free room
        self.flow = FlowControl(self.gate)
        self.pipeline = build_pipeline(
            StageDeps(
                datastore=self.pool,
                scheduler=self.scheduler,
                metrics=self.metrics,
                policies=PolicyStore(),
                pool_name="pool",
                tenant_header="x-tenant",
                flow=self.flow,
            )
        )

    def _probe(self, req: SchedulingRequest) -> None:
        self.scheduler.schedule(msgspec.structs.replace(req, dry_run=True))

    def load(self, kv: float) -> None:
        self.pool.update_load(KEY, LoadSnapshot(running=1, waiting=0, kv_usage=kv))

    def watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        a, b = self.pool.watch(callback), self.gate.watch(callback)

        def unwatch() -> None:
            a()
            b()

        return unwatch

    def send(self, n: int) -> ExtProcSession:
        s = ExtProcSession(self.pipeline, max_body_bytes=1 << 20)
        hdrs = {":method": "POST", ":path": "/v1/chat/completions", "x-request-id": f"c{n}"}
        msg = ep.ProcessingRequest(
            request_headers=ep.HttpHeaders(
                headers=base_pb2.HeaderMap(
                    headers=[
                        base_pb2.HeaderValue(key=k, raw_value=v.encode()) for k, v in hdrs.items()
                    ]
                ),
                end_of_stream=False,
            )
        )
        msg.protocol_config.request_body_mode = DUPLEX  # type: ignore[assignment]
        assert s.handle(msg) == []
        body = json.dumps(
            {"model": "m", "max_tokens": 8, "messages": [{"role": "user", "content": "hi"}]}
        ).encode()
        out = s.handle(
            ep.ProcessingRequest(request_body=ep.HttpBody(body=body, end_of_stream=True))
        )
        assert out == [], "a saturated pool holds the request"
        assert isinstance(s.pending, Wait)
        assert s.pending.reason == "flow control"
        return s

    def settle(self, s: ExtProcSession) -> asyncio.Future[None]:
        """The shell's driver waiting out the session's ``Wait`` (into ``s.state.waited``)."""
        assert s.pending is not None
        return asyncio.ensure_future(PendingDriver(self.watch).settle(s.pending, s.state))

    def sample(self, name: str, **labels: str) -> float | None:
        return self.metrics.registry.get_sample_value(name, labels)


def reply_headers(imm: ep.ImmediateResponse) -> dict[str, str]:
    return {h.header.key: h.header.raw_value.decode() for h in imm.headers.set_headers}


async def test_a_waiting_request_is_released_when_the_pool_load_drops() -> None:
    stack = Stack(max_wait_s=30.0)
    s = stack.send(1)
    waiting = stack.settle(s)
    await asyncio.sleep(0)
    assert not waiting.done()
    assert stack.sample("inference_extension_flow_control_queue_size", fairness_id="",
                        priority="0", inference_pool="pool") == 1  # fmt: skip
    stack.load(0.1)  # a scrape: the pool has room again
    await waiting
    assert s.state.waited is True
    out = s.resume()
    assert out[0].HasField("request_headers")
    assert s.decision is not None
    assert s.decision.endpoints == (KEY,)
    assert stack.sample(
        "inference_extension_flow_control_request_queue_duration_seconds_count",
        fairness_id="", priority="0", outcome="Dispatched", inference_pool="pool",
    ) == 1  # fmt: skip


async def test_a_newcomer_queues_behind_a_waiting_request_and_goes_after_it() -> None:
    stack = Stack(max_wait_s=30.0)
    first = stack.send(1)
    second = stack.send(2)  # the first waits: the second queues behind it without a pick
    w1, w2 = stack.settle(first), stack.settle(second)
    await asyncio.sleep(0)
    stack.load(0.1)
    await w1
    assert first.state.waited is True
    assert not w2.done()  # one released at a time: the next waits for the first's pick
    assert first.resume()[0].HasField("request_headers")
    # the first is dispatched; its pick counts in the pool's load, still room: the second goes
    await w2
    assert second.state.waited is True
    assert second.resume()[0].HasField("request_headers")


async def test_a_request_whose_wait_runs_out_is_refused_503_with_retry_after() -> None:
    stack = Stack(max_wait_s=0.05)
    s = stack.send(1)
    await stack.settle(s)
    assert s.state.waited is False
    (out,) = s.resume()
    imm = out.immediate_response
    assert imm.status.code == 503
    hdrs = reply_headers(imm)
    assert hdrs["x-kinference-reason"] == "pool_saturated"
    assert hdrs["retry-after"] == "3"
    assert len(stack.gate.queue) == 0
    assert stack.sample("inference_extension_flow_control_queue_size", fairness_id="",
                        priority="0", inference_pool="pool") == 0  # fmt: skip
    assert stack.sample(
        "kinference_flow_control_requests_total", fairness_id="", priority="0", outcome="EvictedTTL"
    ) == 1  # fmt: skip
