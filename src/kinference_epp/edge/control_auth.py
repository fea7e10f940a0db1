"""Who may call the picker's control surfaces: the access-log service and the Pick API.

Both share the gRPC port with ext_proc (Envoy dials one cluster for all three), and whoever
can write to them settles usage, charges tenants and steers routing. Two credentials:

* mutual TLS (``server.tls.client_ca_file``): the handshake already refused every caller
  without a certificate from the CA, so a call with a verified peer is allowed;
* a shared secret (``server.control``), sent as ``x-kinference-control-token`` gRPC
  metadata and compared in constant time. Checked once per access-log stream (a stream
  carries many entries) and once per Pick API call.

Where a token is configured it is required even over mutual TLS (a certificate the CA signed
for another purpose does not make its holder a gateway). With neither, every call is refused
unless the configuration says the network alone decides.
"""

from __future__ import annotations

import hmac
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import grpc

from kinference_epp.api.wire_names import CONTROL_TOKEN_HEADER

log = logging.getLogger(__name__)


def read_token(token_file: str | None, token_env: str | None) -> bytes | None:
    """The shared secret from its file or environment variable (``server.control``); None
    when neither is set. ValueError when the source is set but empty."""
    if token_file is not None:
        value = Path(token_file).read_text().strip()
        source = token_file
    elif token_env is not None:
        value = os.environ.get(token_env, "").strip()
        source = f"${token_env}"
    else:
        return None
    if not value:
        raise ValueError(f"control token {source} is empty")
    return value.encode()


class ControlAuth:
    def __init__(
        self,
        token: bytes | None,
        *,
        mutual_tls: bool,
        allow_unauthenticated: bool = False,
        on_denied: Callable[[str], None] = lambda _: None,
    ) -> None:
        self._token = token
        self._mtls = mutual_tls
        self._open = allow_unauthenticated and token is None and not mutual_tls
        self._on_denied = on_denied
        if token is None and not mutual_tls and not allow_unauthenticated:
            log.warning(
                "the access-log service and the Pick API refuse every call: configure "
                "server.control (a shared token) or server.tls.client_ca_file (mutual TLS)"
            )

    def allows(self, context: grpc.aio.ServicerContext[Any, Any]) -> bool:
        if self._open:
            return True
        if self._mtls and not context.peer_identities():
            return False
        token = self._token
        if token is None:
            return self._mtls
        for key, value in context.invocation_metadata() or ():
            if key == CONTROL_TOKEN_HEADER:
                given = value if isinstance(value, bytes) else value.encode()
                return hmac.compare_digest(given, token)
        return False

    async def require(self, context: grpc.aio.ServicerContext[Any, Any], service: str) -> None:
        """Return when the caller may call ``service``; abort the call otherwise."""
        if self.allows(context):
            return
        self._on_denied(service)
        await context.abort(
            grpc.StatusCode.UNAUTHENTICATED,
            f"{service} accepts only the picker's callers (client certificate or control token)",
        )
