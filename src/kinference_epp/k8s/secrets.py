"""Provider API keys read from Kubernetes Secrets by name, for the InferencePolicy objects in force.

:class:`KubeSecrets` has the request path's interface of ``policy.secrets.SecretFiles``
(``get(name, key) -> str``, synchronous, ``NoReadyEndpointError`` with reason
``provider_key_missing`` when there is no key), served from memory. An async side keeps that
memory fresh:

* the :class:`~kinference_epp.k8s.resources.ResourceWatcher` reports the ``apiKeySecretRef``
  references of the policies it sees (:meth:`KubeSecrets.track`) whenever that set changes;
  Secrets newly referenced are read at once, before the policies go into force;
* every ``refresh_s`` (30 s) each referenced Secret is read again, so rotations are picked up;
* only ``GET /api/v1/namespaces/{ns}/secrets/{name}`` is ever sent: no list, no watch, so the
  Role needs nothing but ``get`` on the named Secrets (``rbac.providerSecrets`` in the chart);
* only the referenced keys are decoded and kept; nothing else of a Secret stays in memory.

What the API server says is recorded per reference and reported through :meth:`check` (the
policy's ``ResolvedRefs`` condition): 404 → ``SecretNotFound`` (the Secret, or its key, is
gone, and ``get`` raises), 403 → ``RefNotPermitted``, an undecodable or empty value →
``InvalidSecret``. Anything else (5xx, timeouts, connection refused) is an outage: the last
known values are kept and served, and the read is retried with backoff.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from kinference_epp.errors import NoReadyEndpointError
from kinference_epp.k8s.api import SECRETS, ApiError, KubeApi
from kinference_epp.k8s.backoff import Backoff, Sleep
from kinference_epp.k8s.resources import RefCheck
from kinference_epp.policy.secrets import SecretReader
from kinference_epp.policy.types import SecretKey

log = logging.getLogger(__name__)

SECRET_NOT_FOUND = "SecretNotFound"
REF_NOT_PERMITTED = "RefNotPermitted"
INVALID_SECRET = "InvalidSecret"
PENDING = "Pending"


@dataclass(slots=True)
class _Known:
    """What the API server last said about one Secret."""

    values: dict[str, str] = field(default_factory=dict)
    """Decoded values of the referenced keys that are present and valid."""
    invalid: dict[str, str] = field(default_factory=dict)
    """Referenced keys present but unusable → why."""
    absent: RefCheck | None = None
    """The Secret itself cannot be read (404, 403); ``values`` is then empty."""
    answered: bool = False
    """The server has answered at least once (values or ``absent`` are real)."""
    error: str | None = None
    """The last read failed this way (an outage: what was known is kept)."""
    read_at: float | None = None


@dataclass(frozen=True, slots=True)
class SecretsStatus:
    references: int
    """``(secret, key)`` pairs referenced by the policies."""
    secrets: int
    """Distinct Secrets read."""
    resolved: int
    unresolved: int
    """References known not to resolve (missing, forbidden, invalid)."""
    pending: int
    """References not read yet (the API server has not answered)."""
    read_errors: int
    """Failed reads since start (outages; values were kept)."""
    last_refresh: float | None
    """Wall-clock time of the last pass in which every Secret was read, or None."""


class KubeSecrets:
    """Provider keys from the Secrets that InferencePolicy objects reference (see the module).

    ``api`` may be given now or to :meth:`start`. ``fallback`` answers ``get`` for references
    no watched policy makes (e.g. policies loaded from files, keys mounted as files).
    ``sleep`` is what the refresh loop waits with (a test records the delays instead).
    """

    def __init__(
        self,
        namespace: str,
        *,
        api: KubeApi | None = None,
        refresh_s: float = 30.0,
        retry_initial_s: float = 0.5,
        track_timeout_s: float = 5.0,
        fallback: SecretReader | None = None,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        if refresh_s <= 0:
            raise ValueError("refresh_s must be positive")
        self.namespace = namespace
        self._api = api
        self._refresh_s = refresh_s
        self._retry_initial_s = min(retry_initial_s, refresh_s)
        self._track_timeout_s = track_timeout_s
        self._fallback = fallback
        self._sleep = sleep
        self._refs: frozenset[SecretKey] = frozenset()
        self._known: dict[str, _Known] = {}
        self._callbacks: list[Callable[[], None]] = []
        self._checks: dict[SecretKey, RefCheck] = {}
        """What :meth:`check` said after the last read: callbacks fire when it changes."""
        self._lock = asyncio.Lock()
        self._reads: set[asyncio.Task[bool]] = set()
        self._task: asyncio.Task[None] | None = None
        self._read_errors = 0
        self._last_refresh: float | None = None

    # -- the request path ---------------------------------------------------------------

    def get(self, name: str, key: str) -> str:
        """The key's value, from memory; ``NoReadyEndpointError(provider_key_missing)`` if none."""
        ref = SecretKey(name, key)
        if ref not in self._refs:
            if self._fallback is not None:
                return self._fallback.get(name, key)
            raise NoReadyEndpointError(
                f"the provider's API key {name}/{key} is not referenced by any InferencePolicy",
                reason="provider_key_missing",
            )
        known = self._known.get(name)
        if known is not None and key in known.values:
            return known.values[key]
        raise NoReadyEndpointError(
            f"the provider's API key is unavailable: {self.check(ref).message}",
            reason="provider_key_missing",
        )

    # -- what the policy watcher sees (policies.SecretResolver) ---------------------------

    def check(self, ref: SecretKey) -> RefCheck:
        where = f"Secret {self.namespace}/{ref.name}"
        known = self._known.get(ref.name)
        if known is None or not known.answered:
            # No error text: the message must not vary between reads (or between replicas).
            return RefCheck(None, PENDING, f"{where} has not been read yet")
        if known.absent is not None:
            return known.absent
        if ref.key in known.values:
            return RefCheck(True)
        if ref.key in known.invalid:
            return RefCheck(
                False, INVALID_SECRET, f"{where} key {ref.key!r} {known.invalid[ref.key]}"
            )
        return RefCheck(False, SECRET_NOT_FOUND, f"{where} has no key {ref.key!r}")

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    async def track(self, refs: frozenset[SecretKey]) -> None:
        """Read what is newly referenced (up to ``track_timeout_s``; then in the background)."""
        new = refs - self._refs
        self._refs = frozenset(refs)
        names = {r.name for r in refs}
        for gone in set(self._known) - names:
            del self._known[gone]
        for name, known in self._known.items():  # keep only the keys still referenced
            wanted = {r.key for r in refs if r.name == name}
            known.values = {k: v for k, v in known.values.items() if k in wanted}
        if not new:
            self._notify_if_changed()
            return
        read = asyncio.create_task(self._read_all(sorted({r.name for r in new})))
        self._reads.add(read)
        read.add_done_callback(self._read_done)
        await asyncio.wait([read], timeout=self._track_timeout_s)
        self._notify_if_changed()

    def _read_done(self, task: asyncio.Task[bool]) -> None:
        self._reads.discard(task)
        if not task.cancelled():
            self._notify_if_changed()  # it may have outlived track()

    # -- lifecycle ----------------------------------------------------------------------

    async def start(self, api: KubeApi | None = None) -> None:
        if api is not None:
            self._api = api
        if self._api is None:
            raise RuntimeError("KubeSecrets.start() needs a KubeApi")
        if self._task is None:
            self._task = asyncio.create_task(self._refresh_loop(), name="k8s-provider-secrets")

    async def stop(self) -> None:
        tasks = [*self._reads, *([self._task] if self._task is not None else [])]
        self._task = None
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def refresh(self) -> bool:
        """Read every referenced Secret once; False if some read failed (values kept)."""
        ok = await self._read_all(sorted({r.name for r in self._refs}))
        if ok:
            self._last_refresh = time.time()
        self._notify_if_changed()
        return ok

    def status(self) -> SecretsStatus:
        checks = [self.check(r) for r in self._refs]
        return SecretsStatus(
            references=len(self._refs),
            secrets=len({r.name for r in self._refs}),
            resolved=sum(c.resolved is True for c in checks),
            unresolved=sum(c.resolved is False for c in checks),
            pending=sum(c.resolved is None for c in checks),
            read_errors=self._read_errors,
            last_refresh=self._last_refresh,
        )

    # -- reading ------------------------------------------------------------------------

    async def _refresh_loop(self) -> None:
        backoff = Backoff(self._retry_initial_s, self._refresh_s, sleep=self._sleep)
        ok = True
        while True:
            if ok:
                await backoff.sleep(self._refresh_s)
            else:
                await backoff.wait()
            try:
                ok = await self.refresh()
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except Exception:
                log.exception("refreshing provider Secrets failed")
                ok = False
            if ok:
                backoff.reset()

    async def _read_all(self, names: Iterable[str]) -> bool:
        names = list(names)
        if not names:
            return True
        async with self._lock:
            results = await asyncio.gather(*(self._read(n) for n in names))
        return all(results)

    async def _read(self, name: str) -> bool:
        """Read one Secret into ``_known``; False on an outage (what was known is kept)."""
        api = self._api
        if api is None:
            raise RuntimeError("KubeSecrets used before start()")
        where = f"Secret {self.namespace}/{name}"
        try:
            obj = await api.get(SECRETS, self.namespace, name)
        except ApiError as exc:
            if exc.status == 404:
                absent = RefCheck(False, SECRET_NOT_FOUND, f"{where} not found")
            elif exc.status == 403:
                absent = RefCheck(
                    False,
                    REF_NOT_PERMITTED,
                    f"{where} may not be read by the picker (list it in rbac.providerSecrets)",
                )
            else:
                return self._failed(name, f"{exc.status}: {exc.reason}")
            self._store(name, _Known(absent=absent, answered=True, read_at=time.time()))
            return True
        except (asyncio.CancelledError, GeneratorExit):
            raise
        except Exception as exc:
            return self._failed(name, str(exc) or type(exc).__name__)
        data = obj.get("data")
        data = data if isinstance(data, dict) else {}
        known = _Known(answered=True, read_at=time.time())
        for key in sorted({r.key for r in self._refs if r.name == name}):
            if key not in data:
                continue
            raw = data[key]
            try:
                value = base64.b64decode(str(raw), validate=True).decode("utf-8").strip()
            except (binascii.Error, UnicodeDecodeError, ValueError):
                known.invalid[key] = "is not base64-encoded UTF-8 text"
                continue
            if not value:
                known.invalid[key] = "is empty"
                continue
            known.values[key] = value
        self._store(name, known)
        return True

    def _store(self, name: str, known: _Known) -> None:
        if any(r.name == name for r in self._refs):  # still referenced after the await
            self._known[name] = known

    def _failed(self, name: str, error: str) -> bool:
        self._read_errors += 1
        log.warning("reading Secret %s/%s failed: %s", self.namespace, name, error)
        known = self._known.get(name)
        if known is None:
            if any(r.name == name for r in self._refs):
                self._known[name] = _Known(error=error)
        else:
            known.error = error
        return False

    def _notify_if_changed(self) -> None:
        checks = {r: self.check(r) for r in self._refs}
        if checks == self._checks:
            return
        self._checks = checks
        for callback in list(self._callbacks):
            try:
                callback()
            except Exception:
                log.exception("a Secret change callback failed")
