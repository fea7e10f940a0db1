"""The HTTP filter chain, in order: strip reserved headers, identity, the picker, usage, router.

Why this order: nothing a client sends under a reserved prefix may reach the picker or the
router (a client would choose its own pod, provider or tenant, or have its values echoed and
logged), so the strip runs first; the deployment's identity filters come next because they are
the only ones allowed to set ``x-kinference-tenant``; the picker then sees a request whose
reserved headers are all the gateway's own. Response-side filters (the first-byte stamp and
the usage lifts) only read.
"""

from __future__ import annotations

from typing import Any

from kinference_epp.api.wire_names import (
    CONTROL_TOKEN_HEADER,
    LB_NAMESPACE,
    METADATA_NAMESPACE,
    RATELIMIT_NAMESPACE,
    RESERVED_HEADER_PREFIXES,
    RESERVED_NAMESPACE,
    SUBSET_NAMESPACE,
    TEST_SELECTION_HEADER,
)
from kinference_epp.gateway.options import PICKER_CLUSTER, EnvoyOptions

TYPE = "type.googleapis.com/envoy.extensions"

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

USAGE_FIELDS: tuple[tuple[tuple[str, ...], str], ...] = (
    # OpenAI (chat and completions; the usage chunk of a stream has the same shape)
    (("usage", "prompt_tokens"), "prompt_tokens"),
    (("usage", "completion_tokens"), "completion_tokens"),
    (("usage", "prompt_tokens_details", "cached_tokens"), "cached_tokens"),
    # Anthropic: the message (non-streamed) and a stream's message_delta carry `usage`,
    # its message_start carries `message.usage`; vLLM sends no cache counts, Anthropic does
    (("usage", "input_tokens"), "prompt_tokens"),
    (("usage", "output_tokens"), "completion_tokens"),
    (("usage", "cache_read_input_tokens"), "cached_tokens"),
    (("message", "usage", "input_tokens"), "prompt_tokens"),
    (("message", "usage", "cache_read_input_tokens"), "cached_tokens"),
    # OpenAI Responses: a whole answer's `usage` (read above, plus its cached tokens) and a
    # stream's `response.completed` event, whose `response` holds the answer
    (("usage", "input_tokens_details", "cached_tokens"), "cached_tokens"),
    (("response", "usage", "input_tokens"), "prompt_tokens"),
    (("response", "usage", "output_tokens"), "completion_tokens"),
    (("response", "usage", "input_tokens_details", "cached_tokens"), "cached_tokens"),
)
"""(json path in a response body or SSE event, key in the ``kinference`` metadata namespace)."""

SSE_MAX_EVENT_BYTES = 4 * 1024 * 1024
"""The largest SSE event whose usage Envoy reads (a Responses ``response.completed`` event
repeats the answer, its instructions and tools)."""


def http_filters(opts: EnvoyOptions) -> list[dict[str, Any]]:
    filters = [strip_reserved_headers(opts), *(dict(f) for f in opts.identity_filters)]
    filters.append(ext_proc(opts))
    if opts.usage_metadata:
        filters.extend(usage_filters())
    filters.append(
        {
            "name": "envoy.filters.http.router",
            "typed_config": {"@type": f"{TYPE}.filters.http.router.v3.Router"},
        }
    )
    return filters


def strip_reserved_headers(opts: EnvoyOptions) -> dict[str, Any]:
    """Remove every client-sent ``x-kinference-*`` / ``x-gateway-*`` header (and the
    conformance suite's selection header outside test mode)."""
    mutations: list[dict[str, Any]] = [
        {"remove_on_match": {"key_matcher": {"prefix": prefix}}}
        for prefix in RESERVED_HEADER_PREFIXES
    ]
    if not opts.test_mode:
        mutations.append({"remove": TEST_SELECTION_HEADER})
    return {
        "name": "envoy.filters.http.header_mutation",
        "typed_config": {
            "@type": f"{TYPE}.filters.http.header_mutation.v3.HeaderMutation",
            "mutations": {"request_mutations": mutations},
        },
    }


def upstream_filters() -> list[dict[str, Any]]:
    """The filters of a request leaving Envoy for a pod or a provider: every ``x-kinference-*``
    and ``x-gateway-*`` header is removed (the picker's and the identity filters' notes to
    Envoy: the tenant, the model, the route, the chosen endpoint, the scores), then the codec.

    Why here and not on the route: removal by prefix catches a header nobody listed, and it runs
    after the route and the first host were chosen from them. Either way the headers are gone
    from the request the access log sees, so what it needs of them travels as metadata
    (``kinference.reserved``); retries find the endpoint list in ``envoy.lb`` metadata."""
    return [
        {
            "name": "envoy.filters.http.header_mutation",
            "typed_config": {
                "@type": f"{TYPE}.filters.http.header_mutation.v3.HeaderMutation",
                "mutations": {
                    "request_mutations": [
                        {"remove_on_match": {"key_matcher": {"prefix": prefix}}}
                        for prefix in RESERVED_HEADER_PREFIXES
                    ]
                },
            },
        },
        {
            "name": "envoy.filters.http.upstream_codec",
            "typed_config": {"@type": f"{TYPE}.filters.http.upstream_codec.v3.UpstreamCodec"},
        },
    ]


def copy_header(source: str, target: str) -> dict[str, Any]:
    """An identity filter that sets ``target`` (e.g. ``x-kinference-tenant``) from the client's
    ``source`` header, for demos and tests that trust their client; a deployment authenticates
    instead. Absent ``source``: no ``target``."""
    value = {"key": target, "value": f"%REQ({source})%"}
    return {
        "name": "envoy.filters.http.header_mutation",
        "typed_config": {
            "@type": f"{TYPE}.filters.http.header_mutation.v3.HeaderMutation",
            "mutations": {
                "request_mutations": [
                    {"append": {"header": value, "append_action": "OVERWRITE_IF_EXISTS_OR_ADD"}}
                ]
            },
        },
    }


def retry_elsewhere(retry_on: str, retries: int) -> dict[str, Any]:
    """A retry policy whose every retry goes to a host not tried yet."""
    return {
        "retry_on": retry_on,
        "num_retries": retries,
        "retry_back_off": {"base_interval": "0.005s", "max_interval": "0.05s"},
        "retry_host_predicate": [
            {
                "name": "envoy.retry_host_predicates.previous_hosts",
                "typed_config": {
                    "@type": f"{TYPE}.retry.host.previous_hosts.v3.PreviousHostsPredicate"
                },
            }
        ],
        "host_selection_retry_max_attempts": 5,
    }


def grpc_service(opts: EnvoyOptions) -> dict[str, Any]:
    service: dict[str, Any] = {
        "envoy_grpc": {
            "cluster_name": PICKER_CLUSTER,
            "max_receive_message_length": opts.grpc_max_message_bytes,
        },
        # A replica that died refuses the stream's connection: nothing reached it, so the
        # stream opens on another replica instead of failing the request (outlier detection
        # then ejects the dead one for the requests after it).
        "retry_policy": retry_elsewhere("connect-failure,refused-stream,reset", 2),
    }
    if opts.control_token is not None:
        # the picker's access-log service accepts only callers that present it
        service["initial_metadata"] = [{"key": CONTROL_TOKEN_HEADER, "value": opts.control_token}]
    return service


def ext_proc(opts: EnvoyOptions) -> dict[str, Any]:
    duplex = opts.body_mode == "FULL_DUPLEX_STREAMED"
    return {
        "name": "envoy.filters.http.ext_proc",
        "typed_config": {
            "@type": f"{TYPE}.filters.http.ext_proc.v3.ExternalProcessor",
            "grpc_service": grpc_service(opts),
            "failure_mode_allow": opts.failure_mode == "FailOpen",
            "message_timeout": duration(opts.message_timeout_s),
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
                "forwarding_namespaces": {"untyped": [SUBSET_NAMESPACE, LB_NAMESPACE]},
                "receiving_namespaces": {
                    "untyped": [LB_NAMESPACE, RATELIMIT_NAMESPACE, RESERVED_NAMESPACE]
                },
            },
        },
    }


def _usage_rules() -> list[dict[str, Any]]:
    return [
        {
            "selectors": [{"key": part} for part in path],
            "on_present": {"metadata_namespace": METADATA_NAMESPACE, "key": key, "type": "NUMBER"},
        }
        for path, key in USAGE_FIELDS
    ]


def usage_filters() -> list[dict[str, Any]]:
    return [
        {
            "name": "envoy.filters.http.lua",
            "typed_config": {
                "@type": f"{TYPE}.filters.http.lua.v3.Lua",
                "default_source_code": {"inline_string": LUA_FIRST_BYTE},
            },
        },
        {
            "name": "envoy.filters.http.sse_to_metadata",
            "typed_config": {
                "@type": f"{TYPE}.filters.http.sse_to_metadata.v3.SseToMetadata",
                "response_rules": {
                    "content_parser": {
                        "name": "envoy.content_parsers.json",
                        "typed_config": {
                            "@type": f"{TYPE}.content_parsers.json.v3.JsonContentParser",
                            "rules": [{"rule": rule} for rule in _usage_rules()],
                        },
                    },
                    # a Responses stream's `response.completed` event holds the whole answer
                    # (output, instructions, tools): it must fit, or its usage is lost
                    "max_event_size": SSE_MAX_EVENT_BYTES,
                },
            },
        },
        {
            "name": "envoy.filters.http.json_to_metadata",
            "typed_config": {
                "@type": f"{TYPE}.filters.http.json_to_metadata.v3.JsonToMetadata",
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


def duration(seconds: float) -> str:
    return f"{seconds:.3f}s"
