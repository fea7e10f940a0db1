"""The one place plug-ins are named: type name → factory, per extension point.

Adding a plug-in: write its module (a params model with ``extra="forbid"``, one class
with one method, a ``create(params, ctx)`` factory) and add one line here.
"""

from __future__ import annotations

from kinference_epp.scheduling.framework import PluginRegistry
from kinference_epp.scheduling.plugins import (
    affinity_scorer,
    kv_usage_scorer,
    load_cost_scorer,
    max_score_picker,
    model_filter,
    prefix_scorer,
    queue_scorer,
    random_picker,
    ready_filter,
    round_robin_picker,
    session_scorer,
    stale_penalty_scorer,
    subset_filter,
)


def default_registry() -> PluginRegistry:
    return PluginRegistry(
        filters={
            "model": model_filter.create,
            "subset": subset_filter.create,
            "ready": ready_filter.create,
        },
        scorers={
            "queue": queue_scorer.create,
            "kv-usage": kv_usage_scorer.create,
            "stale-penalty": stale_penalty_scorer.create,
            "prefix": prefix_scorer.create,
            "load-cost": load_cost_scorer.create,
            "prefix-affinity": affinity_scorer.create,
            "session-affinity": session_scorer.create,
        },
        pickers={
            "max-score": max_score_picker.create,
            "random": random_picker.create,
            "round-robin": round_robin_picker.create,
        },
        prompt_blind=frozenset(
            {
                "model",
                "subset",
                "ready",
                "queue",
                "kv-usage",
                "stale-penalty",
                "session-affinity",
                "max-score",
                "random",
                "round-robin",
            }
        ),
        pool_only=frozenset({"model", "subset", "ready", "queue", "kv-usage", "stale-penalty"}),
    )
