"""Limits of the ext_proc protocol the session replies within.

Header and metadata names (GIE's endpoint picker protocol and our own) are in
``api.wire_names``, shared with the Envoy configuration.
"""

from __future__ import annotations

MAX_STREAMED_CHUNK = 62_000
"""Largest StreamedBodyResponse chunk we send (Envoy's and gRPC's limits leave room above)."""
