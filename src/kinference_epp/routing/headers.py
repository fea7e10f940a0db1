"""Request headers the pipeline reads or sets on a routed request, in one place."""

from __future__ import annotations

MODEL_HEADER = "x-kinference-model"
"""The model the request was routed to (after any rewrite); logged by Envoy's access log."""
SCORES_HEADER = "x-kinference-scores"
"""Opt-in debugging header with the per-endpoint scores of the decision."""
PROVIDER_ROUTE_HEADER = "x-kinference-route"
"""Set (with no destination endpoint) to send a request to an external provider's Envoy route."""
TEST_SELECTION_HEADER = "test-epp-endpoint-selection"
"""Conformance suite: comma-separated IPs the picker must choose from (test mode only)."""
