"""What a vLLM pod serves, from its ``GET /v1/models``: the base model and its LoRA adapters.

vLLM lists the served model names (``--served-model-name``, else the model) with
``parent: null`` and each loaded LoRA adapter, whether loaded at start (``--lora-modules``) or
at run time (``POST /v1/load_lora_adapter``), with ``parent`` naming its base model. Pod specs
cannot show the run-time adapters, nor the names of a ``sh -c "vllm serve ..."`` command; the
pod's own list can. The list is bounded: a pod answering nonsense cannot grow the picker.
"""

from __future__ import annotations

import msgspec

MAX_MODELS = 1024
"""Names kept from one pod's list (vLLM's ``--max-loras`` is far below)."""
MAX_NAME_CHARS = 256


class _Model(msgspec.Struct):
    id: str
    parent: str | None = None


class _ModelList(msgspec.Struct):
    data: list[_Model]


_decoder = msgspec.json.Decoder(_ModelList)


def parse_model_list(body: bytes) -> tuple[frozenset[str], str]:
    """(every served name, the base model: the first name without a parent).

    Raises ValueError for a body that is not an OpenAI model list or lists no model."""
    try:
        listing = _decoder.decode(body)
    except msgspec.DecodeError as exc:
        raise ValueError(f"not a model list: {exc}") from None
    names = [m for m in listing.data if 0 < len(m.id) <= MAX_NAME_CHARS][:MAX_MODELS]
    if not names:
        raise ValueError("the model list names no model")
    base = next((m.id for m in names if m.parent is None), names[0].id)
    return frozenset(m.id for m in names), base


def models_url(metrics_url: str, key: str) -> str:
    """The endpoint's ``/v1/models``: on its serving port, with its metrics' scheme."""
    scheme = "https" if metrics_url.lower().startswith("https:") else "http"
    return f"{scheme}://{key}/v1/models"
