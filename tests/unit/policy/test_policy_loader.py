"""Loading and checking policies: precise file:line problems, never a traceback; keep-last-good."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kinference_epp.policy import PolicyStore, Severity, parse_policies
from kinference_epp.policy.checks import check_policies
from kinference_epp.policy.loader import load_files, load_objects
from kinference_epp.resources.problems import Problem

HEAD = """\
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata:
  name: {name}
spec:
"""

PROVIDER = """\
        provider:
          name: cloud
          baseURL: https://api.example.com/v1
          apiKeySecretRef: {name: cloud, key: token}
"""


def doc(spec: str, name: str = "p") -> str:
    return HEAD.format(name=name) + textwrap.indent(textwrap.dedent(spec), "  ")


def problems(text: str, source: str = "f.yaml") -> list[Problem]:
    loaded, found = parse_policies(text, source)
    return found + (check_policies(loaded) if not found else [])


def only(found: list[Problem]) -> Problem:
    assert len(found) == 1, [str(p) for p in found]
    return found[0]


def test_valid_multi_document_file() -> None:
    text = (
        doc("rules: [{name: a, action: {rewriteModel: m}}]\n", "one")
        + "---\n"
        + doc("scope: {priority: 2}\nrules: [{name: a, action: {rewriteModel: m}}]", "two")
    )
    loaded, found = parse_policies(text, "f.yaml")
    assert found == []
    assert [lp.policy.key for lp in loaded] == ["default/one", "default/two"]


@pytest.mark.parametrize(
    ("spec", "line", "needle"),
    [
        ("rules:\n  - name: a\n    action: {rewriteModel: m, reject: {message: x}}\n", 8,
         "exactly one of route, rewriteModel, reject, provider, defer, continue is required "
         "(got rewriteModel, reject)"),
        ("rules:\n  - name: a\n    action: {}\n", 8, "(got none)"),
        ("rules:\n  - name: a\n    matchh: {}\n    action: {continue: true}\n", 8,
         "spec.rules.0.matchh: Extra inputs are not permitted"),
        ("rules:\n  - name: a\n    match: {promptTokens: {min: 9, max: 3}}\n    action: {continue: true}\n",
         8, "min must be <= max"),
        ("rules:\n  - name: a\n    action:\n      reject: {status: 200, message: x}\n", 9,
         "spec.rules.0.action.reject.status: Input should be greater than or equal to 400"),
        ("topics: [{name: t, patterns: ['(']}]\nrules: [{name: a, action: {continue: true}}]\n", 6,
         "invalid regex"),
        ("rules: []\n", 6, "spec.rules: List should have at least 1 item"),
    ],
)  # fmt: skip
def test_schema_errors_have_lines(spec: str, line: int, needle: str) -> None:
    p = only(problems(doc(spec)))
    assert p.line == line, str(p)
    assert needle in str(p)
    assert str(p).startswith(f"f.yaml:{line}: error: ")


def test_yaml_syntax_error_has_a_line() -> None:
    p = only(problems("apiVersion: x\nspec: [unclosed\n"))
    assert p.line == 3
    assert "invalid YAML" in p.message


def test_wrong_kind_and_duplicate_keys() -> None:
    assert "expected apiVersion kinference.io/v1alpha1, kind InferencePolicy" in str(
        only(problems("apiVersion: v1\nkind: ConfigMap\n"))
    )
    dup = doc(
        "rules: [{name: a, action: {continue: true}}]\nrules: [{name: b, action: {continue: true}}]\n"
    )
    p = only(problems(dup))
    assert (p.line, p.message) == (7, "duplicate key 'rules' (first at line 6)")


RULES_WITH_CATALOG = """\
models:
  - {name: small, aliases: [s]}
  - {name: big}
classes:
  - {name: all, selector: {}}
rules:
"""


@pytest.mark.parametrize(
    ("rules", "line", "needle", "severity"),
    [
        ("  - {name: a, action: {rewriteModel: nope}}\n", 12,
         "unknown model, alias or class 'nope' (catalog: all, big, s, small)", Severity.ERROR),
        ("  - {name: a, match: {memberOf: [small]}, action: {continue: true}}\n", 12,
         "memberOf needs a class", Severity.ERROR),
        ("  - {name: a, action: {continue: true}}\n  - {name: a, action: {rewriteModel: big}}\n", 13,
         "duplicate rule 'a' (first at line 12)", Severity.ERROR),
        ("  - {name: all, action: {rewriteModel: big}}\n  - {name: b, match: {tenants: [x]}, action: {rewriteModel: big}}\n",
         13, "rule 'b' is unreachable: rule 'all' (line 12) matches every request", Severity.ERROR),
        ("  - {name: a, match: {tenants: [x]}, action: {rewriteModel: big}}\n"
         "  - {name: b, match: {tenants: [x], models: [s]}, action: {rewriteModel: small}}\n",
         13, "rule 'b' never matches: rule 'a' (line 12) matches every request it does", Severity.WARNING),
        ("  - name: a\n    action: {defer: {maxWaitSeconds: 5}}\n", 13, "defer without `then`", Severity.ERROR),
        ("  - name: a\n    action:\n      provider: {name: c, baseURL: 'https://x.io'}\n", 14,
         "provider 'c' has no apiKeySecretRef", Severity.ERROR),
        ("  - {name: a, match: {classifiers: {topics: [law]}}, action: {continue: true}}\n", 12,
         "unknown topic 'law'", Severity.ERROR),
        ("  - {name: a, match: {classifiers: {plugins: [{classifier: emb, labels: [x]}]}}, action: {continue: true}}\n",
         12, "unknown classifier 'emb'", Severity.ERROR),
        ("  - {name: a, action: {route: {candidates: [big], minGain: 0.2}}}\n", 12,
         "minGain applies to prefer cache or load, not first", Severity.WARNING),
    ],
)  # fmt: skip
def test_semantic_problems_have_lines(
    rules: str, line: int, needle: str, severity: Severity
) -> None:
    p = only(problems(doc(RULES_WITH_CATALOG + rules)))
    assert (p.line, p.severity) == (line, severity), str(p)
    assert needle in p.message


def test_catalog_problems() -> None:
    spec = """\
    models:
      - {name: a, aliases: [b, x]}
      - {name: b}
      - {name: c, aliases: [x]}
    classes:
      - {name: a, selector: {}}
      - {name: empty, selector: {family: none}}
    rules: [{name: r, action: {continue: true}}]
    """
    found = [f"{p.line}: {p.message}" for p in problems(doc(spec))]
    assert found == [
        "7: alias 'b' is also a model name",
        "9: alias 'x' already names 'a'",
        "11: class 'a' is also a model or alias name",
        "12: class 'empty' selects no model",
    ]


FAIL_CLOSED = """\
rules:
  - name: pii
    failClosed: true
    match: {classifiers: {pii: true}}
    action:
"""


def test_fail_closed_rule_may_not_use_a_provider() -> None:
    p = only(problems(doc(FAIL_CLOSED + PROVIDER)))
    assert p.line == 11
    assert "failClosed rule 'pii' sends to provider 'cloud'" in p.message


def test_fail_closed_continue_may_not_reach_a_provider() -> None:
    text = doc(FAIL_CLOSED + "      continue: true\n  - name: burst\n    action:\n" + PROVIDER)
    p = only(problems(text))
    assert p.line == 14
    assert "reachable by traffic that failClosed rule 'pii' matched" in p.message
    ok = doc(
        FAIL_CLOSED
        + "      continue: true\n  - name: burst\n    match: {classifiers: {pii: false}}\n    action:\n"
        + PROVIDER
    )
    assert problems(ok) == []


def test_provider_before_the_pii_rule_is_a_warning() -> None:
    text = doc("rules:\n  - name: burst\n    action:\n" + PROVIDER
               + "  - name: pii\n    failClosed: true\n    match: {classifiers: {pii: true}}\n"
               "    action: {rewriteModel: local}\n")  # fmt: skip
    found = problems(text)
    assert [(p.severity, p.line) for p in found] == [
        (Severity.WARNING, 9),
        (Severity.ERROR, 13),  # the pii rule is after a catch-all
    ]
    assert "PII traffic can reach provider 'cloud' before failClosed rule 'pii'" in found[0].message


def test_conflicting_priorities_and_duplicate_policies(tmp_path: Path) -> None:
    rules = "rules: [{name: a, action: {continue: true}}]\n"
    (tmp_path / "a.yaml").write_text(doc("scope: {priority: 5}\n" + rules, "a"))
    (tmp_path / "b.yaml").write_text(
        doc("scope: {priority: 5, poolRefs: [{name: x}]}\n" + rules, "b")
        + "---\n"
        + doc("scope: {priority: 5, mode: Shadow}\n" + rules, "c")
        + "---\n"
        + doc("scope: {priority: 5, poolRefs: [{name: y}]}\n" + rules, "a")
    )
    loaded, found = load_files([tmp_path / "a.yaml", tmp_path / "b.yaml"])
    assert found == []
    messages = [str(p) for p in check_policies(loaded)]
    assert messages == [
        f"{tmp_path}/b.yaml:20: error: metadata.name: policy default/a is defined "
        f"twice (first in {tmp_path}/a.yaml:4)",
        f"{tmp_path}/b.yaml:6: error: spec.scope.priority: policies default/b and default/a "
        f"({tmp_path}/a.yaml:6) both have priority 5 over x: their order would be arbitrary",
    ]


def test_unreadable_file_is_a_problem(tmp_path: Path) -> None:
    _, found = load_files([tmp_path / "missing.yaml"])
    assert "cannot read" in str(only(found))


def test_objects_from_the_api_ignore_server_metadata() -> None:
    obj = yaml.safe_load(doc("rules: [{name: a, action: {continue: true}}]", "k"))
    obj["metadata"].update(uid="123", resourceVersion="9", managedFields=[{}])
    obj["status"] = {"conditions": [{"type": "Accepted", "status": "True"}]}
    loaded, found = load_objects(
        [obj, {"kind": "Nope", "metadata": {"name": "z", "namespace": "n"}}]
    )
    assert [lp.policy.key for lp in loaded] == ["default/k"]
    assert only(found).source == "n/z"


# -- arbitrary input: only Problems, never an exception ------------------------------------

_scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
)
_values = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=12,
)
_keys = st.sampled_from(
    ["rules", "match", "action", "name", "route", "candidates", "models", "classes", "scope",
     "provider", "defer", "then", "pool", "classifiers", "pii", "tenants", "topics", "x"]
)  # fmt: skip
_policyish = st.recursive(
    _scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_keys, inner, max_size=4),
    max_leaves=20,
)  # fmt: skip


def _problems_from(text: str) -> None:
    loaded, found = parse_policies(text, "fuzz.yaml")
    assert all(isinstance(p, Problem) and p.source == "fuzz.yaml" for p in found)
    assert all(p.source == "fuzz.yaml" for p in loaded)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_arbitrary_text_gives_problems_not_exceptions(text: str) -> None:
    _problems_from(text)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(_policyish)
def test_arbitrary_specs_give_problems_not_exceptions(spec: object) -> None:
    data = yaml.safe_load(HEAD.format(name="f"))
    data["spec"] = spec
    loaded, found = parse_policies(yaml.safe_dump(data), "fuzz.yaml")
    check_policies(loaded)
    assert all(isinstance(p, Problem) for p in found)


@settings(max_examples=100)
@given(_values)
def test_arbitrary_documents_give_problems_not_exceptions(value: object) -> None:
    _problems_from(yaml.safe_dump(value))


# -- the store -------------------------------------------------------------------------------


def test_store_keeps_the_last_good_set() -> None:
    store = PolicyStore()
    good = doc("rules: [{name: a, action: {rewriteModel: m}}]", "p")
    assert store.update_texts([("good.yaml", good)]) == []
    assert store.generation == 1
    first = store.active
    found = store.update_texts([("bad.yaml", doc("rules: [{name: a, action: {}}]", "p"))])
    assert found
    assert found[0].source == "bad.yaml"
    assert store.active is first
    assert (store.generation, store.rejected_updates) == (1, 1)
    assert store.last_problems == found
    # Warnings do not block an update.
    warn = doc("rules: [{name: a, action: {route: {candidates: [m], minGain: 0.5}}}]", "p")
    assert [p.severity for p in store.update_texts([("w.yaml", warn)])] == [Severity.WARNING]
    assert store.generation == 2
    assert store.active is not first
