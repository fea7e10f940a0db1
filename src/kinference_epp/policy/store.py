"""The active policy set, swapped atomically; a bad update keeps the last good set.

``PolicyStore`` is what the picker holds. The state path (file watcher, Kubernetes watch)
calls ``update_*`` with the complete new set of sources; the request path reads
``store.active`` once per request and evaluates against that object, so a swap between two
requests is atomic and a request never sees half an update. An update with any error is
refused as a whole — the previous set stays active — and the problems are returned, logged
and kept in ``last_problems`` (for the CRD status and ``/debug``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from kinference_epp.policy.checks import check_policies
from kinference_epp.policy.classifiers.plugin import BUILTIN_PLUGINS, ClassifierFactory
from kinference_epp.policy.classifiers.trained import ModelSlot
from kinference_epp.policy.compiler import CompiledPolicySet, compile_policies
from kinference_epp.policy.evaluator import evaluate
from kinference_epp.policy.loader import LoadedPolicy, load_files, load_objects, parse_policies
from kinference_epp.policy.types import Decision, EvalInput
from kinference_epp.resources.problems import Problem, errors

log = logging.getLogger(__name__)


def build(
    loaded: Sequence[LoadedPolicy],
    *,
    registry: Mapping[str, ClassifierFactory] | None = None,
    model: ModelSlot | None = None,
) -> tuple[CompiledPolicySet | None, list[Problem]]:
    """Check and compile; (None, problems) when any problem is an error. ``registry`` adds
    plug-in classifier types to the built-in ones; ``model`` is the trained complexity
    model's slot (``classifiers.trained``)."""
    registry = {**BUILTIN_PLUGINS, **(registry or {})}
    problems = check_policies(loaded, tuple(registry))
    if errors(problems):
        return None, problems
    try:
        compiled = compile_policies([lp.policy for lp in loaded], registry=registry, model=model)
    except Exception as exc:  # a plug-in factory refusing its params, say
        problems.append(Problem("<compile>", None, f"{type(exc).__name__}: {exc}"))
        return None, problems
    return compiled, problems


class PolicyStore:
    def __init__(
        self,
        *,
        registry: Mapping[str, ClassifierFactory] | None = None,
        model: ModelSlot | None = None,
    ) -> None:
        self._registry = dict(registry or {})
        self._model = model
        self._active = CompiledPolicySet(())
        self.generation = 0
        """Incremented on every applied update."""
        self.rejected_updates = 0
        self.last_problems: list[Problem] = []

    @property
    def active(self) -> CompiledPolicySet:
        return self._active

    def evaluate(self, inp: EvalInput, *, explain: bool = False) -> Decision:
        return evaluate(self._active, inp, explain=explain)

    def update(
        self, loaded: Sequence[LoadedPolicy], load_problems: Iterable[Problem] = ()
    ) -> list[Problem]:
        """Replace the whole set unless anything is wrong; returns every problem found."""
        problems = list(load_problems)
        compiled: CompiledPolicySet | None = None
        if not errors(problems):
            compiled, found = build(loaded, registry=self._registry, model=self._model)
            problems.extend(found)
        self.last_problems = problems
        if compiled is None:
            self.rejected_updates += 1
            log.warning(
                "policy update rejected; keeping generation %d (%d policies)",
                self.generation,
                len(self._active),
                extra={"problems": [str(p) for p in errors(problems)]},
            )
            for problem in errors(problems):
                log.warning("policy problem: %s", problem)
            return problems
        old, self._active = self._active, compiled
        self.generation += 1
        old.close()
        for problem in problems:
            log.info("policy warning: %s", problem)
        log.info("policies applied: generation %d, %d policies", self.generation, len(compiled))
        return problems

    def update_files(self, paths: Iterable[str | Path]) -> list[Problem]:
        return self.update(*load_files(paths))

    def update_texts(self, sources: Iterable[tuple[str, str]]) -> list[Problem]:
        """``(source name, YAML text)`` pairs."""
        loaded: list[LoadedPolicy] = []
        problems: list[Problem] = []
        for name, text in sources:
            got, found = parse_policies(text, name)
            loaded.extend(got)
            problems.extend(found)
        return self.update(loaded, problems)

    def update_objects(self, objects: Iterable[Mapping[str, Any]]) -> list[Problem]:
        """InferencePolicy objects as the Kubernetes API returns them."""
        return self.update(*load_objects(objects))

    def close(self) -> None:
        self._active.close()
