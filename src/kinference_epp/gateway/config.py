"""Render the Envoy bootstrap that fronts the endpoint picker.

Why a generator and not a static file: the demo, the integration tests and the deployment need
the same config with different ports, body modes and switches, and a hand-edited YAML drifts.
Every field is checked against Envoy 1.40 by ``tests/integration/test_envoy_config.py``
(``envoy --mode validate`` and live requests); ``deploy/envoy/README.md`` explains each.

The shape:

* listener → HTTP connection manager that normalises the path (RFC 3986, merged slashes,
  escaped slashes rejected) before any filter sees it, with the filters of ``filters.py``
  (reserved headers stripped, identity, the picker, usage lifts, router) and the error table
  of ``local_replies.py`` for Envoy's own answers;
* routes: header-selected provider routes, then everything the picker routed to the pool
  cluster (retrying connect failures down the picker's fallback list), then either a 503
  (FailClose) or the pool again (FailOpen: with no picker answer, any pod);
* the pool cluster holds the pool's pods; the ``override_host`` policy picks the picker's
  endpoint, then its fallbacks, then round-robin;
* the picker cluster is health-checked over gRPC so traffic leaves a draining replica;
* the gRPC access log to the picker's AccessLogService, one entry per request with timings,
  status and both metadata namespaces.
"""

from __future__ import annotations

import ipaddress
from typing import Any

import yaml

from kinference_epp.api.wire_names import (
    CLIENT_KEY_HEADERS,
    DESTINATION_HEADER,
    PROVIDER_ROUTE_HEADER,
    RATELIMIT_KEYS,
    RATELIMIT_NAMESPACE,
    REQUEST_ID_HEADER,
    REQUEST_ID_KEY,
    RESERVED_NAMESPACE,
    SCORES_HEADER,
    SCORES_KEY,
    UPSTREAM_HEADER,
)
from kinference_epp.gateway.filters import (
    TYPE,
    duration,
    grpc_service,
    http_filters,
    retry_elsewhere,
    upstream_filters,
)
from kinference_epp.gateway.local_replies import NOT_ROUTED_ROUTE, local_reply_config
from kinference_epp.gateway.options import (
    ACCESS_LOG_NAME,
    EXT_PROC_HEALTH_SERVICE,
    MIB,
    PICKER_CLUSTER,
    POOL_CLUSTER,
    EnvoyOptions,
    ProviderRoute,
    split_address,
)

__all__ = ["DEBUG_HEADERS", "render_envoy_config", "to_yaml"]

DEBUG_HEADERS = [UPSTREAM_HEADER, SCORES_HEADER]
"""Response headers that name pods: only with ``EnvoyOptions.debug_headers`` (or test mode)."""


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


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


def _cluster(name: str, addresses: tuple[str, ...], opts: EnvoyOptions) -> dict[str, Any]:
    """STATIC over IP addresses; STRICT_DNS when any is a name (every resolved address a host)."""
    hosts = [split_address(a) for a in addresses]
    static = all(_is_ip(host) for host, _ in hosts)
    cluster: dict[str, Any] = {
        "name": name,
        "type": "STATIC" if static else "STRICT_DNS",
        "connect_timeout": duration(opts.connect_timeout_s),
    }
    if not static:
        # Pod IPs are IPv4 on most clusters; the picker's endpoint must match a host here.
        cluster["dns_lookup_family"] = "V4_PREFERRED"
        cluster["dns_refresh_rate"] = "2s"
    cluster["circuit_breakers"] = _high_limits()
    cluster["load_assignment"] = {
        "cluster_name": name,
        "endpoints": [
            {"lb_endpoints": [{"endpoint": {"address": _socket(h, p)}} for h, p in hosts]}
        ],
    }
    return cluster


def _picker_cluster(opts: EnvoyOptions) -> dict[str, Any]:
    cluster = _cluster(PICKER_CLUSTER, opts.pickers, opts)
    cluster["lb_policy"] = "ROUND_ROBIN"
    window = max(opts.grpc_max_message_bytes, 64 * MIB)
    cluster["per_connection_buffer_limit_bytes"] = window
    cluster["typed_extension_protocol_options"] = {
        "envoy.extensions.upstreams.http.v3.HttpProtocolOptions": {
            "@type": f"{TYPE}.upstreams.http.v3.HttpProtocolOptions",
            "explicit_http_config": {
                "http2_protocol_options": {
                    "initial_stream_window_size": window,
                    "initial_connection_window_size": window,
                    "connection_keepalive": {"interval": "30s", "timeout": "5s"},
                }
            },
        }
    }
    if opts.picker_tls_on:
        tls: dict[str, Any] = {"alpn_protocols": ["h2"]}
        if opts.picker_client_cert_file is not None:
            # mutual TLS: the picker's access-log service and Pick API accept this certificate
            tls["tls_certificates"] = [
                {
                    "certificate_chain": {"filename": opts.picker_client_cert_file},
                    "private_key": {"filename": opts.picker_client_key_file},
                }
            ]
        if opts.picker_ca_file is not None:
            tls["validation_context"] = {"trusted_ca": {"filename": opts.picker_ca_file}}
        cluster["transport_socket"] = {
            "name": "envoy.transport_sockets.tls",
            "typed_config": {
                "@type": f"{TYPE}.transport_sockets.tls.v3.UpstreamTlsContext",
                "common_tls_context": tls,
            },
        }
    # A replica whose process died refuses connections: its first refused ext_proc stream
    # ejects it, so later requests go to another replica instead of failing until the health
    # checks notice (a successful check takes it back).
    cluster["outlier_detection"] = {
        "split_external_local_origin_errors": True,
        "consecutive_local_origin_failure": 1,
        "enforcing_consecutive_local_origin_failure": 100,
        "consecutive_5xx": 1_000_000,
        "consecutive_gateway_failure": 1_000_000,
        "interval": "1s",
        "base_ejection_time": "2s",
        "max_ejection_percent": 100,
    }
    if opts.picker_health_check_interval_s > 0:
        interval = duration(opts.picker_health_check_interval_s)
        cluster["health_checks"] = [
            {
                "timeout": interval,
                "interval": interval,
                # Without it a cluster that has seen no traffic is checked once a minute.
                "no_traffic_interval": interval,
                "unhealthy_threshold": 2,
                "healthy_threshold": 1,
                "grpc_health_check": {"service_name": EXT_PROC_HEALTH_SERVICE},
            }
        ]
    return cluster


def _without_reserved_headers(cluster: dict[str, Any]) -> dict[str, Any]:
    """``cluster`` with the upstream filters that remove the reserved headers (HTTP/1.1, as a
    cluster without protocol options speaks)."""
    cluster["typed_extension_protocol_options"] = {
        "envoy.extensions.upstreams.http.v3.HttpProtocolOptions": {
            "@type": f"{TYPE}.upstreams.http.v3.HttpProtocolOptions",
            "explicit_http_config": {"http_protocol_options": {}},
            "http_filters": upstream_filters(),
        }
    }
    return cluster


def _pool_cluster(opts: EnvoyOptions) -> dict[str, Any]:
    """The pool's pods; the request goes to the picker's endpoint (header or ``envoy.lb``
    metadata), each retry to its next fallback, and round-robin when it named none."""
    cluster = _without_reserved_headers(_cluster(POOL_CLUSTER, opts.pool, opts))
    cluster["load_balancing_policy"] = {
        "policies": [
            {
                "typed_extension_config": {
                    "name": "envoy.load_balancing_policies.override_host",
                    "typed_config": {
                        "@type": f"{TYPE}.load_balancing_policies.override_host.v3.OverrideHost",
                        "override_host_sources": [
                            {"header": DESTINATION_HEADER},
                            {
                                "metadata": {
                                    "key": "envoy.lb",
                                    "path": [{"key": DESTINATION_HEADER}],
                                }
                            },
                        ],
                        "fallback_policy": {
                            "policies": [
                                {
                                    "typed_extension_config": {
                                        "name": "envoy.load_balancing_policies.round_robin",
                                        "typed_config": {
                                            "@type": f"{TYPE}.load_balancing_policies.round_robin.v3.RoundRobin"
                                        },
                                    }
                                }
                            ]
                        },
                    },
                }
            }
        ]
    }
    return cluster


def _provider_cluster(provider: ProviderRoute, opts: EnvoyOptions) -> dict[str, Any]:
    cluster = _without_reserved_headers(_cluster(provider.name, (provider.address,), opts))
    cluster["lb_policy"] = "ROUND_ROBIN"
    if provider.tls:
        host, _ = split_address(provider.address)
        cluster["transport_socket"] = {
            "name": "envoy.transport_sockets.tls",
            "typed_config": {
                "@type": f"{TYPE}.transport_sockets.tls.v3.UpstreamTlsContext",
                "sni": provider.sni or host,
            },
        }
    return cluster


def _access_log(opts: EnvoyOptions) -> dict[str, Any]:
    return {
        "name": "envoy.access_loggers.http_grpc",
        "typed_config": {
            "@type": f"{TYPE}.access_loggers.grpc.v3.HttpGrpcAccessLogConfig",
            "common_config": {
                "log_name": ACCESS_LOG_NAME,
                "transport_api_version": "V3",
                "grpc_service": grpc_service(opts),
                "buffer_flush_interval": duration(opts.access_log_flush_ms / 1000),
            },
            "additional_request_headers_to_log": list(opts.extra_log_headers),
        },
    }


def _pool_route(opts: EnvoyOptions) -> dict[str, Any]:
    # timeout 0s by default: a long generation must never be cut by the route timeout.
    route: dict[str, Any] = {"cluster": POOL_CLUSTER, "timeout": duration(opts.upstream_timeout_s)}
    if opts.retries > 0:
        # override_host sends each retry to the next endpoint of the picker's list. Retried:
        # failures before the request reached a pod, and a pod that reset or dropped the
        # connection before answering (a pod that died: its generation is lost, and the client
        # has seen nothing). Never after the response started: Envoy cannot retry then.
        route["retry_policy"] = retry_elsewhere(
            "connect-failure,refused-stream,reset", opts.retries
        )
    return route


def _header(key: str, value: str) -> dict[str, Any]:
    return {"header": {"key": key, "value": value}, "append_action": "OVERWRITE_IF_EXISTS_OR_ADD"}


def _routes(opts: EnvoyOptions) -> list[dict[str, Any]]:
    # The picker's id of the request (its metadata) replaces the client's x-request-id on the
    # way to the pod and back to the client; a request the picker did not route keeps what
    # it had (an empty value adds nothing).
    picker_id = f"%DYNAMIC_METADATA({RESERVED_NAMESPACE}:{REQUEST_ID_KEY})%"
    request_headers = [_header(REQUEST_ID_HEADER, picker_id)]
    response_headers = [
        _header(REQUEST_ID_HEADER, picker_id),
        # The tenant's rate-limit state at admission, which the picker sets as metadata: the
        # response carries it without the picker touching the response. Empty values (no
        # limits) add no header.
        *(
            _header(f"x-ratelimit-{key}", f"%DYNAMIC_METADATA({RATELIMIT_NAMESPACE}:{key})%")
            for key in RATELIMIT_KEYS
        ),
    ]
    debug = opts.debug_headers or opts.test_mode
    if debug:
        response_headers += [
            _header(UPSTREAM_HEADER, "%UPSTREAM_HOST%"),
            # The picker's per-endpoint scores, when it sets them (opt-in server.score_header).
            _header(SCORES_HEADER, f"%DYNAMIC_METADATA({RESERVED_NAMESPACE}:{SCORES_KEY})%"),
        ]
    # Off, nobody's copy reaches the client: pod addresses are internal.
    response_removed = {} if debug else {"response_headers_to_remove": DEBUG_HEADERS}
    # Route-level removal runs as the request leaves Envoy, after every filter: a client's key
    # never reaches a pod, whatever the picker answered (or with no picker, FailOpen).
    to_pool = list(CLIENT_KEY_HEADERS) if opts.strip_client_keys else []
    to_provider = ["x-api-key"] if opts.strip_client_keys else []
    routes: list[dict[str, Any]] = [
        {
            "name": f"provider-{p.name}",
            "match": {
                "prefix": "/",
                "headers": [{"name": PROVIDER_ROUTE_HEADER, "string_match": {"exact": p.name}}],
            },
            "route": {"cluster": p.name, "timeout": "0s", "auto_host_rewrite": True},
            "request_headers_to_add": request_headers,
            "response_headers_to_add": response_headers,
            **response_removed,
            **({"request_headers_to_remove": to_provider} if to_provider else {}),
        }
        for p in opts.provider_routes
    ]
    routes.append(
        {
            "name": "picked-endpoint",
            "match": {
                "prefix": "/",
                "headers": [{"name": DESTINATION_HEADER, "present_match": True}],
            },
            "route": _pool_route(opts),
            "request_headers_to_add": request_headers,
            "response_headers_to_add": response_headers,
            **response_removed,
            **({"request_headers_to_remove": to_pool} if to_pool else {}),
        }
    )
    if opts.failure_mode == "FailOpen":
        routes.append(
            {
                "name": "fail-open",
                "match": {"prefix": "/"},
                "route": _pool_route(opts),
                "request_headers_to_add": request_headers,
                "response_headers_to_add": response_headers,
                **response_removed,
                **({"request_headers_to_remove": to_pool} if to_pool else {}),
            }
        )
    else:
        # The local reply table gives this 503 its JSON body and reason.
        routes.append(
            {"name": NOT_ROUTED_ROUTE, "match": {"prefix": "/"}, "direct_response": {"status": 503}}
        )
    return routes


def _hcm(opts: EnvoyOptions) -> dict[str, Any]:
    hcm: dict[str, Any] = {
        "@type": f"{TYPE}.filters.network.http_connection_manager.v3.HttpConnectionManager",
        "stat_prefix": "kinference",
        "codec_type": "AUTO",
        # The path every filter, the picker and the pod see: RFC 3986 normalised (dot
        # segments, percent-encoded unreserved characters decoded: /v1/chat/%63ompletions is
        # /v1/chat/completions), slashes merged, and an encoded slash (%2F) rejected with 400.
        "normalize_path": True,
        "merge_slashes": True,
        "path_with_escaped_slashes_action": "REJECT_REQUEST",
        "route_config": {
            "name": "kinference",
            "virtual_hosts": [{"name": "inference", "domains": ["*"], "routes": _routes(opts)}],
        },
        "http_filters": http_filters(opts),
        "local_reply_config": local_reply_config(),
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
    if opts.body_mode == "BUFFERED" or opts.retries > 0:
        # The decoder buffer limit comes from the listener: a BUFFERED body larger than this
        # gets a 413 before the picker sees it, and a retried request keeps its body this long.
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
