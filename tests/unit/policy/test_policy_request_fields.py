"""PII in any text-carrying field of a body is found, and content that cannot be read makes
a fail-closed PII rule keep the request local: through the real parsers, ``PromptText`` and
the real PII classifier and evaluator."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.policy import (
    EvalInput,
    InferencePolicy,
    PoolState,
    RouteTo,
    SendToProvider,
    compile_policies,
    evaluate,
)
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.model import PiiKind

EMAIL = "jane.doe@acme-corp.io"
CARD = "4111 1111 1111 1111"
USER = {"role": "user", "content": "please help"}


def _chat(*messages: dict[str, Any], **fields: Any) -> tuple[ApiKind, dict[str, Any]]:
    return ApiKind.CHAT, {"model": "small", "messages": [USER, *messages], **fields}


def _anthropic(*blocks: dict[str, Any], **fields: Any) -> tuple[ApiKind, dict[str, Any]]:
    message = {"role": "user", "content": [{"type": "text", "text": "please help"}, *blocks]}
    return ApiKind.MESSAGES, {"model": "small", "max_tokens": 8, "messages": [message], **fields}


def _tool_call(arguments: str) -> dict[str, Any]:
    call = {"id": "call_1", "type": "function", "function": {"name": "crm", "arguments": arguments}}
    return {"role": "assistant", "content": None, "tool_calls": [call]}


def _tool(description: str = "look up a customer", parameters: Any = None) -> dict[str, Any]:
    function = {"name": "crm", "description": description, "parameters": parameters or {}}
    return {"type": "function", "function": function}


FIELDS: dict[str, tuple[ApiKind, dict[str, Any]]] = {
    "openai tool-call arguments": _chat(_tool_call(json.dumps({"customer": EMAIL}))),
    "openai tool-call arguments, escaped": _chat(_tool_call('{"customer": "jane.doe\\u0040acme-corp.io"}')),
    "openai legacy function_call": _chat(
        {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": f'{{"c": "{EMAIL}"}}'}}
    ),
    "openai tool description": _chat(tools=[_tool(f"escalate to {EMAIL}")]),
    "openai tool parameters": _chat(
        tools=[_tool(parameters={"type": "object", "properties": {"to": {"type": "string", "default": EMAIL}}})]
    ),
    "openai legacy functions": _chat(functions=[{"name": "f", "description": f"mail {EMAIL}"}]),
    "openai tool result": _chat({"role": "tool", "tool_call_id": "call_1", "content": f"found {EMAIL}"}),
    "openai input_text part": _chat({"role": "user", "content": [{"type": "input_text", "text": f"card {CARD}"}]}),
    "openai refusal part": _chat({"role": "assistant", "content": [{"type": "refusal", "refusal": f"not {EMAIL}"}]}),
    "openai message name": _chat({"role": "user", "content": "hi", "name": EMAIL}),
    "openai file name": _chat(
        {"role": "user", "content": [{"type": "file", "file": {"filename": f"{EMAIL}.txt", "file_id": "file-1"}}]}
    ),
    "openai response_format description": _chat(
        response_format={"type": "json_schema", "json_schema": {"name": "r", "description": f"cc {EMAIL}", "schema": {}}}
    ),
    "openai prediction": _chat(prediction={"type": "content", "content": f"card {CARD}"}),
    "vllm documents": _chat(documents=[{"title": "crm", "text": f"customer {EMAIL}"}]),
    "anthropic tool description": _anthropic(tools=[{"name": "crm", "description": f"cc {EMAIL}", "input_schema": {}}]),
    "anthropic tool input_schema": _anthropic(
        tools=[{"name": "crm", "input_schema": {"type": "object", "properties": {"to": {"enum": [EMAIL]}}}}]
    ),
    "anthropic tool_use input": _anthropic({"type": "tool_use", "id": "t1", "name": "crm", "input": {"to": EMAIL}}),
    "anthropic tool_result string": _anthropic({"type": "tool_result", "tool_use_id": "t1", "content": EMAIL}),
    "anthropic tool_result document": _anthropic(
        {"type": "tool_result", "tool_use_id": "t1", "content": [
            {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": EMAIL}}]}
    ),
    "anthropic text document": _anthropic(
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": f"card {CARD}"}}
    ),
    "anthropic content document": _anthropic(
        {"type": "document", "source": {"type": "content", "content": [{"type": "text", "text": EMAIL}]}}
    ),
    "anthropic document title": _anthropic(
        {"type": "document", "title": EMAIL, "source": {"type": "text", "media_type": "text/plain", "data": "x"}}
    ),
    "anthropic search_result": _anthropic(
        {"type": "search_result", "source": "crm", "title": "hit", "content": [{"type": "text", "text": EMAIL}]}
    ),
    "anthropic thinking": _anthropic({"type": "thinking", "thinking": f"the user is {EMAIL}", "signature": "s"}),
    "anthropic system blocks": _anthropic(system=[{"type": "text", "text": f"customer {EMAIL}"}]),
    "completions suffix": (ApiKind.COMPLETIONS, {"model": "small", "prompt": "def f():", "suffix": f"# {EMAIL}"}),
    "completions prompt list": (ApiKind.COMPLETIONS, {"model": "small", "prompt": ["a", f"b {EMAIL}"]}),
}  # fmt: skip


def _request(kind: ApiKind, body: dict[str, Any]) -> InferenceRequest:
    return parse_request(kind, json.dumps(body).encode())


def _findings(kind: ApiKind, body: dict[str, Any]) -> frozenset[PiiKind]:
    return PiiClassifier().classify(PromptText.of(_request(kind, body))).kinds


@pytest.mark.parametrize("field", list(FIELDS))
def test_pii_in_any_text_field_is_found(field: str) -> None:
    kind, body = FIELDS[field]
    assert _findings(kind, body) & {PiiKind.EMAIL, PiiKind.CREDIT_CARD}


@pytest.mark.parametrize("field", list(FIELDS))
def test_the_same_field_without_pii_is_clean(field: str) -> None:
    """The text the fields add (keys, ids, types) is no PII of its own."""
    kind, body = FIELDS[field]
    clean = json.loads(
        json.dumps(body).replace(EMAIL, "the usual address").replace(CARD, "the usual card")
    )
    clean = json.loads(json.dumps(clean).replace("jane.doe\\\\u0040acme-corp.io", "someone"))
    assert _findings(kind, clean) == frozenset()


HIDDEN = {
    "zero-width space in the domain": "jane.doe@\u200bacme-corp.io",
    "zero-width joiner in a card": "4111 1111\u200d 1111 1111",
    "soft hyphen in a card": "4111\u00ad 1111 1111 1111",
    "word joiner and BOM": "jane.doe@acme\u2060-corp.\ufeffio",
    "bidi controls": "jane.doe@\u202eacme-corp.io\u202c",
    "Cyrillic a in the domain": "jane.doe@\u0430cme-corp.io",
    "Greek omicron in the domain": "jane.doe@acme-c\u03bfrp.io",
    "Cyrillic capitals in an IBAN": "G\u041282 WE\u0405T 1234 5698 7654 32",
    "fullwidth digits": "\uff14\uff11\uff11\uff11 \uff11\uff11\uff11\uff11 \uff11\uff11\uff11\uff11 \uff11\uff11\uff11\uff11",
    "fullwidth at sign": "jane.doe\uff20acme-corp.io",
    "Arabic-Indic digits": "\u0664\u0661\u0661\u0661 \u0661\u0661\u0661\u0661 \u0661\u0661\u0661\u0661 \u0661\u0661\u0661\u0661",
    "tag characters": "".join(chr(0xE0000 + ord(c)) for c in EMAIL),
    "mathematical letters": "jane.doe@\U0001d41a\U0001d41c\U0001d426\U0001d41e-corp.io",
}  # fmt: skip


@pytest.mark.parametrize("name", list(HIDDEN))
def test_pii_behind_invisible_or_look_alike_characters_is_found(name: str) -> None:
    kind, body = _chat({"role": "user", "content": f"write to {HIDDEN[name]} today"})
    assert _findings(kind, body) & {PiiKind.EMAIL, PiiKind.CREDIT_CARD, PiiKind.IBAN}


def test_a_name_written_with_look_alike_letters_is_found() -> None:
    spoofed = "My name is J\u0430n\u0435 H\u043elt, please update my account."
    assert PiiKind.PERSON_NAME not in _findings(*_chat({"role": "user", "content": "hi"}))
    assert PiiKind.PERSON_NAME in _findings(*_chat({"role": "user", "content": spoofed}))


@pytest.mark.parametrize("name", ["tool-call arguments", "anthropic tool_use input"])
def test_look_alikes_are_folded_in_every_field(name: str) -> None:
    hidden = "jane.doe@\u0430cme-corp.io"
    if name == "tool-call arguments":
        kind, body = _chat(_tool_call(json.dumps({"customer": hidden})))
    else:
        kind, body = _anthropic(
            {"type": "tool_use", "id": "t", "name": "c", "input": {"to": hidden}}
        )
    assert PiiKind.EMAIL in _findings(kind, body)


UNREADABLE: dict[str, tuple[ApiKind, dict[str, Any]]] = {
    "openai image": _chat({"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}]}),
    "openai audio": _chat({"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}}]}),
    "openai file data": _chat({"role": "user", "content": [{"type": "file", "file": {"file_data": "JVBERi0x"}}]}),
    "anthropic image": _anthropic({"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AAAA"}}),
    "anthropic base64 document": _anthropic(
        {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0x"}}
    ),
    "anthropic url document": _anthropic({"type": "document", "source": {"type": "url", "url": "https://x.test/a.pdf"}}),
    "anthropic image in a tool result": _anthropic(
        {"type": "tool_result", "tool_use_id": "t", "content": [
            {"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}}]}
    ),
    "completions token ids": (ApiKind.COMPLETIONS, {"model": "small", "prompt": [1, 2, 3]}),
}  # fmt: skip


@pytest.mark.parametrize("name", list(UNREADABLE))
def test_content_that_cannot_be_read_is_reported(name: str) -> None:
    prompt = PromptText.of(_request(*UNREADABLE[name]))
    assert prompt.unreadable
    if name != "completions token ids":
        findings = PiiClassifier().classify(prompt)
        assert findings.unreadable
        assert not findings.present
        assert findings.labels() == ["unreadable"]


def _policy(fail_closed: bool) -> InferencePolicy:
    rules = [
        {"name": "pii-local", "failClosed": fail_closed, "match": {"classifiers": {"pii": True}},
         "action": {"route": {"candidates": ["small"]}}},
        {"name": "burst", "action": {"provider": {
            "name": "cloud", "baseURL": "https://api.example.com/v1", "modelMap": {"small": "gpt-mini"},
            "apiKeySecretRef": {"name": "cloud", "key": "token"}}}},
    ]  # fmt: skip
    return InferencePolicy.model_validate(
        {"apiVersion": "kinference.io/v1alpha1", "kind": "InferencePolicy",
         "metadata": {"name": "p"}, "spec": {"rules": rules}}
    )  # fmt: skip


def _decide(request: InferenceRequest, fail_closed: bool = True) -> object:
    policies = compile_policies([_policy(fail_closed)])
    return evaluate(policies, EvalInput(request=request, pool=PoolState(ready_endpoints=1))).action


@pytest.mark.parametrize("field", list(FIELDS))
def test_a_keep_pii_local_rule_keeps_pii_in_any_field_local(field: str) -> None:
    assert isinstance(_decide(_request(*FIELDS[field])), RouteTo)


@pytest.mark.parametrize("name", list(UNREADABLE))
def test_a_fail_closed_rule_keeps_unreadable_content_local(name: str) -> None:
    action = _decide(_request(*UNREADABLE[name]))
    assert isinstance(action, RouteTo)
    assert action.local_only


def test_only_a_fail_closed_rule_counts_unreadable_content_as_pii() -> None:
    request = _request(*UNREADABLE["openai image"])
    assert isinstance(_decide(request, fail_closed=False), SendToProvider)
    assert isinstance(_decide(_request(*_chat())), SendToProvider)


def test_new_fields_of_any_shape_are_no_400() -> None:
    """The parsers keep these fields raw: a shape they do not expect is read as JSON."""
    kind, body = _chat(
        {"role": "assistant", "content": "x", "tool_calls": "odd", "refusal": 3},
        tools={"not": "a list"}, response_format="text", prediction=None,
    )  # fmt: skip
    assert _findings(kind, body) == frozenset()
    kind, body = _anthropic(
        {"type": "tool_use", "input": [EMAIL]}, {"type": "document", "source": "odd"}, tools=7
    )
    prompt = PromptText.of(_request(kind, body))
    assert PiiKind.EMAIL in PiiClassifier().classify(prompt).kinds
    assert prompt.unreadable == ("messages[0].content[2] (document)",)
