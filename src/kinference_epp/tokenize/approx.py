"""A deterministic stand-in tokenizer shared by the simulator and the picker.

Until the real tokenizer room lands, both sides of the system must agree on token ids
for the same text, or prefix-aware routing cannot be tested end to end. This tokenizer
is the shared contract: the simulated pod hashes blocks of these ids, the picker hashes
blocks of the same ids, so the two agree exactly.

It splits text GPT-2 style (a leading space sticks to the next word or punctuation run)
and maps each piece to a stable id from its CRC-32. Special tokens of Qwen's ChatML
(``<|im_start|>``, ``<|im_end|>``, ``<|endoftext|>``) are single tokens with small ids
that no ordinary piece can collide with.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from kinference_epp.api.request import CHAT_KINDS, ChatMessage, InferenceRequest

ENDOFTEXT_ID = 1
IM_START_ID = 2
IM_END_ID = 3
SPECIAL_TOKENS: dict[str, int] = {
    "<|endoftext|>": ENDOFTEXT_ID,
    "<|im_start|>": IM_START_ID,
    "<|im_end|>": IM_END_ID,
}
"""Special tokens and their fixed ids; ordinary pieces map to ids ≥ ``ORDINARY_BASE``."""

ORDINARY_BASE = 1000
ORDINARY_SPAN = 151_000
VOCAB_SIZE = ORDINARY_BASE + ORDINARY_SPAN

_SPECIAL_ALT = "|".join(re.escape(s) for s in SPECIAL_TOKENS)
_PIECE_RE = re.compile(rf"{_SPECIAL_ALT}| ?\w+| ?[^\s\w]+|\s+(?!\S)|\s+")
_CACHE_LIMIT = 200_000
_MESSAGE_CACHE_CHARS = 32 << 20
"""Characters of rendered messages whose ids are kept (cleared whole when full)."""


def piece_id(piece: str) -> int:
    """The id of one ordinary piece: stable across processes and Python versions."""
    return zlib.crc32(piece.encode("utf-8", "surrogatepass")) % ORDINARY_SPAN + ORDINARY_BASE


class ApproxTokenizer:
    """Regex pieces → CRC-32 ids, with ChatML rendering in Qwen's shape.

    Not a real BPE: token counts are close to a real tokenizer's for English prose, and
    identical text always gives identical ids, which is all prefix caching needs.
    """

    name = "approx-crc32"

    def __init__(self) -> None:
        self._cache: dict[str, int] = dict(SPECIAL_TOKENS)
        self._messages: dict[str, list[int]] = {}
        self._message_chars = 0

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text``; special-token strings become their single ids."""
        cache = self._cache
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
            cache.update(SPECIAL_TOKENS)
        pieces = _PIECE_RE.findall(text)
        out: list[int | None] = list(map(cache.get, pieces))  # C speed when all are known
        if None in out:
            for i, tid in enumerate(out):
                if tid is None:
                    piece = pieces[i]
                    out[i] = cache[piece] = piece_id(piece)
        return out  # type: ignore[return-value]  # no None left

    def _encode_block(self, block: str) -> list[int]:
        """``encode`` of one rendered ChatML message, cached (a conversation resends them)."""
        ids = self._messages.get(block)
        if ids is None:
            ids = self.encode(block)
            if self._message_chars + len(block) > _MESSAGE_CACHE_CHARS:
                self._messages.clear()
                self._message_chars = 0
            if len(block) <= _MESSAGE_CACHE_CHARS:
                self._messages[block] = ids
                self._message_chars += len(block)
        return ids

    def render_chat(
        self, messages: Sequence[ChatMessage], add_generation_prompt: bool = True
    ) -> str:
        """Qwen ChatML: ``<|im_start|>{role}\\n{content}<|im_end|>\\n`` per message."""
        parts = [f"<|im_start|>{m.role}\n{_text(m)}<|im_end|>\n" for m in messages]
        if add_generation_prompt:
            parts.append("<|im_start|>assistant\n")
        return "".join(parts)

    def prompt_token_ids(self, request: InferenceRequest) -> list[int]:
        """The prompt a vLLM pod would prefill for ``request``.

        Chat and Anthropic messages are rendered with the chat template and encoded.
        A completions ``prompt`` may be a string, token ids, or a *batch* of either;
        vLLM serves a batch as separate sequences, so only the first one is returned:
        its blocks are the ones any pod caches first.
        """
        if request.kind in CHAT_KINDS:
            # == encode(render_chat(messages)): every message block starts with <|im_start|>
            # right after a "\n", where a piece always begins, so blocks encode independently.
            out: list[int] = []
            for m in request.messages:
                out += self._encode_block(f"<|im_start|>{m.role}\n{_text(m)}<|im_end|>\n")
            out += self._encode_block("<|im_start|>assistant\n")
            return out
        return self._completion_ids(request.prompt)

    def count_prompt_tokens(self, request: InferenceRequest) -> int:
        return len(self.prompt_token_array(request))

    def prompt_token_array(self, request: InferenceRequest) -> npt.NDArray[np.int32]:
        """``prompt_token_ids`` as an int32 array."""
        return np.array(self.prompt_token_ids(request), dtype=np.int32)

    def _completion_ids(
        self, prompt: str | list[str] | list[int] | list[list[int]] | None
    ) -> list[int]:
        if prompt is None:
            return []
        if isinstance(prompt, str):
            return self.encode(prompt)
        if not prompt:
            return []
        first = prompt[0]
        if isinstance(first, str):
            return self.encode(first)
        if isinstance(first, list):
            return [int(t) for t in first]
        return [int(t) for t in prompt if isinstance(t, int)]


def _text(message: ChatMessage) -> str:
    """A message's content, with its tool calls as ChatML-style text after it."""
    if message.tool_calls is None:
        return message.content
    calls = "".join(
        f"\n<tool_call>{call.name} {call.arguments}</tool_call>" for call in message.tool_calls
    )
    return message.content + calls
