"""Waiting for the process's stop signal, shared by every long-running command."""

from __future__ import annotations

import asyncio
import signal


async def wait_for_signal() -> None:
    """Return on SIGINT or SIGTERM (Kubernetes sends SIGTERM): callers then stop gracefully."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
