"""Which tokenizer serves which model name, configured once, loaded at start-up.

Every model name (and alias) a pool serves maps to a local directory holding the model's
``tokenizer.json`` and ``tokenizer_config.json`` (a mounted volume, the HF cache, or
``.cache/tokenizers`` from ``scripts/fetch-tokenizers.sh``). Nothing is downloaded.

Files are loaded eagerly by :meth:`TokenizerRegistry.from_config`, so a wrong path fails the
start-up rather than the first request, and a 10 MB ``tokenizer.json`` is never parsed on the
request path. A model with no tokenizer configured gets the shared :class:`ApproxTokenizer`:
routing still works (prefix hashing of approximate ids) but cannot match the pods' KV events,
so each such lookup is logged once per model and counted (``fallback_total``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from kinference_epp.config.tokenizers import TokenizerConfig
from kinference_epp.tokenize.approx import ApproxTokenizer
from kinference_epp.tokenize.cache import TokenCache
from kinference_epp.tokenize.hf import HFTokenizer, TokenizerLoadError
from kinference_epp.tokenize.protocol import Tokenizer

log = logging.getLogger(__name__)

_FALLBACK_LABELS_MAX = 256
"""Distinct model names counted per name; more are only counted in the total."""
_UNSET_MODEL_MAX_LENGTH = 10**12
"""transformers writes a huge ``model_max_length`` (1e30) when a model sets none."""


class TokenizerRegistry:
    """Model name → :class:`Tokenizer`, with the approximate one as the counted fallback."""

    def __init__(
        self,
        tokenizers: Mapping[str, Tokenizer],
        *,
        fallback: Tokenizer | None = None,
        max_model_len: Mapping[str, int] | None = None,
    ) -> None:
        self._by_model = dict(tokenizers)
        self._max_model_len = dict(max_model_len or {})
        self.fallback: Tokenizer = fallback if fallback is not None else ApproxTokenizer()
        self.fallback_total = 0
        """Lookups answered with the fallback (the lead exports it as a metric)."""
        self.fallback_by_model: dict[str, int] = {}
        """The same, per model name, for the first few distinct names."""

    @classmethod
    def from_config(cls, config: TokenizerConfig) -> TokenizerRegistry:
        """Load every configured tokenizer now; raises :class:`TokenizerLoadError`."""
        by_model: dict[str, Tokenizer] = {}
        lengths: dict[str, int] = {}
        for source in config.sources:
            template = None
            if source.chat_template is not None:
                try:
                    template = source.chat_template.read_text(encoding="utf-8")
                except OSError as exc:
                    raise TokenizerLoadError(f"{source.chat_template}: {exc}") from exc
            cache = TokenCache(config.cache_max_bytes) if config.cache_max_bytes else None
            tokenizer = HFTokenizer.from_dir(
                source.path,
                name=source.models[0],
                cache=cache,
                chat_template=template,
                template_kwargs=source.chat_template_kwargs,
            )
            length = source.max_model_len or tokenizer.model_max_length
            for model in source.models:
                by_model[model] = tokenizer
                if length is not None and length < _UNSET_MODEL_MAX_LENGTH:
                    lengths[model] = length
        return cls(by_model, max_model_len=lengths)

    def max_model_len(self, model: str) -> int | None:
        """The model's context length in tokens, when configured or known from its
        tokenizer; None for models without one (their prompts are not counted exactly)."""
        return self._max_model_len.get(model)

    @property
    def models(self) -> tuple[str, ...]:
        """Model names with a real tokenizer."""
        return tuple(self._by_model)

    def for_model(self, model: str) -> Tokenizer:
        """The tokenizer for ``model``; the fallback (logged once, counted) if none."""
        tokenizer = self._by_model.get(model)
        if tokenizer is not None:
            return tokenizer
        self.fallback_total += 1
        counts = self.fallback_by_model
        seen = counts.get(model)
        if seen is not None:
            counts[model] = seen + 1
        elif len(counts) < _FALLBACK_LABELS_MAX:
            counts[model] = 1
            log.warning(
                "no tokenizer configured for model %r: using %s; prefix routing cannot "
                "match the pods' KV events for it",
                model,
                self.fallback.name,
            )
        return self.fallback
