"""``kinference-epp serve`` as a process: started, healthy, stopped by SIGTERM.

Shared by the tests that run the picker from an install (the dev venv, a base-only venv, the
image): each needs the same proof that what it installed serves.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

HEALTH_SERVICES = ("", "liveness", "readiness", "envoy.service.ext_proc.v3.ExternalProcessor")


def static_config(path: Path, extra: str = "") -> Path:
    """A config with one (unreachable) endpoint and every port chosen by the OS."""
    path.write_text(
        "pool:\n  endpoints:\n    - {address: 127.0.0.1:1, models: [m]}\n"
        "server: {host: 127.0.0.1, grpc_port: 0, health_port: 0, metrics_port: 0}\n" + extra
    )
    return path


@contextmanager
def serving(
    argv: Sequence[str | Path], env: Mapping[str, str] | None = None
) -> Iterator[dict[str, Any]]:
    """Run ``argv`` (a ``serve`` command with JSON logs) until it reports its ports and every
    health service answers SERVING; yields its log records so far (the last one is "picker
    started"). On leaving, SIGTERM must end it with status 0."""
    proc = subprocess.Popen(
        [str(a) for a in argv],
        stderr=subprocess.PIPE,
        text=True,
        env=None if env is None else dict(env),
    )
    try:
        records: list[dict[str, Any]] = []
        assert proc.stderr is not None
        # Read until the picker reports its ports or exits; pytest's timeout guards a hang
        # (a first start compiles the kernels, which takes a while on a busy machine).
        for line in proc.stderr:
            try:
                records.append(json.loads(line))
            except ValueError:
                records.append({"msg": line.rstrip()})
            if records[-1]["msg"] == "picker started":
                break
        said = [r["msg"] for r in records]
        assert said[-1:] == ["picker started"], f"picker did not report its ports: {said}"
        with grpc.insecure_channel(f"127.0.0.1:{records[-1]['health_port']}") as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            for service in HEALTH_SERVICES:
                reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=5)
                assert reply.status == health_pb2.HealthCheckResponse.SERVING, service
        yield {"records": records, "started": records[-1]}
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            # a failed test: ask the whole group to stop (the wrapper cleans up), then insist
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        if proc.stderr is not None:
            proc.stderr.close()
