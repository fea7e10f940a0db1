"""Usage that never arrives is said out loud: a gateway with no access log pointed at the picker
(and no response-body fallback) would otherwise leave every tenant's reservation to the sweeper
and the roll-ups empty, with nothing in the log.

``UsageWatch`` is the synchronous core: the picker tells it of each request it handles and of
each usage report (from the access log or the response body); ``check`` says whether requests
have gone unreported for longer than the allowed silence. ``UsageWatchTask`` runs the check
periodically, logs a warning when reports stop (and once when they resume) and keeps the gauge
``kinference_usage_reports_missing`` at 1 while they are missing.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from prometheus_client import CollectorRegistry, Gauge

from kinference_epp.periodic import Periodic

log = logging.getLogger(__name__)

Clock = Callable[[], float]


class UsageWatch:
    def __init__(self, silence_s: float, clock: Clock = time.monotonic) -> None:
        self._silence_s = silence_s
        self._clock = clock
        self._unreported = 0
        self._unreported_since = 0.0
        self.last_source = ""

    def request(self) -> None:
        """A request reached the picker (called per ext_proc stream: cheap)."""
        if not self._unreported:
            self._unreported_since = self._clock()
        self._unreported += 1

    def report(self, source: str) -> None:
        """A usage report arrived, from ``access_log`` or ``response_body``."""
        self._unreported = 0
        self.last_source = source

    def missing(self) -> bool:
        """Requests came in and no report of any kind followed within the allowed silence."""
        return bool(self._unreported) and (self._clock() - self._unreported_since > self._silence_s)

    @property
    def unreported(self) -> int:
        return self._unreported


class UsageWatchTask:
    """The async shell: checks every ``interval_s``; one warning per silence, not per check."""

    def __init__(
        self,
        watch: UsageWatch,
        registry: CollectorRegistry,
        *,
        source: str,
        silence_s: float,
        interval_s: float,
    ) -> None:
        self._watch = watch
        self._source = source
        self._silence_s = silence_s
        self._loop = Periodic(
            self.check, interval_s=interval_s, failure="checking usage reports failed"
        )
        self._missing = False
        self.gauge = Gauge(
            "kinference_usage_reports_missing",
            "1 while requests reach the picker and no usage report (access log or response "
            "body) has followed for usage.silence_warning_s: usage is being lost.",
            registry=registry,
        )

    def check(self) -> bool:
        missing = self._watch.missing()
        if missing and not self._missing:
            log.warning(
                "no usage reports: requests are routed but neither the gateway's access log nor "
                "the response body reported usage; tenants' reservations are settled as reserved "
                "by the sweeper and usage roll-ups stay empty (deploy/kubernetes/README.md, "
                "'Usage behind each gateway')",
                extra={
                    "usage_source": self._source,
                    "silence_s": self._silence_s,
                    "unreported_requests": self._watch.unreported,
                },
            )
        elif self._missing and not missing:
            log.info("usage reports resumed", extra={"source": self._watch.last_source})
        self._missing = missing
        self.gauge.set(1 if missing else 0)
        return missing

    async def start(self) -> None:
        await self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()
