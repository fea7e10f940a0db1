"""Names on the wire that the Envoy configuration, the picker and clients must spell alike:
request and response headers, and the dynamic-metadata namespaces and keys Envoy's filters and
the picker exchange. One definition each; everything else imports them from here."""

from __future__ import annotations

# -- headers --------------------------------------------------------------------------------

DESTINATION_HEADER = "x-gateway-destination-endpoint"
"""Set by the picker (GIE's endpoint picker protocol): the chosen ``ip:port``, then fallbacks,
comma-separated; also the ``envoy.lb`` metadata key carrying the same value."""
PROVIDER_ROUTE_HEADER = "x-kinference-route"
"""Set by the picker (with no destination endpoint): selects an external provider's route."""
MODEL_HEADER = "x-kinference-model"
"""Set by the picker: the model the request is served by (after any rewrite). The shipped Envoy
removes it before a pod or provider; its access log reads ``MODEL_KEY`` instead."""
SCORES_HEADER = "x-kinference-scores"
"""Opt-in debugging header with the per-endpoint scores of the decision (they name pods: the
shipped Envoy returns them to a client only with its debug headers on)."""
REASON_HEADER = "x-kinference-reason"
"""Why the picker or the gateway answered a request itself."""
PICKER_DETAILS_PREFIX = "kinference_"
"""The response code details of every answer the picker gives itself (``kinference_<reason>``):
Envoy's error table and the access log tell them from Envoy's and the pods' answers by it."""
TENANT_HEADER = "x-kinference-tenant"
"""The tenant, when a trusted gateway filter names it (a client's own is removed); with tenants
configured the picker sets it on the routed request. The shipped Envoy removes it before a pod
or provider; the access log names the tenant by ``TENANT_KEY``."""
CLIENT_KEY_HEADERS = ("authorization", "x-api-key")
"""Where clients send their API keys (OpenAI's Bearer, Anthropic's header): the picker reads
them to identify the tenant; the gateway removes them before a pod."""
UPSTREAM_HEADER = "x-kinference-upstream"
"""Response header carrying the address of the pod (or provider) that served the request: an
internal address, returned only by an Envoy with its debug headers on (or in test mode)."""
REQUEST_ID_HEADER = "x-request-id"
TEST_SELECTION_HEADER = "test-epp-endpoint-selection"
"""Conformance suite: the endpoints the picker must choose from (test mode only)."""
TEST_SERVED_HEADER = "x-conformance-test-served-endpoint"
SERVED_MISSING = "fail: missing envoy lb metadata"
"""Test mode's value of ``TEST_SERVED_HEADER`` when the gateway did not report the endpoint it
used (GIE's conformance EPP's wording)."""
RESERVED_HEADER_PREFIXES = ("x-kinference-", "x-gateway-")
"""Request headers only the gateway and the picker may set: removed from every client request."""

# -- dynamic metadata -----------------------------------------------------------------------

LB_NAMESPACE = "envoy.lb"
SUBSET_NAMESPACE = "envoy.lb.subset_hint"
SUBSET_KEY = "x-gateway-destination-endpoint-subset"
SERVED_KEY = "x-gateway-destination-endpoint-served"
"""``envoy.lb`` metadata on the response path: the endpoint the proxy really used."""
METADATA_NAMESPACE = "kinference"
"""Where Envoy's filters write usage tokens and the first-byte stamp."""
RATELIMIT_NAMESPACE = "kinference.ratelimit"
"""Set by the picker on a routed request: the ``x-ratelimit-*`` values Envoy adds to the
response."""
RATELIMIT_KEYS = (
    "limit-tokens",
    "remaining-tokens",
    "reset-tokens",
    "limit-requests",
    "remaining-requests",
    "reset-requests",
)
"""Keys of ``RATELIMIT_NAMESPACE``: each is the response header ``x-ratelimit-<key>``
(OpenAI's names)."""
RESERVED_NAMESPACE = "kinference.reserved"
"""Set by the picker on a routed request: what Envoy needs to know of the pick after the
request has left it, since the headers the picker set are removed before a pod or provider
(and so are gone from the access log). On a tenant's request, the prompt tokens it counted and
the output it expected (``prompt_tokens``, ``output_tokens``) and the tenant: the access-log
record carries them to whichever replica settles the request, which charges them when the
response brought no usage (a stream the client cut before its usage chunk), as the limits do.
On every routed request, its id and the model serving it; with scores on, the scores."""
REQUEST_ID_KEY = "request_id"
"""``RESERVED_NAMESPACE`` key set on every routed request: the picker's id of the request.
Envoy sends it to the pod and back to the client as ``x-request-id`` and logs it; the
access-log entry is matched to the picker's record of the pick by it (never by a client's
``x-request-id``)."""
TENANT_KEY = "tenant"
"""``RESERVED_NAMESPACE`` key: the tenant the picker admitted the request for."""
MODEL_KEY = "model"
"""``RESERVED_NAMESPACE`` key: the model the request is served by (after any rewrite)."""
SCORES_KEY = "scores"
"""``RESERVED_NAMESPACE`` key: ``SCORES_HEADER``'s value, which Envoy's debug headers return."""
CONTROL_TOKEN_HEADER = "x-kinference-control-token"
"""gRPC metadata with the shared secret a caller of the access-log service and the Pick API
presents where the picker's port is not mutual TLS."""
