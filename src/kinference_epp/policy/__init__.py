"""InferencePolicy: routing rules as data, compiled once, evaluated per request.

The request path uses ``PolicyStore.active`` + ``evaluate`` (or ``PolicyStore.evaluate``)
with an ``EvalInput`` and applies the ``Decision``'s action; ``kinfctl`` uses the loader
and checks directly. See ``types`` for how each action is applied.
"""

from kinference_epp.policy.compiler import CompiledPolicySet, compile_policies
from kinference_epp.policy.evaluator import describe, evaluate
from kinference_epp.policy.loader import (
    LoadedPolicy,
    PolicyError,
    load_files,
    load_objects,
    parse_policies,
)
from kinference_epp.policy.model import InferencePolicy
from kinference_epp.policy.store import PolicyStore, build
from kinference_epp.policy.types import (
    Decision,
    Defer,
    EvalInput,
    Outcome,
    Passthrough,
    PoolState,
    Reject,
    RouteTo,
    SecretKey,
    SendToProvider,
)
from kinference_epp.resources.problems import Problem, Severity

__all__ = [
    "CompiledPolicySet",
    "Decision",
    "Defer",
    "EvalInput",
    "InferencePolicy",
    "LoadedPolicy",
    "Outcome",
    "Passthrough",
    "PolicyError",
    "PolicyStore",
    "PoolState",
    "Problem",
    "Reject",
    "RouteTo",
    "SecretKey",
    "SendToProvider",
    "Severity",
    "build",
    "compile_policies",
    "describe",
    "evaluate",
    "load_files",
    "load_objects",
    "parse_policies",
]
