"""Restarts and outages through real Envoy: a picker's SIGTERM drains (not ready, still
serving, then an exit that no open stream holds up) while a second replica takes the traffic,
and no request fails; a pod that refuses connections is unready by the refusal, not by
staleness; connect failures in the access log eject an endpoint, and each state change is
logged once."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

import aiohttp
import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from kinference_epp.demo.stack import LocalStack, StackOptions
from kinference_epp.gateway.options import EnvoyOptions
from kinference_epp.gateway.process import EnvoyProcess, free_port
from kinference_epp.pool.ejection import HOLD
from kinference_epp.pool.endpoint import Endpoint, EndpointKey
from kinference_epp.pool.scraper import REFUSED
from kinference_epp.sim.runner import ephemeral_specs, start_pods
from kinference_epp.sim.server import PodSpec
from waits import eventually

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]

MODEL = "qwen3-0.6b"
BIN = Path(sys.executable).parent / "kinference-epp"
CHAT = {"model": MODEL, "messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}
DRAIN_S = 2.0


class Picker:
    """A ``kinference-epp serve`` process on fixed loopback ports."""

    def __init__(self, tmp: Path, name: str, pods: list[str]) -> None:
        self.grpc_port, self.health_port = free_port(), free_port()
        self.config = tmp / f"{name}.yaml"
        endpoints = "".join(f"    - {{address: {p}, models: [{MODEL}]}}\n" for p in pods)
        self.config.write_text(
            f"pool:\n  endpoints:\n{endpoints}"
            "scheduler: {router: least-queue}\n"
            "kv_events: {enabled: false}\n"
            f"server: {{host: 127.0.0.1, grpc_port: {self.grpc_port}, "
            f"health_port: {self.health_port}, metrics_port: 0, drain_s: {DRAIN_S}}}\n"
        )
        self.proc: subprocess.Popen[str] | None = None
        self.lines: list[dict[str, Any]] = []

    def start(self) -> None:
        """Spawn and wait for "picker started"."""
        self.stop()  # a restart: the last process's pipe is closed first
        self.proc = subprocess.Popen(
            [BIN, "serve", "--config", self.config],
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ},
        )
        assert self.proc.stderr is not None
        while True:
            record = self._read(self.proc.stderr)
            if record["msg"] == "picker started":
                return

    def _read(self, stream: IO[str]) -> dict[str, Any]:
        line = stream.readline()
        assert line, "the picker exited"
        record: dict[str, Any] = json.loads(line)
        self.lines.append(record)
        return record

    def rest(self) -> list[str]:
        """The messages the exited process logged after it started."""
        assert self.proc is not None
        assert self.proc.stderr is not None
        lines = self.proc.stderr.read().splitlines()
        return [json.loads(line)["msg"] for line in lines if line.startswith("{")]

    def readiness(self) -> int:
        with grpc.insecure_channel(f"127.0.0.1:{self.health_port}") as channel:
            reply = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service="readiness"), timeout=2
            )
        return int(reply.status)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()


@asynccontextmanager
async def two_pickers(tmp: Path) -> AsyncIterator[tuple[str, Picker, Picker]]:
    cluster = await start_pods(ephemeral_specs(2, PodSpec(models=(MODEL,), time_scale=0.02)))
    pods = [a.hostport for a in cluster.addresses]
    a, b = Picker(tmp, "a", pods), Picker(tmp, "b", pods)
    try:
        opts = EnvoyOptions(
            listener_host="127.0.0.1",
            listener_port=free_port(),
            admin_port=free_port(),
            pickers=(f"127.0.0.1:{a.grpc_port}", f"127.0.0.1:{b.grpc_port}"),
            pool=tuple(pods),
            picker_health_check_interval_s=0.2,
        )
        async with EnvoyProcess(opts):
            await asyncio.to_thread(a.start)
            await asyncio.to_thread(b.start)
            yield f"http://127.0.0.1:{opts.listener_port}", a, b
    finally:
        a.stop()
        b.stop()
        await cluster.close()


class Tally:
    """Answers by status, and a way to wait until some number has come back."""

    def __init__(self) -> None:
        self.statuses: Counter[int] = Counter()
        self._changed = asyncio.Condition()

    @property
    def total(self) -> int:
        return sum(self.statuses.values())

    async def add(self, status: int) -> None:
        async with self._changed:
            self.statuses[status] += 1
            self._changed.notify_all()

    async def at_least(self, n: int) -> None:
        async with asyncio.timeout(60), self._changed:
            await self._changed.wait_for(lambda: self.total >= n)


async def load(url: str, stop: asyncio.Event, tally: Tally) -> None:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as http:
        for _ in range(5000):  # bounded
            if stop.is_set():
                return
            async with http.post(f"{url}/v1/chat/completions", json=CHAT) as resp:
                await resp.read()
                await tally.add(resp.status)


async def test_sigterm_drains_and_exits_promptly_losing_nothing(tmp_path: Path) -> None:
    async with two_pickers(tmp_path) as (url, a, _):
        tally = Tally()
        stop = asyncio.Event()
        clients = [asyncio.create_task(load(url, stop, tally)) for _ in range(4)]
        await tally.at_least(50)
        assert a.proc is not None
        a.proc.send_signal(signal.SIGTERM)
        # during the drain: not ready, still running
        await eventually(
            lambda: a.readiness() == health_pb2.HealthCheckResponse.NOT_SERVING,
            what="readiness NOT_SERVING while draining",
        )
        assert a.proc.poll() is None
        code = await asyncio.to_thread(a.proc.wait, 30)  # a hang guard
        await tally.at_least(tally.total + 50)  # the other replica serves on
        stop.set()
        await asyncio.gather(*clients)
        assert code == 0
        assert set(tally.statuses) == {200}, tally.statuses
        logged = a.rest()
        # drained, then stopped, with no stream holding it up
        assert logged.index("draining: not ready, still serving") < logged.index("picker stopped")
        assert "gRPC servers still stopping; going on without them" not in logged
        # restarted: ready again (start-up time is measured in benchmarks/startup.py)
        await asyncio.to_thread(a.start)
        assert a.readiness() == health_pb2.HealthCheckResponse.SERVING


async def test_a_refusing_pod_is_unready_at_once_and_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="kinference_epp.pool")
    async with LocalStack(StackOptions(pods=3)) as stack, aiohttp.ClientSession() as http:
        assert stack.cluster is not None
        assert stack.picker is not None
        ds = stack.picker.datastore
        dead = EndpointKey(stack.cluster.addresses[0].hostport)
        await stack.cluster.pods[0].close()
        await eventually(lambda: not ds.is_ready(dead), what="the refusing pod is unready")
        assert ds.holds(dead) == {REFUSED}  # the refusal, not staleness, took it out
        for _ in range(20):
            async with http.post(f"{stack.url}/v1/chat/completions", json=CHAT) as resp:
                assert resp.status == 200
                assert resp.headers["x-kinference-upstream"] != dead
        unready = [r for r in caplog.records if r.getMessage().startswith("endpoint unready")]
        assert len(unready) == 1


async def test_connect_failures_in_the_access_log_eject_an_endpoint(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An endpoint whose metrics answer but whose serving port refuses: only the proxy sees
    it fail. Envoy retries each request on another pod (no client sees an error) and reports
    it; after three, the picker stops choosing the endpoint."""
    caplog.set_level(logging.INFO, logger="kinference_epp.pool")
    options = StackOptions(pods=2, router="round-robin")
    async with LocalStack(options) as stack, aiohttp.ClientSession() as http:
        assert stack.cluster is not None
        assert stack.picker is not None
        assert stack.picker.ports is not None
        ejector = stack.picker.ejector
        assert ejector is not None
        live = stack.cluster.addresses[0]
        dead = EndpointKey(f"127.0.0.1:{free_port()}")
        stack.picker.datastore.upsert(
            Endpoint(
                key=dead,
                models=frozenset({MODEL}),
                metrics_url=f"{live.http_url}/metrics",
                base_model=MODEL,
            )
        )
        pool = (*(a.hostport for a in stack.cluster.addresses), dead)
        opts = EnvoyOptions(
            listener_host="127.0.0.1",
            listener_port=free_port(),
            admin_port=free_port(),
            pickers=(f"127.0.0.1:{stack.picker.ports.grpc}",),
            pool=pool,
            access_log_flush_ms=20,
            control_token=stack.control_token,
        )
        async with EnvoyProcess(replace(opts)):
            url = f"http://127.0.0.1:{opts.listener_port}"
            for _ in range(40):
                async with http.post(f"{url}/v1/chat/completions", json=CHAT) as resp:
                    assert resp.status == 200  # retried on another pod
                if dead in ejector.ejected:
                    break
            await eventually(lambda: dead in ejector.ejected, what="the endpoint is ejected")
            assert stack.picker.datastore.holds(dead) == {HOLD}
            for _ in range(10):
                async with http.post(f"{url}/v1/chat/completions", json=CHAT) as resp:
                    assert resp.status == 200
            ejected = [r for r in caplog.records if r.getMessage().startswith("endpoint ejected")]
            assert len(ejected) == 1
