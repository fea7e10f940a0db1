"""The registry and the HF tokenizer: config, loading, fallback, and what vLLM would prefill."""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

import pydantic
import pytest
import tokenizers
from tokenizers import processors

from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest
from kinference_epp.config.tokenizers import TokenizerConfig, TokenizerSource
from kinference_epp.tokenize.approx import ApproxTokenizer
from kinference_epp.tokenize.cache import TokenCache
from kinference_epp.tokenize.chat_template import ChatTemplateError
from kinference_epp.tokenize.fixtures import TOKENIZERS_DIR_ENV, default_tokenizer_dir
from kinference_epp.tokenize.hf import HFTokenizer, TokenizerLoadError
from kinference_epp.tokenize.protocol import Tokenizer
from kinference_epp.tokenize.registry import TokenizerRegistry

MESSAGES = (ChatMessage("system", "Be brief."), ChatMessage("user", "hello world", name="bob"))


def chat(messages: tuple[ChatMessage, ...] = MESSAGES, **extra: object) -> InferenceRequest:
    return InferenceRequest(ApiKind.CHAT, "m", b"{}", messages=messages, extra=dict(extra))


def completion(prompt: str | list[str] | list[int] | list[list[int]] | None) -> InferenceRequest:
    return InferenceRequest(ApiKind.COMPLETIONS, "m", b"{}", prompt=prompt)


# --- config ---------------------------------------------------------------------------------


def test_config_rejects_unknown_fields_duplicates_and_empty_model_lists(tmp_path: Path) -> None:
    with pytest.raises(pydantic.ValidationError):
        TokenizerConfig.model_validate({"sources": [{"models": ["a"], "path": "x", "typo": 1}]})
    with pytest.raises(pydantic.ValidationError, match="two tokenizers"):
        TokenizerConfig.model_validate(
            {"sources": [{"models": ["a"], "path": "x"}, {"models": ["b", "a"], "path": "y"}]}
        )
    with pytest.raises(pydantic.ValidationError):
        TokenizerSource.model_validate({"models": [], "path": "x"})
    with pytest.raises(pydantic.ValidationError):
        TokenizerConfig.model_validate({"cache_max_bytes": -1})


def test_registry_loads_each_directory_once_for_all_its_names(tiny_dir: Path) -> None:
    config = TokenizerConfig(
        sources=[TokenizerSource(models=["Qwen/Qwen3-8B", "qwen3"], path=tiny_dir)]
    )
    registry = TokenizerRegistry.from_config(config)
    assert registry.models == ("Qwen/Qwen3-8B", "qwen3")
    tok = registry.for_model("qwen3")
    assert tok is registry.for_model("Qwen/Qwen3-8B")
    assert isinstance(tok, HFTokenizer)
    assert tok.name == "hf:Qwen/Qwen3-8B"
    assert tok.cache is not None
    assert registry.fallback_total == 0


def test_cache_size_zero_disables_the_cache(tiny_dir: Path) -> None:
    config = TokenizerConfig(
        sources=[TokenizerSource(models=["m"], path=tiny_dir)], cache_max_bytes=0
    )
    tok = TokenizerRegistry.from_config(config).for_model("m")
    assert isinstance(tok, HFTokenizer)
    assert tok.cache is None
    assert tok.prompt_token_ids(chat()) == tok.encode(tok.render_chat(MESSAGES))


def test_unknown_model_falls_back_logged_once_and_counted(caplog: pytest.LogCaptureFixture) -> None:
    registry = TokenizerRegistry({})
    with caplog.at_level(logging.WARNING, logger="kinference_epp.tokenize.registry"):
        for _ in range(3):
            assert isinstance(registry.for_model("mystery"), ApproxTokenizer)
        registry.for_model("other")
    assert registry.fallback_total == 4
    assert registry.fallback_by_model == {"mystery": 3, "other": 1}
    assert sum("mystery" in r.getMessage() for r in caplog.records) == 1


def test_both_tokenizers_satisfy_the_protocol(tiny: HFTokenizer) -> None:
    for tok in (tiny, ApproxTokenizer()):
        assert isinstance(tok, Tokenizer)
        ids = tok.prompt_token_ids(chat())
        assert ids == tok.encode(tok.render_chat(MESSAGES))


def test_missing_or_broken_files_fail_at_load(tmp_path: Path, tiny_dir: Path) -> None:
    with pytest.raises(TokenizerLoadError, match=r"tokenizer\.json not found"):
        HFTokenizer.from_dir(tmp_path)
    (tmp_path / "tokenizer.json").write_text("{not json")
    with pytest.raises(TokenizerLoadError):
        HFTokenizer.from_dir(tmp_path)
    broken = tmp_path / "broken"
    shutil.copytree(tiny_dir, broken)
    (broken / "tokenizer_config.json").write_text('{"chat_template": "{% if %}"}')
    with pytest.raises(TokenizerLoadError, match="compile"):
        HFTokenizer.from_dir(broken)
    (broken / "tokenizer_config.json").write_text("[1]")
    with pytest.raises(TokenizerLoadError, match="JSON object"):
        HFTokenizer.from_dir(broken)
    config = TokenizerConfig(
        sources=[TokenizerSource(models=["m"], path=tiny_dir, chat_template=tmp_path / "none")]
    )
    with pytest.raises(TokenizerLoadError):
        TokenizerRegistry.from_config(config)


def test_a_model_without_template_cannot_render_chat(tmp_path: Path, tiny_dir: Path) -> None:
    shutil.copy(tiny_dir / "tokenizer.json", tmp_path / "tokenizer.json")
    tok = HFTokenizer.from_dir(tmp_path)
    assert tok.template is None
    with pytest.raises(ChatTemplateError, match="no chat template"):
        tok.prompt_token_ids(chat())
    assert tok.prompt_token_ids(completion("hello")) == tok.encode("hello")


# --- what vLLM would prefill ------------------------------------------------------------------


def test_chat_prompt_is_rendered_then_encoded_without_added_specials(tiny: HFTokenizer) -> None:
    text = tiny.render_chat(MESSAGES)
    assert text == (
        "<|im_start|>system\nBe brief.<|im_end|>\n"
        "<|im_start|>user\nhello world<|im_end|>\n<|im_start|>assistant\n"
    )
    ids = tiny.prompt_token_ids(chat())
    assert ids == tiny.backend.encode(text, add_special_tokens=False).ids
    assert ids[0] == tiny.backend.token_to_id("<|im_start|>")
    assert tiny.render_chat(MESSAGES, add_generation_prompt=False).endswith("<|im_end|>\n")


def test_completions_add_the_post_processor_tokens_like_vllm(
    tmp_path: Path, tiny_dir: Path
) -> None:
    """A tokenizer whose post-processor adds a BOS (as Llama 3's does) adds it to completions
    prompts (vLLM: add_special_tokens=True) but not to chat prompts (the template wrote it)."""
    backend = tokenizers.Tokenizer.from_file(str(tiny_dir / "tokenizer.json"))
    bos = backend.token_to_id("<|endoftext|>")
    backend.post_processor = processors.TemplateProcessing(
        single="<|endoftext|> $A", special_tokens=[("<|endoftext|>", bos)]
    )
    backend.save(str(tmp_path / "tokenizer.json"))
    shutil.copy(tiny_dir / "tokenizer_config.json", tmp_path / "tokenizer_config.json")
    tok = HFTokenizer.from_dir(tmp_path, cache=TokenCache())
    assert tok.prompt_token_ids(completion("hello world")) == [bos, *tok.encode("hello world")]
    assert tok.prompt_token_ids(chat())[0] != bos


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (None, []),
        ("", []),
        ([], []),
        ([5, 6, 7], [5, 6, 7]),
        ([[8, 9], [10]], [8, 9]),
    ],
)
def test_completions_token_prompts_pass_through(
    tiny: HFTokenizer,
    prompt: str | list[int] | list[list[int]] | None,
    expected: list[int],
) -> None:
    assert tiny.prompt_token_ids(completion(prompt)) == expected


def test_a_batch_of_string_prompts_counts_by_its_first(tiny: HFTokenizer) -> None:
    assert tiny.prompt_token_ids(completion(["hello world", "other"])) == tiny.encode("hello world")


def test_tools_and_template_kwargs_from_the_request(tiny: HFTokenizer) -> None:
    tool = {"type": "function", "function": {"name": "lookup", "description": "café"}}
    ids = tiny.prompt_token_ids(
        chat(tools=[tool], chat_template_kwargs={"add_generation_prompt": False, "x": 1})
    )
    text = tiny.render_chat(MESSAGES, tools=[tool])
    assert '{"type": "function", "function": {"name": "lookup", "description": "café"}}' in text
    assert ids == tiny.encode(text)
    no_prompt = tiny.prompt_token_ids(chat(add_generation_prompt=False))
    assert no_prompt == tiny.encode(tiny.render_chat(MESSAGES, add_generation_prompt=False))


def test_template_override_kwargs_and_template_file(tmp_path: Path, tiny_dir: Path) -> None:
    override = tmp_path / "override.jinja"
    override.write_text("{{ flavour }}:{{ messages | length }}")
    config = TokenizerConfig(
        sources=[
            TokenizerSource(
                models=["m"],
                path=tiny_dir,
                chat_template=override,
                chat_template_kwargs={"flavour": "plain"},
            )
        ]
    )
    tok = TokenizerRegistry.from_config(config).for_model("m")
    assert tok.render_chat(MESSAGES) == "plain:2"
    assert isinstance(tok, HFTokenizer)
    assert tok.render_chat(MESSAGES, flavour="spicy") == "spicy:2"
    # transformers' newer layout: chat_template.jinja beside the config wins over the config.
    shutil.copytree(tiny_dir, tmp_path / "jinja")
    (tmp_path / "jinja" / "chat_template.jinja").write_text("from file")
    assert HFTokenizer.from_dir(tmp_path / "jinja").render_chat(MESSAGES) == "from file"


def test_split_special_tokens_config_is_honoured(tmp_path: Path, tiny_dir: Path) -> None:
    shutil.copytree(tiny_dir, tmp_path / "t")
    config_file = tmp_path / "t" / "tokenizer_config.json"
    config = json.loads(config_file.read_text())
    config["split_special_tokens"] = True
    config_file.write_text(json.dumps(config))
    tok = HFTokenizer.from_dir(tmp_path / "t", cache=TokenCache())
    start = tok.backend.token_to_id("<|im_start|>")
    assert start not in tok.encode("<|im_start|>")
    assert tok.prompt_token_ids(chat()) == tok.encode(tok.render_chat(MESSAGES))


# --- fixtures -------------------------------------------------------------------------------


def test_default_tokenizer_dir_prefers_the_environment(
    tmp_path: Path, tiny_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(tiny_dir, tmp_path / "qwen3")
    monkeypatch.setenv(TOKENIZERS_DIR_ENV, str(tmp_path))
    assert default_tokenizer_dir() == tmp_path / "qwen3"
    assert default_tokenizer_dir("no-such-model") is None
