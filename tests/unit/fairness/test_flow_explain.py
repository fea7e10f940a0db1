"""Explain with flow control: a request's band, its tenant's weight and weighted service beside
the others' of its band, and where it would queue; ``kinfctl explain`` prints it."""

from __future__ import annotations

from kinference_epp.cli.pick import _doc, _lines
from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.errors import PoolSaturatedError
from kinference_epp.fairness.gate import FlowGate
from kinference_epp.pickapi.client import Explanation, Pick, flow_share
from kinference_epp.pickapi.explain import explanation
from kinference_epp.pipeline.flow import FlowControl
from kinference_epp.pipeline.state import RequestState
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.tenancy.limits import Tenant


def full(_: object) -> None:
    raise PoolSaturatedError("full")


def state(rid: str, tenant: Tenant, priority: int | None = None) -> RequestState:
    s = RequestState(headers={})
    s.request_id = rid
    s.tenant = tenant.name
    s.tenant_info = tenant
    s.priority = priority
    s.prompt_tokens = 1000
    return s


GOLD = Tenant("gold", weight=3)
BASE = Tenant("base")
WEB = Tenant("web", priority=1)


def flow_with_queue() -> FlowControl:
    """gold served 3000 tokens (1000 weighted), base 300; base waits, then gold (not lifted: it
    has more), and web in a higher band."""
    flow = FlowControl(FlowGate(FlowControlConfig(default_output_tokens=100), full))
    flow.gate.dispatched("g0", "gold", 0, 3, 3000.0)
    flow.gate.dispatched("b0", "base", 0, 1, 300.0)
    for rid, tenant in (("b1", BASE), ("g1", GOLD), ("g2", GOLD), ("w1", WEB)):
        s = state(rid, tenant)
        assert flow.saturated(s, SchedulingRequest(model="m", request_id=rid)) is not None
    return flow


def test_explain_shows_band_share_and_place() -> None:
    flow = flow_with_queue()
    view = flow.explain(state("new", GOLD))
    assert (view.band, view.band_name, view.weight) == (0, "standard", 3.0)
    assert view.standing.service == 1000.0  # 3000 tokens over weight 3
    assert view.standing.tenants == (("base", 300.0, 1), ("gold", 1000.0, 2))
    # web (a higher band), gold's own two, base's one (less service): four go first
    assert view.position == 4
    assert view.standing.waiting == 4
    assert view.would_wait
    # base, with the least service, goes before gold's waiting ones
    assert flow.explain(state("new", BASE)).position == 1 + 1
    # a request already waiting: its own place
    assert flow.explain(state("g2", GOLD)).position == 1 + 1
    # a policy rule moving a request to the critical band: only web is ahead of it
    crit = flow.explain(state("new", BASE, priority=1))
    assert (crit.band, crit.band_name, crit.position) == (1, "critical", 1)
    # a band nobody waits in: nothing ahead from within it
    shed = flow.explain(state("new", BASE, priority=-1))
    assert (shed.band_name, shed.position, shed.standing.tenants) == ("sheddable", 4, ())


def test_the_explanation_carries_it_and_kinfctl_prints_it() -> None:
    flow = flow_with_queue()
    s = state("new", GOLD)
    s.flow_view = flow.explain(s)
    out = explanation(s, None)
    assert out.HasField("flow")
    assert out.flow.band_name == "standard"
    assert [(t.tenant, t.service, t.waiting) for t in out.flow.tenants] == [
        ("base", 300.0, 1),
        ("gold", 1000.0, 2),
    ]
    why = Explanation(
        pick=Pick(request_id="new", route=None, immediate=None),
        router="precise-prefix",
        endpoints=(),
        prompt_tokens=1000,
        request_blocks=0,
        tenant="gold",
        flow=flow_share(out.flow),
    )
    text = "\n".join(_lines(why))
    assert "flow control: band 0 (standard); weight 3; weighted service 1,000 (+700 over" in text
    assert "queue: waits; position 4 (4 waiting in all)" in text
    assert "  gold: service 1,000, 2 waiting <- this request's" in text
    assert "  base: service 300, 1 waiting" in text
    doc = _doc(why)["flow"]
    assert doc["position"] == 4
    assert doc["tenants"][0] == {"tenant": "base", "service": 300.0, "waiting": 1}
    # without flow control: nothing of it
    assert not explanation(state("x", GOLD), None).HasField("flow")
