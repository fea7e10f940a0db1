"""Qwen3's real tokenizer files (fetched by ``make tokenizers``, never committed)."""

from __future__ import annotations

import random

from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest
from kinference_epp.tokenize.cache import SegmentedEncoder, TokenCache
from kinference_epp.tokenize.fixtures import tiny_corpus
from kinference_epp.tokenize.hf import HFTokenizer

IM_START, IM_END, ENDOFTEXT = 151644, 151645, 151643


def test_special_tokens_have_qwen_ids(qwen3: HFTokenizer) -> None:
    assert qwen3.encode("<|im_start|>") == [IM_START]
    assert qwen3.encode("<|im_end|><|endoftext|>") == [IM_END, ENDOFTEXT]
    # Qwen's post-processor adds nothing: completions prompts encode like plain text.
    assert qwen3.encode_prompt("Hello, world!") == qwen3.encode("Hello, world!")


def test_renders_chatml_with_generation_prompt(qwen3: HFTokenizer) -> None:
    messages = [
        ChatMessage("system", "You are a helpful assistant."),
        ChatMessage("user", "What is 2+2?"),
        ChatMessage("assistant", "4."),
        ChatMessage("user", "And 3+3?"),
    ]
    assert qwen3.render_chat(messages) == (
        "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
        "<|im_start|>user\nWhat is 2+2?<|im_end|>\n"
        "<|im_start|>assistant\n4.<|im_end|>\n"
        "<|im_start|>user\nAnd 3+3?<|im_end|>\n"
        "<|im_start|>assistant\n"
    )
    assert qwen3.render_chat(messages, enable_thinking=False).endswith(
        "<|im_start|>assistant\n<think>\n\n</think>\n\n"
    )


def test_final_assistant_turn_gets_qwen3s_empty_think_block(qwen3: HFTokenizer) -> None:
    messages = [
        ChatMessage("system", "S"),
        ChatMessage("user", "U"),
        ChatMessage("assistant", "A"),
    ]
    assert qwen3.render_chat(messages) == (
        "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nU<|im_end|>\n"
        "<|im_start|>assistant\n<think>\n\n</think>\n\nA<|im_end|>\n<|im_start|>assistant\n"
    )


def test_tools_are_rendered_as_json_lines(qwen3: HFTokenizer) -> None:
    tool = {"type": "function", "function": {"name": "météo", "parameters": {"type": "object"}}}
    text = qwen3.render_chat([ChatMessage("user", "Weather?")], tools=[tool])
    assert text.startswith("<|im_start|>system\n# Tools\n")
    assert (
        '\n{"type": "function", "function": {"name": "météo", "parameters": {"type": "object"}}}\n'
        in text
    )
    assert text.endswith("<|im_start|>user\nWeather?<|im_end|>\n<|im_start|>assistant\n")


def test_chat_and_message_boundaries_are_cut_points(qwen3: HFTokenizer) -> None:
    encoder = SegmentedEncoder(qwen3.backend, TokenCache())
    assert {"<|im_start|>", "<|im_end|>", "<think>", "</think>"} <= set(encoder.boundaries)


def test_token_cache_equals_plain_encoding_over_a_long_conversation(qwen3: HFTokenizer) -> None:
    rng = random.Random(7)
    corpus = tiny_corpus(300, seed=7)
    history = [ChatMessage("system", "You are a terse assistant. Réponds en français.")]
    cache = TokenCache()
    tok = HFTokenizer(qwen3.backend, name="qwen3", template=qwen3.template, cache=cache)
    for turn in range(10):
        history.append(ChatMessage("user", " ".join(rng.sample(corpus, 20)) + f" #{turn}"))
        request = InferenceRequest(ApiKind.CHAT, "qwen3", b"{}", messages=tuple(history))
        expected = qwen3.encode(qwen3.render_chat(history))
        assert tok.prompt_token_ids(request) == expected
        history.append(ChatMessage("assistant", "<think>\nhm\n</think>\n\n" + rng.choice(corpus)))
    assert cache.hits > cache.misses
