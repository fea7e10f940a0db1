"""A real redis-server for tests: started on a free loopback port, without persistence, and
stopped, restarted (same port, empty), paused or resumed by the test that studies an outage."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

MISSING = "redis-server is not installed (apt-get install redis-server; .ci/run installs it)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    def __init__(self, binary: str, password: str | None = None) -> None:
        self._binary = binary
        self.password = password
        """Clients must AUTH with it (``requirepass``); None: no password."""
        self.port = free_port()
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self._proc = subprocess.Popen(
            [
                self._binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "no",
                *(("--requirepass", self.password) if self.password is not None else ()),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20  # a hang guard: a busy machine only makes it slower
        while True:
            if self._proc.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self._proc.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith((b"+PONG", b"-NOAUTH")):
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not answer PING")
            time.sleep(0.01)  # polling a condition with a deadline

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.send_signal(signal.SIGCONT)  # a paused server cannot exit
            self._proc.kill()
            self._proc.wait(timeout=10)
            self._proc = None

    def pause(self) -> None:
        """The server stops answering but keeps its connections (a hung Redis)."""
        assert self._proc is not None
        self._proc.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self._proc is not None
        self._proc.send_signal(signal.SIGCONT)


@contextmanager
def running_redis(password: str | None = None) -> Iterator[RedisServer]:
    """A started server, stopped at the end; skips the test when redis-server is absent."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip(MISSING)
    server = RedisServer(binary, password)
    server.start()
    try:
        yield server
    finally:
        server.stop()
