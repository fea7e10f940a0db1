"""Chat templates render as transformers/vLLM render them, and the fast sandbox changes nothing."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
import jinja2.ext
import pytest
import qwen3_files
from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2.sandbox import ImmutableSandboxedEnvironment

from kinference_epp.errors import BadRequestError
from kinference_epp.tokenize.chat_template import (
    ChatTemplate,
    ChatTemplateError,
    TemplateConfigError,
    special_token_text,
    special_tokens_map,
    template_sources,
)
from kinference_epp.tokenize.fixtures import CHATML_TEMPLATE

USER = [{"role": "user", "content": "hi"}]


def render(source: str, messages: list[dict[str, Any]] | None = None, **kwargs: Any) -> str:
    return ChatTemplate({"default": source}, {}).render(messages or USER, **kwargs)


def test_tojson_keeps_unicode_and_html_and_takes_dumps_arguments() -> None:
    tools = [{"b": "café <tag> & 東京", "a": 1}]
    out = render("{{ tools[0] | tojson }}", tools=tools)
    assert out == json.dumps(tools[0], ensure_ascii=False)
    out = render("{{ tools[0] | tojson(indent=2, sort_keys=True) }}", tools=tools)
    assert out == json.dumps(tools[0], ensure_ascii=False, indent=2, sort_keys=True)
    out = render("{{ tools[0] | tojson(separators=(',', ':'), ensure_ascii=True) }}", tools=tools)
    assert out == json.dumps(tools[0], ensure_ascii=True, separators=(",", ":"))


def test_trim_and_lstrip_blocks_as_transformers() -> None:
    source = "{% for m in messages %}\n    {% if m.role == 'user' %}\n[{{ m.content }}]\n    {% endif %}\n{% endfor %}\n"
    assert render(source, [*USER, *USER]) == "[hi]\n[hi]\n"


def test_loop_controls_are_enabled() -> None:
    source = "{% for m in messages %}{% if loop.index > 1 %}{% break %}{% endif %}{{ m.content }}{% endfor %}"
    assert render(source, [*USER, {"role": "user", "content": "no"}]) == "hi"


def test_raise_exception_is_a_400() -> None:
    source = "{% if messages[0].role != 'system' %}{{ raise_exception('system first') }}{% endif %}"
    with pytest.raises(ChatTemplateError, match="system first") as info:
        render(source)
    assert isinstance(info.value, BadRequestError)
    assert info.value.status == 400


def test_strftime_now_is_a_global() -> None:
    out = render("{{ strftime_now('%Y') }}")
    assert out.isdigit()
    assert len(out) == 4


def test_variables_tools_documents_generation_prompt_and_kwargs() -> None:
    source = (
        "{{ tools is none }}|{{ documents is none }}|{{ add_generation_prompt }}|"
        "{{ enable_thinking }}|{{ eos_token }}|{{ bos_token is defined }}"
    )
    template = ChatTemplate({"default": source}, {"eos_token": "<|im_end|>"})
    out = template.render(USER, add_generation_prompt=False, enable_thinking=False)
    assert out == "True|True|False|False|<|im_end|>|False"
    # An empty tools list is passed as a list, as transformers does: `tools is none` is False.
    assert template.render(USER, tools=[]).startswith("False|")


def test_sandbox_is_immutable_and_hides_internals() -> None:
    with pytest.raises(ChatTemplateError):
        render("{{ messages.append(1) }}")
    with pytest.raises(ChatTemplateError):
        render("{{ messages[0].update({'role': 'x'}) }}")
    with pytest.raises(ChatTemplateError):
        render("{{ ''.__class__.__mro__ }}")


def test_dict_keys_named_like_methods_resolve_like_jinja() -> None:
    # Jinja prefers the attribute: `m.items` is the dict method even with an "items" key.
    messages = [{"role": "user", "content": "hi", "items": "key"}]
    source = "{{ messages[0].items is callable }}|{{ messages[0]['items'] }}|{{ messages[0].nope is defined }}"
    assert render(source, messages) == "True|key|False"


def test_special_tokens_from_strings_and_added_token_dicts() -> None:
    config = {
        "bos_token": {"__type": "AddedToken", "content": "<s>", "lstrip": False},
        "eos_token": "</s>",
        "unk_token": None,
        "additional_special_tokens": ["<a>", {"content": "<b>"}],
    }
    assert special_tokens_map(config) == {
        "bos_token": "<s>",
        "eos_token": "</s>",
        "additional_special_tokens": ["<a>", "<b>"],
    }
    with pytest.raises(TemplateConfigError):
        special_token_text(42)


def test_named_templates_pick_tool_use_only_with_tools() -> None:
    config = {
        "chat_template": [
            {"name": "default", "template": "plain"},
            {"name": "tool_use", "template": "tools:{{ tools | length }}"},
        ]
    }
    template = ChatTemplate.from_config(config)
    assert template is not None
    assert template.names == ("default", "tool_use")
    assert template.render(USER) == "plain"
    assert template.render(USER, tools=[{"type": "function"}]) == "tools:1"
    assert template.render(USER, tools=[]) == "tools:0"


def test_named_templates_without_default_need_a_name() -> None:
    template = ChatTemplate({"rag": "x"}, {})
    with pytest.raises(ChatTemplateError, match="default"):
        template.render(USER)


@pytest.mark.parametrize(
    "raw",
    [42, [{"name": "default"}], [{"template": "x"}], ["x"]],
)
def test_malformed_template_entries_are_config_errors(raw: object) -> None:
    with pytest.raises(TemplateConfigError):
        template_sources({"chat_template": raw})


def test_syntax_errors_fail_at_load() -> None:
    with pytest.raises(TemplateConfigError, match="compile"):
        ChatTemplate({"default": "{% for %}"}, {})
    assert ChatTemplate.from_config({}) is None


# --- the memoised sandbox renders exactly what the stock sandbox renders ---------------------


def _stock_env() -> ImmutableSandboxedEnvironment:
    """transformers' environment, unmodified, as the reference."""

    def raise_exception(message: str) -> None:
        raise jinja2.exceptions.TemplateError(message)

    def tojson(x: Any, ensure_ascii: bool = False, indent: Any = None, separators: Any = None, sort_keys: bool = False) -> str:  # fmt: skip
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)  # fmt: skip

    env = ImmutableSandboxedEnvironment(
        trim_blocks=True, lstrip_blocks=True, extensions=[jinja2.ext.loopcontrols]
    )
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    return env


def _qwen3_template() -> str:
    config_path = qwen3_files.qwen3_dir() / "tokenizer_config.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    source = config["chat_template"]
    assert isinstance(source, str)
    return source


_EXERCISE = """
{%- set ns = namespace(n=0) %}
{%- for m in messages %}
{%- set ns.n = ns.n + 1 %}
{{- loop.index0 }}:{{ m.role | upper }}:{{ m.content.strip().split(' ')[0] }}:{{ m.get('name', '-') }}
{{- ':' ~ (m.keys() | list | length) ~ (loop.last and '!' or '') }}
{%- endfor %}
{{- ns.n }}{{ messages | map(attribute='role') | join(',') }}
"""

TEMPLATES: dict[str, Callable[[], str]] = {
    "chatml": lambda: CHATML_TEMPLATE,
    "exercise": lambda: _EXERCISE,
    "qwen3": _qwen3_template,
}

_text = st.text(
    alphabet=st.sampled_from(list("ab </think><tool_response>\n东é ")), min_size=1, max_size=30
)
_message = st.fixed_dictionaries(
    {"role": st.sampled_from(["system", "user", "assistant", "tool"]), "content": _text},
    optional={"name": st.sampled_from(["bob", "x"])},
)


@functools.cache
def _compiled(name: str) -> tuple[ChatTemplate, jinja2.Template]:
    source = TEMPLATES[name]()
    ours = ChatTemplate({"default": source}, {"eos_token": "<|im_end|>"})
    return ours, _stock_env().from_string(source)


@pytest.mark.parametrize("name", sorted(TEMPLATES))
@settings(max_examples=60, deadline=None)
@given(
    messages=st.lists(_message, min_size=1, max_size=6),
    add_generation_prompt=st.booleans(),
    tools=st.none() | st.just([{"type": "function", "function": {"name": "f", "é": "<x>"}}]),
)
def test_fast_sandbox_renders_like_the_stock_sandbox(
    name: str,
    messages: list[dict[str, Any]],
    add_generation_prompt: bool,
    tools: list[dict[str, Any]] | None,
) -> None:
    ours, stock = _compiled(name)
    expected: str | type[Exception]
    try:
        expected = stock.render(
            messages=messages,
            tools=tools,
            documents=None,
            add_generation_prompt=add_generation_prompt,
            eos_token="<|im_end|>",
        )
    except jinja2.TemplateError:
        expected = ChatTemplateError
    if isinstance(expected, str):
        assert (
            ours.render(messages, add_generation_prompt=add_generation_prompt, tools=tools)
            == expected
        )
    else:
        with pytest.raises(expected):
            ours.render(messages, add_generation_prompt=add_generation_prompt, tools=tools)


def test_fixture_template_is_chatml(tiny_dir: Path) -> None:
    config = json.loads((tiny_dir / "tokenizer_config.json").read_text(encoding="utf-8"))
    template = ChatTemplate.from_config(config)
    assert template is not None
    out = template.render(
        [{"role": "system", "content": "S"}, {"role": "user", "content": "U"}],
    )
    assert (
        out
        == "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nU<|im_end|>\n<|im_start|>assistant\n"
    )
