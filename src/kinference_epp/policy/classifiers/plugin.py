"""Plug-in classifiers: registered by type name, run under a time limit.

A policy names a plug-in by ``type`` in ``spec.classifiers``; the factories come in through
the compiler's ``registry`` argument (one explicit mapping, built by whoever starts the
picker), never from a scan. Each instance is wrapped in :class:`TimeLimited`, which runs
the call on a small thread pool and gives up after the policy's ``timeoutMs``: the rule's
``onClassifierError`` then decides, and the request is never held longer than that.
"""

from __future__ import annotations

import concurrent.futures
import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

from kinference_epp.policy.classifiers.ask_model import ask_model_factory
from kinference_epp.policy.classifiers.base import ClassifierError, LabelClassifier, PromptText
from kinference_epp.policy.classifiers.linear import hashed_linear_factory

ClassifierFactory: TypeAlias = Callable[[Mapping[str, Any]], LabelClassifier]
"""Builds a plug-in from its ``params``; raises ValueError for bad parameters."""

BUILTIN_PLUGINS: Mapping[str, ClassifierFactory] = {
    "ask-model": ask_model_factory,
    "hashed-linear": hashed_linear_factory,
}
"""Plug-in types every policy may use; a caller's registry adds to these."""


class TimeLimited:
    """Runs ``inner.classify`` with a deadline; errors and timeouts become ClassifierError.

    The executor is created on first use, so compiling a policy (``kinfctl validate``)
    starts no threads. A call that times out keeps its worker thread until it returns;
    with every worker stuck, later calls time out too, which is the safe direction.
    """

    def __init__(self, name: str, inner: LabelClassifier, timeout_s: float, workers: int = 2):
        self.name = name
        self._inner = inner
        self._timeout = timeout_s
        self._workers = workers
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def _pool(self) -> concurrent.futures.ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = concurrent.futures.ThreadPoolExecutor(
                    max_workers=self._workers, thread_name_prefix=f"classifier-{self.name}"
                )
            return self._executor

    def classify(self, prompt: PromptText) -> frozenset[str]:
        future = self._pool().submit(self._inner.classify, prompt)
        try:
            labels = future.result(timeout=self._timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise ClassifierError(
                f"classifier {self.name} timed out after {self._timeout * 1000:.0f} ms"
            ) from None
        except ClassifierError:
            raise
        except Exception as exc:
            raise ClassifierError(f"classifier {self.name} failed: {exc!r}") from exc
        return frozenset(labels)

    def close(self) -> None:
        """Stop the worker threads (without waiting for a stuck call)."""
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None
