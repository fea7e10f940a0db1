"""Responses continuations: the picker names each response and sends a request continued
with ``previous_response_id`` back to the pod that stored that response."""

from __future__ import annotations

import json

import msgspec
import pytest
from routed import rejected, routed

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.config.model import EndpointConfig, PoolConfig, SchedulerConfig
from kinference_epp.pipeline.response_homes import Home, ResponseHomes
from kinference_epp.pipeline.runner import Pipeline
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.state import RequestState
from kinference_epp.policy import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.telemetry.metrics import PickerMetrics

MODEL = "qwen3"
PODS = [EndpointKey(f"10.0.0.{i}:8000") for i in range(1, 5)]


class Stack:
    def __init__(self) -> None:
        self.datastore = PoolDatastore.from_config(
            PoolConfig(
                name="pool",
                endpoints=[EndpointConfig(address=p, models=[MODEL]) for p in PODS],
            )
        )
        self.homes = ResponseHomes()
        self.pipeline: Pipeline = build_pipeline(
            StageDeps(
                datastore=self.datastore,
                scheduler=Scheduler(SchedulerConfig(router="random", seed=3), self.datastore),
                metrics=PickerMetrics(),
                policies=PolicyStore(),
                pool_name="pool",
                tenant_header="x-tenant",
                response_homes=self.homes,
            )
        )

    def state(self, body: dict[str, object], **fields: object) -> RequestState:
        return RequestState(
            headers={":path": "/v1/responses", ":method": "POST"},
            body=json.dumps({"model": MODEL, **body}).encode(),
            **fields,  # type: ignore[arg-type]
        )


def forwarded(body: bytes | None) -> dict[str, object]:
    assert body is not None
    decoded = json.loads(body)
    assert isinstance(decoded, dict)
    return decoded


def test_the_picker_names_the_response_and_remembers_its_pod() -> None:
    stack = Stack()
    decision = routed(stack.pipeline.run(stack.state({"input": "hi"})))
    response_id = "resp_" + decision.request_id
    assert forwarded(decision.body)["request_id"] == response_id
    assert forwarded(decision.body)["input"] == "hi"
    home = stack.homes.home(response_id)
    assert home is not None
    assert home.endpoint == decision.endpoints[0]


def test_a_client_named_response_keeps_its_name_and_body() -> None:
    stack = Stack()
    state = stack.state({"input": "hi", "request_id": "resp_mine"})
    decision = routed(stack.pipeline.run(state))
    assert decision.body is None  # forwarded as received
    home = stack.homes.home("resp_mine")
    assert home is not None
    assert home.endpoint == decision.endpoints[0]


def test_continuations_go_back_to_the_pod_that_stored_the_response() -> None:
    stack = Stack()
    first = routed(stack.pipeline.run(stack.state({"input": "hi"})))
    home = first.endpoints[0]
    previous = "resp_" + first.request_id
    for _ in range(20):  # a random router would scatter them
        decision = routed(
            stack.pipeline.run(stack.state({"input": "more", "previous_response_id": previous}))
        )
        assert decision.endpoints == (home,)


def test_an_unknown_previous_response_is_routed_like_any_request() -> None:
    stack = Stack()
    picked = {
        routed(
            stack.pipeline.run(stack.state({"input": "x", "previous_response_id": "resp_other"}))
        ).endpoints[0]
        for _ in range(30)
    }
    assert len(picked) > 1


def test_a_response_whose_pod_left_the_pool_is_a_clear_404() -> None:
    stack = Stack()
    first = routed(stack.pipeline.run(stack.state({"input": "hi"})))
    stack.datastore.remove(first.endpoints[0])
    error = rejected(
        stack.pipeline.run(
            stack.state({"input": "more", "previous_response_id": "resp_" + first.request_id})
        )
    )
    assert (error.status, error.reason, error.param) == (
        404,
        "previous_response_gone",
        "previous_response_id",
    )


def test_a_pod_that_cannot_take_the_continuation_is_a_503_not_another_pod() -> None:
    stack = Stack()
    first = routed(stack.pipeline.run(stack.state({"input": "hi"})))
    stack.datastore.set_ready(first.endpoints[0], False)
    error = rejected(
        stack.pipeline.run(
            stack.state({"input": "more", "previous_response_id": "resp_" + first.request_id})
        )
    )
    assert error.status == 503


def test_an_explain_remembers_nothing() -> None:
    stack = Stack()
    decision = routed(stack.pipeline.run(stack.state({"input": "hi"}, explain=True)))
    assert stack.homes.home("resp_" + decision.request_id) is None


def test_homes_expire_and_stay_bounded() -> None:
    now = [0.0]
    homes = ResponseHomes(ttl_s=10.0, max_homes=2, clock=lambda: now[0])
    for i in range(3):
        homes.remember(f"r{i}", PODS[i])
    assert homes.home("r0") is None  # the oldest went past the bound
    assert homes.home("r2") == Home(PODS[2])
    now[0] = 10.0
    assert homes.home("r1") is None
    assert len(homes) == 1


@pytest.mark.parametrize("path", ["/v1/chat/completions"])
def test_other_apis_are_left_alone(path: str) -> None:
    stack = Stack()
    state = RequestState(
        headers={":path": path, ":method": "POST"},
        body=msgspec.json.encode({"model": MODEL, "messages": [{"role": "user", "content": "x"}]}),
    )
    decision = routed(stack.pipeline.run(state))
    assert decision.body is None
    assert len(stack.homes) == 0


def test_a_response_served_by_a_fallback_lives_there() -> None:
    """Envoy retried the request on a fallback (the pick refused the connection): the
    access log names the pod that answered, and that pod stored the response."""
    stack = Stack()
    first = routed(stack.pipeline.run(stack.state({"input": "hi"})))
    previous = "resp_" + first.request_id
    fallback = next(p for p in PODS if p != first.endpoints[0])
    stack.homes.settled(previous, 40, fallback)
    again = routed(
        stack.pipeline.run(stack.state({"input": "more", "previous_response_id": previous}))
    )
    assert again.endpoints == (fallback,)


def test_a_settled_conversation_counts_in_its_continuation_s_prompt() -> None:
    """The pod prefills the stored conversation: what its usage settled is added to the
    picker's count (and so to the reservation and the bound on a report)."""
    stack = Stack()
    first = routed(stack.pipeline.run(stack.state({"input": "hi"})))
    previous = "resp_" + first.request_id
    stack.homes.settled(previous, 500)
    stack.homes.settled("resp_unknown", 900)  # not a response the picker named: ignored
    assert len(stack.homes) == 1
    state = stack.state({"input": "more", "previous_response_id": previous}, prompt_tokens=12)
    state.request = parse_request(ApiKind.RESPONSES, bytes(state.body))
    stage = next(s for s in stack.pipeline.stages if s.name == "response_id")
    assert stage.run(state) is None
    assert state.prompt_tokens == 512
    assert state.subset == frozenset((first.endpoints[0],))
