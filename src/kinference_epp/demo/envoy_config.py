"""Render the Envoy bootstrap that fronts the endpoint picker.

Why a generator and not a static file: the demo, the integration tests and
the Kubernetes manifest need the same config with different ports, body
modes and switches, and a hand-edited YAML drifts. Every field is checked
against Envoy 1.40 by ``tests/integration/test_envoy_config.py`` (``envoy
--mode validate`` and live requests); ``deploy/envoy/README.md`` explains each.

The shape:

* listener → HTTP connection manager with, in order: a ``header_mutation``
  filter that strips routing headers a client must not choose, ``ext_proc``
  (the picker), a Lua filter stamping the first response body chunk,
  ``sse_to_metadata`` and ``json_to_metadata`` lifting ``usage`` into the
  ``kinference`` metadata namespace, and the router;
* routes: optional header-selected provider routes, then everything that
  carries ``x-gateway-destination-endpoint`` to the ORIGINAL_DST cluster
  ``vllm_pool``, then a 503 for requests the picker did not route (so a
  missing header can never make ORIGINAL_DST loop back into Envoy);
* the gRPC access log to the picker's AccessLogService, one entry per
  request with timings, status and both metadata namespaces.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from typing import Any, Literal

import yaml

__all__ = [
    "ENDPOINT_HEADER",
    "LB_NAMESPACE",
    "METADATA_NAMESPACE",
    "PICKER_CLUSTER",
    "POOL_CLUSTER",
    "ROUTE_HEADER",
    "UPSTREAM_HEADER",
    "BodyMode",
    "EnvoyOptions",
    "ProviderRoute",
    "render_envoy_config",
    "to_yaml",
]

BodyMode = Literal["BUFFERED", "FULL_DUPLEX_STREAMED"]

ENDPOINT_HEADER = "x-gateway-destination-endpoint"
"""Request header the picker sets; ORIGINAL_DST reads the upstream from it."""
ROUTE_HEADER = "x-kinference-route"
"""Request header that selects an extra (external provider) route by name."""
UPSTREAM_HEADER = "x-kinference-upstream"
SCORES_HEADER = "x-kinference-scores"
"""Response header carrying ``%UPSTREAM_HOST%`` so callers see which pod served."""
METADATA_NAMESPACE = "kinference"
"""Dynamic metadata namespace for usage tokens and the first-byte stamp."""
LB_NAMESPACE = "envoy.lb"
SUBSET_HINT_NAMESPACE = "envoy.lb.subset_hint"
PICKER_CLUSTER = "kinference_epp"
POOL_CLUSTER = "vllm_pool"
ACCESS_LOG_NAME = "kinference"

MIB = 1024 * 1024

_TYPE = "type.googleapis.com/envoy.extensions"

# Lua: stamp the first non-empty response body chunk (time to first token
# for a streamed answer) and stop; `break` ends the coroutine so the rest of
# the stream passes through Lua untouched and nothing is buffered.
LUA_FIRST_BYTE = f"""\
function envoy_on_response(response_handle)
  for chunk in response_handle:bodyChunks() do
    if chunk:length() > 0 then
      response_handle:streamInfo():dynamicMetadata():set(
        "{METADATA_NAMESPACE}", "first_byte_ms",
        response_handle:timestampString(EnvoyTimestampResolution.MILLISECOND))
      break
    end
  end
end
"""

# (json path under the response, metadata key)
_USAGE_FIELDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("usage", "prompt_tokens"), "prompt_tokens"),
    (("usage", "completion_tokens"), "completion_tokens"),
    (("usage", "prompt_tokens_details", "cached_tokens"), "cached_tokens"),
)


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

    listener_host: str = "0.0.0.0"
    listener_port: int = 8081
    admin_host: str = "127.0.0.1"
    admin_port: int = 9901
    picker_address: str = "127.0.0.1:9002"
    """host:port of the picker; serves ext_proc and the AccessLogService."""
    body_mode: BodyMode = "FULL_DUPLEX_STREAMED"
    failure_mode_allow: bool = False
    message_timeout_s: float = 30.0
    """Per ext_proc message; Envoy's 200 ms default fails slow tokenizations."""
    max_request_bytes: int = 64 * MIB
    """Largest request body in BUFFERED mode (Envoy holds it all; 413 above).

    Not applied in FULL_DUPLEX_STREAMED, where Envoy holds no body: the
    picker enforces its own limit there."""
    grpc_max_message_bytes: int = 64 * MIB
    """Largest gRPC message from the picker (a mutated body); gRPC's default is 4 MiB."""
    pool_endpoints: tuple[str, ...] = ()
    """When set, the pool is a STATIC cluster of these ip:port endpoints under Envoy's
    ``override_host`` LB policy, which honours the picker's ordered fallback list (retries go
    down it) and reports the served endpoint. Empty: ORIGINAL_DST, one endpoint per request."""
    retries: int = 2
    """Retries on connect failure or reset (override_host only): how many fallbacks get tried."""
    send_response_headers: bool = False
    """Send response headers to the picker (conformance test mode echoes the served endpoint)."""
    provider_routes: tuple[ProviderRoute, ...] = ()
    access_log: bool = True
    access_log_flush_ms: int = 200
    usage_metadata: bool = True
    """Lift usage tokens and the first-byte stamp into ``kinference`` metadata."""
    strip_client_headers: tuple[str, ...] = (ENDPOINT_HEADER, ROUTE_HEADER)
    """Routing headers removed from client requests before the picker sees them."""
    connect_timeout_s: float = 5.0
    extra_log_headers: tuple[str, ...] = field(
        default=(
            "x-request-id",
            ENDPOINT_HEADER,
            "x-kinference-tenant",
            "x-kinference-model",
        )
    )

    def __post_init__(self) -> None:
        if self.body_mode not in ("BUFFERED", "FULL_DUPLEX_STREAMED"):
            raise ValueError(f"unknown body_mode {self.body_mode!r}")
        if self.message_timeout_s <= 0:
            raise ValueError("message_timeout_s must be positive")
        names = [p.name for p in self.provider_routes]
        if len(set(names)) != len(names) or {PICKER_CLUSTER, POOL_CLUSTER} & set(names):
            raise ValueError(f"provider route names must be unique and not reserved: {names}")
        _split_address(self.picker_address)
        for provider in self.provider_routes:
            _split_address(provider.address)


def _split_address(address: str) -> tuple[str, int]:
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ValueError(f"address must be host:port, got {address!r}")
    return host.strip("[]"), int(port)


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _duration(seconds: float) -> str:
    return f"{seconds:.3f}s"


def _socket(host: str, port: int) -> dict[str, Any]:
    return {"socket_address": {"address": host, "port_value": port}}


def _high_limits() -> dict[str, Any]:
    # Envoy's default of 1024 concurrent requests per cluster would cap the
    # gateway: every request is also one ext_proc stream to the picker.
    big = 1_000_000
    return {
        "thresholds": [
            {
                "priority": "DEFAULT",
                "max_connections": big,
                "max_pending_requests": big,
                "max_requests": big,
                "max_retries": 16,
            }
        ]
    }


def _static_cluster(name: str, address: str, opts: EnvoyOptions) -> dict[str, Any]:
    host, port = _split_address(address)
    return {
        "name": name,
        "type": "STATIC" if _is_ip(host) else "STRICT_DNS",
        "connect_timeout": _duration(opts.connect_timeout_s),
        "lb_policy": "ROUND_ROBIN",
        "circuit_breakers": _high_limits(),
        "load_assignment": {
            "cluster_name": name,
            "endpoints": [{"lb_endpoints": [{"endpoint": {"address": _socket(host, port)}}]}],
        },
    }


def _picker_cluster(opts: EnvoyOptions) -> dict[str, Any]:
    cluster = _static_cluster(PICKER_CLUSTER, opts.picker_address, opts)
    window = max(opts.grpc_max_message_bytes, 64 * MIB)
    cluster["per_connection_buffer_limit_bytes"] = window
    cluster["typed_extension_protocol_options"] = {
        "envoy.extensions.upstreams.http.v3.HttpProtocolOptions": {
            "@type": f"{_TYPE}.upstreams.http.v3.HttpProtocolOptions",
            "explicit_http_config": {
                "http2_protocol_options": {
                    "initial_stream_window_size": window,
                    "initial_connection_window_size": window,
                    "connection_keepalive": {"interval": "30s", "timeout": "5s"},
                }
            },
        }
    }
    return cluster


def _pool_cluster(opts: EnvoyOptions) -> dict[str, Any]:
    if opts.pool_endpoints:
        return _override_host_pool(opts)
    return {
        "name": POOL_CLUSTER,
        "type": "ORIGINAL_DST",
        "lb_policy": "CLUSTER_PROVIDED",
        "connect_timeout": _duration(opts.connect_timeout_s),
        "original_dst_lb_config": {
            "use_http_header": True,
            "http_header_name": ENDPOINT_HEADER,
        },
        "circuit_breakers": _high_limits(),
    }


def _override_host_pool(opts: EnvoyOptions) -> dict[str, Any]:
    """The pool as known endpoints, picked by the header/metadata list the picker sends."""
    lb_endpoints = []
    for address in opts.pool_endpoints:
        host, port = _split_address(address)
        lb_endpoints.append({"endpoint": {"address": _socket(host, port)}})
    return {
        "name": POOL_CLUSTER,
        "type": "STATIC",
        "connect_timeout": _duration(opts.connect_timeout_s),
        "load_assignment": {
            "cluster_name": POOL_CLUSTER,
            "endpoints": [{"lb_endpoints": lb_endpoints}],
        },
        "load_balancing_policy": {
            "policies": [
                {
                    "typed_extension_config": {
                        "name": "envoy.load_balancing_policies.override_host",
                        "typed_config": {
                            "@type": f"{_TYPE}.load_balancing_policies.override_host.v3.OverrideHost",
                            "override_host_sources": [
                                {"header": ENDPOINT_HEADER},
                                {
                                    "metadata": {
                                        "key": "envoy.lb",
                                        "path": [{"key": ENDPOINT_HEADER}],
                                    }
                                },
                            ],
                            "fallback_policy": {
                                "policies": [
                                    {
                                        "typed_extension_config": {
                                            "name": "envoy.load_balancing_policies.round_robin",
                                            "typed_config": {
                                                "@type": f"{_TYPE}.load_balancing_policies.round_robin.v3.RoundRobin"
                                            },
                                        }
                                    }
                                ]
                            },
                        },
                    }
                }
            ]
        },
        "circuit_breakers": _high_limits(),
    }


def _provider_cluster(provider: ProviderRoute, opts: EnvoyOptions) -> dict[str, Any]:
    cluster = _static_cluster(provider.name, provider.address, opts)
    if provider.tls:
        host, _ = _split_address(provider.address)
        cluster["transport_socket"] = {
            "name": "envoy.transport_sockets.tls",
            "typed_config": {
                "@type": f"{_TYPE}.transport_sockets.tls.v3.UpstreamTlsContext",
                "sni": provider.sni or host,
            },
        }
    return cluster


def _grpc_service(opts: EnvoyOptions) -> dict[str, Any]:
    return {
        "envoy_grpc": {
            "cluster_name": PICKER_CLUSTER,
            "max_receive_message_length": opts.grpc_max_message_bytes,
        }
    }


def _ext_proc(opts: EnvoyOptions) -> dict[str, Any]:
    duplex = opts.body_mode == "FULL_DUPLEX_STREAMED"
    return {
        "name": "envoy.filters.http.ext_proc",
        "typed_config": {
            "@type": f"{_TYPE}.filters.http.ext_proc.v3.ExternalProcessor",
            "grpc_service": _grpc_service(opts),
            "failure_mode_allow": opts.failure_mode_allow,
            "message_timeout": _duration(opts.message_timeout_s),
            "allow_mode_override": True,
            "processing_mode": {
                "request_header_mode": "SEND",
                "request_body_mode": opts.body_mode,
                # FULL_DUPLEX_STREAMED requires the trailer mode to be SEND.
                "request_trailer_mode": "SEND" if duplex else "SKIP",
                "response_header_mode": "SEND" if opts.send_response_headers else "SKIP",
                "response_body_mode": "NONE",
                "response_trailer_mode": "SKIP",
            },
            "metadata_options": {
                "forwarding_namespaces": {"untyped": [SUBSET_HINT_NAMESPACE, LB_NAMESPACE]},
                "receiving_namespaces": {"untyped": [LB_NAMESPACE]},
            },
        },
    }


def _usage_rules() -> list[dict[str, Any]]:
    return [
        {
            "selectors": [{"key": part} for part in path],
            "on_present": {"metadata_namespace": METADATA_NAMESPACE, "key": key, "type": "NUMBER"},
        }
        for path, key in _USAGE_FIELDS
    ]


def _usage_filters() -> list[dict[str, Any]]:
    return [
        {
            "name": "envoy.filters.http.lua",
            "typed_config": {
                "@type": f"{_TYPE}.filters.http.lua.v3.Lua",
                "default_source_code": {"inline_string": LUA_FIRST_BYTE},
            },
        },
        {
            "name": "envoy.filters.http.sse_to_metadata",
            "typed_config": {
                "@type": f"{_TYPE}.filters.http.sse_to_metadata.v3.SseToMetadata",
                "response_rules": {
                    "content_parser": {
                        "name": "envoy.content_parsers.json",
                        "typed_config": {
                            "@type": f"{_TYPE}.content_parsers.json.v3.JsonContentParser",
                            "rules": [{"rule": rule} for rule in _usage_rules()],
                        },
                    },
                    "max_event_size": 65536,
                },
            },
        },
        {
            "name": "envoy.filters.http.json_to_metadata",
            "typed_config": {
                "@type": f"{_TYPE}.filters.http.json_to_metadata.v3.JsonToMetadata",
                "response_rules": {
                    "rules": _usage_rules(),
                    # Matching is on the whole header value: without the regex
                    # "application/json; charset=utf-8" (e.g. aiohttp) is skipped.
                    "allow_content_types": ["application/json"],
                    "allow_content_types_regex": {"regex": r"application/json\s*;.*"},
                },
            },
        },
    ]


def _strip_filter(headers: tuple[str, ...]) -> dict[str, Any]:
    return {
        "name": "envoy.filters.http.header_mutation",
        "typed_config": {
            "@type": f"{_TYPE}.filters.http.header_mutation.v3.HeaderMutation",
            "mutations": {"request_mutations": [{"remove": h} for h in headers]},
        },
    }


def _access_log(opts: EnvoyOptions) -> dict[str, Any]:
    return {
        "name": "envoy.access_loggers.http_grpc",
        "typed_config": {
            "@type": f"{_TYPE}.access_loggers.grpc.v3.HttpGrpcAccessLogConfig",
            "common_config": {
                "log_name": ACCESS_LOG_NAME,
                "transport_api_version": "V3",
                "grpc_service": _grpc_service(opts),
                "buffer_flush_interval": f"{opts.access_log_flush_ms / 1000:.3f}s",
            },
            "additional_request_headers_to_log": list(opts.extra_log_headers),
        },
    }


def _pool_route(opts: EnvoyOptions) -> dict[str, Any]:
    route: dict[str, Any] = {"cluster": POOL_CLUSTER, "timeout": "0s"}
    if opts.pool_endpoints and opts.retries > 0:
        # Fallbacks are tried by retrying: override_host walks the picker's list in order.
        route["retry_policy"] = {
            "retry_on": "connect-failure,reset,refused-stream",
            "num_retries": opts.retries,
        }
    return route


def _routes(opts: EnvoyOptions) -> list[dict[str, Any]]:
    upstream_header = [
        {
            "header": {"key": UPSTREAM_HEADER, "value": "%UPSTREAM_HOST%"},
            "append_action": "OVERWRITE_IF_EXISTS_OR_ADD",
        },
        # The picker's per-endpoint scores, when it adds them to the request (opt-in
        # server.score_header), echoed to the client; absent otherwise (empty values are dropped).
        {
            "header": {"key": SCORES_HEADER, "value": f"%REQ({SCORES_HEADER})%"},
            "append_action": "OVERWRITE_IF_EXISTS_OR_ADD",
        },
    ]
    routes: list[dict[str, Any]] = [
        {
            "name": f"provider-{p.name}",
            "match": {
                "prefix": "/",
                "headers": [{"name": ROUTE_HEADER, "string_match": {"exact": p.name}}],
            },
            "route": {"cluster": p.name, "timeout": "0s", "auto_host_rewrite": True},
            "response_headers_to_add": upstream_header,
        }
        for p in opts.provider_routes
    ]
    routes.append(
        {
            "name": "picked-endpoint",
            "match": {"prefix": "/", "headers": [{"name": ENDPOINT_HEADER, "present_match": True}]},
            # timeout 0s: a long generation must never be cut by the route timeout.
            "route": _pool_route(opts),
            "response_headers_to_add": upstream_header,
        }
    )
    routes.append(
        {
            "name": "not-routed",
            "match": {"prefix": "/"},
            "direct_response": {
                "status": 503,
                "body": {
                    "inline_string": '{"error":{"message":"no endpoint was selected",'
                    '"type":"service_unavailable","code":503}}'
                },
            },
            "response_headers_to_add": [
                {
                    "header": {"key": "x-kinference-reason", "value": "not-routed"},
                    "append_action": "OVERWRITE_IF_EXISTS_OR_ADD",
                }
            ],
        }
    )
    return routes


def _hcm(opts: EnvoyOptions) -> dict[str, Any]:
    filters: list[dict[str, Any]] = []
    if opts.strip_client_headers:
        filters.append(_strip_filter(opts.strip_client_headers))
    filters.append(_ext_proc(opts))
    if opts.usage_metadata:
        filters.extend(_usage_filters())
    filters.append(
        {
            "name": "envoy.filters.http.router",
            "typed_config": {"@type": f"{_TYPE}.filters.http.router.v3.Router"},
        }
    )
    hcm: dict[str, Any] = {
        "@type": f"{_TYPE}.filters.network.http_connection_manager.v3.HttpConnectionManager",
        "stat_prefix": "kinference",
        "codec_type": "AUTO",
        "route_config": {
            "name": "kinference",
            "virtual_hosts": [{"name": "inference", "domains": ["*"], "routes": _routes(opts)}],
        },
        "http_filters": filters,
    }
    if opts.access_log:
        hcm["access_log"] = [_access_log(opts)]
    return hcm


def render_envoy_config(opts: EnvoyOptions) -> dict[str, Any]:
    """Return the Envoy v3 bootstrap for ``opts`` as plain data (YAML/JSON-ready)."""
    listener: dict[str, Any] = {
        "name": "inference",
        "address": _socket(opts.listener_host, opts.listener_port),
        "filter_chains": [
            {
                "filters": [
                    {
                        "name": "envoy.filters.network.http_connection_manager",
                        "typed_config": _hcm(opts),
                    }
                ]
            }
        ],
    }
    if opts.body_mode == "BUFFERED":
        # The decoder buffer limit comes from the listener: a BUFFERED body
        # larger than this gets a 413 before the picker sees it.
        listener["per_connection_buffer_limit_bytes"] = opts.max_request_bytes
    clusters = [_picker_cluster(opts), _pool_cluster(opts)]
    clusters.extend(_provider_cluster(p, opts) for p in opts.provider_routes)
    return {
        "admin": {"address": _socket(opts.admin_host, opts.admin_port)},
        "static_resources": {"listeners": [listener], "clusters": clusters},
    }


class _Dumper(yaml.SafeDumper):
    """SafeDumper that writes multi-line strings (the Lua code) as literal blocks."""


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _represent_str)


def to_yaml(config: dict[str, Any]) -> str:
    """Dump a rendered config as block YAML in insertion order (readable diffs)."""
    return yaml.dump(config, Dumper=_Dumper, sort_keys=False, default_flow_style=False, width=100)
