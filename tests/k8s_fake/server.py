"""A small Kubernetes API server that speaks the list/watch protocol, for tests.

No kube-apiserver binary is installable where the tests run, so the picker's Kubernetes code is
tested against this server through the real kubernetes-asyncio client (a kubeconfig pointing at
``http://127.0.0.1:PORT``). It keeps the parts of the protocol a watcher depends on:

* one global, increasing ``resourceVersion``; lists carry it in ``metadata.resourceVersion``;
* ``?watch=1&resourceVersion=N`` streams chunked JSON lines: every change after N, then live
  ones; ADDED/MODIFIED/DELETED as seen *through the selectors* (an object that stops matching
  a label selector is DELETED for that watcher, as the real watch cache does); BOOKMARK when
  asked and ``allowWatchBookmarks`` is set; ``timeoutSeconds`` ends the stream;
* a version older than the kept history gets an ERROR event with a 410 ``Status``;
* ``labelSelector`` (``k=v``, ``k==v``, ``k!=v``, ``k``, ``!k``) and ``fieldSelector``
  (``metadata.name``, ``metadata.namespace``);
* the ``status`` subresource: GET, PATCH (JSON merge patch) and PUT, both 409 on a stale
  ``resourceVersion`` sent in the body; status writes do not bump ``metadata.generation``, spec changes do;
* ``GET .../{plural}/{name}`` for one object (404 ``NotFound`` when absent), Secrets included;
* ``POST`` (create: 409 ``AlreadyExists``) and ``PUT .../{name}`` (replace: 409 on a stale
  ``resourceVersion``), as leader election's Lease writes need;
  ``allowed_secrets`` (a set of names) plays a Role with ``resourceNames``: other Secrets, and
  any list or watch of Secrets without a ``metadata.name`` field selector naming an allowed
  one (as RBAC authorizes a list/watch by name), get 403 ``Forbidden``; ``forbidden`` (resources) plays a Role
  without them; a resource the server was not built with is a CRD not installed (404);
* ``schemas``: a custom resource's CRD ``openAPIV3Schema``; a status write whose result does
  not validate is refused with 422 ``Invalid``, as the API server's CRD validation does;
* ``fail_next(n, 429, retry_after_s=s)``: API priority and fairness throttling, with the
  ``Retry-After`` header clients must honour;
* ``bookmark_every_s``: periodic BOOKMARK events, as the watch cache sends them.

Tests change the world with plain methods (``create``, ``replace``, ``delete``, ``bookmark``,
``expire_watches``, ``compact``, ``go_down``/``come_back``, ``fail_next``) and read what the
client did in ``requests``.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from aiohttp import web

from kinference_epp.k8s.api import (
    INFERENCE_POLICIES,
    INFERENCE_POOLS,
    INFERENCE_TENANTS,
    LEASES,
    PODS,
    SECRETS,
    JsonObject,
    Resource,
)

_ResourceKey = tuple[str, str, str]
"""(group, version, plural)"""


def _key(resource: Resource) -> _ResourceKey:
    return (resource.group, resource.version, resource.plural)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _status(code: int, reason: str, message: str) -> JsonObject:
    return {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": message,
        "reason": reason,
        "code": code,
    }


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7386 JSON merge patch."""
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    result = dict(target) if isinstance(target, dict) else {}
    for k, v in patch.items():
        if v is None:
            result.pop(k, None)
        else:
            result[k] = merge_patch(result.get(k), v)
    return result


def _label_matcher(selector: str | None) -> Callable[[Mapping[str, str]], bool]:
    # (key, value or None for existence, whether the term is negated)
    terms: list[tuple[str, str | None, bool]] = []
    for raw in (selector or "").split(","):
        term = raw.strip()
        if not term:
            continue
        if "!=" in term:
            k, v = term.split("!=", 1)
            terms.append((k.strip(), v.strip(), True))
        elif "=" in term:
            k, v = term.replace("==", "=").split("=", 1)
            terms.append((k.strip(), v.strip(), False))
        elif term.startswith("!"):
            terms.append((term[1:], None, True))
        else:
            terms.append((term, None, False))

    def matches(labels: Mapping[str, str]) -> bool:
        for key, value, negated in terms:
            hit = key in labels if value is None else labels.get(key) == value
            if hit == negated:
                return False
        return True

    return matches


def _field_matcher(selector: str | None) -> Callable[[Mapping[str, Any]], bool]:
    wanted: dict[str, str] = {}
    for raw in (selector or "").split(","):
        if "=" in raw:
            k, v = raw.replace("==", "=").split("=", 1)
            if k.strip() not in ("metadata.name", "metadata.namespace"):
                raise ValueError(f"field label not supported: {k.strip()}")
            wanted[k.strip().split(".", 1)[1]] = v.strip()
    return lambda meta: all(str(meta.get(k)) == v for k, v in wanted.items())


@dataclass(frozen=True, slots=True)
class _Change:
    rv: int
    resource: _ResourceKey
    type: str
    object: JsonObject
    old: JsonObject | None


@dataclass(eq=False)
class _Watcher:
    resource: _ResourceKey
    namespace: str
    matches: Callable[[JsonObject], bool]
    bookmarks: bool
    queue: asyncio.Queue[JsonObject | None] = field(default_factory=asyncio.Queue)

    def offer(self, change: _Change) -> None:
        if change.resource != self.resource:
            return
        new = change.type != "DELETED" and self.matches(change.object)
        old = change.old is not None and self.matches(change.old)
        if change.type == "DELETED":
            kind = "DELETED" if self.matches(change.object) else None
        elif new and old:
            kind = "MODIFIED"
        elif new:
            kind = "ADDED"
        elif old:
            kind = "DELETED"
        else:
            kind = None
        if kind is not None:
            self.queue.put_nowait({"type": kind, "object": copy.deepcopy(change.object)})


@dataclass(frozen=True, slots=True)
class RecordedRequest:
    method: str
    path: str
    query: dict[str, str]
    content_type: str
    body: Any
    at: float = 0.0
    """Monotonic time the request arrived."""


class FakeApiServer:
    """``async with FakeApiServer() as server:`` then point a client at ``server.url``."""

    def __init__(
        self,
        resources: Iterable[Resource] = (
            PODS,
            INFERENCE_POOLS,
            INFERENCE_POLICIES,
            INFERENCE_TENANTS,
            SECRETS,
            LEASES,
        ),
        *,
        schemas: Mapping[Resource, JsonObject] | None = None,
        bookmark_every_s: float | None = None,
    ):
        self._resources: dict[_ResourceKey, Resource] = {_key(r): r for r in resources}
        self._by_kind = {(r.api_version, r.kind): r for r in self._resources.values()}
        self._objects: dict[_ResourceKey, dict[tuple[str, str], JsonObject]] = {
            k: {} for k in self._resources
        }
        self._rv = 100
        self._history: list[_Change] = []
        self._oldest = 0
        """Watches from a version below this get 410 Gone."""
        self._watchers: set[_Watcher] = set()
        self._failures: list[tuple[int, float | None]] = []
        self.requests: list[RecordedRequest] = []
        self.allowed_secrets: set[str] | None = None
        """None: every Secret may be read; a set: only these, by name (RBAC resourceNames)."""
        self.forbidden: set[Resource] = set()
        """Resources the client's Role does not grant: every request for them gets 403."""
        self._validators = {
            _key(r): jsonschema.Draft4Validator(schema) for r, schema in (schemas or {}).items()
        }
        self.rejected_writes = 0
        self.conflicts = 0
        """Status writes refused 409: their resourceVersion precondition was stale."""
        self.bookmarks_sent = 0
        """Status writes refused because the result failed the CRD schema (422)."""
        self._bookmark_every_s = bookmark_every_s
        self._bookmarker: asyncio.Task[None] | None = None
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._app = self._build_app()

    # -- lifecycle ----------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self._runner = web.AppRunner(self._app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port)
        await site.start()
        if not self.port:
            self.port = int(self._runner.addresses[0][1])
        if self._bookmark_every_s is not None:
            self._bookmarker = asyncio.create_task(self._bookmark_periodically())

    async def _bookmark_periodically(self) -> None:
        assert self._bookmark_every_s is not None
        while True:
            await asyncio.sleep(self._bookmark_every_s)
            self.bookmark()

    async def stop(self) -> None:
        if self._bookmarker is not None:
            self._bookmarker.cancel()
            self._bookmarker = None
        self.expire_watches()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeApiServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def go_down(self) -> None:
        """An outage: open watches end and new connections are refused until ``come_back``."""
        await self.stop()

    async def come_back(self) -> None:
        """Listen again on the same port, with the same objects and history."""
        await self.start()

    def kubeconfig(self, path: Path, *, namespace: str = "default") -> Path:
        """Write a kubeconfig for this server (token auth over plain HTTP) and return its path."""
        config = {
            "apiVersion": "v1",
            "kind": "Config",
            "clusters": [{"name": "fake", "cluster": {"server": self.url}}],
            "users": [{"name": "fake", "user": {"token": "fake-token"}}],
            "contexts": [
                {
                    "name": "fake",
                    "context": {"cluster": "fake", "user": "fake", "namespace": namespace},
                }
            ],
            "current-context": "fake",
        }
        path.write_text(yaml.safe_dump(config))
        return path

    # -- what tests do to the world -----------------------------------------------------

    def _resource_of(self, obj: Mapping[str, Any]) -> Resource:
        return self._by_kind[(str(obj.get("apiVersion")), str(obj.get("kind")))]

    def _record(
        self, resource: Resource, kind: str, obj: JsonObject, old: JsonObject | None
    ) -> None:
        change = _Change(self._rv, _key(resource), kind, obj, old)
        self._history.append(change)
        for watcher in list(self._watchers):
            watcher.offer(change)

    def create(self, obj: JsonObject) -> JsonObject:
        resource = self._resource_of(obj)
        obj = copy.deepcopy(obj)
        meta = obj.setdefault("metadata", {})
        meta.setdefault("namespace", "default")
        key = (meta["namespace"], meta["name"])
        if key in self._objects[_key(resource)]:
            raise KeyError(f"{resource.kind} {key} exists")
        self._rv += 1
        meta.update(
            resourceVersion=str(self._rv),
            uid=str(uuid.uuid4()),
            generation=1,
            creationTimestamp=_now(),
        )
        self._objects[_key(resource)][key] = obj
        self._record(resource, "ADDED", obj, None)
        return copy.deepcopy(obj)

    def get(self, resource: Resource, name: str, namespace: str = "default") -> JsonObject:
        return copy.deepcopy(self._objects[_key(resource)][(namespace, name)])

    def replace(self, obj: JsonObject) -> JsonObject:
        """Store ``obj`` as the new version (spec or metadata edits bump ``generation``)."""
        resource = self._resource_of(obj)
        obj = copy.deepcopy(obj)
        meta = obj.setdefault("metadata", {})
        meta.setdefault("namespace", "default")
        key = (meta["namespace"], meta["name"])
        old = self._objects[_key(resource)][key]
        self._rv += 1
        for kept in ("uid", "creationTimestamp", "generation"):
            meta[kept] = old["metadata"][kept]
        if obj.get("spec") != old.get("spec"):
            meta["generation"] = int(old["metadata"]["generation"]) + 1
        if resource.group:  # custom resources have a status subresource: spec writes keep it
            obj.pop("status", None)
            if "status" in old:
                obj["status"] = copy.deepcopy(old["status"])
        meta["resourceVersion"] = str(self._rv)
        self._objects[_key(resource)][key] = obj
        self._record(resource, "MODIFIED", obj, old)
        return copy.deepcopy(obj)

    def update(
        self,
        resource: Resource,
        name: str,
        change: Callable[[JsonObject], None],
        namespace: str = "default",
    ) -> JsonObject:
        """Apply ``change`` to a copy of the object and store it."""
        obj = self.get(resource, name, namespace)
        change(obj)
        return self.replace(obj)

    def delete(self, resource: Resource, name: str, namespace: str = "default") -> None:
        old = self._objects[_key(resource)].pop((namespace, name))
        self._rv += 1
        gone = copy.deepcopy(old)
        gone["metadata"]["resourceVersion"] = str(self._rv)
        self._record(resource, "DELETED", gone, old)

    def bookmark(self) -> None:
        """Send a BOOKMARK at the current version to every watch that allows them."""
        self.bookmarks_sent += 1
        for watcher in self._watchers:
            if watcher.bookmarks:
                resource = self._resources[watcher.resource]
                watcher.queue.put_nowait(
                    {
                        "type": "BOOKMARK",
                        "object": {
                            "kind": resource.kind,
                            "apiVersion": resource.api_version,
                            "metadata": {"resourceVersion": str(self._rv)},
                        },
                    }
                )

    def touch(self, resource: Resource, name: str, namespace: str = "default") -> None:
        """Bump the global version with a change nobody watching ``resource``'s peers sees."""
        self.update(
            resource,
            name,
            lambda o: (
                o["metadata"].setdefault("annotations", {}).update({"touched": str(self._rv)})
            ),
            namespace,
        )

    def expire_watches(self) -> None:
        """End every open watch stream normally (as ``timeoutSeconds`` would)."""
        for watcher in list(self._watchers):
            watcher.queue.put_nowait(None)

    def compact(self) -> None:
        """Forget the history: a watch from any version before now gets 410 Gone."""
        self._history.clear()
        self._oldest = self._rv

    def fail_next(
        self, count: int, status: int = 500, *, retry_after_s: float | None = None
    ) -> None:
        """Answer the next ``count`` requests with ``status`` (transient server errors, or 429
        throttling with ``Retry-After``)."""
        self._failures.extend([(status, retry_after_s)] * count)

    @property
    def pending_failures(self) -> int:
        """Injected failures (``fail_next``) not yet answered."""
        return len(self._failures)

    @property
    def resource_version(self) -> int:
        return self._rv

    @property
    def open_watches(self) -> int:
        return len(self._watchers)

    # -- HTTP ---------------------------------------------------------------------------

    def _build_app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware])
        core = "/api/{version}/namespaces/{namespace}/{plural}"
        custom = "/apis/{group}/{version}/namespaces/{namespace}/{plural}"
        for base in (core, custom):
            app.router.add_get(base, self._list_or_watch)
            app.router.add_get(base + "/{name}", self._get)
            app.router.add_post(base, self._create)
            app.router.add_put(base + "/{name}", self._replace)
            app.router.add_get(base + "/{name}/status", self._get)
            app.router.add_patch(base + "/{name}/status", self._write_status)
            app.router.add_put(base + "/{name}/status", self._write_status)
        return app

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        body: Any = None
        if request.can_read_body:
            raw = await request.read()
            try:
                body = json.loads(raw)
            except ValueError:
                body = raw.decode(errors="replace")
        self.requests.append(
            RecordedRequest(
                request.method,
                request.path,
                dict(request.query),
                request.content_type,
                body,
                time.monotonic(),
            )
        )
        if self._failures:
            code, retry_after_s = self._failures.pop(0)
            reason = "TooManyRequests" if code == 429 else "InternalError"
            headers = {} if retry_after_s is None else {"Retry-After": f"{retry_after_s:g}"}
            return web.json_response(
                _status(code, reason, "injected failure"), status=code, headers=headers
            )
        try:
            response: web.StreamResponse = await handler(request)
        except _HttpError as exc:
            return web.json_response(_status(exc.code, exc.reason, exc.message), status=exc.code)
        return response

    def _target(self, request: web.Request) -> tuple[Resource, str]:
        info = request.match_info
        key = (info.get("group", ""), info["version"], info["plural"])
        resource = self._resources.get(key)
        if resource is None:
            raise _HttpError(404, "NotFound", "the server could not find the requested resource")
        if resource in self.forbidden:
            raise _HttpError(
                403,
                "Forbidden",
                f'{resource} is forbidden: User "system:serviceaccount:default:epp" cannot '
                f'{request.method.lower()} resource "{resource.plural}" in API group '
                f'"{resource.group}" in the namespace "{info["namespace"]}"',
            )
        if resource == SECRETS and self.allowed_secrets is not None:
            name = info.get("name")
            if name is None:
                selected = request.query.get("fieldSelector", "")
                prefix = "metadata.name="
                if selected.startswith(prefix) and "," not in selected:
                    name = selected[len(prefix) :]
            if name is None or name not in self.allowed_secrets:
                what = f'"{name}"' if name else "(all)"
                raise _HttpError(
                    403,
                    "Forbidden",
                    f'secrets {what} is forbidden: User "system:serviceaccount:default:epp" '
                    f'cannot {"get" if name else "list"} resource "secrets" in API group "" '
                    f'in the namespace "{info["namespace"]}"',
                )
        return resource, info["namespace"]

    def _matcher(self, request: web.Request, namespace: str) -> Callable[[JsonObject], bool]:
        labels = _label_matcher(request.query.get("labelSelector"))
        try:
            fields = _field_matcher(request.query.get("fieldSelector"))
        except ValueError as exc:
            raise _HttpError(400, "BadRequest", str(exc)) from None

        def matches(obj: JsonObject) -> bool:
            meta = obj.get("metadata") or {}
            return (
                meta.get("namespace") == namespace
                and labels(meta.get("labels") or {})
                and fields(meta)
            )

        return matches

    async def _list_or_watch(self, request: web.Request) -> web.StreamResponse:
        resource, namespace = self._target(request)
        matches = self._matcher(request, namespace)
        if request.query.get("watch") in ("1", "true", "True"):
            return await self._watch(request, resource, namespace, matches)
        items = [copy.deepcopy(o) for o in self._objects[_key(resource)].values() if matches(o)]
        return web.json_response(
            {
                "kind": f"{resource.kind}List",
                "apiVersion": resource.api_version,
                "metadata": {"resourceVersion": str(self._rv)},
                "items": items,
            }
        )

    async def _watch(
        self,
        request: web.Request,
        resource: Resource,
        namespace: str,
        matches: Callable[[JsonObject], bool],
    ) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "application/json"})
        response.enable_chunked_encoding()
        await response.prepare(request)
        since_raw = request.query.get("resourceVersion", "")
        since = int(since_raw) if since_raw.isdigit() else 0
        if since and since < self._oldest:
            message = f"too old resource version: {since} ({self._oldest})"
            event = {"type": "ERROR", "object": _status(410, "Expired", message)}
            await response.write(json.dumps(event).encode() + b"\n")
            return response
        watcher = _Watcher(
            _key(resource),
            namespace,
            matches,
            request.query.get("allowWatchBookmarks") in ("1", "true", "True"),
        )
        if since:
            for change in self._history:
                if change.rv > since:
                    watcher.offer(change)
        else:  # no version: the current state as ADDED events first, as the API server does
            for obj in self._objects[_key(resource)].values():
                watcher.offer(_Change(self._rv, _key(resource), "ADDED", obj, None))
        self._watchers.add(watcher)
        timeout_raw = request.query.get("timeoutSeconds", "")
        deadline = asyncio.get_running_loop().time() + (
            float(timeout_raw) if timeout_raw.isdigit() else 3600.0
        )
        try:
            while True:
                remaining = deadline - asyncio.get_running_loop().time()
                if remaining <= 0:
                    break
                try:
                    async with asyncio.timeout(remaining):
                        next_event: JsonObject | None = await watcher.queue.get()
                except TimeoutError:
                    break
                if next_event is None:
                    break
                await response.write(json.dumps(next_event).encode() + b"\n")
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self._watchers.discard(watcher)
        with contextlib.suppress(ConnectionResetError):
            await response.write_eof()
        return response

    async def _get(self, request: web.Request) -> web.Response:
        resource, namespace = self._target(request)
        obj = self._objects[_key(resource)].get((namespace, request.match_info["name"]))
        if obj is None:
            raise _HttpError(
                404, "NotFound", f"{resource.plural} {request.match_info['name']} not found"
            )
        return web.json_response(obj)

    async def _body(self, request: web.Request) -> JsonObject:
        try:
            body = json.loads(await request.read())
        except ValueError:
            body = None
        if not isinstance(body, dict):
            raise _HttpError(400, "BadRequest", "the body must be a JSON object")
        return body

    async def _create(self, request: web.Request) -> web.Response:
        resource, namespace = self._target(request)
        body = await self._body(request)
        meta = body.setdefault("metadata", {})
        meta["namespace"] = namespace
        if (namespace, meta.get("name")) in self._objects[_key(resource)]:
            raise _HttpError(409, "AlreadyExists", f"{resource.plural} {meta.get('name')} exists")
        body["apiVersion"], body["kind"] = resource.api_version, resource.kind
        return web.json_response(self.create(body), status=201)

    async def _replace(self, request: web.Request) -> web.Response:
        """PUT of the whole object: 409 on a stale ``metadata.resourceVersion``."""
        resource, namespace = self._target(request)
        name = request.match_info["name"]
        old = self._objects[_key(resource)].get((namespace, name))
        if old is None:
            raise _HttpError(404, "NotFound", f"{resource.plural} {name} not found")
        body = await self._body(request)
        sent_rv = (body.get("metadata") or {}).get("resourceVersion")
        if sent_rv and sent_rv != old["metadata"]["resourceVersion"]:
            self.conflicts += 1
            raise _HttpError(409, "Conflict", "the object has been modified")
        body["apiVersion"], body["kind"] = resource.api_version, resource.kind
        body.setdefault("metadata", {}).update(name=name, namespace=namespace)
        return web.json_response(self.replace(body))

    async def _write_status(self, request: web.Request) -> web.Response:
        resource, namespace = self._target(request)
        name = request.match_info["name"]
        objects = self._objects[_key(resource)]
        old = objects.get((namespace, name))
        if old is None:
            raise _HttpError(404, "NotFound", f"{resource.plural} {name} not found")
        try:
            body = json.loads(await request.read())
        except ValueError:
            body = None
        if not isinstance(body, dict):
            raise _HttpError(400, "BadRequest", "the body must be a JSON object")
        obj = copy.deepcopy(old)
        # A resourceVersion in the body is a precondition, for a patch as for a put.
        sent_rv = (body.get("metadata") or {}).get("resourceVersion")
        if sent_rv and sent_rv != old["metadata"]["resourceVersion"]:
            self.conflicts += 1
            raise _HttpError(409, "Conflict", "the object has been modified")
        if request.method == "PATCH":
            if request.content_type != "application/merge-patch+json":
                raise _HttpError(
                    415, "UnsupportedMediaType", f"{request.content_type} not supported"
                )
            obj["status"] = merge_patch(old.get("status") or {}, body.get("status") or {})
        else:
            obj["status"] = copy.deepcopy(body.get("status") or {})
        validator = self._validators.get(_key(resource))
        if validator is not None:
            problems = sorted(validator.iter_errors(obj), key=lambda e: list(e.absolute_path))
            if problems:
                self.rejected_writes += 1
                where = ".".join(str(p) for p in problems[0].absolute_path)
                raise _HttpError(
                    422,
                    "Invalid",
                    f'{resource.kind}.{resource.group} "{name}" is invalid: '
                    f"{where}: {problems[0].message}",
                )
        if obj == old:
            return web.json_response(obj)  # a no-op write does not bump the version
        self._rv += 1
        obj["metadata"]["resourceVersion"] = str(self._rv)
        objects[(namespace, name)] = obj
        self._record(resource, "MODIFIED", obj, old)
        return web.json_response(obj)


class _HttpError(Exception):
    def __init__(self, code: int, reason: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason
        self.message = message
