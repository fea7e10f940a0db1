"""Router presets: which plug-in chain each ``SchedulerConfig.router`` runs.

Every router runs the same filters (model → subset → ready); they differ in scorers and
picker, and each name means one chain. Routers whose plug-ins read no prompt (``load``,
``least-queue``, ``round-robin``, ``random``, or ``weighted`` with prompt-blind
``scorers:``) are routed without tokenizing:

==================  ===========================================  ============
router              scorers (weight)                             picker
==================  ===========================================  ============
``precise-prefix``  load-cost (1) over the precise prefix index  max-score
``approx-prefix``   prefix (3, approximate), queue (2), kv (2)   max-score
``load``            queue (1), kv-usage (1): prompt-blind        max-score
``least-queue``     queue (1, waiting + running)                 max-score
``round-robin``     none                                         round-robin
``random``          none                                         random
``weighted``        ``scheduler.scorers`` (required)             max-score
==================  ===========================================  ============

``precise-prefix`` is the default.
"""

from __future__ import annotations

from dataclasses import dataclass

from kinference_epp.config.model import PluginConfig, SchedulerConfig
from kinference_epp.scheduling.framework import (
    BuildContext,
    Chain,
    NamedFilter,
    NamedPicker,
    PluginLabel,
    PluginRegistry,
    WeightedScorer,
)

FILTERS: tuple[PluginConfig, ...] = (
    PluginConfig(type="model"),
    PluginConfig(type="subset"),
    PluginConfig(type="ready"),
)

PRECISE_PREFIX_SCORERS: tuple[PluginConfig, ...] = (PluginConfig(type="load-cost", weight=1.0),)
"""Precise prefix (KV events) + predicted state + in-flight load, as one cost."""

APPROX_PREFIX_SCORERS: tuple[PluginConfig, ...] = (
    PluginConfig(type="prefix", weight=3.0, params={"source": "approximate"}),
    PluginConfig(type="queue", weight=2.0),
    PluginConfig(type="kv-usage", weight=2.0),
)
"""GIE/llm-d's default profile: prefix from past picks 3, queue 2, KV usage 2."""

LOAD_SCORERS: tuple[PluginConfig, ...] = (
    PluginConfig(type="queue", weight=1.0),
    PluginConfig(type="kv-usage", weight=1.0),
)
"""Scraped queue depth and KV usage only: no prompt is read, so none is tokenized."""


@dataclass(frozen=True, slots=True)
class RouterPreset:
    scorers: tuple[PluginConfig, ...]
    picker: PluginConfig
    takes_scorers: bool = False
    """Whether the scorers come from ``SchedulerConfig.scorers`` (required then)."""


ROUTERS: dict[str, RouterPreset] = {
    "precise-prefix": RouterPreset(PRECISE_PREFIX_SCORERS, PluginConfig(type="max-score")),
    "approx-prefix": RouterPreset(APPROX_PREFIX_SCORERS, PluginConfig(type="max-score")),
    "load": RouterPreset(LOAD_SCORERS, PluginConfig(type="max-score")),
    "least-queue": RouterPreset(
        (PluginConfig(type="queue", params={"running_weight": 1.0}),),
        PluginConfig(type="max-score"),
    ),
    "round-robin": RouterPreset((), PluginConfig(type="round-robin")),
    "random": RouterPreset((), PluginConfig(type="random")),
    "weighted": RouterPreset((), PluginConfig(type="max-score"), takes_scorers=True),
}


def build_chain(config: SchedulerConfig, registry: PluginRegistry, ctx: BuildContext) -> Chain:
    """The plug-in chain ``config.router`` names; raises ValueError for a bad configuration."""
    preset = ROUTERS.get(config.router)
    if preset is None:
        raise ValueError(f"unknown router {config.router!r} (known: {', '.join(sorted(ROUTERS))})")
    scorer_configs = _scorer_configs(config, preset)
    filters = tuple(
        NamedFilter(_label("filter", c), registry.build_filter(c.type, c.params, ctx))
        for c in FILTERS
    )
    scorers = tuple(
        WeightedScorer(_label("scorer", c), registry.build_scorer(c.type, c.params, ctx), c.weight)
        for c in scorer_configs
    )
    names = [s.label.name for s in scorers]
    if len(set(names)) != len(names):
        raise ValueError(f"a scorer type is listed twice: {names}")
    picker_config = _picker_config(config, preset)
    picker = NamedPicker(
        _label("picker", picker_config),
        registry.build_picker(picker_config.type, picker_config.params, ctx),
    )
    return Chain(
        config.router,
        filters,
        scorers,
        picker,
        config.fallbacks,
        _reads_prompt(registry, (*FILTERS, *scorer_configs, preset.picker)),
        {c.type for c in (*FILTERS, *scorer_configs)} <= registry.pool_only,
    )


def chain_reads_prompt(config: SchedulerConfig, registry: PluginRegistry) -> bool:
    """Whether the chain ``config`` names reads the prompt (see ``Chain.reads_prompt``),
    without building it: the picker wires its prompt observers only when it does."""
    preset = ROUTERS.get(config.router)
    if preset is None:
        return True  # build_chain will reject the configuration
    scorers = preset.scorers if config.scorers is None else tuple(config.scorers)
    return _reads_prompt(registry, (*FILTERS, *scorers, preset.picker))


def _scorer_configs(config: SchedulerConfig, preset: RouterPreset) -> tuple[PluginConfig, ...]:
    if not preset.takes_scorers:
        if config.scorers is not None:
            raise ValueError(
                f"router {config.router!r} does not take scorers (use router: weighted)"
            )
        return preset.scorers
    if not config.scorers:
        raise ValueError(f"router {config.router!r} needs scheduler.scorers")
    return tuple(config.scorers)


def _picker_config(config: SchedulerConfig, preset: RouterPreset) -> PluginConfig:
    """The preset's picker, with ``config.temperature`` where it samples by score."""
    if config.temperature == 0.0:
        return preset.picker
    if preset.picker.type != "max-score":
        raise ValueError(
            f"router {config.router!r} picks by {preset.picker.type}, not by score: "
            "temperature does not apply"
        )
    params = {**preset.picker.params, "temperature": config.temperature}
    return preset.picker.model_copy(update={"params": params})


def _reads_prompt(registry: PluginRegistry, plugins: tuple[PluginConfig, ...]) -> bool:
    return not {c.type for c in plugins} <= registry.prompt_blind


def _label(extension_point: str, config: PluginConfig) -> PluginLabel:
    return PluginLabel(extension_point, config.type, config.type)
