"""The app wires flow control: every routed request is charged to its flow, a finish report
corrects the charge, and a fresh reading of a pod's load releases a waiting request to the
edge's waiters."""

from __future__ import annotations

from routed import chat_state, routed

from kinference_epp.app import App
from kinference_epp.config.model import EppConfig
from kinference_epp.fairness.queue import RELEASED
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.pool.endpoint import EndpointKey, LoadSnapshot
from kinference_epp.scheduling.types import SchedulingRequest

BODY = {"model": "m", "max_tokens": 10, "messages": [{"role": "user", "content": "hello"}]}
KEY = EndpointKey("10.0.0.1:8000")


def app() -> App:
    return App(
        EppConfig.model_validate(
            {
                "pool": {"endpoints": [{"address": str(KEY), "models": ["m"]}]},
                "flow_control": {"max_wait_s": 5},
            }
        )
    )


def test_a_routed_request_is_charged_and_its_finish_corrects_the_charge() -> None:
    a = app()
    assert a.flow is not None
    state = chat_state(BODY, request_id="r1")
    assert routed(a.pipeline.run(state)).endpoints == (KEY,)
    queue = a.flow.gate.queue
    charged = queue.counter("", 0)
    assert charged == queue.service(state.prompt_tokens, 10)
    a.usage(
        UsageRecord(request_id="r1", model="m", endpoint=str(KEY), status=200, e2e_s=1.0,
                    ttft_s=0.1, prompt_tokens=state.prompt_tokens, completion_tokens=3,
                    cached_tokens=0)
    )  # fmt: skip
    assert queue.counter("", 0) == queue.service(state.prompt_tokens, 3)


def test_a_scrape_releases_a_waiting_request_and_wakes_the_waiters() -> None:
    a = app()
    assert a.flow is not None
    gate = a.flow.gate
    ticket = gate.hold("w1", "t", 0, 1, 100.0, SchedulingRequest(model="m", request_id="w1"))
    woken: list[int] = []
    unwatch = a._watch(lambda: woken.append(1))
    try:
        a.datastore.update_load(KEY, LoadSnapshot(running=0, waiting=0, kv_usage=0.0))
    finally:
        unwatch()
    assert ticket.state == RELEASED  # the scrape allowed a release: the pool has room
    assert len(woken) == 2  # the datastore write, and the gate's release
    assert gate.ready(ticket)


def test_with_the_limit_stores_redis_the_counters_are_shared_through_it() -> None:
    """Wiring only (the exchange itself: tests/unit/fairness/test_shared_counters.py): the
    queue records its service in a ledger that a sync, behind the store's breaker, exchanges
    through the store's client and prefix."""
    a = App(
        EppConfig.model_validate(
            {
                "pool": {"endpoints": [{"address": str(KEY), "models": ["m"]}]},
                "flow_control": {"max_wait_s": 5, "sync_interval_s": 0.5},
                "tenancy": {
                    "identity": "header",
                    "store": {"redis": {"url": "redis://127.0.0.1:1/0"}},
                },
            }
        )
    )
    assert a.flow is not None
    assert a.flow_sync is not None
    assert a.flow.gate.queue.ledger is a.flow_sync.ledger
    a.flow.gate.dispatched("r1", "acme", 0, 2, 300.0)
    assert a.flow_sync.ledger.pending() == {"0:acme": 150.0}
    # without tenancy's Redis: each replica on its own counters
    assert app().flow_sync is None


def test_an_explain_run_shows_flow_controls_view_and_charges_nothing() -> None:
    a = app()
    assert a.flow is not None
    assert routed(a.pipeline.run(chat_state(BODY, request_id="r1"))).endpoints == (KEY,)
    served = a.flow.gate.queue.counter("", 0)
    state = chat_state(BODY, request_id="x1")
    state.explain = True
    routed(a.pipeline.run(state))
    view = state.flow_view
    assert view is not None
    assert (view.band, view.band_name, view.weight) == (0, "standard", 1.0)
    assert view.standing.service == served
    assert (view.position, view.would_wait) == (0, False)
    assert a.flow.gate.queue.counter("", 0) == served  # a dry run is not dispatched


def test_a_pod_measured_past_the_itl_bound_holds_the_request_in_the_queue() -> None:
    """With flow control the picked pod's ITL as its histogram measured it decides (the shed
    guard's 45 ms): past it, the request waits; once the pod runs under it, a scrape lets it
    go."""
    a = app()
    assert a.flow is not None
    gate = a.flow.gate

    def scrape(snapshot: LoadSnapshot) -> None:  # as the scraper: record, then on_load
        a.datastore.update_load(KEY, snapshot)
        a._scraped(KEY, snapshot)

    scrape(LoadSnapshot(itl_sum=0.0, itl_count=0.0, scraped_at=1.0))
    scrape(LoadSnapshot(itl_sum=6.0, itl_count=100.0, scraped_at=1.5))
    a.pipeline.run(chat_state(BODY, request_id="r1"))
    ticket = a.flow.ticket("r1")
    assert ticket is not None  # 60 ms per token there: it waits
    assert not gate.ready(ticket)
    scrape(LoadSnapshot(itl_sum=8.0, itl_count=200.0, scraped_at=2.6))
    assert gate.ready(ticket)  # 20 ms per token over the last second: released
