"""The evaluation fast paths agree with straightforward reference implementations.

Each fast path (the rule index, the PII candidate scan, the complexity word counts, the
route preference loop) exists only for speed, so each is held to a plain version of the
same computation on random input: the references below are the code the fast paths
replaced, kept deliberately simple.
"""

from __future__ import annotations

import dataclasses
import json
import re
import string
from collections.abc import Callable, Hashable, Iterator
from operator import attrgetter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind, InferenceRequest
from kinference_epp.policy import EvalInput, InferencePolicy, PoolState, compile_policies, evaluate
from kinference_epp.policy import index as index_module
from kinference_epp.policy.actions import _by_score
from kinference_epp.policy.classifiers import complexity as cx
from kinference_epp.policy.classifiers import pii
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.languages import detect, in_english
from kinference_epp.policy.classifiers.personal import find_personal
from kinference_epp.policy.context import EvalContext
from kinference_epp.policy.index import RuleIndex
from kinference_epp.policy.model import OnClassifierError, PiiKind, PiiSettings
from kinference_epp.policy.rules import CompiledRule, Cond

# -- the rule index -----------------------------------------------------------------------

CATALOG: dict[str, Any] = {
    "models": [
        {"name": "small", "family": "qwen3", "sizeB": 0.6, "aliases": ["tiny"]},
        {"name": "large", "family": "qwen3", "sizeB": 32},
        {"name": "llama", "family": "llama", "sizeB": 8},
    ],
    "classes": [{"name": "any-qwen3", "selector": {"family": "qwen3"}}],
}
MODELS = ["small", "tiny", "large", "llama", "any-qwen3", "other"]
TENANTS = ["team-a", "team-b", "ops", "opsx"]
TIERS = ["gold", "gold-plus", "silver", ""]


def _rule_strategy(i: int) -> st.SearchStrategy[dict[str, Any]]:
    header = st.one_of(
        st.builds(lambda v: {"name": "x-tier", "values": v},
                  st.lists(st.sampled_from(["gold*", "silver", "?old"]), max_size=2)),
        st.just({"name": "x-tier", "absent": True}),
        st.just({"name": "x-debug"}),
    )  # fmt: skip
    match = st.fixed_dictionaries(
        {},
        optional={
            "tenants": st.lists(st.sampled_from(["team-*", "ops", "o?s*", "nobody"]), min_size=1),
            "models": st.lists(st.sampled_from(MODELS), min_size=1, max_size=2),
            "memberOf": st.just(["any-qwen3"]),
            "apiPaths": st.lists(st.sampled_from(["chat", "completions"]), min_size=1),
            "headers": st.lists(header, max_size=2),
            "pool": st.sampled_from(
                [{"queueDepth": {"max": 4}}, {"readyEndpoints": {"min": 2}}, {"idle": True}]
            ),
            "promptTokens": st.sampled_from([{"min": 3}, {"max": 2}]),
            "classifiers": st.sampled_from(
                [{"pii": True}, {"pii": False}, {"complexity": ["easy"]}, {"topics": ["money"]}]
            ),
        },
    )
    action = st.sampled_from(
        [
            {"reject": {"status": 403 + i, "message": "no"}},
            {"rewriteModel": "large"},
            {"continue": True},
            {"route": {"candidates": ["any-qwen3", "llama"], "prefer": "cache"}},
        ]
    )
    return st.fixed_dictionaries(
        {"name": st.just(f"r{i}"), "match": match, "action": action},
        optional={
            "failClosed": st.booleans(),
            "onClassifierError": st.sampled_from(["match", "noMatch", "reject"]),
        },
    )


@st.composite
def policy_sets(draw: st.DrawFn) -> list[InferencePolicy]:
    policies = []
    for p in range(draw(st.integers(1, 3))):
        n = draw(st.integers(1, 8))
        rules = [draw(_rule_strategy(i)) for i in range(n)]
        mode = draw(st.sampled_from(["Enforce", "Enforce", "Shadow"]))
        spec = {
            "rules": rules,
            "scope": {"priority": draw(st.integers(0, 3)), "mode": mode},
            "topics": [{"name": "money", "keywords": ["invoice", "refund"]}],
            **CATALOG,
        }
        policies.append(
            InferencePolicy.model_validate(
                {
                    "apiVersion": "kinference.io/v1alpha1",
                    "kind": "InferencePolicy",
                    "metadata": {"name": f"p{p}"},
                    "spec": spec,
                }
            )
        )
    return policies


def _chat(text: str, model: str) -> InferenceRequest:
    body = {"model": model, "messages": [{"role": "user", "content": text}]}
    return parse_request(ApiKind.CHAT, json.dumps(body).encode())


inputs = st.builds(
    lambda text, model, tenant, headers, api, pool, faults: EvalInput(
        request=_chat(text, model),
        pool=pool,
        tenant=tenant,
        headers=headers,
        api=api,
        predicted_ttft={"small": 0.3, "large": 0.1, "llama": 0.2}.get,
        classifier_faults=faults,
    ),
    st.sampled_from(["hi", "an invoice and a refund", "mail bob@corp.io", "x" * 40]),
    st.sampled_from(MODELS),
    st.sampled_from([None, *TENANTS]),
    st.dictionaries(st.sampled_from(["x-tier", "x-debug"]), st.sampled_from(TIERS), max_size=2),
    st.sampled_from([None, ApiKind.CHAT, ApiKind.COMPLETIONS]),
    st.builds(
        PoolState,
        ready_endpoints=st.integers(0, 3),
        queue_depth=st.sampled_from([0.0, 3.0, 9.0]),
        kv_cache_usage=st.sampled_from([0.1, 0.95]),
    ),
    st.sampled_from([frozenset(), frozenset({"pii"}), frozenset({"complexity", "topic:money"})]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(policy_sets(), st.lists(inputs, min_size=1, max_size=4))
def test_index_decides_as_the_full_walk(
    policies: list[InferencePolicy], batch: list[EvalInput]
) -> None:
    """The indexed walk returns the explain walk's decision (which tests every condition),
    including classifications, classifier errors and Shadow decisions, for every input
    — also on the second and later requests, which are answered from the index's caches."""
    ps = compile_policies(policies)
    for inp in batch * 2:
        fast = evaluate(ps, inp)
        full = evaluate(ps, inp, explain=True)
        assert fast == dataclasses.replace(full, trace=())


def _cheap_policy(n: int) -> InferencePolicy:
    rules = [
        {"name": f"r{i}", "match": {"headers": [{"name": "x-user", "values": [f"u{i}-*"]}]},
         "action": {"reject": {"status": 400 + i, "message": "no"}}}
        for i in range(n)
    ]  # fmt: skip
    return InferencePolicy.model_validate(
        {"apiVersion": "kinference.io/v1alpha1", "kind": "InferencePolicy",
         "metadata": {"name": "p"}, "spec": {"rules": rules}}
    )  # fmt: skip


def test_index_cache_is_bounded_and_stays_correct(monkeypatch: pytest.MonkeyPatch) -> None:
    """Header values come from clients: the per-value cache must not grow without bound."""
    monkeypatch.setattr(index_module, "CACHE_LIMIT", 8)
    ps = compile_policies([_cheap_policy(5)])
    dim = ps.policies[0].index.dimensions[0]
    request = _chat("hi", "small")
    for k in range(50):
        user = f"u{k % 5}-{k}"
        d = evaluate(ps, EvalInput(request, PoolState(), headers={"x-user": user}))
        assert d.rule == f"r{k % 5}"
        assert len(dim.cache) <= 8
    assert evaluate(ps, EvalInput(request, PoolState(), headers={})).rule is None


def test_index_tells_an_absent_header_from_an_empty_one() -> None:
    policy = InferencePolicy.model_validate(
        {"apiVersion": "kinference.io/v1alpha1", "kind": "InferencePolicy",
         "metadata": {"name": "p"}, "spec": {"rules": [
             {"name": "absent", "match": {"headers": [{"name": "x-a", "absent": True}]},
              "action": {"reject": {"status": 401, "message": "no"}}},
             {"name": "present", "match": {"headers": [{"name": "x-a"}]},
              "action": {"reject": {"status": 402, "message": "no"}}}]}}
    )  # fmt: skip
    ps = compile_policies([policy])
    request = _chat("hi", "small")
    assert evaluate(ps, EvalInput(request, PoolState(), headers={})).rule == "absent"
    assert evaluate(ps, EvalInput(request, PoolState(), headers={"x-a": ""})).rule == "present"


def test_index_keeps_field_conditions_that_follow_an_effect_in_order() -> None:
    """A field condition after a classifier must not let the index skip the classifier."""
    ran: list[str] = []

    def classifier(c: EvalContext) -> bool:
        ran.append(c.model)
        return True

    def field(key: str, check: Callable[[Any], bool]) -> Cond:
        get: Callable[[EvalContext], Hashable] = attrgetter(key)
        return Cond(test=lambda c: check(get(c)), text=key, observe=lambda c: "", rank=0,
                    on_field=(key, get, check))  # fmt: skip

    effect = Cond(test=classifier, text="clf", observe=lambda c: "", rank=3, classifier=True)
    rule = CompiledRule(
        name="r",
        conds=(field("tenant", lambda t: t == "a"), effect, field("model", lambda m: m == "x")),
        outcome=None,
        action_kind="continue",
        on_error=OnClassifierError.NO_MATCH,
        fail_closed=False,
    )
    index = RuleIndex([rule])
    assert [d.key for d in index.dimensions] == ["tenant"]
    assert index.dynamic[0][0] is effect
    assert [c.text for c in index.dynamic[0]] == ["clf", "model"]
    ctx = EvalContext(EvalInput(_chat("hi", "small"), PoolState(), tenant="a"))
    assert index.candidates(ctx) == 1  # the model check is left to the walk, after clf
    assert ran == []


# -- PII candidates -----------------------------------------------------------------------

_REF_DIGITS = str.maketrans("123456789", "000000000")
_REF_TOKENS = str.maketrans(
    {chr(i): "a" if chr(i) in string.ascii_letters + string.digits + "_-" else " "
     for i in range(128)}
)  # fmt: skip


def reference_candidates(text: str) -> Iterator[tuple[str, int, str]]:
    """The windowed scan written plainly: ``str.translate`` maps and ``finditer``."""
    digits, tokens = text.translate(_REF_DIGITS), text.translate(_REF_TOKENS)
    n = len(text)
    pos = digits.find("000")
    while pos != -1:
        lo, limit = pos, max(0, pos - 40)
        while lo > limit and text[lo - 1] in pii._CLUSTER:
            lo -= 1
        end = pos + 3
        stop = min(n, lo + 96)
        for m in pii._CANDIDATES.finditer(text, lo, stop):
            if m.lastgroup in ("num", "upper"):
                if m.end() == stop < n:  # cut by the window: matched again from its start
                    again = pii._CANDIDATES.match(text, m.start(), min(n, m.start() + 96))
                    if again is not None and again.lastgroup == m.lastgroup:
                        m = again
                yield str(m.lastgroup), m.start(), m.group()
                end = max(end, m.end())
        pos = digits.find("000", end)
    for at in (i for i, ch in enumerate(text) if ch == "@"):
        yield "at", at, "@"
    pos = tokens.find("a" * 20)
    while pos != -1:
        start = tokens.rfind(" ", 0, pos) + 1
        stop = tokens.find(" ", pos)
        stop = n if stop == -1 else stop
        for m in pii._SECRET.finditer(text, start, stop):
            yield "secret", m.start(), m.group()
        pos = tokens.find("a" * 20, stop)
    runs = [m.span() for m in re.finditer(r"[^ ]+", tokens) if "a" * 15 in m.group()]
    for needle, back, pattern in pii._ANCHORED:
        size = len(needle)
        for at in (i for i in range(n) if text.startswith(needle.decode(), i)):
            if not any(lo - 120 <= at and at + size <= hi for lo, hi in runs):
                continue  # a needle counts only near a run of 15 token characters
            found = pattern.search(text, max(0, at - back), at + 400)
            if found is not None and found.start() <= at and pii._anchored_value(needle, found):
                yield "anchored", found.start(), found.group()
    armour = text.find("PRIVATE KEY-----")
    key = pii._SECRET.search(text, max(0, armour - 40), armour + 16) if armour != -1 else None
    if key is not None:
        yield "secret", key.start(), key.group()
    for m in pii._SPACED_NINO.finditer(text):  # a spaced NINO by its shape: _upper judges
        yield "upper", m.start(), m.group()  # its label
    for m in pii._PAIRED_PHONE.finditer(text):
        yield "paired", m.start(), m.group()


FRAGMENTS = [
    "AKIAZ7Q3K2M4N6P8R0TX", "ASIA", "sk-proj-4fK9xQ2mL7vN1pR8sT3w", "ghp_" + "aB3" * 12,
    "github_pat_", "xoxb-1234567890", "AIza", "-----BEGIN RSA PRIVATE KEY-----",
    "GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432", "+44 20 7946 0958",
    "(415) 555-0132", "555.123.4567", "1-800-555-0199", "john.doe@acme-corp.com",
    "a@example.com", "4539 1488 0343 6467", "4539-1488-0343-6467", "4539148803436467",
    "DE89 3704 0044 0532 0130 00", "123-45-6789", "123456789", "ssn ", "phone ", "call ",
    "national insurance ", "AB 12 34 56 C", "DNI 12345678Z", "NINO ", "2024-05-17",
    "é", "\u2019", "€", "?", "\ud800", "İ", "٣٤٥", "\n", "de89 3704 0044 0532 0130 00",
    "12.345.678-Z", "Y-1234567-X", "Authorization: Basic ", "ZGV2OlMzY3JldCE=", "Bearer ",
    "AccountKey=", "hooks.slack.com/", "https://", "4539  1488  0343  6467",
]  # fmt: skip
NOISE = "0123456789 .()/+-@_AKISGBZWCsgkxopab\n,:?é€"
pii_texts = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.text(alphabet=NOISE, max_size=30)), max_size=30
).map("".join)


@settings(max_examples=400, deadline=None)
@given(pii_texts)
def test_pii_candidates_match_the_plain_scan(text: str) -> None:
    assert sorted(set(pii._candidates(text))) == sorted(set(reference_candidates(text)))


@pytest.mark.parametrize(
    "text",
    [
        # The AWS key swallows "GH6789WXYZ", which alone is an IBAN-shaped candidate: the
        # window around "678" must be scanned with the secret alternatives.
        "id AKIAABCDEFGH6789WXYZ",
        "-----BEGIN PRIVATE KEY-----\nid AKIAABCDEFGH6789WXYZ",
    ],
)
def test_windows_near_secrets_keep_the_secret_alternatives(text: str) -> None:
    found = list(pii._candidates(text))
    assert found == list(reference_candidates(text))
    assert {group for group, _, _ in found} == {"secret"}


def test_windows_far_from_secrets_find_numbers() -> None:
    text = "phone 4155550132 and far away " + "x" * 200 + " sk-proj-" + "a1" * 12
    found = list(pii._candidates(text))
    assert found == list(reference_candidates(text))
    assert ("num", 6, "4155550132") in found


@settings(max_examples=400, deadline=None)
@given(pii_texts, st.integers(0, 400), st.integers(0, 400))
def test_candidate_at_finds_what_finditer_finds(text: str, a: int, b: int) -> None:
    """The lookbehind form with a leading class finds the same matches as the pattern."""
    lo, hi = min(a, b, len(text)), min(max(a, b), len(text))
    want = [(m.lastgroup, m.span()) for m in pii._CANDIDATES.finditer(text, lo, hi)]
    got = []
    m = pii._CANDIDATE_AT.search(text, lo, hi)
    while m is not None:
        assert m.lastindex is not None
        got.append((pii._GROUPS[m.lastindex], m.span(m.lastindex)))
        m = pii._CANDIDATE_AT.search(text, m.end(m.lastindex), hi)
    assert got == want


def test_candidate_starts_cover_every_alternative() -> None:
    """``_STARTS`` must hold every character a match can begin with: try each character
    before the shortest tail that would complete each kind of candidate."""
    tails = ["1234567", "B 12 ABCDE", "", "KIA1234567890ABCDEF", "k-" + "a1" * 10,
             "hp_" + "a" * 36, "ithub_pat_" + "a" * 22, "oxb-1234567890", "Iza" + "a" * 35,
             "----BEGIN RSA PRIVATE KEY-----", "op_v1_" + "a" * 64, "in_api_" + "a" * 40,
             "ul-" + "a" * 40, "hsec_" + "a" * 32, "ypi-AgEIcHlwaS5vcmc" + "a" * 50,
             "api" + "a" * 32, "K" + "a" * 32, "ntrys_" + "a" * 40]  # fmt: skip
    for code in range(0x250):
        for tail in tails:
            text = chr(code) + tail
            if pii._CANDIDATES.match(text):
                assert re.fullmatch(pii._STARTS, chr(code)), repr(text)
    assert pii._GROUPS[1] == "num"  # num and upper come first: _candidates relies on it
    assert pii._UPPER == 2


@given(st.text(max_size=200))
def test_classes_map_each_character(text: str) -> None:
    def cls(ch: str) -> str:
        if not ch.isascii():
            return "x"
        if ch in string.digits:
            return "0"
        return "a" if ch in string.ascii_letters + "_-" else " "

    assert pii._classes(text) == "".join(cls(ch) for ch in text).encode()


@given(st.text(alphabet="0123456789 .()/-+", min_size=1, max_size=26))
def test_number_length_guards_never_hide_a_match(body: str) -> None:
    """``_number`` skips the SSN and NANP regexes by length; they can only match there."""
    digits = sum(ch.isdigit() for ch in body)
    if pii._SSN.match(body):
        assert len(body) == 11
    if pii._NANP.match(body):
        assert 10 <= digits <= 11
    assert body.translate(pii._DROP_ASCII_NON_DIGITS) == pii._NON_DIGITS.sub("", body)


@settings(max_examples=300, deadline=None)
@given(pii_texts)
def test_pii_findings_on_random_text_with_embedded_pii(text: str) -> None:
    """Findings are what the reference candidates confirm (the confirmers are shared), on
    the text the classifier reads: normalized, look-alikes and other scripts' digits folded."""
    text = PromptText(text, 1).folded()
    structured = [k for k in PiiKind if k not in pii._FREE_TEXT]
    clf = pii.PiiClassifier(PiiSettings(kinds=structured, allow_values=["4539 1488 0343 6467"]))
    expected = set()
    held: set[PiiKind] = set()
    for group, start, value in reference_candidates(text):
        if value in clf._allow_values:
            continue
        if group == "num":
            kind = clf._number(text, start, value)
        elif group == "upper":
            kind = clf._upper(text, start, value)
            digit = pii._FIRST_DIGIT.search(value)
            inner = pii._NUMBER.match(text, start + digit.start()) if digit else None
            if kind is None and inner is not None:
                kind = clf._number(text, inner.start(), inner.group())
        elif group == "at":
            kind = pii._url_password(text, start) or clf._email(text, start)
        elif group == "paired":
            kind = clf._paired_phone(text, start, value)
        elif group == "anchored":
            kind = PiiKind.SECRET
        else:
            kind = clf._secret(value)
        if kind is not None and clf._office_contact(text, start, kind, value):
            held.add(kind)  # an office's line or mailbox: someone's only where a name is
        elif kind is not None:
            expected.add(kind)
    # Another country's ID, or a credential, named by its label ('pw 00123A')
    labelled = {PiiKind.NATIONAL_ID, PiiKind.SECRET} - expected
    if labelled:
        expected |= find_personal(text, frozenset(expected)) & labelled
    if held - expected and PiiKind.PERSON_NAME in find_personal(text, frozenset(expected)):
        expected |= held
    assert clf.classify(PromptText(text, 1)).kinds == expected


# -- complexity ---------------------------------------------------------------------------

_REF_DROP_MATH = str.maketrans("", "", cx._MATH_CHARS)


def reference_complexity(prompt: PromptText) -> tuple[float, dict[str, float]]:
    """One loop over the words, a count per mark, the whole text lower-cased."""
    text = prompt.require()
    n = len(text)
    lower = text.lower()
    window = lower if n <= 2 * cx.WINDOW else lower[: cx.WINDOW] + "\n" + lower[-cx.WINDOW :]
    lang = detect(window)  # the language front end is shared: the word loop is what differs
    if lang != "en":
        window = in_english(window, lang)
    code = math = reason = domain = constraint = easy = 0
    for word in window.translate(cx._WORDS).split():
        bare = word.rstrip(".")
        if word in cx._CODE_WORDS:
            code += 1
        elif word in cx._MATH_WORDS:
            math += 1
        elif bare in cx._REASON_WORDS:
            reason += 1
        elif bare in cx._DOMAIN_WORDS:
            domain += 1
        elif bare in cx._CONSTRAINT_WORDS:
            constraint += 1
        elif bare in cx._EASY_WORDS:
            easy += 1
    code += sum(window.count(m) for m in cx._CODE_MARKS)
    math += sum(window.count(m) for m in cx._MATH_MARKS)
    math += len(window) - len(window.translate(_REF_DROP_MATH))
    reason += sum(window.count(m) for m in cx._REASON_PHRASES)
    constraint += sum(window.count(m) for m in cx._CONSTRAINT_PHRASES)
    head, tail = cx.REQUEST_HEAD, cx.REQUEST_TAIL
    request = window if len(window) <= head + tail else window[:head] + "\n" + window[-tail:]
    reason += sum(request.count(m) for m in cx._REQUEST_REASON_PHRASES)
    constraint += sum(request.count(m) for m in cx._REQUEST_CONSTRAINT_PHRASES)
    easy += sum(window.count(m) for m in cx._EASY_PHRASES)
    easy -= sum(window.count(m) for m in cx._SOLVE_HOW)
    fences = text.count("```")
    technical = reason > 0 and (domain > 0 or code + fences > 0 or math > 0 or constraint > 0)
    technical = technical or domain >= 3
    cap = easy if any(e in window for e in cx._EDITS) else 0
    features = {
        "length": min(1.0, n / 4 / 4000),
        "code": min(1.0, (2 * fences + code) / 12),
        "math": min(1.0, math / 12),
        "task": min(1.0, reason / 1.5),
        "domain": min(1.0, domain / 2),
        "constraints": min(1.0, constraint / 2),
        "technical_task": 1.0 if technical else 0.0,
        "turns": min(1.0, max(0, prompt.turns - 1) / 6),
        "easy_task": 1.0 if easy and not domain and not constraint and reason <= cap else 0.0,
    }
    hard_ask, easy_ask, open_task, demand, unread = cx.ask_features(window, lang)
    features["hard_ask"], features["easy_ask"] = hard_ask, easy_ask
    if features["hard_ask"] or unread:
        features["easy_task"] = 0.0
    if features["easy_ask"]:
        features["task"] = features["technical_task"] = features["constraints"] = 0.0
        if len(window) > cx._PASTE and not features["hard_ask"]:
            features["domain"] = features["code"] = features["math"] = 0.0
    score = sum(cx._WEIGHTS[k] * v for k, v in features.items())
    words = [w.rstrip(".") for w in window.translate(cx._WORDS).split()]
    plain = (
        not demand
        and len(window) <= cx._PLAIN_CHARS
        and not (open_task and cx._listed(window))
        and "?" not in window
        and not any(features[k] for k in cx._SIGNALS)
        and len(words) <= cx._PLAIN_WORDS
        and not any(w in cx._OPEN_ASKS for w in words)
    )
    features["plain"] = 1.0 if plain else 0.0
    features["open_task"] = open_task
    features["demand"] = demand
    return min(1.0, max(0.0, score)), features


VOCAB = sorted(
    cx._CODE_WORDS
    | cx._MATH_WORDS
    | cx._REASON_WORDS
    | cx._DOMAIN_WORDS
    | cx._CONSTRAINT_WORDS
    | cx._EASY_WORDS
)
MARKS = [
    *cx._CODE_MARKS,
    *cx._MATH_MARKS,
    *cx._REASON_PHRASES,
    *cx._CONSTRAINT_PHRASES,
    *cx._REQUEST_CONSTRAINT_PHRASES,
    *cx._REQUEST_REASON_PHRASES,
    *cx._EASY_PHRASES,
    *cx._SOLVE_HOW,
    "```",
    *cx._MATH_CHARS,
]
word_texts = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(VOCAB), st.sampled_from(MARKS),
                  st.sampled_from(["word", "DESIGN", "Prove", "İ", "ß", "x" * 60, "a.design",
                                   "ΟΔΟΣ", "Σ", "\ud800", "\u2014"]),
                  st.text(max_size=8)),
        st.sampled_from(["", " ", ".", "..", "...", "\n", ", ", "(", "\t"]),
    ),
    max_size=60,
).map(lambda parts: "".join(a + b for a, b in parts))  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(word_texts, st.integers(0, 6), st.integers(1, 4))
def test_complexity_matches_the_word_loop(text: str, padding: int, turns: int) -> None:
    """Short and long prompts (the window cut), ASCII and not, dotted words, fences."""
    long = text + (" filler" * 300 * padding) + text
    for t in (text, long):
        assert cx.complexity_score(PromptText(t, turns)) == reference_complexity(
            PromptText(t, turns)
        )


def test_complexity_reuses_a_lower_cased_text_already_made() -> None:
    prompt = PromptText("Prove it. " + "x " * 5000 + "then design. İ", 1)
    fresh = cx.complexity_score(PromptText(prompt.text, 1))
    prompt.lower()
    assert prompt.has_lower()
    assert cx.complexity_score(prompt) == fresh == reference_complexity(prompt)


@pytest.mark.parametrize(
    "text",
    [
        "x" * (cx.WINDOW - 1) + "ΣA design" + " y" * 3000,  # a sigma's form depends on "A"
        " y" * 3000 + "AΣ" + "z" * (cx.WINDOW - 1),  # ... on the letter before it
        "İ" * cx.WINDOW + " design " * 1000 + "İ prove" * 400,  # lower-casing lengthens
    ],
)
def test_complexity_window_is_cut_from_the_whole_lower_cased_text(text: str) -> None:
    lower = text.lower()
    window = lower[: cx.WINDOW] + "\n" + lower[-cx.WINDOW :]
    assert cx._lower_window(PromptText(text, 1), text) == window
    assert cx.complexity_score(PromptText(text, 1)) == reference_complexity(PromptText(text, 1))


@given(st.text(alphabet="`a\n", max_size=60), st.integers(-2, 8))
def test_fences_counts_up_to_enough(text: str, enough: int) -> None:
    assert cx._fences(text, enough) == (min(text.count("```"), enough) if enough > 0 else 0)


# -- route preferences --------------------------------------------------------------------


def reference_by_score(
    candidates: tuple[str, ...], score: Any, min_gain: float
) -> tuple[str, tuple[tuple[str, float], ...]]:
    first = candidates[0]
    if score is None or len(candidates) == 1:
        return first, ()
    scores = tuple((m, s) for m in candidates if (s := score(m)) is not None)
    if not scores:
        return first, ()
    best, best_score = min(scores, key=lambda item: item[1])
    base = next((s for m, s in scores if m == first), None)
    if best != first and base is not None and best_score > base * (1.0 - min_gain):
        return first, scores
    return best, scores


@given(
    st.lists(st.sampled_from("abcde"), min_size=1, max_size=5, unique=True).map(tuple),
    st.dictionaries(
        st.sampled_from("abcde"),
        st.one_of(st.none(), st.sampled_from([0.1, 0.2, 0.2, 1.0]), st.floats(0, 2)),
    ),
    st.sampled_from([0.0, 0.3, 0.99]),
)
def test_by_score_matches_min_and_next(
    candidates: tuple[str, ...], scores: dict[str, float | None], gain: float
) -> None:
    assert _by_score(candidates, scores.get, gain) == reference_by_score(
        candidates, scores.get, gain
    )
