"""The one place that talks to the Kubernetes API: list, watch and status patches, as plain dicts.

Everything above this module (the watch layer, pool discovery, policy status) sees a
:class:`KubeApi` and raw JSON objects, never kubernetes-asyncio's generated models: decoding a
pod into ``V1Pod`` costs far more than reading the few fields we need, and a small Protocol is
what tests and other clients can stand in for. :class:`KubernetesAsyncioApi` is the real
implementation; it keeps the library's auth, TLS and config handling and reads the responses
itself (``_preload_content=False``), so a watch stream is read line by line with no limit on
an object's size.
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Awaitable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

import aiohttp
from kubernetes_asyncio import client as k8s_client
from kubernetes_asyncio import config as k8s_config

JsonObject = dict[str, Any]

_SERVICE_ACCOUNT_NAMESPACE = Path("/var/run/secrets/kubernetes.io/serviceaccount/namespace")


@dataclass(frozen=True, slots=True)
class Resource:
    """A namespaced API resource: where to list and watch it."""

    group: str
    """API group; ``""`` for the core group (pods)."""
    version: str
    plural: str
    kind: str

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    def __str__(self) -> str:
        return f"{self.plural}.{self.group}" if self.group else self.plural


PODS = Resource("", "v1", "pods", "Pod")
INFERENCE_POOLS = Resource("inference.networking.k8s.io", "v1", "inferencepools", "InferencePool")
INFERENCE_POOLS_V1ALPHA2 = Resource(
    "inference.networking.x-k8s.io", "v1alpha2", "inferencepools", "InferencePool"
)
"""The Inference Extension's pre-GA group (GIE up to v0.5, still served by many installs)."""
POOL_RESOURCES = {r.group: r for r in (INFERENCE_POOLS, INFERENCE_POOLS_V1ALPHA2)}
INFERENCE_POLICIES = Resource("kinference.io", "v1alpha1", "inferencepolicies", "InferencePolicy")
INFERENCE_TENANTS = Resource("kinference.io", "v1alpha1", "inferencetenants", "InferenceTenant")
SECRETS = Resource("", "v1", "secrets", "Secret")
"""Provider keys are read by name (:meth:`KubeApi.get`); tenants' key Secrets are watched one
by one with a ``metadata.name`` field selector, which a Role's ``resourceNames`` can grant."""
LEASES = Resource("coordination.k8s.io", "v1", "leases", "Lease")
"""Leader election (``k8s.leader``): read, created and replaced by name."""


class ApiError(Exception):
    """A non-2xx answer from the API server (or a watch ERROR event), with its HTTP status."""

    def __init__(self, status: int, reason: str, *, retry_after_s: float | None = None) -> None:
        super().__init__(f"{status}: {reason}")
        self.status = status
        self.reason = reason
        self.retry_after_s = retry_after_s
        """The server's ``Retry-After`` (429 from API priority and fairness, some 5xx)."""


def retry_after(headers: Mapping[str, str] | None) -> float | None:
    """Seconds of a ``Retry-After`` header given in seconds (the API server's form)."""
    value = (headers or {}).get("Retry-After") or (headers or {}).get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class ObjectList:
    items: list[JsonObject]
    resource_version: str


class KubeApi(Protocol):
    """List, watch, get and patch-status for namespaced resources, in raw JSON."""

    async def list(
        self,
        resource: Resource,
        namespace: str,
        *,
        label_selector: str | None = None,
        field_selector: str | None = None,
    ) -> ObjectList: ...

    def watch(
        self,
        resource: Resource,
        namespace: str,
        *,
        resource_version: str,
        timeout_s: int,
        label_selector: str | None = None,
        field_selector: str | None = None,
    ) -> AsyncIterator[JsonObject]:
        """Watch events (``{"type": ..., "object": ...}``) until the server ends the stream."""
        ...

    async def get(self, resource: Resource, namespace: str, name: str) -> JsonObject:
        """One object by name; :class:`ApiError` 404 when there is none."""
        ...

    async def patch_status(
        self, resource: Resource, namespace: str, name: str, patch: JsonObject
    ) -> JsonObject:
        """JSON merge-patch (RFC 7386) of the ``status`` subresource; returns the new object."""
        ...

    async def create(self, resource: Resource, namespace: str, obj: JsonObject) -> JsonObject:
        """Create ``obj``; :class:`ApiError` 409 when one of its name exists."""
        ...

    async def replace(
        self, resource: Resource, namespace: str, name: str, obj: JsonObject
    ) -> JsonObject:
        """Replace the object (PUT): 409 when ``obj``'s ``metadata.resourceVersion`` is not
        the current one."""
        ...

    async def close(self) -> None: ...


def _selectors(label_selector: str | None, field_selector: str | None) -> dict[str, str]:
    out: dict[str, str] = {}
    if label_selector:
        out["label_selector"] = label_selector
    if field_selector:
        out["field_selector"] = field_selector
    return out


async def _raise_for_status(resp: aiohttp.ClientResponse) -> None:
    if resp.status < 300:
        return
    body = await resp.text()
    resp.release()
    try:
        reason = str(json.loads(body).get("message", body))
    except ValueError:
        reason = body or (resp.reason or "")
    raise ApiError(resp.status, reason, retry_after_s=retry_after(resp.headers))


def _api_error(exc: k8s_client.ApiException) -> ApiError:
    headers = exc.headers if isinstance(exc.headers, Mapping) else None
    return ApiError(int(exc.status or 0), str(exc.reason), retry_after_s=retry_after(headers))


class KubernetesAsyncioApi:
    """:class:`KubeApi` over kubernetes-asyncio's ``CoreV1Api`` and ``CustomObjectsApi``."""

    def __init__(self, api_client: k8s_client.ApiClient, *, request_timeout_s: float = 30.0):
        self._client = api_client
        self._core = k8s_client.CoreV1Api(api_client)
        self._custom = k8s_client.CustomObjectsApi(api_client)
        self._timeout = request_timeout_s

    async def _get(
        self, resource: Resource, namespace: str, limits: aiohttp.ClientTimeout, **query: Any
    ) -> aiohttp.ClientResponse:
        # With _preload_content=False the generated methods return aiohttp's raw response.
        query.update(_preload_content=False, _request_timeout=limits)
        coro: Awaitable[Any]
        if resource.group:
            coro = self._custom.list_namespaced_custom_object(
                resource.group, resource.version, namespace, resource.plural, **query
            )
        elif resource.plural == "pods":
            coro = self._core.list_namespaced_pod(namespace, **query)
        elif resource.plural == "secrets":
            coro = self._core.list_namespaced_secret(namespace, **query)
        else:
            raise ValueError(f"unsupported core resource {resource.plural}")
        return await self._send(coro)

    async def _send(self, coro: Awaitable[Any]) -> aiohttp.ClientResponse:
        try:
            resp = cast(aiohttp.ClientResponse, await coro)
        except k8s_client.ApiException as exc:
            raise _api_error(exc) from exc
        await _raise_for_status(resp)
        return resp

    async def list(
        self,
        resource: Resource,
        namespace: str,
        *,
        label_selector: str | None = None,
        field_selector: str | None = None,
    ) -> ObjectList:
        timeout = aiohttp.ClientTimeout(total=self._timeout)
        resp = await self._get(
            resource, namespace, timeout, **_selectors(label_selector, field_selector)
        )
        try:
            body = await resp.json(content_type=None)
        finally:
            resp.release()
        return ObjectList(
            items=list(body.get("items") or []),
            resource_version=str(body.get("metadata", {}).get("resourceVersion", "")),
        )

    async def watch(
        self,
        resource: Resource,
        namespace: str,
        *,
        resource_version: str,
        timeout_s: int,
        label_selector: str | None = None,
        field_selector: str | None = None,
    ) -> AsyncIterator[JsonObject]:
        # The server closes the stream after timeout_s; a silent connection is dead after more.
        timeout = aiohttp.ClientTimeout(
            sock_connect=self._timeout, sock_read=timeout_s + self._timeout
        )
        resp = await self._get(
            resource,
            namespace,
            timeout,
            watch=True,
            allow_watch_bookmarks=True,
            resource_version=resource_version,
            timeout_seconds=timeout_s,
            **_selectors(label_selector, field_selector),
        )
        try:
            buffer = b""
            while True:
                chunk = await resp.content.readany()
                if not chunk:
                    break
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    if line.strip():
                        yield json.loads(line)
            if buffer.strip():
                yield json.loads(buffer)
        finally:
            resp.release()

    async def get(self, resource: Resource, namespace: str, name: str) -> JsonObject:
        query: dict[str, Any] = {
            "_preload_content": False,
            "_request_timeout": aiohttp.ClientTimeout(total=self._timeout),
        }
        coro: Awaitable[Any]
        if resource.group:
            coro = self._custom.get_namespaced_custom_object(
                resource.group, resource.version, namespace, resource.plural, name, **query
            )
        elif resource.plural == "secrets":
            coro = self._core.read_namespaced_secret(name, namespace, **query)
        elif resource.plural == "pods":
            coro = self._core.read_namespaced_pod(name, namespace, **query)
        else:
            raise ValueError(f"unsupported core resource {resource.plural}")
        resp = await self._send(coro)
        try:
            body: JsonObject = await resp.json(content_type=None)
        finally:
            resp.release()
        return body

    async def patch_status(
        self, resource: Resource, namespace: str, name: str, patch: JsonObject
    ) -> JsonObject:
        try:
            # _content_type is a documented runtime keyword missing from the library's stubs.
            result: JsonObject = await self._custom.patch_namespaced_custom_object_status(  # type: ignore[call-arg]
                resource.group,
                resource.version,
                namespace,
                resource.plural,
                name,
                patch,
                _content_type="application/merge-patch+json",
                _request_timeout=self._timeout,
            )
        except k8s_client.ApiException as exc:
            raise _api_error(exc) from exc
        return result

    async def create(self, resource: Resource, namespace: str, obj: JsonObject) -> JsonObject:
        try:
            result: JsonObject = await self._custom.create_namespaced_custom_object(
                resource.group,
                resource.version,
                namespace,
                resource.plural,
                obj,
                _request_timeout=self._timeout,
            )
        except k8s_client.ApiException as exc:
            raise _api_error(exc) from exc
        return result

    async def replace(
        self, resource: Resource, namespace: str, name: str, obj: JsonObject
    ) -> JsonObject:
        try:
            result: JsonObject = await self._custom.replace_namespaced_custom_object(
                resource.group,
                resource.version,
                namespace,
                resource.plural,
                name,
                obj,
                _request_timeout=self._timeout,
            )
        except k8s_client.ApiException as exc:
            raise _api_error(exc) from exc
        return result

    async def close(self) -> None:
        await self._client.close()


async def connect(
    kubeconfig: str | None = None, context: str | None = None, *, request_timeout_s: float = 30.0
) -> KubernetesAsyncioApi:
    """A client from in-cluster service-account credentials, else from a kubeconfig.

    In-cluster is chosen when no kubeconfig is named and ``KUBERNETES_SERVICE_HOST`` is set,
    as client-go does.
    """
    configuration = k8s_client.Configuration()
    if kubeconfig is None and os.environ.get("KUBERNETES_SERVICE_HOST"):
        k8s_config.load_incluster_config(client_configuration=configuration)  # type: ignore[no-untyped-call]
    else:
        await k8s_config.load_kube_config(
            config_file=kubeconfig, context=context, client_configuration=configuration
        )
    api_client = k8s_client.ApiClient(configuration)
    return KubernetesAsyncioApi(api_client, request_timeout_s=request_timeout_s)


def default_namespace(kubeconfig: str | None = None, context: str | None = None) -> str:
    """The picker's own namespace in-cluster, else the kubeconfig context's, else ``default``."""
    if kubeconfig is None and _SERVICE_ACCOUNT_NAMESPACE.exists():
        return _SERVICE_ACCOUNT_NAMESPACE.read_text().strip() or "default"
    try:
        contexts, active = k8s_config.list_kube_config_contexts(config_file=kubeconfig)
    except Exception:  # no kubeconfig at all: the API client will say so when it connects
        return "default"
    chosen: Mapping[str, Any] | None = active
    if context is not None:
        chosen = next((c for c in contexts or () if c.get("name") == context), None)
    if chosen is None:
        return "default"
    return str(chosen.get("context", {}).get("namespace") or "default")
