"""Waiting in tests: for a condition, up to a deadline, never for a fixed time.

A deadline is a hang guard, not a timing assertion: it is generous so that a busy machine
only makes a test slower, and a condition that never holds fails with what was awaited.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


async def eventually(
    probe: Callable[[], T | Awaitable[T]],
    *,
    what: str = "the condition",
    timeout_s: float = 30.0,
    interval_s: float = 0.01,
) -> T:
    """Call ``probe`` until it returns something truthy, and return that.

    ``probe`` may be a coroutine function, and may act as well as look: a probe that
    publishes and then checks keeps publishing until a slow-joining subscriber hears it.
    Raises ``AssertionError`` naming ``what`` once ``timeout_s`` has passed.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        result = probe()
        if inspect.isawaitable(result):
            result = await result
        if result:
            return result  # type: ignore[return-value]
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout_s:g} s waiting for {what}")
        await asyncio.sleep(interval_s)
