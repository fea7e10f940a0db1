"""Which tokenizer directory serves which model names (the ``tokenizers:`` config section).

The settings live here, apart from the loading code in ``tokenize.registry``, so that the
config file's schema can be read and validated without importing a tokenizer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from kinference_epp.config.strict import Strict

DEFAULT_CACHE_BYTES = 64 << 20
"""Token cache size per tokenizer unless configured."""


class TokenizerSource(Strict):
    """One tokenizer directory and the model names (aliases, served names) it serves."""

    models: list[str] = Field(min_length=1, description="Model names this tokenizer serves.")
    path: Path = Field(description="Directory with tokenizer.json and tokenizer_config.json.")
    chat_template: Path | None = Field(
        default=None,
        description="A .jinja file replacing the model's template (vLLM --chat-template).",
    )
    chat_template_kwargs: dict[str, Any] = Field(
        default_factory=dict,
        description="Template variables for every request, e.g. {enable_thinking: false}.",
    )
    max_model_len: int | None = Field(
        default=None,
        gt=0,
        description=(
            "The model's context length in tokens (vLLM --max-model-len); default: the "
            "tokenizer configuration's model_max_length. Longer prompts get 400."
        ),
    )


class TokenizerConfig(Strict):
    """Tokenizers per model; models not listed fall back to approximate tokenization."""

    sources: list[TokenizerSource] = Field(default_factory=list)
    cache_max_bytes: int = Field(
        default=DEFAULT_CACHE_BYTES,
        ge=0,
        description="Token cache size per tokenizer, in bytes; 0 disables caching.",
    )

    @model_validator(mode="after")
    def _unique_models(self) -> TokenizerConfig:
        seen: set[str] = set()
        for source in self.sources:
            for model in source.models:
                if model in seen:
                    raise ValueError(f"model {model!r} has two tokenizers")
                seen.add(model)
        return self
