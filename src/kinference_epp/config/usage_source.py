"""The ``usage:`` config section: where each finished request's usage comes from.

The picker never sits on a response by default: a gateway reports each request out of band
through Envoy's gRPC access log. Not every gateway can send one with token counts, so an
install chooses (deploy/kubernetes/README.md, "Usage behind each gateway"):

- ``access_log``: Envoy's access log (the shipped config, Envoy Gateway's ALS sink, Istio's
  ``envoyHttpAls`` provider). Tokens come from the ``kinference`` metadata the shipped usage
  filters write, else from Envoy AI Gateway's ``io.envoy.ai_gateway`` namespace under the keys
  named here (its ``llmRequestCosts`` ``metadataKey``s).
- ``response_body``: the picker reads the response itself as the gateway streams it through
  ext_proc (or with ``mode_override``), and access-log entries are counted but not used, so
  no request is settled twice.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from kinference_epp.config.strict import Strict


class AiGatewayKeys(Strict):
    """The ``metadataKey`` of each ``llmRequestCosts`` entry of an ``AIGatewayRoute`` (Envoy
    AI Gateway writes each under the ``io.envoy.ai_gateway`` metadata namespace)."""

    prompt_tokens: str = Field(default="llm_input_token", description="type InputToken.")
    completion_tokens: str = Field(default="llm_output_token", description="type OutputToken.")
    cached_tokens: str = Field(
        default="llm_cached_input_token", description="type CachedInputToken."
    )


class UsageSourceConfig(Strict):
    source: Literal["access_log", "response_body"] = Field(
        default="access_log",
        description="Where usage comes from: Envoy's gRPC access log, or the response body as "
        "it passes the picker (for gateways without an access log with token counts).",
    )
    ai_gateway: AiGatewayKeys = Field(default_factory=AiGatewayKeys)
    silence_warning_s: float = Field(
        default=300.0,
        gt=0,
        description="With tenants, requests routed and no usage report of either kind for this "
        "long: a warning and kinference_usage_reports_missing = 1 (usage is being lost).",
    )
