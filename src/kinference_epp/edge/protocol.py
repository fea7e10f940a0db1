"""Names of the Endpoint Picker Protocol (GIE proposal 004) and Envoy metadata, in one place.

The request headers the pipeline reads and sets are in ``routing.headers``.
"""

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
REQUEST_ID_HEADER = "x-request-id"

TEST_SERVED_HEADER = "x-conformance-test-served-endpoint"

KINFERENCE_NAMESPACE = "kinference"
"""Dynamic-metadata namespace Envoy's filters write usage and TTFT stamps into."""

MAX_STREAMED_CHUNK = 62_000
"""Largest StreamedBodyResponse chunk we send (Envoy's and gRPC's limits leave room above)."""
