"""Scorer ``session-affinity``: an agent session's requests prefer the pod that served it.

Coding agents re-send a growing conversation every turn; the pod that served the session's
last turn holds its prefix. The session is named by the client: the first of ``headers``
present (Claude Code's ``x-claude-code-session-id``, Codex's ``session_id`` /
``conversation_id``), else the first of ``body_fields`` the body sets (``prompt_cache_key``,
then ``user``; Anthropic's ``metadata.user_id`` reads as ``user``). Then, per candidate ``w``::

    score[w] = 1   if w served the session's last pick (within ``ttl_s``)
                   and w is not saturated: waiting[w] < saturated_waiting
                   and kv_usage[w] < saturated_kv_usage
    score[w] = 0   otherwise (every candidate, for a request without a session)

A preference, not a pin: its weight against the other scorers decides how much load or
prefix evidence outweighs it, and a saturated home scores nothing, so the session moves and
its next turns follow the new pod. It learns from the scheduler's picks (``on_pick``); the
map is bounded (oldest session forgotten first).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
from pydantic import Field

from kinference_epp.pool.datastore import PoolView
from kinference_epp.pool.endpoint import EndpointKey
from kinference_epp.scheduling.framework import BoolVec, BuildContext, FloatVec
from kinference_epp.scheduling.plugins._params import Params
from kinference_epp.scheduling.types import SchedulingRequest, SchedulingResult

SESSION_HEADERS = ("x-claude-code-session-id", "session_id", "conversation_id", "x-session-id")
SESSION_FIELDS = ("prompt_cache_key", "user")


class SessionAffinityParams(Params):
    headers: tuple[str, ...] = SESSION_HEADERS
    """Request headers naming a session, first present wins (matched lower-cased)."""
    body_fields: tuple[str, ...] = SESSION_FIELDS
    """Top-level body fields naming a session, after the headers."""
    ttl_s: float = Field(default=1800.0, gt=0.0)
    """A session idle this long is forgotten (its pod has likely evicted its prefix)."""
    max_sessions: int = Field(default=100_000, ge=1)
    saturated_waiting: float = Field(default=8.0, gt=0.0)
    """A home with this many scraped waiting requests gets no preference."""
    saturated_kv_usage: float = Field(default=0.95, gt=0.0, le=1.0)
    """A home whose KV cache is this full gets no preference."""


class SessionAffinityScorer:
    def __init__(
        self, params: SessionAffinityParams, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._p = params
        self._headers = tuple(h.lower() for h in params.headers)
        self._clock = clock
        self._homes: OrderedDict[str, tuple[EndpointKey, float]] = OrderedDict()

    def session(self, req: SchedulingRequest) -> str | None:
        """The session ``req`` names ("<where>:<id>"), or None."""
        headers = req.headers
        for name in self._headers:
            value = headers.get(name)
            if value:
                return f"h:{value}"
        request = req.request
        if request is not None:
            for field in self._p.body_fields:
                found = request.extra.get(field)
                if isinstance(found, str) and found:
                    return f"b:{found}"
        return None

    def home(self, session: str) -> EndpointKey | None:
        found = self._homes.get(session)
        if found is None:
            return None
        endpoint, seen = found
        if self._clock() - seen >= self._p.ttl_s:
            del self._homes[session]
            return None
        return endpoint

    def score(self, req: SchedulingRequest, pool: PoolView, mask: BoolVec) -> FloatVec:
        scores: FloatVec = np.zeros(len(pool), dtype=np.float64)
        session = self.session(req)
        home = self.home(session) if session is not None else None
        if home is None:
            return scores
        slot = pool.slot(home)
        if slot is None or not mask[slot]:
            return scores
        p = self._p
        if pool.waiting[slot] < p.saturated_waiting and pool.kv_usage[slot] < p.saturated_kv_usage:
            scores[slot] = 1.0
        return scores

    def on_pick(self, req: SchedulingRequest, result: SchedulingResult) -> None:
        """The session's home is its latest pick."""
        session = self.session(req)
        if session is None or not result.endpoints:
            return
        homes = self._homes
        homes[session] = (result.primary, self._clock())
        homes.move_to_end(session)
        while len(homes) > self._p.max_sessions:
            homes.popitem(last=False)


def create(params: Mapping[str, Any], ctx: BuildContext) -> SessionAffinityScorer:
    return SessionAffinityScorer(SessionAffinityParams.model_validate(params))
