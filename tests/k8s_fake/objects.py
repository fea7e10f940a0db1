"""Kubernetes objects as the API server returns them, for tests to create in the fake server."""

from __future__ import annotations

import base64
from collections.abc import Iterable, Mapping

from kinference_epp.k8s.api import INFERENCE_POOLS, INFERENCE_POOLS_V1ALPHA2, JsonObject


def pod(
    name: str,
    ip: str | None,
    *,
    labels: Mapping[str, str] | None = None,
    ready: bool = True,
    namespace: str = "default",
    port: int = 8000,
    args: Iterable[str] = (),
    annotations: Mapping[str, str] | None = None,
) -> JsonObject:
    """A vLLM-like Pod object as the API server would return it."""
    status: JsonObject = {
        "phase": "Running" if ip else "Pending",
        "conditions": [{"type": "Ready", "status": "True" if ready else "False"}],
    }
    if ip:
        status["podIP"] = ip
        status["podIPs"] = [{"ip": ip}]
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": name,
            "namespace": namespace,
            "labels": dict(labels or {"app": "vllm"}),
            "annotations": dict(annotations or {}),
        },
        "spec": {
            "containers": [
                {
                    "name": "vllm",
                    "image": "vllm/vllm-openai",
                    "args": list(args),
                    "ports": [{"containerPort": port, "name": "http"}],
                }
            ]
        },
        "status": status,
    }


def inference_pool(
    name: str,
    *,
    selector: Mapping[str, str] | None = None,
    ports: Iterable[int] = (8000,),
    namespace: str = "default",
    picker_service: str = "kinference-epp",
) -> JsonObject:
    """An ``inference.networking.k8s.io/v1`` InferencePool object."""
    return {
        "apiVersion": INFERENCE_POOLS.api_version,
        "kind": INFERENCE_POOLS.kind,
        "metadata": {"name": name, "namespace": namespace},
        "spec": {
            "selector": {"matchLabels": dict(selector or {"app": "vllm"})},
            "targetPorts": [{"number": p} for p in ports],
            "endpointPickerRef": {
                "kind": "Service",
                "name": picker_service,
                "port": {"number": 9002},
                "failureMode": "FailClose",
            },
        },
    }


def inference_pool_v1alpha2(
    name: str,
    *,
    selector: Mapping[str, str] | None = None,
    port: int = 8000,
    namespace: str = "default",
    picker_service: str = "kinference-epp",
) -> JsonObject:
    """An ``inference.networking.x-k8s.io/v1alpha2`` InferencePool (the pre-GA shape)."""
    return {
        "apiVersion": INFERENCE_POOLS_V1ALPHA2.api_version,
        "kind": INFERENCE_POOLS_V1ALPHA2.kind,
        "metadata": {"name": name, "namespace": namespace},
        "spec": {
            "selector": dict(selector or {"app": "vllm"}),
            "targetPortNumber": port,
            "extensionRef": {"name": picker_service, "failureMode": "FailClose"},
        },
    }


def secret(
    name: str, data: Mapping[str, str], *, namespace: str = "default", type_: str = "Opaque"
) -> JsonObject:
    """A Secret object; ``data`` values are given in clear and stored base64-encoded."""
    return {
        "apiVersion": "v1",
        "kind": "Secret",
        "metadata": {"name": name, "namespace": namespace},
        "type": type_,
        "data": {k: base64.b64encode(v.encode()).decode() for k, v in data.items()},
    }
