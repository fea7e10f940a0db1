"""A request's prompt as the picker's own block hashes, scoped the way pods' KV events are.

vLLM's events carry token ids but not the model, so blocks are hashed under the pod's base
model, and under (base model, adapter) for a LoRA adapter's requests. The request side must
make the same choice: its scope comes from the endpoints that serve the requested model.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from kinference_epp.api.request import InferenceRequest
from kinference_epp.kvcache.hashing import HashScope, block_hashes
from kinference_epp.pipeline.prompt_work import tokenize_and_hash
from kinference_epp.pool.datastore import PoolDatastore, PoolView
from kinference_epp.tokenize.registry import TokenizerRegistry

if TYPE_CHECKING:
    from kinference_epp.pipeline.prompt_workers import PromptWorkers

log = logging.getLogger(__name__)


class PromptHasher:
    def __init__(
        self,
        registry: TokenizerRegistry,
        datastore: PoolDatastore,
        block_size: int,
        workers: PromptWorkers | None = None,
    ) -> None:
        self._registry = registry
        self._workers = workers
        """Worker processes for ``prepare``'s work; None: it runs on the calling thread."""
        self._datastore = datastore
        self._block_size = block_size
        self._view: PoolView | None = None
        self._base: dict[str, str] = {}

    def base_model(self, model: str) -> str:
        """The base model of the endpoints serving ``model`` (itself when it is one)."""
        view = self._datastore.view()
        if view is not self._view:  # the endpoint set changed: rebuild the map
            self._view = view
            base: dict[str, str] = {}
            for ep in view.endpoints:
                root = ep.base_model or min(ep.models, default="")
                for name in ep.models:
                    base.setdefault(name, root)
            self._base = base
        return self._base.get(model, model)

    def scope(self, request: InferenceRequest) -> HashScope:
        base = self.base_model(request.model)
        lora = None if request.model == base else request.model
        return HashScope(base, lora, request.cache_salt)

    def token_ids(self, request: InferenceRequest) -> list[int]:
        """The ids a pod would prefill, with the model's tokenizer (an adapter uses its base's)."""
        model = request.model
        if model not in self._registry.models:
            model = self.base_model(model)
        return self._registry.for_model(model).prompt_token_ids(request)

    def token_array(self, request: InferenceRequest) -> npt.NDArray[np.int32]:
        """``token_ids`` as an int32 array (read-only; no per-token Python on the way)."""
        model = request.model
        if model not in self._registry.models:
            model = self.base_model(model)
        return self._registry.for_model(model).prompt_token_array(request)

    def hash(self, request: InferenceRequest) -> tuple[int, npt.NDArray[np.uint64]]:
        """(prompt tokens, own hashes of the full blocks)."""
        tokens = self.token_array(request)
        return len(tokens), block_hashes(tokens, self._block_size, self.scope(request))

    def prepare(
        self, request: InferenceRequest, chars: int = 0
    ) -> Callable[[], tuple[int, npt.NDArray[np.uint64]]]:
        """``hash`` in two steps: what reads the pool (the tokenizer, the hash scope) now, on
        the event loop; the tokenizing and hashing (``tokenize_and_hash``: a prompt of
        ``chars`` characters likely over the context length is counted first) in the
        returned function, which runs on an offload thread, and from there in a prompt
        worker process when there are workers and the model has a tokenizer."""
        model = request.model
        if model not in self._registry.models:
            model = self.base_model(model)
        tokenizer = self._registry.for_model(model)
        scope = self.scope(request)
        block_size = self._block_size
        limit = self._registry.max_model_len(model)
        workers = self._workers if model in self._registry.models else None

        def work() -> tuple[int, npt.NDArray[np.uint64]]:
            if workers is not None:
                done = workers.run(model, request, scope, block_size, limit, chars)
                if done is not None:
                    return done
            return tokenize_and_hash(tokenizer, request, scope, block_size, limit, chars)

        return work

    def max_model_len(self, model: str) -> int | None:
        """The context length of ``model`` (an adapter's is its base model's), when known."""
        if model not in self._registry.models:
            model = self.base_model(model)
        return self._registry.max_model_len(model)
