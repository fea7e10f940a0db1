"""Prompt: render, tokenize and block-hash the prompt - only for routers whose plug-ins read it.

Tokenizing is most of a decision's CPU, and prompt-blind routers (least-queue, round-robin,
load) would throw it away. A tokenizer failure degrades to prefix-blind routing; a prompt the
chat template rejects is the client's 400.
"""

from __future__ import annotations

import logging

from kinference_epp.errors import KinferenceError
from kinference_epp.routing.prompt import PromptHasher
from kinference_epp.routing.state import RequestState, Wait
from kinference_epp.telemetry.metrics import PickerMetrics

log = logging.getLogger(__name__)


class PromptStage:
    name = "prompt"

    def __init__(self, hasher: PromptHasher, metrics: PickerMetrics) -> None:
        self._hasher = hasher
        self._metrics = metrics

    def run(self, state: RequestState) -> Wait | None:
        request = state.request
        if request is None or state.leaves_pool:
            return None
        try:
            state.prompt_tokens, state.block_hashes = self._hasher.hash(request)
        except KinferenceError:
            raise
        except Exception:
            log.exception("tokenizing the prompt failed; routing without prefix information")
            self._metrics.tokenize_errors.labels(model_name=request.model).inc()
        return None
