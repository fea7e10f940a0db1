"""What an InferencePool and its pods mean for routing: pure functions over raw JSON, no I/O.

An InferencePool (``inference.networking.k8s.io/v1``) selects pods by ``spec.selector.matchLabels``
and names the ports they serve on in ``spec.targetPorts``. Each pod that has an IP and is not
terminating yields one endpoint per *active* target port: all of them, unless the pod narrows
them with the active-ports annotation (llm-d's ``llm-d.ai/active-ports`` or the Inference
Extension's original ``inference.networking.k8s.io/active-ports``, comma-separated ports), which
is how a data-parallel pod says which ranks are up. A pod that is running but not Ready keeps its
endpoints, marked not ready, so its KV-event subscription and index survive a readiness blip.
"""

from __future__ import annotations

import ipaddress
import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.pool.endpoint import Endpoint, EndpointKey

log = logging.getLogger(__name__)

ACTIVE_PORTS_ANNOTATIONS = (
    "llm-d.ai/active-ports",
    "inference.networking.k8s.io/active-ports",
)


@dataclass(frozen=True, slots=True)
class PoolSpec:
    """The parts of an InferencePool's spec that decide membership."""

    selector: Mapping[str, str]
    target_ports: tuple[int, ...]

    def label_selector(self) -> str:
        """The selector in the API's ``labelSelector`` query syntax (equality terms, ANDed)."""
        return ",".join(f"{k}={v}" for k, v in sorted(self.selector.items()))


def parse_pool(obj: Mapping[str, Any]) -> PoolSpec:
    """The pool's selector and ports; ``ValueError`` says what is wrong with an unusable spec.

    Both API versions: ``v1`` (``selector.matchLabels``, ``targetPorts[].number``) and the
    pre-GA ``inference.networking.x-k8s.io/v1alpha2`` (a flat ``selector`` map and one
    ``targetPortNumber``).
    """
    spec = obj.get("spec") or {}
    if str(obj.get("apiVersion", "")).startswith("inference.networking.x-k8s.io/"):
        selector = spec.get("selector") or {}
        where = "spec.selector"
        entries = [{"number": spec.get("targetPortNumber")}]
    else:
        selector = (spec.get("selector") or {}).get("matchLabels") or {}
        where = "spec.selector.matchLabels"
        entries = spec.get("targetPorts") or []
    if not isinstance(selector, dict) or not selector:
        raise ValueError(f"{where} must be a non-empty map")
    ports: list[int] = []
    for entry in entries:
        number = entry.get("number") if isinstance(entry, dict) else None
        if not isinstance(number, int) or not 0 < number < 65536:
            raise ValueError(f"the pool's target port {entry!r} is invalid")
        ports.append(number)
    if not ports:
        raise ValueError("spec.targetPorts must list at least one port")
    return PoolSpec({str(k): str(v) for k, v in selector.items()}, tuple(ports))


def pod_ip(pod: Mapping[str, Any]) -> str | None:
    ip = (pod.get("status") or {}).get("podIP")
    return str(ip) if ip else None


def is_terminating(pod: Mapping[str, Any]) -> bool:
    return bool((pod.get("metadata") or {}).get("deletionTimestamp"))


def is_ready(pod: Mapping[str, Any]) -> bool:
    """The Ready condition is True and the pod is not being deleted (as the GIE EPP decides)."""
    if is_terminating(pod):
        return False
    for condition in (pod.get("status") or {}).get("conditions") or []:
        if condition.get("type") == "Ready":
            return bool(condition.get("status") == "True")
    return False


def _annotations(pod: Mapping[str, Any]) -> Mapping[str, str]:
    return (pod.get("metadata") or {}).get("annotations") or {}


def active_ports(pod: Mapping[str, Any], target_ports: Sequence[int]) -> list[int]:
    """The target ports this pod serves on, in the pool's order."""
    annotations = _annotations(pod)
    for name in ACTIVE_PORTS_ANNOTATIONS:
        value = annotations.get(name)
        if value is None:
            continue
        declared: set[int] = set()
        for part in value.split(","):
            part = part.strip()
            if part.isdigit():
                declared.add(int(part))
        return [p for p in target_ports if p in declared]
    return list(target_ports)


def _serving_container(pod: Mapping[str, Any], ports: Sequence[int]) -> Mapping[str, Any] | None:
    containers = (pod.get("spec") or {}).get("containers") or []
    for container in containers:
        for port in container.get("ports") or []:
            if port.get("containerPort") in ports:
                return dict(container)
    return containers[0] if containers else None


def _flag_values(args: Sequence[str], flag: str) -> list[str]:
    """Values of ``--flag v1 v2`` / ``--flag=v`` up to the next option (vLLM's nargs='+')."""
    values: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == flag:
            i += 1
            while i < len(args) and not args[i].startswith("-"):
                values.append(args[i])
                i += 1
            continue
        if arg.startswith(flag + "="):
            values.append(arg.split("=", 1)[1])
        i += 1
    return values


def _lora_names(values: Sequence[str]) -> list[str]:
    names = []
    for value in values:
        if value.startswith("{"):
            try:
                names.append(str(json.loads(value)["name"]))
            except (ValueError, KeyError, TypeError):
                continue
        elif "=" in value:
            names.append(value.split("=", 1)[0])
    return names


def models_from_args(args: Sequence[str]) -> list[str]:
    """Model names a vLLM command line serves: served names (or the model), plus LoRA names."""
    names = _flag_values(args, "--served-model-name")
    if not names:
        names = _flag_values(args, "--model")[:1]
    if not names and "serve" in args:
        rest = args[args.index("serve") + 1 :]
        if rest and not rest[0].startswith("-"):
            names = [rest[0]]
    return names + _lora_names(_flag_values(args, "--lora-modules"))


def served_models(
    pod: Mapping[str, Any], config: KubernetesConfig, ports: Sequence[int]
) -> list[str]:
    """The pod's model names in order; the first is its base model (vLLM's first served name)."""
    discovery = config.models
    annotated = _annotations(pod).get(discovery.annotation)
    if annotated:
        return _unique(m.strip() for m in annotated.split(",") if m.strip())
    if discovery.from_args:
        container = _serving_container(pod, ports)
        if container is not None:
            args = [
                str(a) for a in (container.get("command") or []) + (container.get("args") or [])
            ]
            found = models_from_args(args)
            if found:
                return _unique(found)
    return _unique(discovery.default_models)


def _unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))


def _host(ip: str) -> str:
    try:
        return f"[{ip}]" if ipaddress.ip_address(ip).version == 6 else ip
    except ValueError:
        return ip


def _int_annotation(pod: Mapping[str, Any], name: str, default: int | None) -> int | None:
    value = _annotations(pod).get(name)
    if value is not None and value.strip().isdigit():
        return int(value)
    return default


def pod_endpoints(
    pod: Mapping[str, Any], spec: PoolSpec, config: KubernetesConfig
) -> list[Endpoint]:
    """The endpoints a pod contributes (none without an IP or while terminating)."""
    ip = pod_ip(pod)
    if ip is None or is_terminating(pod):
        return []
    meta = pod.get("metadata") or {}
    name = str(meta.get("name") or ip)
    ports = active_ports(pod, spec.target_ports)
    models = served_models(pod, config, ports)
    fixed = bool(_annotations(pod).get(config.models.annotation))  # the operator's word
    host = _host(ip)
    kv = config.kv_events
    kv_port = _int_annotation(pod, kv.port_annotation, kv.port)
    replay_port = _int_annotation(pod, kv.replay_port_annotation, kv.replay_port)
    metrics_port = _int_annotation(pod, config.metrics.port_annotation, config.metrics.port)
    labels = {str(k): str(v) for k, v in (meta.get("labels") or {}).items()}
    endpoints = []
    for rank, port in enumerate(ports):
        endpoints.append(
            Endpoint(
                key=EndpointKey(f"{host}:{port}"),
                models=frozenset(models),
                base_model=models[0] if models else "",
                metrics_url=f"http://{host}:{metrics_port or port}{config.metrics.path}",
                kv_events=f"tcp://{host}:{kv_port + rank}" if kv.enabled and kv_port else None,
                kv_replay=(
                    f"tcp://{host}:{replay_port + rank}" if kv.enabled and replay_port else None
                ),
                name=name if len(ports) == 1 else f"{name}-rank-{rank}",
                labels=labels,
                models_fixed=fixed,
            )
        )
    return endpoints
