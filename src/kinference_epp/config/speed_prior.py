"""What the picker assumes about each endpoint's speed before it has learned it, and how fast
it learns and forgets (the ``speed:`` config section; ``scheduling/speed_model.py`` does the learning).
"""

from __future__ import annotations

from pydantic import Field

from kinference_epp.config.strict import Strict


class SpeedPrior(Strict):
    """One endpoint's speed as assumed before its own history says otherwise.

    TTFT = ``overhead_s`` + (tokens ahead in its prefill queue + uncached prompt tokens) /
    ``prefill_tokens_per_s``; mean inter-token latency = ``itl_s`` + ``itl_s_per_ktoken`` x
    thousands of KV tokens in use on the endpoint.
    """

    prefill_tokens_per_s: float = Field(
        default=30_000.0, gt=0, description="Uncached prompt tokens prefilled per second."
    )
    overhead_s: float = Field(default=0.01, ge=0, description="TTFT of an empty prompt.")
    itl_s: float = Field(
        default=0.01, gt=0, description="Mean inter-token latency with an empty KV cache."
    )
    itl_s_per_ktoken: float = Field(
        default=0.00004, ge=0, description="ITL added per thousand KV tokens in use."
    )

    def slowed(self, factor: float) -> SpeedPrior:
        """The same prior ``factor`` times slower (every time ``factor`` times as long)."""
        return SpeedPrior(
            prefill_tokens_per_s=self.prefill_tokens_per_s / factor,
            overhead_s=self.overhead_s * factor,
            itl_s=self.itl_s * factor,
            itl_s_per_ktoken=self.itl_s_per_ktoken * factor,
        )


class SpeedConfig(Strict):
    """Each endpoint's learned speed (prefill and decode lines per endpoint and model)."""

    learn: bool = Field(
        default=True,
        description="Learn each endpoint's speed from its access-log records; false: every "
        "endpoint is priced at its prior (one fixed rate, or its GPU label's).",
    )
    prior: SpeedPrior = Field(
        default_factory=SpeedPrior,
        description="The speed of an endpoint with no history, no GPU label prior and no "
        "learned peer serving its model (then the pool's median is its prior).",
    )
    gpu_label: str | None = Field(
        default=None,
        description="Pod label naming the GPU type (e.g. nvidia.com/gpu.product); an endpoint "
        "whose value is in gpu_slowdown starts from the prior slowed by that factor.",
    )
    gpu_slowdown: dict[str, float] = Field(
        default_factory=dict,
        description="GPU label value -> how many times slower than the prior (2.5: every step "
        "2.5 times as long).",
    )
    half_life_records: float = Field(
        default=64.0,
        gt=0,
        description="Forgetting: a record's weight halves with every this many newer records of "
        "the same endpoint and model (while its speed holds; a drift forgets faster); a decode "
        "line fed by vLLM's ITL histogram counts its observations (one per 16 token gaps).",
    )
    drift_half_life_records: float = Field(
        default=4.0,
        gt=0,
        description="Forgetting while the endpoint's records keep landing on one side of its "
        "model (a change of speed, not noise).",
    )
    prior_records: float = Field(
        default=8.0,
        gt=0,
        description="The prior counts as this many records (forgotten like them).",
    )
    max_waiting: float = Field(
        default=4.0,
        ge=0,
        description="A request routed to an endpoint with more requests waiting than this (its "
        "last scrape) teaches no TTFT: they wait for KV space or seats, which the prefill "
        "queue the picker models does not see.",
    )
    stale_half_life_records: float = Field(
        default=32.0,
        gt=0,
        description="An endpoint's learned distance from the median halves (in log space) with "
        "every this many records of its model per endpoint served elsewhere since its own last "
        "one (its decode factor: decode observations): an endpoint priced slow, and so sent "
        "nothing, is tried again.",
    )
    min_records: int = Field(
        default=8,
        ge=1,
        description="Records before an endpoint's figures count towards the pool's median.",
    )
    drift_log_ratio: float = Field(
        default=1.5,
        gt=1,
        description="Log a line when an endpoint's prefill speed, or its decode speed as vLLM's "
        "ITL histogram shows it, has moved by this factor (either way) since its last logged "
        "figure (or its prior).",
    )
