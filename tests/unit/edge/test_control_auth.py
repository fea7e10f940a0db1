"""Who may call the access-log service and the Pick API: the token, mutual TLS, or nobody."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kinference_epp.edge.control_auth import ControlAuth, read_token


class Context:
    """The two things ``ControlAuth`` reads of a grpc.aio servicer context."""

    def __init__(
        self, metadata: tuple[tuple[str, Any], ...] = (), peer: list[bytes] | None = None
    ) -> None:
        self._metadata = metadata
        self._peer = peer

    def invocation_metadata(self) -> tuple[tuple[str, Any], ...]:
        return self._metadata

    def peer_identities(self) -> list[bytes] | None:
        return self._peer


TOKEN = (("x-kinference-control-token", "s3cret"),)


def allows(auth: ControlAuth, context: Context) -> bool:
    return auth.allows(context)  # type: ignore[arg-type]


def test_the_token_is_required_where_configured() -> None:
    auth = ControlAuth(b"s3cret", mutual_tls=False)
    assert allows(auth, Context(TOKEN))
    assert not allows(auth, Context())
    assert not allows(auth, Context((("x-kinference-control-token", "s3cre"),)))
    assert not allows(auth, Context((("authorization", "s3cret"),)))


def test_mutual_tls_needs_a_verified_peer_and_the_token_where_both_are_configured() -> None:
    mtls = ControlAuth(None, mutual_tls=True)
    assert allows(mtls, Context(peer=[b"gateway"]))
    assert not allows(mtls, Context())
    both = ControlAuth(b"s3cret", mutual_tls=True)
    assert not allows(both, Context(peer=[b"gateway"]))
    assert allows(both, Context(TOKEN, peer=[b"gateway"]))


def test_with_no_credential_every_call_is_refused_unless_opted_out() -> None:
    assert not allows(ControlAuth(None, mutual_tls=False), Context(TOKEN))
    assert allows(ControlAuth(None, mutual_tls=False, allow_unauthenticated=True), Context())
    # opting out does not open a picker that has a credential
    assert not allows(
        ControlAuth(b"s3cret", mutual_tls=False, allow_unauthenticated=True), Context()
    )


def test_the_token_comes_from_a_file_or_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "token").write_text("s3cret\n")
    assert read_token(str(tmp_path / "token"), None) == b"s3cret"
    monkeypatch.setenv("CONTROL_TOKEN_TEST", "from-env")
    assert read_token(None, "CONTROL_TOKEN_TEST") == b"from-env"
    assert read_token(None, None) is None
    (tmp_path / "empty").write_text("  \n")
    with pytest.raises(ValueError, match="empty"):
        read_token(str(tmp_path / "empty"), None)
    monkeypatch.delenv("CONTROL_TOKEN_TEST")
    with pytest.raises(ValueError, match="empty"):
        read_token(None, "CONTROL_TOKEN_TEST")
