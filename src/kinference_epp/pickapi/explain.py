"""Explain: why a request went where it went, read from the state its pipeline run left.

Scores are the router's (kept by the schedule stage), the rule walk is the policy evaluator's
trace (kept when the state asks to explain), and the cached prefix per endpoint is a match of
the request's block hashes against the KV-event index, the cache state vLLM itself reported.
Each endpoint's learned speed for the request's model is the speed model's figures
(``scheduling/speed_model.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from kinference_epp.kvcache.hashing import BlockHashArray
from kinference_epp.kvcache.interface import PrefixMatch, SlotArray
from kinference_epp.pickapi.v1 import picker_pb2 as pb
from kinference_epp.pipeline.state import FlowView, RequestState
from kinference_epp.policy import describe
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.speed_model import EndpointSpeed


class PrefixLookup(Protocol):
    """The prefix index (``kvcache.index.BlockIndex``), as far as Explain reads it."""

    @property
    def block_size(self) -> int: ...

    def match(self, block_hashes: BlockHashArray | Sequence[int]) -> PrefixMatch: ...

    def slots_for(self, endpoints: Sequence[EndpointKey]) -> SlotArray: ...


SpeedFigures = Callable[[], Iterable[EndpointSpeed]]
"""Every (endpoint, model)'s learned speed (``SpeedModel.figures``)."""


def explanation(
    state: RequestState,
    prefix: PrefixLookup | None,
    candidates: Sequence[EndpointKey] = (),
    speeds: SpeedFigures | None = None,
) -> pb.ExplainResponse:
    """Everything Explain shows but the pick itself. ``candidates`` adds endpoints beyond the
    scored and picked ones (say, the whole pool)."""
    scores = state.scores or {}
    keys = list(dict.fromkeys([*state.endpoints, *scores, *candidates]))
    rank = {k: i for i, k in enumerate(state.endpoints)}
    gpu = cpu = None
    hashes = state.block_hashes
    if prefix is not None and hashes is not None and len(hashes) and keys:
        gpu, cpu = prefix.match(hashes).for_slots(prefix.slots_for(keys))
    block = prefix.block_size if prefix is not None else 0
    learned = _speeds(speeds, state.model) if speeds is not None else {}
    rows = []
    for i, key in enumerate(keys):
        row = pb.EndpointExplanation(endpoint=key, rank=rank.get(key, -1))
        if key in scores:
            row.score = float(scores[key])
        if gpu is not None and cpu is not None:
            row.gpu_blocks = int(gpu[i])
            row.cpu_blocks = int(cpu[i])
            row.matched_tokens = int(gpu[i]) * block
        speed = learned.get(key)
        if speed is not None:
            row.speed.CopyFrom(_speed_message(speed))
        rows.append(row)
    rows.sort(key=lambda r: (r.rank < 0, r.rank, -(r.score if r.HasField("score") else -1.0)))
    out = pb.ExplainResponse(
        router=state.router,
        endpoints=rows,
        prompt_tokens=state.prompt_tokens,
        request_blocks=len(hashes) if hashes is not None else 0,
        tenant=state.tenant or "",
    )
    view = state.flow_view
    if view is not None:
        out.flow.CopyFrom(_flow_message(view))
    decision = state.policy_decision
    if decision is not None:
        out.policy_trace.extend(decision.trace)
        out.policy = decision.policy or ""
        out.rule = decision.rule or ""
        out.action = describe(decision.action)
    elif state.outcome is not None:
        out.action = describe(state.outcome)
    return out


def _flow_message(view: FlowView) -> pb.FlowExplanation:
    standing = view.standing
    return pb.FlowExplanation(
        band=view.band,
        band_name=view.band_name,
        weight=view.weight,
        service=standing.service,
        tenants=[
            pb.FlowTenant(tenant=t, service=service, waiting=waiting)
            for t, service, waiting in standing.tenants
        ],
        position=view.position,
        waiting=standing.waiting,
        would_wait=view.would_wait,
    )


def _speeds(figures: SpeedFigures, model: str | None) -> dict[EndpointKey, EndpointSpeed]:
    """Each endpoint's figures for ``model`` (None: the first model learned there)."""
    out: dict[EndpointKey, EndpointSpeed] = {}
    for f in figures():
        if model is None or not model or f.model == model:
            out.setdefault(f.endpoint, f)
    return out


def _speed_message(s: EndpointSpeed) -> pb.EndpointSpeed:
    return pb.EndpointSpeed(
        prefill_tokens_per_s=s.prefill_tokens_per_s,
        ttft_overhead_s=s.overhead_s,
        itl_s=s.itl_s,
        itl_s_per_ktoken=s.itl_s_per_ktoken,
        prefill_factor=s.prefill_factor,
        decode_factor=s.decode_factor,
        records=s.records,
        prior=s.prior,
        decode_observations=s.decode_observations,
    )
