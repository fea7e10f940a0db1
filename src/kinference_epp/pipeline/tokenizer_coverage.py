"""Which models of the pool have no tokenizer: said at start-up, in the log and as a gauge.

Without a model's own tokenizer the picker hashes prompts from approximate token ids, which
never match the blocks vLLM reports, so prefix routing silently degrades to load balancing.
That is an installation mistake (the tokenizer files not mounted), so it is reported as soon
as the pool's models are known, not only when a request meets it. An adapter counts as
covered by its base model's tokenizer.
"""

from __future__ import annotations

import logging

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.tokenize.registry import TokenizerRegistry

log = logging.getLogger(__name__)


class TokenizerCoverage(Collector):
    """Watches the pool's models; ``kinference_models_without_tokenizer{model_name}``."""

    def __init__(self, registry: TokenizerRegistry, datastore: PoolDatastore) -> None:
        self._registry = registry
        self._datastore = datastore
        self._view: PoolView | None = None
        self._missing: tuple[str, ...] = ()
        self._warned: set[str] = set()

    def missing(self) -> tuple[str, ...]:
        """Base models served by the pool with no tokenizer for them or their names."""
        view = self._datastore.view()
        if view is self._view:
            return self._missing
        self._view = view
        covered = set(self._registry.models)
        missing: set[str] = set()
        for ep in view.endpoints:
            if not ep.models or ep.models & covered:
                continue
            missing.add(ep.base_model or min(ep.models))
        self._missing = tuple(sorted(missing))
        return self._missing

    def check(self) -> None:
        """Log each newly uncovered model once (call when the pool may have changed)."""
        for model in self.missing():
            if model not in self._warned:
                self._warned.add(model)
                log.warning(
                    "no tokenizer for model %r: prefix routing cannot match its pods' KV "
                    "events; mount its tokenizer.json and list it under tokenizers.sources",
                    model,
                )

    def collect(self) -> list[GaugeMetricFamily]:
        fam = GaugeMetricFamily(
            "kinference_models_without_tokenizer",
            "Models the pool serves with no tokenizer configured (1 each): prefix routing "
            "uses approximate token ids for them and cannot match vLLM's KV events.",
            labels=["model_name"],
        )
        for model in self.missing():
            fam.add_metric([model], 1.0)
        return [fam]
