"""Shared by the routing tests: a request state for a JSON body, and the decision it got."""

from __future__ import annotations

import json

from kinference_epp.errors import KinferenceError
from kinference_epp.pipeline.runner import PipelineOutput, Rejection
from kinference_epp.pipeline.state import RequestState, RoutingDecision


def chat_state(body: dict[str, object], *, request_id: str = "r", **headers: str) -> RequestState:
    return RequestState(
        headers={
            ":path": "/v1/chat/completions",
            ":method": "POST",
            "x-request-id": request_id,
            **{k.replace("_", "-"): v for k, v in headers.items()},
        },
        body=json.dumps(body).encode(),
        request_id=request_id,  # as the pipeline issues it (the header is the client's)
    )


POLICY_HEAD = """\
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {name: p, namespace: default}
spec:
  scope: {poolRefs: [{name: pool}], priority: 1}
  rules:
"""
"""An InferencePolicy for pool ``pool`` up to its rules: a test appends its own rules."""


def routed(outcome: PipelineOutput) -> RoutingDecision:
    if isinstance(outcome, Rejection):
        raise outcome.error
    assert isinstance(outcome, RoutingDecision), outcome
    return outcome


def rejected(outcome: PipelineOutput) -> KinferenceError:
    assert isinstance(outcome, Rejection), outcome
    return outcome.error
