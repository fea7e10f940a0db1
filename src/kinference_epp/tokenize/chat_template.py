"""Chat templates from ``tokenizer_config.json``, rendered as transformers and vLLM render them.

The picker must produce the same prompt text a vLLM pod produces, character for character, or
the token ids — and so the block hashes — differ from the ones in the pod's KV events. vLLM
renders through transformers' ``apply_chat_template``, whose semantics are replicated here:

- an immutable jinja2 sandbox with ``trim_blocks`` and ``lstrip_blocks`` and the
  ``loopcontrols`` extension (``{% break %}``);
- a ``tojson`` filter that is ``json.dumps`` with ``ensure_ascii=False`` and the keyword
  arguments ``indent``, ``separators`` and ``sort_keys`` (jinja's own escapes HTML);
- ``raise_exception(message)`` and ``strftime_now(format)`` as globals;
- variables ``messages``, ``tools`` (``None`` when absent, as transformers passes it),
  ``documents`` (``None``), ``add_generation_prompt``, every special token of the config
  (``bos_token``, ``eos_token``, ...) as text, and any extra keyword (``enable_thinking``).

Rendering is on the request path, and the stock sandbox spends most of its time re-checking
the same attribute of the same type (``message.role`` on a dict, ``content.startswith`` on a
str). :class:`_ChatTemplateEnvironment` answers those from a memo keyed by (type, attribute),
which is exactly what the sandbox's check depends on, and reads dict keys without first
raising an ``AttributeError``: the same output (tested against the stock sandbox) for a
fraction of the checks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, NoReturn

import jinja2
import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment

from kinference_epp.errors import BadRequestError

SPECIAL_TOKEN_KEYS = (
    "bos_token",
    "eos_token",
    "unk_token",
    "sep_token",
    "pad_token",
    "cls_token",
    "mask_token",
)
"""The single special tokens transformers passes to templates (its ``special_tokens_map``)."""

_DICT_ATTRIBUTES = frozenset(dir(dict))
_SAFE_MEMO_LIMIT = 4096


class ChatTemplateError(BadRequestError):
    """The template refused the conversation (``raise_exception``) or failed to render it.

    A 400, as vLLM answers: the same body sent to the pod would fail the same way.
    """

    reason = "chat_template_error"


class TemplateConfigError(ValueError):
    """A ``tokenizer_config.json`` whose chat template cannot be found or compiled."""


def _raise_exception(message: str) -> NoReturn:
    raise jinja2.exceptions.TemplateError(message)


def _tojson(
    value: Any,
    ensure_ascii: bool = False,
    indent: int | str | None = None,
    separators: tuple[str, str] | None = None,
    sort_keys: bool = False,
) -> str:
    return json.dumps(
        value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys
    )


def _strftime_now(format: str) -> str:
    return datetime.now().strftime(format)


class _ChatTemplateEnvironment(ImmutableSandboxedEnvironment):
    """The immutable sandbox with its per-access checks memoised (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(trim_blocks=True, lstrip_blocks=True, extensions=[jinja2.ext.loopcontrols])
        self.filters["tojson"] = _tojson
        self.globals["raise_exception"] = _raise_exception
        self.globals["strftime_now"] = _strftime_now
        self._safe: dict[tuple[type, str], bool] = {}

    def getattr(self, obj: Any, attribute: str) -> Any:
        # For a plain dict, getattr(obj, key) raises unless key names a dict method, and the
        # sandbox then reads obj[key]: do that directly, same result without the exception.
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        # The sandbox's verdict depends only on the object's type and the attribute name
        # (is_internal_attribute and modifies_known_mutable are isinstance checks).
        key = (type(obj), attr)
        safe = self._safe.get(key)
        if safe is None:
            if len(self._safe) >= _SAFE_MEMO_LIMIT:
                self._safe.clear()
            safe = self._safe[key] = super().is_safe_attribute(obj, attr, value)
        return safe


def special_token_text(value: object) -> str | None:
    """A special token from ``tokenizer_config.json``: a string, an AddedToken dict or null."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        content = value.get("content")
        if isinstance(content, str):
            return content
    raise TemplateConfigError(f"unrecognised special token entry: {value!r}")


def special_tokens_map(config: Mapping[str, Any]) -> dict[str, Any]:
    """The special tokens a template sees: each one set in the config, as text."""
    tokens: dict[str, Any] = {}
    for key in SPECIAL_TOKEN_KEYS:
        text = special_token_text(config.get(key))
        if text is not None:
            tokens[key] = text
    extra = config.get("additional_special_tokens")
    if isinstance(extra, list):
        tokens["additional_special_tokens"] = [
            t for t in (special_token_text(v) for v in extra) if t is not None
        ]
    return tokens


def template_sources(config: Mapping[str, Any]) -> dict[str, str]:
    """Named template sources from a config's ``chat_template``: a string is ``default``.

    transformers also accepts a list of ``{"name": ..., "template": ...}`` (e.g. ``default``
    and ``tool_use``), saved by models that need a different template when tools are given.
    """
    raw = config.get("chat_template")
    if raw is None:
        return {}
    if isinstance(raw, str):
        return {"default": raw}
    if isinstance(raw, list):
        named: dict[str, str] = {}
        for entry in raw:
            if not (
                isinstance(entry, Mapping)
                and isinstance(entry.get("name"), str)
                and isinstance(entry.get("template"), str)
            ):
                raise TemplateConfigError(f"chat_template entry needs name and template: {entry!r}")
            named[entry["name"]] = entry["template"]
        return named
    raise TemplateConfigError(f"chat_template must be a string or a list, not {type(raw).__name__}")


class ChatTemplate:
    """A model's chat template(s), compiled once, rendered per request.

    Thread-safe: compiled jinja templates keep no per-render state.
    """

    def __init__(self, sources: Mapping[str, str], special_tokens: Mapping[str, Any]) -> None:
        if not sources:
            raise TemplateConfigError("no chat template given")
        self._env = _ChatTemplateEnvironment()
        try:
            self._templates = {name: self._env.from_string(src) for name, src in sources.items()}
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateConfigError(f"chat template does not compile: {exc}") from exc
        self._special = dict(special_tokens)

    @classmethod
    def from_config(
        cls, config: Mapping[str, Any], override: str | None = None
    ) -> ChatTemplate | None:
        """The template of a parsed ``tokenizer_config.json``; None if it has none.

        ``override`` replaces the config's template (vLLM's ``--chat-template``).
        """
        sources = {"default": override} if override is not None else template_sources(config)
        if not sources:
            return None
        return cls(sources, special_tokens_map(config))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._templates)

    def select(self, tools: object = None, name: str | None = None) -> jinja2.Template:
        """Pick a named template the way transformers does: explicit name, else ``tool_use``
        when tools are given (even an empty list) and it exists, else ``default``."""
        templates = self._templates
        if name is not None:
            try:
                return templates[name]
            except KeyError:
                raise ChatTemplateError(f"no chat template named {name!r}") from None
        if tools is not None and "tool_use" in templates:
            return templates["tool_use"]
        if "default" in templates:
            return templates["default"]
        raise ChatTemplateError(
            f"several chat templates ({', '.join(templates)}) and none is named 'default'"
        )

    def render(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        add_generation_prompt: bool = True,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **template_kwargs: Any,
    ) -> str:
        """Render ``messages`` (role/content dicts as in the OpenAI API) to prompt text.

        ``template_kwargs`` (vLLM's ``chat_template_kwargs``, e.g. ``enable_thinking``) are
        visible to the template and override special tokens of the same name.
        """
        template = self.select(tools)
        variables: dict[str, Any] = {**self._special, **template_kwargs}
        variables["messages"] = messages
        variables["tools"] = None if tools is None else list(tools)
        variables.setdefault("documents", None)
        variables["add_generation_prompt"] = add_generation_prompt
        try:
            return template.render(variables)
        except jinja2.TemplateError as exc:
            raise ChatTemplateError(f"chat template error: {exc}") from exc
