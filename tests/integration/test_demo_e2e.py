"""The demo's parts, reduced, through real Envoy, the picker and simulated pods: what its tables
show holds.

Round-robin and the picker run one shared-prefix workload, each on fresh pods whose caches hold
a third of its system prompts (as in the demo): round-robin spreads the requests evenly and the
picker serves more prompt tokens from cache. Two tenants of equal weight past the pool's
capacity with flow control on: the light one is served what it asks while the heavy one is
refused part of its load. The commands the ``--keep-running`` banner prints work as pasted.
"""

from __future__ import annotations

import asyncio
import shlex
from dataclasses import replace
from pathlib import Path

import pytest

from kinference_epp.demo.compare import (
    KV_BLOCKS,
    ChatWorkload,
    pool_options,
    run_on,
    run_router,
)
from kinference_epp.demo.fairness import Saturation, fairness_options, run_saturation
from kinference_epp.demo.runner import KEYS, keep_running_banner, tenancy_config
from kinference_epp.demo.stack import LocalStack

pytestmark = [pytest.mark.integration]

WORKLOAD = ChatWorkload(requests=96, groups=12, concurrency=4)
KV = KV_BLOCKS * WORKLOAD.groups // ChatWorkload().groups
"""A third of the reduced workload's system prompts per pod, as the demo's pods hold."""


async def shell(line: str) -> tuple[int, str]:
    """Run a pasted banner line with bash (without blocking the loop the stack runs on)."""
    proc = await asyncio.create_subprocess_exec(
        "bash",
        "-c",
        line,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    return proc.returncode or 0, out.decode()


async def test_the_picker_serves_more_from_cache_than_round_robin(tmp_path: Path) -> None:
    prompts = WORKLOAD.prompts()
    base = pool_options(kv_blocks=KV)
    (tmp_path / "rr").mkdir()
    round_robin = await run_router(
        replace(base, router="round-robin", tenancy=tenancy_config(tmp_path / "rr", base.model)),
        prompts,
        WORKLOAD,
        KEYS,
    )
    async with LocalStack(replace(base, tenancy=tenancy_config(tmp_path, base.model))) as stack:
        picked = await run_on(stack, prompts, WORKLOAD, KEYS)

        banner = keep_running_banner(stack)
        curl = next(line for line in banner if line.lstrip().startswith("curl "))
        status, out = await shell(curl)
        assert status == 0, out
        assert out.startswith("HTTP/1.1 200"), out
        assert "x-kinference-upstream: " in out
        pick = next(line for line in banner if " pick " in line)
        assert "--api-key " + shlex.quote(KEYS["team-a"]) in pick
        status, out = await shell(pick)
        assert status == 0, out
        assert any(endpoint in out for endpoint in picked.pods), out

    assert {o.status for o in round_robin.outcomes + picked.outcomes} <= {200, 429}
    assert round_robin.served
    assert picked.served
    spread = round_robin.spread()
    assert max(spread) - min(spread) <= 1, spread
    assert picked.cache_hit() > round_robin.cache_hit() + 0.2, (
        picked.cache_hit(),
        round_robin.cache_hit(),
    )


async def test_the_light_tenant_keeps_its_share_under_saturation(tmp_path: Path) -> None:
    scenario = Saturation(duration_s=6.0)
    options = fairness_options(pool_options(), scenario, tmp_path, flow=True)
    run = await run_saturation(options, scenario)
    light, heavy = run.tenants["light"], run.tenants["heavy"]
    assert light.outcomes
    assert {o.status for o in light.outcomes + heavy.outcomes} <= {200, 429, 503}
    # past capacity: the heavy tenant is refused part of what it sends
    assert len(heavy.served) < len(heavy.outcomes)
    # while the light one, asking for less than half the pool, is served what it asks
    assert len(light.served) >= len(light.outcomes) - 1, [o.reason for o in light.outcomes]
    assert run.served_fraction("light") > run.served_fraction("heavy")
