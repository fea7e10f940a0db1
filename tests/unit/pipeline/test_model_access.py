"""Per-tenant model allow-lists: models, aliases and classes as policies' catalogs name them;
a name outside them is a 403 model_not_allowed, and /v1/models lists only what is allowed."""

from __future__ import annotations

import pytest
from routed import chat_state

from kinference_epp.errors import ModelNotAllowedError
from kinference_epp.pipeline.model_access import ModelAccess
from kinference_epp.pipeline.stages.model_access import ModelAccessStage
from kinference_epp.pipeline.stages.parse import ModelLabel, ParseStage
from kinference_epp.pipeline.state import RequestState
from kinference_epp.policy import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.tenancy.limits import Tenant

CATALOG = """\
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {name: catalog, namespace: default}
spec:
  models:
    - {name: qwen3-8b, family: qwen3, size_b: 8, aliases: [qwen-big]}
    - {name: qwen3-0.6b, family: qwen3, size_b: 0.6, aliases: [qwen-small]}
    - {name: llama-70b, family: llama, size_b: 70}
  classes:
    - {name: small, selector: {maxSizeB: 10}}
  rules:
    - {name: all, action: {route: {candidates: [small]}}}
"""


@pytest.fixture
def access() -> ModelAccess:
    store = PolicyStore()
    assert store.update_texts([("catalog.yaml", CATALOG)]) == []
    return ModelAccess(store)


def tenant(*allowed: str) -> Tenant:
    return Tenant("t", allowed_models=frozenset(allowed) if allowed else None)


@pytest.mark.parametrize(
    ("allowed", "asked", "ok"),
    [
        ((), "llama-70b", True),  # no allow-list: everything
        (("qwen3-8b",), "qwen3-8b", True),
        (("qwen3-8b",), "qwen-big", True),  # an alias of an allowed model
        (("qwen-big",), "qwen3-8b", True),  # an allowed alias is its model
        (("qwen3-8b",), "qwen3-0.6b", False),
        (("qwen3-8b",), "small", False),  # the class is not the model
        (("small",), "small", True),
        (("small",), "qwen3-0.6b", True),  # a member
        (("small",), "qwen-small", True),  # a member by alias
        (("small",), "llama-70b", False),  # not a member
        (("outside-any-catalog",), "outside-any-catalog", True),
        (("outside-any-catalog",), "qwen3-8b", False),
    ],
)
def test_names_resolve_as_policies_resolve_them(
    access: ModelAccess, allowed: tuple[str, ...], asked: str, ok: bool
) -> None:
    assert access.allows(tenant(*allowed), asked) is ok


def parsed(body: dict[str, object], who: Tenant) -> RequestState:
    state = chat_state(body, authorization="Bearer k")
    ParseStage(ModelLabel(PoolDatastore("p"))).run(state)
    state.tenant, state.tenant_info = who.name, who
    return state


def test_the_stage_answers_403_model_not_allowed(access: ModelAccess) -> None:
    stage = ModelAccessStage(access)
    msgs = [{"role": "user", "content": "hi"}]
    assert stage.run(parsed({"model": "qwen-small", "messages": msgs}, tenant("small"))) is None
    with pytest.raises(ModelNotAllowedError, match="llama-70b") as err:
        stage.run(parsed({"model": "llama-70b", "messages": msgs}, tenant("small")))
    assert (err.value.status, err.value.reason, err.value.error_type) == (
        403,
        "model_not_allowed",
        "permission_error",
    )
    assert stage.run(parsed({"model": "llama-70b", "messages": msgs}, tenant())) is None
