"""The request pipeline's stages, in request order: the one place the list is declared.

Adding a stage is one module here plus one line in :func:`request_stages`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kinference_epp.pipeline.flow import FlowControl
from kinference_epp.pipeline.model_access import ModelAccess, TenantModels
from kinference_epp.pipeline.model_list import ModelList
from kinference_epp.pipeline.picks import PickBook
from kinference_epp.pipeline.prompt import PromptHasher
from kinference_epp.pipeline.response_homes import ResponseHomes
from kinference_epp.pipeline.runner import Pipeline
from kinference_epp.pipeline.stage import Stage
from kinference_epp.pipeline.stages.account import AccountStage
from kinference_epp.pipeline.stages.conformance import ConformanceStage
from kinference_epp.pipeline.stages.continuation import RememberResponseStage, ResponseIdStage
from kinference_epp.pipeline.stages.ensure_usage import EnsureUsageStage
from kinference_epp.pipeline.stages.identify import IdentifyStage
from kinference_epp.pipeline.stages.model_access import ModelAccessStage
from kinference_epp.pipeline.stages.parse import ModelLabel, ParseStage
from kinference_epp.pipeline.stages.policy import PolicyStage, PredictedTtft
from kinference_epp.pipeline.stages.prompt import PromptStage
from kinference_epp.pipeline.stages.prompt_limit import PromptLimitStage
from kinference_epp.pipeline.stages.schedule import ScheduleStage
from kinference_epp.pipeline.stages.surface import SurfaceStage
from kinference_epp.pipeline.stages.target import TargetStage
from kinference_epp.policy import PolicyStore
from kinference_epp.policy.secrets import SecretReader
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.telemetry.metrics import PickerMetrics

if TYPE_CHECKING:
    # pipeline.tenants builds its stages from this package: a run-time import would be a cycle
    from kinference_epp.pipeline.tenants import TenancyDeps


@dataclass(frozen=True, slots=True)
class StageDeps:
    """What the stages are built from (the composition root fills it)."""

    datastore: PoolDatastore
    scheduler: Scheduler
    metrics: PickerMetrics
    policies: PolicyStore
    pool_name: str
    tenant_header: str
    hasher: PromptHasher | None = None
    secrets: SecretReader | None = None
    ttft: PredictedTtft | None = None
    test_mode: bool = False
    score_header: bool = False
    ensure_usage: bool = False
    max_model_len: Callable[[str], int | None] | None = None
    """A model's context length in tokens, where known (the model list shows it)."""
    tenancy: TenancyDeps | None = None
    """Tenants configured: keys (or a trusted header) identify them, limits admit them."""
    max_prompt_chars: int = 4 * 1024 * 1024
    offload_prompt_chars: int | None = None
    """Prompts longer than this are tokenized off the event loop (None: none are)."""
    book: PickBook | None = None
    """Where the pipeline records each pick for its report (None: nowhere)."""
    ids: Callable[[], str] | None = None
    """Issues request ids (default: ``pipeline.picks.RequestIds``)."""
    response_homes: ResponseHomes | None = None
    """Which pod holds each Responses answer (default: this pipeline's own, unshared)."""
    response_lookup_wait_s: float = 1.0
    """The longest a continuation waits on the shared store for its response's pod."""
    flow: FlowControl | None = None
    """Flow control: requests the pool cannot take now wait in its queue (None: refused)."""


def model_label(deps: StageDeps) -> ModelLabel:
    """Metric labels from the pool's models and the names the active policies know."""
    policies = deps.policies

    def known(name: str) -> bool:
        return any(p.catalog.kind(name) is not None for p in policies.active.policies)

    return ModelLabel(deps.datastore, known)


def request_stages(deps: StageDeps) -> Sequence[Stage]:
    """surface -> identify -> parse -> prompt limit -> (conformance) -> (model access) ->
    policy -> target -> prompt -> response id -> (admit) -> schedule -> remember response ->
    (ensure usage) -> (include usage) -> account.

    The prompt stage runs only for routers whose plug-ins read the prompt (and when a hasher
    is given); model access, admit and include usage only with tenants; conformance only in
    test mode. Surface and identify read only the headers, so they run before the body is
    read: a request without a valid key is refused before its body is received or parsed.
    """
    d = deps
    access = ModelAccess(d.policies)
    models = ModelList(d.datastore, max_model_len=d.max_model_len)
    homes = d.response_homes if d.response_homes is not None else ResponseHomes()
    stages: list[Stage | None] = [
        SurfaceStage(models)
        if d.tenancy is None
        else SurfaceStage(models, TenantModels(d.tenancy.identify_stage(), access)),
        IdentifyStage(d.tenant_header) if d.tenancy is None else d.tenancy.identify_stage(),
        ParseStage(model_label(d)),
        PromptLimitStage(d.max_prompt_chars),
        ConformanceStage(d.datastore) if d.test_mode else None,
        ModelAccessStage(access) if d.tenancy is not None else None,
        PolicyStage(d.policies, d.datastore, d.metrics, pool_name=d.pool_name, ttft=d.ttft),
        TargetStage(d.datastore, pool_name=d.pool_name, secrets=d.secrets),
        PromptStage(d.hasher, d.metrics, offload_chars=d.offload_prompt_chars)
        if d.hasher is not None and d.scheduler.reads_prompt
        else None,
        ResponseIdStage(homes, d.datastore, max_wait_s=d.response_lookup_wait_s),
        d.tenancy.admit_stage() if d.tenancy is not None else None,
        ScheduleStage(
            d.scheduler,
            d.datastore,
            d.metrics,
            test_mode=d.test_mode,
            score_header=d.score_header,
            flow=d.flow,
        ),
        RememberResponseStage(homes),
        EnsureUsageStage() if d.ensure_usage else None,
        d.tenancy.include_usage_stage() if d.tenancy is not None else None,
        AccountStage(d.metrics, pool_name=d.pool_name),
    ]
    return [s for s in stages if s is not None]


def build_pipeline(deps: StageDeps) -> Pipeline:
    """The request pipeline of :func:`request_stages`, its error metrics labelled by the
    pool's models."""
    return Pipeline(
        request_stages(deps),
        deps.metrics,
        model_label=model_label(deps),
        on_reject=deps.tenancy.count_rejection if deps.tenancy is not None else None,
        ids=deps.ids,
        book=deps.book,
        release=deps.tenancy.release if deps.tenancy is not None else None,
    )
