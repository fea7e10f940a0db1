"""What a request abandoned before its response is charged: what the pod did, never nothing.

A client that hangs up (Envoy's ``DC`` flag, or no response sent at all: status 0), or a
request the proxy gave up on after its upstream timeout (``UT``: the client gets a 504),
leaves no usage in the access log, yet the pod it reached prefilled its prompt and went on
decoding until it noticed. Refunding it would let a client run work past its limit by hanging
up before every answer (or by asking for more than the timeout allows), so the charge is
estimated from what Envoy saw move to and from the pod:

* it never reached a pod (no upstream connection, nothing sent upstream): nothing is charged,
  no pod did anything;
* it reached one: the prompt as reserved, and the output from the response bytes the pod
  sent (at ``BYTES_PER_TOKEN``, fewer bytes than any token takes on the wire, so the estimate
  is high rather than low), at most the output reserved; when the pod sent no response body
  (a non-streamed answer is sent whole, at its end) or Envoy's record does not say, the
  output as reserved.

A reservation whose record never comes is settled as reserved by the sweeper (``store``).
"""

from __future__ import annotations

from math import ceil

UNFINISHED_FLAGS = frozenset({"downstream_connection_termination", "upstream_request_timeout"})
"""Envoy's response flags (field names of ``ResponseFlags``) saying the response was cut
after the request reached a pod: the client went away, or the route's timeout expired."""
BYTES_PER_TOKEN = 4
"""Response body bytes counted as one output token (a token's text alone is about four
bytes; JSON and SSE framing only add bytes, so this overestimates)."""


def is_abandoned(status: int, response_flags: str, has_usage: bool) -> bool:
    """The response was cut (the client went away, or the upstream timeout expired) before
    it ended, and no usage came back."""
    if has_usage:
        return False
    if status == 0:
        return True
    return any(flag in UNFINISHED_FLAGS for flag in response_flags.split(",") if flag)


def abandoned_charge(
    reserved_prompt: int,
    reserved_output: int,
    *,
    reached_upstream: bool | None,
    response_body_bytes: int | None,
) -> tuple[int, int]:
    """(prompt, completion) charged for an abandoned request (see the module docstring).

    ``reached_upstream``: whether Envoy connected to a pod and sent it the request (None:
    unknown, charged as if it did); ``response_body_bytes``: the body bytes the pod sent back
    (None or 0: none seen, the output is charged as reserved)."""
    if reached_upstream is False:
        return 0, 0
    if not response_body_bytes or response_body_bytes < 0:
        return reserved_prompt, reserved_output
    return reserved_prompt, min(reserved_output, ceil(response_body_bytes / BYTES_PER_TOKEN))
