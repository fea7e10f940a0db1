"""A model's own tokenizer: ``tokenizer.json`` (HF ``tokenizers``) plus its chat template.

It produces the token ids a vLLM pod prefills, so the picker's block hashes match the pod's
KV events:

- chat and Anthropic messages: the chat template renders the conversation (with
  ``add_generation_prompt``), and the text is encoded with ``add_special_tokens=False`` —
  vLLM's default for chat, since the template already wrote every special token;
- completions: the prompt is encoded with ``add_special_tokens=True`` — vLLM's default there,
  so a tokenizer whose post-processor adds a BOS token (Llama 3) adds it.

Chat prompts go through a :class:`~kinference_epp.tokenize.cache.SegmentedEncoder`, so a
conversation's history is not re-tokenized every turn; results are identical to encoding the
whole text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import tokenizers

from kinference_epp.api.request import CHAT_KINDS, ChatMessage, InferenceRequest
from kinference_epp.tokenize.cache import SegmentedEncoder, TokenCache, TokenIds
from kinference_epp.tokenize.chat_template import ChatTemplate, ChatTemplateError

TOKENIZER_FILE = "tokenizer.json"
CONFIG_FILE = "tokenizer_config.json"
TEMPLATE_FILE = "chat_template.jinja"
"""Where newer transformers save the template; it takes precedence over the config's."""
_RESERVED = frozenset({"messages", "tools", "documents", "add_generation_prompt"})
"""Template variables a request's ``chat_template_kwargs`` may not set."""


class TokenizerLoadError(ValueError):
    """A tokenizer directory that is missing files or holds unreadable ones."""


def message_dicts(messages: Sequence[ChatMessage]) -> list[dict[str, Any]]:
    """Messages as the template sees them: OpenAI-style dicts (``name``, ``tool_calls`` and
    ``tool_call_id`` only when set; a tool call's arguments decoded, as vLLM decodes them)."""
    return [
        {"role": m.role, "content": m.content}
        if m.name is None and m.tool_calls is None and m.tool_call_id is None
        else _message_dict(m)
        for m in messages
    ]


def _message_dict(m: ChatMessage) -> dict[str, Any]:
    out: dict[str, Any] = {"role": m.role, "content": m.content}
    if m.name is not None:
        out["name"] = m.name
    if m.tool_calls is not None:
        out["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": _arguments(call.arguments)},
            }
            for call in m.tool_calls
        ]
    if m.tool_call_id is not None:
        out["tool_call_id"] = m.tool_call_id
    return out


def _arguments(text: str) -> Any:
    """A call's JSON arguments as an object ({} when empty), as vLLM hands them to templates;
    text that is not JSON stays text (vLLM would refuse the request; the pod judges)."""
    if not text:
        return {}
    try:
        return json.loads(text)
    except ValueError:
        return text


class HFTokenizer:
    """The :class:`~kinference_epp.tokenize.protocol.Tokenizer` of one model, loaded from disk.

    Thread-safe: ``tokenizers.Tokenizer`` encodes concurrently and the cache locks itself.
    """

    def __init__(
        self,
        tokenizer: tokenizers.Tokenizer,
        *,
        name: str,
        template: ChatTemplate | None,
        cache: TokenCache | None = None,
        template_kwargs: Mapping[str, Any] | None = None,
        model_max_length: int | None = None,
    ) -> None:
        self._tokenizer = tokenizer
        self.model_max_length = model_max_length
        """``model_max_length`` of the tokenizer configuration, if it states one."""
        self._name = name
        self.template = template
        self.template_kwargs = dict(template_kwargs or {})
        self.cache = cache
        self._segmented = SegmentedEncoder(tokenizer, cache) if cache is not None else None

    @classmethod
    def from_dir(
        cls,
        path: Path | str,
        *,
        name: str | None = None,
        cache: TokenCache | None = None,
        chat_template: str | None = None,
        template_kwargs: Mapping[str, Any] | None = None,
    ) -> HFTokenizer:
        """Load ``tokenizer.json`` and (if present) ``tokenizer_config.json`` from ``path``.

        ``chat_template`` overrides the model's template (vLLM's ``--chat-template``);
        ``template_kwargs`` are defaults for every render (vLLM's default chat template
        kwargs), overridden per request. Raises :class:`TokenizerLoadError`.
        """
        directory = Path(path)
        tok_file = directory / TOKENIZER_FILE
        if not tok_file.is_file():
            raise TokenizerLoadError(f"{tok_file} not found")
        try:
            tokenizer = tokenizers.Tokenizer.from_file(str(tok_file))
        except Exception as exc:  # tokenizers raises a bare Exception on bad JSON
            raise TokenizerLoadError(f"{tok_file}: {exc}") from exc
        config = _read_config(directory / CONFIG_FILE)
        # As transformers' fast tokenizer does: no truncation or padding from the file, and
        # special-token strings in the text are plain text only if the config asks for it.
        tokenizer.no_truncation()
        tokenizer.no_padding()
        tokenizer.encode_special_tokens = bool(config.get("split_special_tokens", False))
        template_file = directory / TEMPLATE_FILE
        if chat_template is None and template_file.is_file():
            chat_template = template_file.read_text(encoding="utf-8")
        try:
            template = ChatTemplate.from_config(config, override=chat_template)
        except ValueError as exc:
            raise TokenizerLoadError(f"{directory}: {exc}") from exc
        length = config.get("model_max_length")
        return cls(
            tokenizer,
            name=name or directory.name,
            template=template,
            cache=cache,
            template_kwargs=template_kwargs,
            model_max_length=int(length)
            if isinstance(length, int | float) and length > 0
            else None,
        )

    @property
    def name(self) -> str:
        return f"hf:{self._name}"

    @property
    def backend(self) -> tokenizers.Tokenizer:
        """The underlying ``tokenizers.Tokenizer`` (for tests and tools)."""
        return self._tokenizer

    def encode(self, text: str) -> list[int]:
        """The ids of ``text`` as written (special-token strings → their ids, nothing added)."""
        return self._encoding(text, add_special_tokens=False).ids

    def encode_prompt(self, text: str) -> list[int]:
        """A completions prompt as vLLM encodes it: with the tokenizer's special tokens."""
        return self._encoding(text, add_special_tokens=True).ids

    def _encoding(self, text: str, *, add_special_tokens: bool) -> tokenizers.Encoding:
        if len(text) < _RELEASE_GIL_CHARS:
            return self._tokenizer.encode(text, add_special_tokens=add_special_tokens)
        # encode holds the GIL while it encodes; encode_batch releases it, so a long text
        # tokenized on a worker thread leaves the event loop running.
        (encoding,) = self._tokenizer.encode_batch([text], add_special_tokens=add_special_tokens)
        return encoding

    def render_chat(
        self,
        messages: Sequence[ChatMessage],
        add_generation_prompt: bool = True,
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **template_kwargs: Any,
    ) -> str:
        """The prompt text of ``messages`` under the model's chat template.

        Raises :class:`ChatTemplateError` (a 400) if the model has no template or the
        template rejects the conversation.
        """
        if self.template is None:
            raise ChatTemplateError(f"model tokenizer {self._name!r} has no chat template")
        return self.template.render(
            message_dicts(messages),
            add_generation_prompt=add_generation_prompt,
            tools=tools,
            **{**self.template_kwargs, **template_kwargs},
        )

    def chat_token_ids(
        self,
        messages: Sequence[ChatMessage],
        add_generation_prompt: bool = True,
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **template_kwargs: Any,
    ) -> list[int]:
        """Render, then encode without added special tokens (cached per segment)."""
        ids: list[int] = self.chat_token_array(
            messages, add_generation_prompt, tools=tools, **template_kwargs
        ).tolist()
        return ids

    def chat_token_array(
        self,
        messages: Sequence[ChatMessage],
        add_generation_prompt: bool = True,
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **template_kwargs: Any,
    ) -> TokenIds:
        """``chat_token_ids`` as a read-only int32 array."""
        text = self.render_chat(messages, add_generation_prompt, tools=tools, **template_kwargs)
        if self._segmented is not None:
            return self._segmented.encode_array(text)
        return np.array(self.encode(text), dtype=np.int32)

    def prompt_token_ids(self, request: InferenceRequest) -> list[int]:
        """The prompt a vLLM pod would prefill for ``request``.

        Chat: ``tools``, ``chat_template_kwargs`` and ``add_generation_prompt`` are read from
        ``request.extra`` when the parser keeps them (vLLM accepts all three in the body).
        Completions: a batch counts by its first prompt, as in ``ApproxTokenizer``; token-id
        prompts pass through.
        """
        if request.kind in CHAT_KINDS:
            ids: list[int] = self.prompt_token_array(request).tolist()
            return ids
        prompt = request.prompt
        if prompt is None or not prompt:
            return []
        if isinstance(prompt, str):
            return self.encode_prompt(prompt)
        first = prompt[0]
        if isinstance(first, str):
            return self.encode_prompt(first)
        if isinstance(first, list):
            return [int(t) for t in first]
        return [int(t) for t in prompt if isinstance(t, int)]

    def prompt_token_array(self, request: InferenceRequest) -> TokenIds:
        """``prompt_token_ids`` as an int32 array (read-only: it may be a cached one)."""
        if request.kind not in CHAT_KINDS:
            return np.array(self.prompt_token_ids(request), dtype=np.int32)
        generation, tools, kwargs = _chat_options(request)
        return self.chat_token_array(request.messages, generation, tools=tools, **kwargs)

    def count_prompt_tokens(self, request: InferenceRequest) -> int:
        """The prompt's length from the tokenizer's encoding, without its ids as Python ints
        (building them holds the GIL for a long prompt) and without caching its segments."""
        if request.kind in CHAT_KINDS:
            generation, tools, kwargs = _chat_options(request)
            text = self.render_chat(request.messages, generation, tools=tools, **kwargs)
            return self._count(text, add_special_tokens=False)
        prompt = request.prompt
        if isinstance(prompt, str):
            return self._count(prompt, add_special_tokens=True)
        if isinstance(prompt, list) and prompt and isinstance(prompt[0], str):
            return self._count(prompt[0], add_special_tokens=True)
        return len(self.prompt_token_ids(request))

    def _count(self, text: str, *, add_special_tokens: bool) -> int:
        return len(self._encoding(text, add_special_tokens=add_special_tokens))


_RELEASE_GIL_CHARS = 4096
"""Texts this long are encoded with ``encode_batch`` (which releases the GIL); shorter ones
with ``encode``, which costs less to call."""


def _chat_options(
    request: InferenceRequest,
) -> tuple[bool, list[Mapping[str, Any]] | None, dict[str, Any]]:
    """``add_generation_prompt``, ``tools`` and the chat template kwargs a chat body carries."""
    extra = request.extra
    tools = extra.get("tools")
    kwargs = extra.get("chat_template_kwargs")
    generation = extra.get("add_generation_prompt", True)
    return (
        generation if isinstance(generation, bool) else True,
        tools if isinstance(tools, list) else None,
        {k: v for k, v in kwargs.items() if k not in _RESERVED} if isinstance(kwargs, dict) else {},
    )


def _read_config(path: Path) -> dict[str, Any]:
    """``tokenizer_config.json`` as a dict; {} when the file is absent (no chat template)."""
    if not path.is_file():
        return {}
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise TokenizerLoadError(f"{path}: {exc}") from exc
    if not isinstance(config, dict):
        raise TokenizerLoadError(f"{path}: expected a JSON object")
    return config
