"""Prompt: render, tokenize and block-hash the prompt - only for routers whose plug-ins read it.

Tokenizing is most of a decision's CPU, and prompt-blind routers (least-queue, round-robin,
load) would throw it away. A long prompt (over ``offload_chars`` characters) is tokenized off
the event loop: the stage returns an ``Offload`` and reads the result when it runs again, so
one long prompt never stalls the requests behind it, and short ones stay on the synchronous
path. The token count is then checked against the model's context length, as vLLM does
(400 ``context_length_exceeded``). A tokenizer failure degrades to prefix-blind routing; a
prompt the chat template rejects is the client's 400.
"""

from __future__ import annotations

import logging

import numpy as np
import numpy.typing as npt

from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.errors import ContextLengthExceededError, KinferenceError
from kinference_epp.pipeline.prompt import PromptHasher
from kinference_epp.pipeline.state import Offload, RequestState, Wait
from kinference_epp.telemetry.metrics import PickerMetrics

log = logging.getLogger(__name__)

Hashed = tuple[int, npt.NDArray[np.uint64]]


class PromptStage:
    name = "prompt"

    def __init__(
        self, hasher: PromptHasher, metrics: PickerMetrics, *, offload_chars: int | None = None
    ) -> None:
        """``offload_chars``: prompts longer than this are tokenized off the event loop
        (None: never)."""
        self._hasher = hasher
        self._metrics = metrics
        self._offload_chars = offload_chars

    def run(self, state: RequestState) -> Wait | Offload | None:
        request = state.request
        if request is None or state.leaves_pool:
            return None
        done = state.offloaded
        try:
            if done is not None:
                state.offloaded = None
                hashed: Hashed = done.result()
            elif self._offload_chars is not None and state.prompt_chars > self._offload_chars:
                return Offload(self._hasher.prepare(request, state.prompt_chars), reason="tokenize")
            else:
                hashed = self._hasher.hash(request)
        except KinferenceError:
            raise
        except Exception:
            log.exception("tokenizing the prompt failed; routing without prefix information")
            self._metrics.tokenize_errors.labels(model_name=request.model).inc()
            return None
        state.prompt_tokens, state.block_hashes = hashed
        self._check_context(request, state.prompt_tokens)
        return None

    def _check_context(self, request: InferenceRequest, tokens: int) -> None:
        """vLLM's check: the prompt must leave room, and so must the completion asked for."""
        limit = self._hasher.max_model_len(request.model)
        if limit is None:
            return
        wanted = request.max_tokens or 0
        if tokens < limit and tokens + wanted <= limit:
            return
        where = "prompt" if request.kind is ApiKind.COMPLETIONS else "messages"
        raise ContextLengthExceededError(
            f"This model's maximum context length is {limit} tokens. However, you requested "
            f"{tokens + wanted} tokens ({tokens} in the {where}, {wanted} in the completion). "
            f"Please reduce the length of the {where} or completion.",
            param=where,
        )
