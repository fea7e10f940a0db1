"""The ``ask-model`` plug-in: a local model labels the prompt, asked with a short
classification prompt through its OpenAI-compatible API, answers cached by prompt hash.

For labels that keywords and a linear head cannot judge, the pool's smallest model can:
the plug-in sends ``instruction`` + the allowed labels + the prompt (its start and end, up
to ``max_chars``) as one chat request with ``max_tokens`` small and temperature 0, and
keeps the labels named in the answer. It runs in the plug-in thread pool under the
policy's ``timeoutMs`` (so a slow model is a classifier failure, and fail-closed rules keep
the prompt local); the request goes to ``url`` — a local endpoint, never a provider —
with the ``x-kinference-internal`` header so a picker in front of it can route it without
classifying it again. ::

    classifiers:
      - name: intent
        type: ask-model
        timeoutMs: 400
        params:
          url: http://qwen3-0-6b.inference.svc:8000/v1/chat/completions
          model: qwen3-0.6b
          labels: [legal, medical, finance, other]
          instruction: Which of these topics is the user's message about?
"""

from __future__ import annotations

import hashlib
import json
import threading
import urllib.request
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from kinference_epp.policy.classifiers.base import ClassifierError, PromptText

INTERNAL_HEADER = "x-kinference-internal"
_KNOWN = frozenset(
    {"url", "model", "labels", "instruction", "max_chars", "cache_size", "request_timeout_s"}
)


class AskModel:
    """Labels from a model's answer; a bounded LRU of answers keyed by the prompt's hash."""

    def __init__(
        self,
        url: str,
        model: str,
        labels: Sequence[str],
        instruction: str = "Classify the user's message.",
        max_chars: int = 4000,
        cache_size: int = 10_000,
        request_timeout_s: float = 5.0,
    ) -> None:
        if not url.startswith(("http://", "https://")) or not labels:
            raise ValueError("ask-model needs an http(s) url and at least one label")
        self.url = url
        self.model = model
        self.labels = tuple(labels)
        self.instruction = instruction
        self.max_chars = max_chars
        self.request_timeout_s = request_timeout_s
        self._cache: OrderedDict[bytes, frozenset[str]] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self.requests = 0
        """Calls that reached the model (cache misses), for tests and metrics."""

    def classify(self, prompt: PromptText) -> frozenset[str]:
        text = prompt.require()
        if len(text) > self.max_chars:
            half = self.max_chars // 2
            text = text[:half] + "\n...\n" + text[-half:]
        key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return hit
        labels = self._ask(text)
        with self._lock:
            self._cache[key] = labels
            if len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return labels

    def _ask(self, text: str) -> frozenset[str]:
        system = (
            f"{self.instruction} Answer with the matching labels from this list, comma "
            f"separated, and nothing else: {', '.join(self.labels)}."
        )
        body = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": text}],
            "max_tokens": 16,
            "temperature": 0,
        }
        request = urllib.request.Request(
            self.url,
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json", INTERNAL_HEADER: "classifier"},
            method="POST",
        )
        self.requests += 1
        try:
            with urllib.request.urlopen(request, timeout=self.request_timeout_s) as resp:
                answer = json.loads(resp.read())["choices"][0]["message"]["content"]
        except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:
            raise ClassifierError(f"ask-model: {type(exc).__name__}: {exc}") from exc
        words = {w.strip(" .\n\"'").lower() for w in str(answer).split(",")}
        return frozenset(label for label in self.labels if label.lower() in words)


def ask_model_factory(params: Mapping[str, Any]) -> AskModel:
    """The ``ask-model`` plug-in from its ``params`` (see the module docstring)."""
    unknown = set(params) - _KNOWN
    if unknown:
        raise ValueError(f"unknown parameter {', '.join(sorted(unknown))}")
    labels = params.get("labels")
    if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
        raise ValueError("ask-model needs params.labels, a list of strings")
    return AskModel(
        url=str(params.get("url", "")),
        model=str(params.get("model", "")),
        labels=labels,
        instruction=str(params.get("instruction", "Classify the user's message.")),
        max_chars=int(params.get("max_chars", 4000)),
        cache_size=int(params.get("cache_size", 10_000)),
        request_timeout_s=float(params.get("request_timeout_s", 5.0)),
    )
