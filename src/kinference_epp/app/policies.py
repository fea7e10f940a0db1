"""The policy wiring: the policy store, its files and the trained classifier's model file.

Policies from files (``config.policies``) are loaded once here, so a bad set is a
configuration error at start, then reloaded when the files change; policies from the cluster
reach the same store through the Kubernetes side. The classifier model file
(``config.classifier_model``) fills the slot the compiled policies' trained classifier reads.
"""

from __future__ import annotations

from kinference_epp.config.model import EppConfig
from kinference_epp.config.yamlfile import ConfigError
from kinference_epp.policy.classifiers.trained import ModelSlot
from kinference_epp.policy.loader import POLICY_KIND
from kinference_epp.policy.model_file import ModelFile
from kinference_epp.policy.store import PolicyStore
from kinference_epp.resources.files import ResourceFiles
from kinference_epp.resources.problems import Problem, errors
from kinference_epp.telemetry.metrics import PickerMetrics


class PolicyWiring:
    """The policy store with its files and model file (see the module). Raises
    :class:`ConfigError` for policy files or a classifier model that cannot be used."""

    def __init__(self, config: EppConfig, metrics: PickerMetrics) -> None:
        self._metrics = metrics
        self.classifier_model = ModelSlot()
        self.model_file = (
            ModelFile(
                self.classifier_model,
                config.classifier_model,
                on_rejected=lambda _: metrics.classifier_model_rejected_updates.inc(),
            )
            if config.classifier_model
            else None
        )
        if self.model_file is not None:
            refused = self.model_file.load()
            if refused is not None:
                raise ConfigError([f"classifier_model: {refused}"])
        self.store = PolicyStore(model=self.classifier_model)
        self.files = ResourceFiles(
            POLICY_KIND,
            config.policies,
            self.store.update,
            what="policy files",
            on_rejected=self._rejected,
        )
        self._watch_files = bool(config.policies)
        if self._watch_files:
            problems = errors(self.files.load())
            if problems:
                raise ConfigError([str(p) for p in problems])

    def _rejected(self, problems: list[Problem]) -> None:
        self._metrics.policy_rejected_updates.inc()

    async def start(self) -> None:
        """Follow the policy files and the model file."""
        if self._watch_files:
            await self.files.start()
        if self.model_file is not None:
            await self.model_file.start()

    async def stop(self) -> None:
        await self.files.stop()
        if self.model_file is not None:
            await self.model_file.stop()
