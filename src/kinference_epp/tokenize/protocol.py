"""What every tokenizer offers the picker and the simulator, real or approximate.

The picker hashes blocks of the ids a vLLM pod would prefill, and the simulated pods publish
KV events for the same ids, so both sides ask one question — "the prompt tokens of this
request" — of whichever tokenizer the registry hands them. ``ApproxTokenizer`` (a stand-in)
and ``HFTokenizer`` (the model's own ``tokenizer.json`` and chat template) both satisfy it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from kinference_epp.api.request import ChatMessage, InferenceRequest


@runtime_checkable
class Tokenizer(Protocol):
    """Text → token ids, chat → prompt text, request → the ids a pod would prefill."""

    @property
    def name(self) -> str:
        """A short label for logs and metrics (``approx-crc32``, ``hf:qwen3``)."""
        ...

    def encode(self, text: str) -> list[int]:
        """The ids of ``text`` exactly as written: special-token strings become their ids,
        nothing is added around it."""
        ...

    def render_chat(
        self, messages: Sequence[ChatMessage], add_generation_prompt: bool = True
    ) -> str:
        """The prompt text the model's chat template makes of ``messages``."""
        ...

    def prompt_token_ids(self, request: InferenceRequest) -> list[int]:
        """The token ids a vLLM pod would prefill for ``request`` (first prompt of a batch)."""
        ...

    def prompt_token_array(self, request: InferenceRequest) -> npt.NDArray[np.int32]:
        """``prompt_token_ids`` as an int32 array, for hashing without per-token Python.

        Read-only: a tokenizer may hand out its cached arrays.
        """
        ...

    def count_prompt_tokens(self, request: InferenceRequest) -> int:
        """``len(prompt_token_ids(request))`` without building the ids where the tokenizer can
        (a prompt refused for its length never needs them)."""
        ...
