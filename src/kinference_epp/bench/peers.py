"""The peer routers, each built from its plug-ins as a chain of the same scheduler.

Every peer runs the product's filters (model, subset, ready) and differs in scorers and
picker, copied from the peer's source (``scheduling/plugins/peers``, each module names the
version it copies):

=====================  ==========================================================  =========
peer                   scorers (weight)                                            picker
=====================  ==========================================================  =========
``gie-approx``         GIE prefix (1; 256 x 64-char blocks, LRU 31,250 per pod),   max-score
                       queue (1), KV usage (1)
``gie-approx-tuned``   the same with each pod's LRU as large as its KV blocks      max-score
``llmd-precise``       llm-d precise prefix from KV events (3), KV usage (2),      max-score
                       queue (2)
``dynamo``             Dynamo's KV router cost (prefill + decode blocks)           max-score
``sglang``             none                                                        SGLang's
                                                                                   cache-aware
=====================  ==========================================================  =========
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from kinference_epp.kvcache.interface import PrefixIndex
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.framework import (
    Admission,
    BuildContext,
    Chain,
    NamedFilter,
    NamedPicker,
    PickObserver,
    PluginLabel,
    Scorer,
    WeightedScorer,
)
from kinference_epp.scheduling.plugins import default_registry
from kinference_epp.scheduling.plugins.max_score_picker import MaxScorePicker
from kinference_epp.scheduling.plugins.peers.dynamo_cost import DynamoCostScorer
from kinference_epp.scheduling.plugins.peers.gie_prefix import GiePrefixScorer
from kinference_epp.scheduling.plugins.peers.llmd_prefix import LlmdPrefixScorer
from kinference_epp.scheduling.plugins.peers.sglang_cache_aware import SglangCacheAwarePicker
from kinference_epp.scheduling.routers import FILTERS
from kinference_epp.scheduling.scheduler import Scheduler

PEERS = ("gie-approx", "gie-approx-tuned", "llmd-precise", "dynamo", "sglang")


def _ignore(request_id: str) -> None:
    return None


@dataclass(frozen=True, slots=True)
class Peer:
    scheduler: Scheduler
    finish: Callable[[str], None]
    first_token: Callable[[str], None]


def build_peer(
    name: str,
    pool: PoolDatastore,
    index: PrefixIndex,
    *,
    seed: int,
    num_gpu_blocks: int,
    admission: Admission | None = None,
) -> Peer:
    """Peer ``name`` (one of ``PEERS``) over ``pool``, reading ``index`` where it uses events,
    under ``admission`` (the harness's layer; None: none)."""
    rng = np.random.default_rng(seed)
    registry = default_registry()
    ctx = BuildContext(rng=rng)

    def builtin(type_name: str, weight: float) -> WeightedScorer:
        scorer = registry.build_scorer(type_name, {}, ctx)
        return WeightedScorer(PluginLabel("scorer", type_name, type_name), scorer, weight)

    def own(type_name: str, scorer: Scorer, weight: float) -> WeightedScorer:
        return WeightedScorer(PluginLabel("scorer", type_name, type_name), scorer, weight)

    scorers: tuple[WeightedScorer, ...]
    observers: list[PickObserver] = []
    finish: Callable[[str], None] = _ignore
    first_token: Callable[[str], None] = _ignore
    picker = NamedPicker(PluginLabel("picker", "max-score", "max-score"), MaxScorePicker(rng))
    if name in ("gie-approx", "gie-approx-tuned"):
        gie = (
            GiePrefixScorer(capacity=lambda _: num_gpu_blocks)
            if name == "gie-approx-tuned"
            else GiePrefixScorer()
        )
        observers.append(gie)
        scorers = (own("gie-prefix", gie, 1.0), builtin("queue", 1.0), builtin("kv-usage", 1.0))
    elif name == "llmd-precise":
        scorers = (
            own("llmd-prefix", LlmdPrefixScorer(index), 3.0),
            builtin("kv-usage", 2.0),
            builtin("queue", 2.0),
        )
    elif name == "dynamo":
        dynamo = DynamoCostScorer(index)
        observers.append(dynamo)
        scorers = (own("dynamo-cost", dynamo, 1.0),)
        finish, first_token = dynamo.active.finish, dynamo.active.first_token
    elif name == "sglang":
        keys = tuple(ep.key for ep in pool.view().endpoints)
        sglang = SglangCacheAwarePicker(keys)
        observers.append(sglang)
        scorers = ()
        picker = NamedPicker(PluginLabel("picker", "sglang", "sglang"), sglang)
        finish = sglang.finish
    else:
        raise ValueError(f"unknown peer {name!r} (known: {', '.join(PEERS)})")
    filters = tuple(
        NamedFilter(
            PluginLabel("filter", c.type, c.type), registry.build_filter(c.type, c.params, ctx)
        )
        for c in FILTERS
    )
    chain = Chain(name, filters, scorers, picker)
    sched = Scheduler.from_chain(pool, chain, observers=observers, admission=admission)
    return Peer(sched, finish, first_token)
