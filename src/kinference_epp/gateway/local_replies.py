"""Envoy's own answers in the API's JSON error shape, with an ``x-kinference-reason``.

When Envoy answers a request itself (the picker is down or slow, no pod can be reached, a pod
times out, the request is malformed) its default is a plain-text body, or none, that no SDK
can read. ``local_reply_config`` rewrites those answers, and only those: the picker's own
ImmediateResponses (details ``kinference_<reason>``) and every pod's answer pass unchanged.
The bodies come from the same functions as the picker's (``api.error_body``), in OpenAI's
shape, or Anthropic's on ``/v1/messages``.

Each row is matched by the local reply's response flags or, where Envoy sets none (ext_proc
failures, the unrouted catch-all), by a CEL expression over its code details or route; the
first row that matches wins, so the catch-all comes last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kinference_epp.api.error_body import error_body
from kinference_epp.api.request import ApiKind
from kinference_epp.api.wire_names import PICKER_DETAILS_PREFIX, REASON_HEADER
from kinference_epp.errors import KinferenceError

NOT_ROUTED_ROUTE = "not-routed"
"""Name of the FailClose catch-all route (requests the picker sent nowhere)."""
_FROM_PICKER = f"response.code_details.startsWith('{PICKER_DETAILS_PREFIX}')"


@dataclass(frozen=True, slots=True)
class LocalReply:
    """One row of the error table: when Envoy answers by itself, with what."""

    reason: str
    status: int | None
    """The status sent; None keeps Envoy's."""
    message: str
    flags: tuple[str, ...] = ()
    """Envoy response flags (any of them matches)."""
    cel: str | None = None
    """A CEL expression over the local reply, when flags cannot tell."""

    def matcher(self) -> dict[str, Any]:
        if self.flags:
            return {"response_flag_filter": {"flags": list(self.flags)}}
        assert self.cel is not None
        return {
            "extension_filter": {
                "name": "envoy.access_loggers.extension_filters.cel",
                "typed_config": {
                    "@type": "type.googleapis.com/envoy.extensions.access_loggers.filters.cel.v3.ExpressionFilter",
                    "expression": self.cel,
                },
            }
        }


LOCAL_REPLIES: tuple[LocalReply, ...] = (
    LocalReply(
        "picker_timeout",
        504,
        "the endpoint picker did not answer in time",
        cel="response.code_details.startsWith('ext_proc_error_per-message_timeout')",
    ),
    LocalReply(
        "picker_unavailable",
        503,
        "the endpoint picker is unavailable",
        cel="response.code_details.startsWith('ext_proc_error')",
    ),
    LocalReply(
        "not_routed",
        503,
        "the endpoint picker selected no endpoint for the request",
        # the route's own 503, not another answer (a picker's) given while it was selected
        cel=f"xds.route_name == '{NOT_ROUTED_ROUTE}' && response.code_details == 'direct_response'",
    ),
    LocalReply("upstream_timeout", 504, "the model server did not answer in time", flags=("UT",)),
    LocalReply(
        "upstream_unavailable",
        503,
        "no model server could be reached",
        # connect failure, no healthy host, retries exhausted, overflow, resets, no cluster
        flags=("UF", "UH", "URX", "UO", "UC", "UR", "NC"),
    ),
    LocalReply(
        "body_too_large",
        413,
        "the request body is larger than the gateway accepts",
        cel=f"response.code == 413 && !{_FROM_PICKER}",
    ),
    LocalReply(
        "bad_request",
        400,
        "the gateway could not read the request (malformed HTTP or an invalid path)",
        cel=f"response.code == 400 && !{_FROM_PICKER}",
    ),
    LocalReply(
        "gateway_error",
        None,
        "the gateway could not serve the request",
        cel=f"response.code >= 400 && !{_FROM_PICKER}",
    ),
)
"""The error table of Envoy's own answers, in match order (docs/api.md's *Errors* lists it)."""


def _body(reply: LocalReply, kind: ApiKind | None) -> str:
    error = KinferenceError(reply.message, reason=reply.reason, status=reply.status)
    return error_body(kind, error).decode()


def _anthropic_path() -> dict[str, Any]:
    return {
        "header_filter": {"header": {"name": ":path", "string_match": {"prefix": "/v1/messages"}}}
    }


def _mapper(reply: LocalReply, kind: ApiKind | None) -> dict[str, Any]:
    match = reply.matcher()
    if kind is ApiKind.MESSAGES:
        match = {"and_filter": {"filters": [match, _anthropic_path()]}}
    headers = [(REASON_HEADER, reply.reason)]
    if reply.status == 503:
        headers.append(("retry-after", "1"))
    mapper: dict[str, Any] = {
        "filter": match,
        "headers_to_add": [
            {"header": {"key": k, "value": v}, "append_action": "OVERWRITE_IF_EXISTS_OR_ADD"}
            for k, v in headers
        ],
        # A fixed format string: the JSON bodies carry no '%' command operators.
        "body_format_override": {
            "text_format_source": {"inline_string": _body(reply, kind)},
            "content_type": "application/json",
        },
    }
    if reply.status is not None:
        mapper["status_code"] = reply.status
    return mapper


def local_reply_config() -> dict[str, Any]:
    """The HTTP connection manager's ``local_reply_config``: each row for Anthropic's path
    first (the more specific match), then for every other path."""
    mappers = []
    for reply in LOCAL_REPLIES:
        mappers.append(_mapper(reply, ApiKind.MESSAGES))
        mappers.append(_mapper(reply, None))
    return {"mappers": mappers}
