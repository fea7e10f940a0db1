"""Identify with tenants: an API key (Bearer or x-api-key) or a trusted header names the
tenant; no or an unknown key is a 401 in the API's error shape; anonymous only when set."""

from __future__ import annotations

import pytest
from routed import chat_state

from kinference_epp.errors import UnauthorizedError
from kinference_epp.pipeline.stages.identify_tenant import HeaderIdentifyStage, KeyIdentifyStage
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.loader import parse_tenants

TENANTS = """\
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: team-a, labels: {tier: gold}}
spec:
  apiKeys: [{name: k1, value: sk-team-a-key-00001}]
---
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {name: guests}
"""

BODY = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}


@pytest.fixture
def directory() -> TenantDirectory:
    d = TenantDirectory()
    loaded, problems = parse_tenants(TENANTS)
    assert problems == []
    assert d.update(loaded) == []
    return d


@pytest.mark.parametrize(
    "headers",
    [{"authorization": "Bearer sk-team-a-key-00001"}, {"x_api_key": "sk-team-a-key-00001"}],
)
def test_a_known_key_names_its_tenant(directory: TenantDirectory, headers: dict[str, str]) -> None:
    state = chat_state(BODY, **headers)
    assert KeyIdentifyStage(directory).run(state) is None
    assert state.tenant == "team-a"
    assert state.tenant_info is not None
    assert state.tenant_info.labels == {"tier": "gold"}


@pytest.mark.parametrize(
    ("headers", "message"),
    [
        ({}, "didn't provide an API key"),
        ({"authorization": "Bearer sk-wrong"}, "Incorrect API key"),
        ({"x_kinference_tenant": "team-a"}, "didn't provide"),  # a tenant header proves nothing
    ],
)
def test_no_or_an_unknown_key_is_401(
    directory: TenantDirectory, headers: dict[str, str], message: str
) -> None:
    with pytest.raises(UnauthorizedError, match=message) as err:
        KeyIdentifyStage(directory).run(chat_state(BODY, **headers))
    assert (err.value.status, err.value.reason) == (401, "invalid_api_key")
    assert "sk-wrong" not in err.value.message  # the key is never echoed


def test_anonymous_requests_only_when_configured(directory: TenantDirectory) -> None:
    state = chat_state(BODY)
    KeyIdentifyStage(directory, anonymous="guests").run(state)
    assert state.tenant == "guests"
    with pytest.raises(UnauthorizedError):  # a wrong key is not anonymous
        KeyIdentifyStage(directory, anonymous="guests").run(
            chat_state(BODY, authorization="Bearer nope")
        )


def test_header_identity_trusts_the_gateway_s_header(directory: TenantDirectory) -> None:
    stage = HeaderIdentifyStage(directory, "x-kinference-tenant")
    state = chat_state(BODY, x_kinference_tenant="team-a")
    stage.run(state)
    assert state.tenant_info is directory.tenants["team-a"]
    state = chat_state(BODY, x_kinference_tenant="new-team")
    stage.run(state)
    assert state.tenant == "new-team"
    assert state.tenant_info is not None
    assert not state.tenant_info.limited
    with pytest.raises(UnauthorizedError) as err:
        stage.run(chat_state(BODY))
    assert err.value.reason == "unauthenticated"
