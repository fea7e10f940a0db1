"""The fake API server with the real client connected to it, as the Kubernetes tests use them.

``cluster()`` starts a :class:`FakeApiServer`, writes a kubeconfig for it and connects the real
kubernetes-asyncio client through :func:`kinference_epp.k8s.api.connect`, exactly as the
picker does outside a cluster. ``eventually`` waits (bounded) for a condition: the tests
assert on states, never on timings.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

from k8s_fake.server import FakeApiServer
from kinference_epp.config.kubernetes import KubernetesConfig, WatchSettings
from kinference_epp.k8s.api import KubernetesAsyncioApi, connect

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
async def cluster(tmp_path: Path) -> AsyncIterator[Cluster]:
    async with FakeApiServer() as server:
        kubeconfig = server.kubeconfig(tmp_path / "kubeconfig")
        api = await connect(str(kubeconfig), request_timeout_s=FAST_WATCH.request_timeout_s)
        try:
            yield Cluster(server, api, kubeconfig)
        finally:
            await api.close()


async def eventually(
    condition: Callable[[], bool], *, timeout_s: float = 10.0, what: str = "condition"
) -> None:
    """Poll ``condition`` until it holds; fail with ``what`` after ``timeout_s``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)
