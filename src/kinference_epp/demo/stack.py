"""Envoy + the picker + simulated vLLM pods on loopback: the embedded default.

One object starts the three real parts in order (pods, picker, Envoy) on free ports and stops
them in reverse. The demo runs a workload through it; the integration tests and the picker-cost
benchmark use the same stack, so what the README shows is what the tests check.
"""

from __future__ import annotations

import contextlib
import secrets
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

from kinference_epp.app import App
from kinference_epp.config.flow import FlowControlConfig
from kinference_epp.config.kubernetes import KubernetesConfig
from kinference_epp.config.model import (
    ControlConfig,
    EndpointConfig,
    EppConfig,
    PluginConfig,
    PoolConfig,
    SchedulerConfig,
    ScrapeConfig,
    ServerConfig,
    ShedConfig,
    TlsConfig,
)
from kinference_epp.config.tenancy import TenancyConfig
from kinference_epp.config.tokenizers import TokenizerConfig, TokenizerSource
from kinference_epp.config.usage_source import UsageSourceConfig
from kinference_epp.gateway.options import EnvoyOptions, ProviderRoute
from kinference_epp.gateway.process import EnvoyProcess, free_port
from kinference_epp.sim.runner import SimCluster, ephemeral_specs, start_pods
from kinference_epp.sim.server import PodSpec
from kinference_epp.tokenize.fixtures import default_tokenizer_dir
from kinference_epp.tokenize.protocol import Tokenizer

BodyMode = Literal["BUFFERED", "FULL_DUPLEX_STREAMED"]


@dataclass(frozen=True, slots=True)
class StackOptions:
    pods: int = 4
    model: str = "qwen3-0.6b"
    extra_models: tuple[str, ...] = ()
    """Served as LoRA adapters of ``model`` by every pod."""
    body_mode: BodyMode = "FULL_DUPLEX_STREAMED"
    router: str = "precise-prefix"
    scorers: tuple[PluginConfig, ...] | None = None
    """The scorers of ``router: weighted``."""
    fallbacks: int = 2
    shed: ShedConfig = field(default_factory=ShedConfig)
    """Shedding at saturation; its bounds are in wall seconds."""
    time_scale: float = 0.05
    """Simulated pods run this many wall seconds per simulated second (0.05: 20x real time)."""
    num_gpu_blocks: int = 2048
    max_body_bytes: int = 16 * 1024 * 1024
    test_mode: bool = False
    score_header: bool = False
    ensure_usage: bool = False
    scrape: ScrapeConfig = field(default_factory=ScrapeConfig)
    policies: tuple[str, ...] = ()
    """InferencePolicy files for the picker."""
    secrets_dir: str | None = None
    """Mounted-secret layout (<dir>/<name>/<key>) for provider API keys."""
    tokenizer: Literal["auto", "approx"] = "auto"
    """auto: the model's real tokenizer when fetched (``make tokenizers``), else the stand-in.
    Pods and picker always use the same one, or prefix hashes could never match."""
    provider_routes: tuple[ProviderRoute, ...] = ()
    identity_filters: tuple[Mapping[str, Any], ...] = ()
    """Envoy filters that may set ``x-kinference-tenant`` (a client's own is removed)."""
    pod_template: PodSpec = field(default_factory=PodSpec)
    tenancy: TenancyConfig | None = None
    """Tenants with keys and limits (None: the tenant is only a trusted header)."""
    picker_tls: bool = False
    """The picker serves ext_proc over TLS (self-signed) and Envoy dials it so."""
    upstream_timeout_s: float = 0.0
    """Envoy's whole-request timeout to a pod (504 ``upstream_timeout``); 0: none."""
    debug_headers: bool = True
    """Envoy returns ``x-kinference-upstream`` (and the scores): the demo shows which pod
    served each request, and tests check it."""
    max_model_len: int | None = None
    """The picker's context length for the model (default: its tokenizer configuration's)."""
    usage: UsageSourceConfig = field(default_factory=UsageSourceConfig)
    """Where the picker takes usage from (the access log, or the response body)."""
    gateway: Callable[[EnvoyOptions], Mapping[str, Any]] | None = None
    """Envoy's bootstrap as another gateway would generate it, from the options the stack
    would give the shipped config (None: the shipped config itself)."""
    control: ControlConfig | None = None
    """Who may call the picker's access-log service and Pick API (None: the stack's token,
    which Envoy presents)."""
    flow_control: FlowControlConfig | None = None
    """Saturated requests wait in the picker, in fair-share order (None: refused at once)."""


class LocalStack:
    """``async with LocalStack(opts) as stack:`` then send HTTP to ``stack.url``."""

    def __init__(self, options: StackOptions | None = None) -> None:
        self.options = options or StackOptions()
        self.cluster: SimCluster | None = None
        self.picker: App | None = None
        self.envoy: EnvoyProcess | None = None
        self.url = ""
        self.control_token = secrets.token_urlsafe(24)
        """The picker's control token (Envoy's access log presents it; so do Pick API
        callers)."""
        self._token_dir = tempfile.TemporaryDirectory(prefix="kinference-control-")
        self.control_token_file = Path(self._token_dir.name) / "token"
        self.control_token_file.write_text(self.control_token)
        self.control_token_file.chmod(0o600)
        self._stack = contextlib.AsyncExitStack()
        self._stack.callback(self._token_dir.cleanup)

    def tokenizer_dir(self) -> Path | None:
        return default_tokenizer_dir() if self.options.tokenizer == "auto" else None

    def picker_config(self, cluster: SimCluster) -> EppConfig:
        o = self.options
        tok_dir = self.tokenizer_dir()
        sources = (
            [
                TokenizerSource(
                    models=[o.model, *o.extra_models], path=tok_dir, max_model_len=o.max_model_len
                )
            ]
            if tok_dir
            else []
        )
        return EppConfig(
            tokenizers=TokenizerConfig(sources=sources),
            pool=PoolConfig(
                name="demo-pool",
                endpoints=[
                    EndpointConfig(
                        address=a.hostport,
                        name=a.name,
                        models=list(a.models),
                        kv_events=a.kv_events_endpoint,
                        kv_replay=a.replay_endpoint,
                    )
                    for a in cluster.addresses
                ],
            ),
            scheduler=SchedulerConfig(
                router=o.router,
                scorers=list(o.scorers) if o.scorers is not None else None,
                fallbacks=o.fallbacks,
                shed=o.shed,
            ),
            scrape=o.scrape,
            policies=list(o.policies),
            server=ServerConfig(
                host="127.0.0.1",
                grpc_port=0,
                health_port=0,
                metrics_port=0,
                max_body_bytes=o.max_body_bytes,
                test_mode=o.test_mode,
                score_header=o.score_header,
                ensure_usage=o.ensure_usage,
                secrets_dir=o.secrets_dir or ServerConfig().secrets_dir,
                tls=TlsConfig(enabled=o.picker_tls),
                control=o.control or ControlConfig(token_file=str(self.control_token_file)),
            ),
            tenancy=o.tenancy,
            kubernetes=self.kubernetes_config(cluster),
            usage=o.usage,
            flow_control=o.flow_control,
        )

    def kubernetes_config(self, cluster: SimCluster) -> KubernetesConfig | None:
        """Where the picker would discover its pool from Kubernetes: nowhere, here (the pods are
        listed); a stack on an API server says how to reach it."""
        return None

    async def __aenter__(self) -> LocalStack:
        try:
            await self._start()
        except BaseException:
            await self._stack.aclose()
            raise
        return self

    async def _start(self) -> None:
        o = self.options
        template = replace(
            o.pod_template,
            models=(o.model, *o.extra_models),
            time_scale=o.time_scale,
            num_gpu_blocks=o.num_gpu_blocks,
            tokenizer_dir=str(tok) if (tok := self.tokenizer_dir()) else None,
        )
        self.cluster = await start_pods(ephemeral_specs(o.pods, template))
        self._stack.push_async_callback(self.cluster.close)

        # Envoy first (it retries the picker until it is up): forking Envoy once the picker's
        # gRPC threads run makes gRPC warn about fork handlers.
        grpc_port = free_port()
        listener = free_port()
        envoy_options = EnvoyOptions(
            listener_host="127.0.0.1",
            listener_port=listener,
            admin_port=free_port(),
            pickers=(f"127.0.0.1:{grpc_port}",),
            body_mode=o.body_mode,
            send_response_headers=o.test_mode or o.ensure_usage,
            test_mode=o.test_mode,
            pool=tuple(a.hostport for a in self.cluster.addresses),
            provider_routes=o.provider_routes,
            identity_filters=o.identity_filters,
            max_request_bytes=max(o.max_body_bytes * 2, 1024 * 1024),
            picker_tls=o.picker_tls,
            control_token=self.control_token,
            debug_headers=o.debug_headers,
            upstream_timeout_s=o.upstream_timeout_s,
        )
        self.envoy = EnvoyProcess(envoy_options if o.gateway is None else o.gateway(envoy_options))
        await self.envoy.start()
        self._stack.push_async_callback(self.envoy.stop)

        config = self.picker_config(self.cluster)
        config = config.model_copy(
            update={"server": config.server.model_copy(update={"grpc_port": grpc_port})}
        )
        self.picker = App(config)
        await self.picker.start()
        self._stack.push_async_callback(self._stop_picker)
        self.url = f"http://127.0.0.1:{listener}"

    async def restart_picker(self) -> None:
        """Stop the picker as a rolling update does (gracefully) and start a new one with the
        same config on the same ports; Envoy reconnects to it."""
        assert self.picker is not None
        await self.picker.stop(1.0)
        self.picker = App(self.picker.config)
        await self.picker.start()

    async def _stop_picker(self) -> None:
        if self.picker is not None:
            await self.picker.stop(1.0)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self._stack.aclose()

    @property
    def tokenizer(self) -> Tokenizer:
        """The tokenizer pods and picker use for the stack's model."""
        assert self.picker is not None
        return self.picker.tokenizers.for_model(self.options.model)

    @property
    def metrics_url(self) -> str:
        assert self.picker is not None
        assert self.picker.ports is not None
        return f"http://127.0.0.1:{self.picker.ports.metrics}/metrics"
