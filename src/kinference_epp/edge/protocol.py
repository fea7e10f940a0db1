"""Names of the Endpoint Picker Protocol (GIE proposal 004) and our own headers, in one place."""

from __future__ import annotations

DESTINATION_HEADER = "x-gateway-destination-endpoint"
"""Header (and ``envoy.lb`` metadata key) carrying the picked endpoint, then fallbacks, comma-separated."""
LB_NAMESPACE = "envoy.lb"
SUBSET_NAMESPACE = "envoy.lb.subset_hint"
SUBSET_KEY = "x-gateway-destination-endpoint-subset"
SERVED_KEY = "x-gateway-destination-endpoint-served"
"""``envoy.lb`` metadata on the response path: the endpoint the proxy really used."""

REASON_HEADER = "x-kinference-reason"
"""Why the picker answered a request itself (or, on routed requests, nothing)."""
SCORES_HEADER = "x-kinference-scores"
"""Opt-in debugging header with the per-endpoint scores of the decision."""
MODEL_HEADER = "x-kinference-model"
"""The model the request was routed to (after any rewrite); logged by Envoy's access log."""
REQUEST_ID_HEADER = "x-request-id"

TEST_SELECTION_HEADER = "test-epp-endpoint-selection"
"""Conformance suite: comma-separated IPs the picker must choose from (test mode only)."""
TEST_SERVED_HEADER = "x-conformance-test-served-endpoint"

PROVIDER_ROUTE_HEADER = "x-kinference-route"
"""Set (with no destination endpoint) to send a request to an external provider's Envoy route."""

KINFERENCE_NAMESPACE = "kinference"
"""Dynamic-metadata namespace Envoy's filters write usage and TTFT stamps into."""

MAX_STREAMED_CHUNK = 62_000
"""Largest StreamedBodyResponse chunk we send (Envoy's and gRPC's limits leave room above)."""
