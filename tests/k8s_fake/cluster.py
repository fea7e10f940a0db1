"""The fake API server with the real client connected to it, as the Kubernetes tests use them.

``cluster()`` starts a :class:`FakeApiServer`, writes a kubeconfig for it and connects the real
kubernetes-asyncio client through :func:`kinference_epp.k8s.api.connect`, exactly as the
picker does outside a cluster. ``eventually`` (from ``tests/waits.py``) waits for a condition
up to a deadline: the tests assert on states, never on timings.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from k8s_fake.server import FakeApiServer
from kinference_epp.config.kubernetes import KubernetesConfig, WatchSettings
from kinference_epp.k8s.api import KubernetesAsyncioApi, connect
from waits import eventually as eventually  # re-exported for the k8s tests

FAST_WATCH = WatchSettings(
    timeout_s=30, request_timeout_s=2.0, backoff_initial_s=0.05, backoff_max_s=0.2
)


def k8s_config(pool: str = "vllm-pool", **overrides: object) -> KubernetesConfig:
    return KubernetesConfig.model_validate(
        {"pool": {"name": pool, "namespace": "default"}, "watch": FAST_WATCH, **overrides}
    )


@dataclass
class Cluster:
    server: FakeApiServer
    api: KubernetesAsyncioApi
    kubeconfig: Path


@contextlib.asynccontextmanager
async def cluster(tmp_path: Path, **options: Any) -> AsyncIterator[Cluster]:
    """``options``: :class:`FakeApiServer` options (its resources, CRD schemas, bookmarks)."""
    async with FakeApiServer(**options) as server:
        kubeconfig = server.kubeconfig(tmp_path / "kubeconfig")
        api = await connect(str(kubeconfig), request_timeout_s=FAST_WATCH.request_timeout_s)
        try:
            yield Cluster(server, api, kubeconfig)
        finally:
            await api.close()
