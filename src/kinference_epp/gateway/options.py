"""What varies between the demo, the tests and a deployment of the Envoy in front of the picker.

The header and metadata names Envoy and the picker share are in ``api.wire_names``; the
cluster and log names the configuration and its tests share are here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

BodyMode = Literal["BUFFERED", "FULL_DUPLEX_STREAMED"]
FailureMode = Literal["FailClose", "FailOpen"]
"""GIE's ``InferencePool.endpointPickerRef.failureMode``: with no picker answer, reject the
request (FailClose) or still send it to some endpoint of the pool (FailOpen)."""

PICKER_CLUSTER = "kinference_epp"
POOL_CLUSTER = "vllm_pool"
ACCESS_LOG_NAME = "kinference"
EXT_PROC_HEALTH_SERVICE = "envoy.service.ext_proc.v3.ExternalProcessor"
"""The gRPC health service the picker reports readiness under (GIE's convention)."""

MIB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class ProviderRoute:
    """A static upstream chosen when the request carries ``x-kinference-route: <name>``.

    The picker (or policy) sets the header and clears the route cache; the
    cluster is named after the route so logs show it. ``tls`` turns on an
    upstream TLS transport with SNI ``sni`` (default: the host).
    """

    name: str
    address: str
    tls: bool = False
    sni: str | None = None


@dataclass(frozen=True, slots=True)
class EnvoyOptions:
    """Everything that varies between demo, tests and deployment."""

    pool: tuple[str, ...]
    """The pool's endpoints, ``host:port`` each. IP addresses make a STATIC cluster; a DNS name
    (a headless Service of the pool's pods: it resolves to every pod) a STRICT_DNS one. The
    picker's choice and fallbacks are honoured among these hosts (``override_host``)."""
    listener_host: str = "0.0.0.0"
    listener_port: int = 8081
    admin_host: str = "127.0.0.1"
    admin_port: int = 9901
    pickers: tuple[str, ...] = ("127.0.0.1:9002",)
    """host:port of each picker replica (ext_proc, AccessLogService and gRPC health). A DNS name
    should resolve to every replica (a headless Service) so health checks move traffic between
    them."""
    body_mode: BodyMode = "FULL_DUPLEX_STREAMED"
    failure_mode: FailureMode = "FailClose"
    """FailOpen needs BUFFERED bodies: Envoy 1.40 answers 500 to a FULL_DUPLEX_STREAMED request
    whose ext_proc stream fails, whatever ``failure_mode_allow`` says."""
    message_timeout_s: float = 30.0
    """Per ext_proc message; Envoy's 200 ms default fails slow tokenizations."""
    max_request_bytes: int = 64 * MIB
    """Largest request body in BUFFERED mode (Envoy holds it all; 413 above).

    Not applied in FULL_DUPLEX_STREAMED, where Envoy holds no body: the
    picker enforces its own limit there."""
    grpc_max_message_bytes: int = 64 * MIB
    """Largest gRPC message from the picker (a mutated body); gRPC's default is 4 MiB."""
    retries: int = 2
    """Connect failures retried, each on the next endpoint of the picker's list (then any other
    pod of the pool): the shipped config tries the fallbacks."""
    upstream_timeout_s: float = 0.0
    """Whole-request timeout to a pod (504 ``upstream_timeout``); 0 turns it off, since a long
    generation must not be cut."""
    picker_health_check_interval_s: float = 1.0
    """gRPC health checks of every picker replica; 0 turns them off. Two failed checks take a
    replica out of ext_proc's rotation (so a draining picker leaves in about two intervals)."""
    picker_tls: bool = False
    """Dial the picker over TLS without verifying its certificate, as Envoy AI Gateway does
    (a picker with ``server.tls.enabled`` and a self-signed pair)."""
    control_token: str | None = None
    """The picker's control token (``server.control``): sent as gRPC metadata on the access
    log (and ext_proc) streams, without which the picker refuses the access log."""
    picker_client_cert_file: str | None = None
    """PEM certificate Envoy presents to the picker (mutual TLS: the picker's
    ``server.tls.client_ca_file`` signed it); implies TLS to the picker."""
    picker_client_key_file: str | None = None
    picker_ca_file: str | None = None
    """Verify the picker's certificate against this CA (unset: not verified)."""
    send_response_headers: bool = False
    """Send response headers to the picker (conformance test mode echoes the served endpoint)."""
    test_mode: bool = False
    """Conformance test mode: a client's ``test-epp-endpoint-selection`` reaches the picker, and
    responses carry ``x-kinference-upstream`` (the picker's test mode reports it as the served
    endpoint)."""
    debug_headers: bool = False
    """Return ``x-kinference-upstream`` (the address of the pod or provider that served the
    request) and the picker's ``x-kinference-scores`` (which name pods) to clients. Internal
    addresses: for a demo or a debugging session, never a public gateway. Off, both are
    removed from every response, a pod's own copies included."""
    identity_filters: tuple[Mapping[str, Any], ...] = ()
    """HTTP filters placed after the reserved headers are removed and before the picker: where a
    deployment's authentication (jwt_authn ``claim_to_headers``, ext_authz) sets
    ``x-kinference-tenant``, the only way that header reaches the picker."""
    provider_routes: tuple[ProviderRoute, ...] = ()
    strip_client_keys: bool = True
    """Remove the client's ``authorization`` and ``x-api-key`` from requests to the pool (the
    tenant's key is the picker's to check, not the pod's); and ``x-api-key`` from requests to
    a provider, whose ``authorization`` the picker sets from the provider's own key."""
    access_log: bool = True
    access_log_flush_ms: int = 200
    usage_metadata: bool = True
    """Lift usage tokens and the first-byte stamp into ``kinference`` metadata."""
    connect_timeout_s: float = 5.0
    extra_log_headers: tuple[str, ...] = ("x-request-id",)
    """Request headers the access log records. The picker's own (endpoint, tenant, model) are
    removed before the request leaves Envoy, and with them from the log: it reads them from
    the metadata the picker sets."""

    @property
    def picker_tls_on(self) -> bool:
        return self.picker_tls or self.picker_client_cert_file is not None

    def __post_init__(self) -> None:
        if self.body_mode not in ("BUFFERED", "FULL_DUPLEX_STREAMED"):
            raise ValueError(f"unknown body_mode {self.body_mode!r}")
        if self.failure_mode not in ("FailClose", "FailOpen"):
            raise ValueError(f"unknown failure_mode {self.failure_mode!r}")
        if self.failure_mode == "FailOpen" and self.body_mode != "BUFFERED":
            raise ValueError(
                "failure_mode FailOpen needs body_mode BUFFERED: Envoy 1.40 cannot fail open "
                "a FULL_DUPLEX_STREAMED request"
            )
        if self.message_timeout_s <= 0:
            raise ValueError("message_timeout_s must be positive")
        if not self.pool:
            raise ValueError("pool needs at least one host:port")
        if not self.pickers:
            raise ValueError("pickers needs at least one host:port")
        if (self.picker_client_cert_file is None) != (self.picker_client_key_file is None):
            raise ValueError("picker_client_cert_file and picker_client_key_file go together")
        names = [p.name for p in self.provider_routes]
        if len(set(names)) != len(names) or {PICKER_CLUSTER, POOL_CLUSTER} & set(names):
            raise ValueError(f"provider route names must be unique and not reserved: {names}")
        providers = (p.address for p in self.provider_routes)
        for address in (*self.pickers, *self.pool, *providers):
            split_address(address)


def split_address(address: str) -> tuple[str, int]:
    """``host:port`` (``[v6]:port`` too) as its parts; ValueError otherwise."""
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ValueError(f"address must be host:port, got {address!r}")
    return host.strip("[]"), int(port)
