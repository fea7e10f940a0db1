"""``GET /v1/models`` answered from the pool: the models its endpoints serve, in OpenAI's shape.

The picker knows every served name (base models and LoRA adapters) from the datastore, so a
client listing models needs no pod. The shape is vLLM's: OpenAI's model object plus ``root``
(the base model), ``parent`` (an adapter's base model) and ``max_model_len`` where the
model's tokenizer configuration gives it. Bodies are rebuilt only when the endpoint set
changes.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import msgspec

from kinference_epp.errors import ModelNotFoundError
from kinference_epp.pipeline.api_surface import MODEL_PATH_PREFIX
from kinference_epp.pipeline.state import LocalResponse
from kinference_epp.pool.datastore import PoolDatastore, PoolView


class ModelCard(msgspec.Struct, frozen=True):
    id: str
    created: int
    root: str
    parent: str | None
    max_model_len: int | None
    object: str = "model"
    owned_by: str = "vllm"


class ModelListBody(msgspec.Struct, frozen=True):
    data: list[ModelCard]
    object: str = "list"


class ModelList:
    def __init__(
        self,
        datastore: PoolDatastore,
        *,
        max_model_len: Callable[[str], int | None] | None = None,
        created: int | None = None,
    ) -> None:
        self._datastore = datastore
        self._max_model_len = max_model_len
        self._created = int(time.time()) if created is None else created
        self._view: PoolView | None = None
        self._list: LocalResponse | None = None
        self._by_id: dict[str, LocalResponse] = {}

    def cards(self) -> list[ModelCard]:
        """One card per served name, sorted by name."""
        roots: dict[str, str] = {}
        for ep in self._datastore.view().endpoints:
            base = ep.base_model or min(ep.models, default="")
            for name in ep.models:
                roots.setdefault(name, base)
        limit = self._max_model_len
        return [
            ModelCard(
                id=name,
                created=self._created,
                root=roots[name],
                parent=None if roots[name] == name else roots[name],
                max_model_len=(limit(name) or limit(roots[name])) if limit is not None else None,
            )
            for name in sorted(roots)
        ]

    def answer(self, path: str, allowed: Callable[[str], bool] | None = None) -> LocalResponse:
        """The response for ``/v1/models`` or ``/v1/models/{model}`` (``path`` bare), of the
        names ``allowed`` passes (None: all); another name is not found, as an unknown one."""
        if allowed is not None:
            return self._answer_some(path, allowed)
        view = self._datastore.view()
        if view is not self._view or self._list is None:
            cards = self.cards()
            self._list = LocalResponse(
                200, msgspec.json.encode(ModelListBody(data=cards)), name="models"
            )
            self._by_id = {
                c.id: LocalResponse(200, msgspec.json.encode(c), name="models") for c in cards
            }
            self._view = view
        if path.startswith(MODEL_PATH_PREFIX):
            found = self._by_id.get(path[len(MODEL_PATH_PREFIX) :])
            if found is None:
                raise ModelNotFoundError("The model does not exist in this pool.", param="model")
            return found
        return self._list

    def _answer_some(self, path: str, allowed: Callable[[str], bool]) -> LocalResponse:
        cards = [c for c in self.cards() if allowed(c.id)]
        if path.startswith(MODEL_PATH_PREFIX):
            wanted = path[len(MODEL_PATH_PREFIX) :]
            for card in cards:
                if card.id == wanted:
                    return LocalResponse(200, msgspec.json.encode(card), name="models")
            raise ModelNotFoundError("The model does not exist in this pool.", param="model")
        return LocalResponse(200, msgspec.json.encode(ModelListBody(data=cards)), name="models")
