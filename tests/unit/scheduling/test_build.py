"""The one scheduler factory: the observers in production order, used by the picker and the
routing benchmark alike."""

from __future__ import annotations

from prefix_fakes import BS, Clock, request
from sched_fakes import Row, build_pool, key

from kinference_epp.app import App
from kinference_epp.bench.routing import build_router
from kinference_epp.config.model import EndpointConfig, EppConfig, PoolConfig, SchedulerConfig
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint
from kinference_epp.scheduling.build import SchedulingStack, build_scheduling
from kinference_epp.scheduling.prefix_state import PrefixState
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult


class Spy:
    """A prompt observer: records what the tracker had counted when it was told."""

    def __init__(self) -> None:
        self.stack: SchedulingStack | None = None
        self.seen: list[int] = []

    def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
        assert self.stack is not None
        self.seen.append(self.stack.inflight.count(result.primary))


def _stack(router: str, spy: Spy) -> SchedulingStack:
    clock = Clock()
    pool = build_pool([Row(1)])
    prefix = PrefixState(BlockIndex(block_size=BS), clock=clock)
    stack = build_scheduling(
        SchedulerConfig(router=router), pool, prefix, clock=clock, prompt_observers=[spy]
    )
    spy.stack = stack
    return stack


def test_a_prompt_reading_chain_tells_its_prompt_observers_before_the_tracker() -> None:
    spy = Spy()
    stack = _stack("precise-prefix", spy)
    assert stack.reads_prompt
    stack.scheduler.schedule(request(rid="a"))
    stack.scheduler.schedule(request(rid="b"))
    assert spy.seen == [0, 1]  # each saw the tracker before it counted that pick
    assert stack.inflight.count(key(1)) == 2


def test_a_prompt_blind_chain_is_observed_by_the_tracker_alone() -> None:
    spy = Spy()
    stack = _stack("least-queue", spy)
    assert not stack.reads_prompt
    stack.scheduler.schedule(request(rid="a"))
    assert spy.seen == []
    assert stack.inflight.count(key(1)) == 1


def test_the_picker_and_the_benchmark_build_the_same_scheduler() -> None:
    app = App(
        EppConfig(
            pool=PoolConfig(endpoints=[EndpointConfig(address="10.0.0.1:8000", models=["m"])])
        )
    )
    pool = PoolDatastore("bench")
    pool.upsert(Endpoint(key=key(1), models=frozenset({"m"}), metrics_url=""))
    bench = build_router("kinference", pool, BlockIndex(block_size=BS), Clock(), seed=0)
    assert bench.scheduler.plugins == app.scheduler.plugins
    for scheduler, tracker in ((app.scheduler, app.inflight), (bench.scheduler, bench.load)):
        assert tracker is not None
        scheduler.schedule(request(rid="a"))
        assert tracker.count(key(1)) == 1  # the tracker observes every pick
