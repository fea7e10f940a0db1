"""Flow control settings: queue bounds, the longest wait, band floors and the fairness rule."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kinference_epp.config.strict import Strict

BANDS: dict[str, int] = {"critical": 1, "standard": 0, "sheddable": -1}
"""Band names and the priorities they stand for (higher is served first, as the Inference
Extension's InferenceObjective priority); any other integer is a band of its own."""

Fairness = Literal["vtc", "requests", "round-robin", "fcfs"]


def band_of(priority: int | str) -> int:
    """The band number of a priority given by name or number."""
    if isinstance(priority, int):
        return priority
    try:
        return BANDS[priority]
    except KeyError:
        raise ValueError(
            f"unknown priority {priority!r}: one of {', '.join(BANDS)} or an integer"
        ) from None


class FlowControlConfig(Strict):
    """A request the pool cannot take now waits in the picker instead of being refused."""

    max_wait_s: float = Field(
        default=10.0,
        gt=0.0,
        description="How long a request may wait for capacity; then 429 or 503.",
    )
    max_queued: int = Field(
        default=2000, ge=1, description="Requests waiting in the picker, all tenants together."
    )
    max_queued_per_tenant: int = Field(
        default=200, ge=1, description="Requests one tenant may have waiting (per band)."
    )
    fairness: Fairness = Field(
        default="vtc",
        description=(
            "Order within a band: vtc (least weighted service in tokens first: the Virtual "
            "Token Counter), requests (least weighted requests first), round-robin (one "
            "request per tenant in turn, weights ignored: the Inference Extension's optional "
            "round-robin-fairness-policy), fcfs (arrival order, no per-tenant fairness: what "
            "the Inference Extension's default global-strict-fairness-policy does)."
        ),
    )
    prefill_weight: float = Field(
        default=1.0, ge=0.0, description="Service counted per uncached prompt token."
    )
    decode_weight: float = Field(
        default=2.0, ge=0.0, description="Service counted per output token."
    )
    default_output_tokens: int = Field(
        default=256,
        ge=1,
        description="Output tokens charged at dispatch for a request without max_tokens; "
        "the finish report corrects the charge.",
    )
    floors: dict[str, float] = Field(
        default_factory=dict,
        description=(
            "Band (name or number) -> the least share of dispatched service it keeps while it "
            "has requests waiting, even with higher bands waiting (0..1); unset: none."
        ),
    )
    release_burst: int = Field(
        default=2,
        ge=1,
        description="Requests released per fresh reading of the pool's load (a scrape); each "
        "finish report releases one more.",
    )
    retry_after_s: int = Field(default=1, ge=1, description="`retry-after` of a refusal.")
    sync_interval_s: float = Field(
        default=0.1,
        gt=0.0,
        description="With tenancy.store.redis set: how often each replica exchanges its fair "
        "share counters with the other replicas through that Redis (one round trip for every "
        "tenant's, off the request path).",
    )

    def band_floors(self) -> dict[int, float]:
        return {
            band_of(int(k) if k.lstrip("-").isdigit() else k): v for k, v in self.floors.items()
        }
