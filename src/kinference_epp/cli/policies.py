"""``kinfctl validate | test | explain | crds``: policies checked and tried without a cluster.

Output is for two readers: people get ``file:line: error: ...`` lines and aligned tables,
machines (``--output json``) one JSON document on stdout. Exit status is 0 when all is
well, 1 on errors or failing cases, 2 on bad usage (argparse).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from kinference_epp.policy.cases import (
    CaseResult,
    decision_summary,
    load_cases,
    request_of,
    run_case,
)
from kinference_epp.policy.checks import check_policies
from kinference_epp.policy.classifiers.linear import train
from kinference_epp.policy.compiler import CompiledPolicySet
from kinference_epp.policy.crd import CRD
from kinference_epp.policy.evaluator import describe, evaluate
from kinference_epp.policy.loader import LoadedPolicy, load_paths
from kinference_epp.policy.store import build
from kinference_epp.policy.types import EvalInput, PoolState
from kinference_epp.resources.crd import structural_problems
from kinference_epp.resources.problems import Problem, Severity, errors


@dataclass(frozen=True, slots=True)
class OtherKind:
    """A kind of the same API group that policy files may hold beside policies (tenants),
    validated and given its CRD by its own room; ``kinfctl`` composes them."""

    plural: str
    validate: Callable[[list[Path]], tuple[Mapping[str, list[str]], list[Problem]]]
    """Files → (names loaded per file, problems)."""
    crd_filename: str
    crd_yaml: Callable[[], str]
    crd_schema: Callable[[], dict[str, Any]]


def add_policy_commands(
    sub: Any,
    others: Sequence[OtherKind] = (),
    live_explain: Callable[[argparse.Namespace], int] | None = None,
) -> None:
    """Register the policy subcommands on ``kinfctl``'s subparsers; ``live_explain`` serves
    ``explain --live ADDRESS request.json`` (a running picker's real decision)."""
    v = sub.add_parser(
        "validate",
        help="check InferencePolicy files (schema + semantics)"
        + "".join(f" and {o.plural}" for o in others),
    )
    v.add_argument("files", nargs="+", type=Path, help="files or directories of *.yaml")
    v.add_argument("--output", choices=("text", "json"), default="text")
    v.add_argument("--strict", action="store_true", help="fail on warnings too")
    v.set_defaults(func=partial(cmd_validate, others=others))

    t = sub.add_parser("test", help="run request cases through the policy evaluator")
    t.add_argument("policy", nargs="+", type=Path, help="policy files or directories")
    t.add_argument("--cases", type=Path, required=True, action="append", help="*.cases.yaml")
    t.add_argument("--output", choices=("text", "json"), default="text")
    t.set_defaults(func=cmd_test)

    e = sub.add_parser(
        "explain",
        help="show which rule a request matches, step by step (--live: ask a running picker)",
    )
    e.add_argument(
        "policy", type=Path, nargs="?", help="policy file or directory (not with --live)"
    )
    e.add_argument("request", type=Path, nargs="?", help="request body JSON ('-' for stdin)")
    if live_explain is not None:
        e.add_argument(
            "--live",
            metavar="ADDRESS",
            help="explain on the picker at ADDRESS (host:port): its real decision, as a dry "
            "run (nothing reserved); then only the request file is given",
        )
    e.add_argument("--path", default=None, help="API path (default: from the body)")
    e.add_argument("--tenant")
    e.add_argument("--header", action="append", default=[], help="name:value (repeatable)")
    e.add_argument(
        "--pool-state",
        default="",
        help="k=v,... (readyEndpoints, queueDepth, kvCacheUsage, name) or a YAML/JSON file",
    )
    e.add_argument("--prompt-tokens", type=int)
    e.add_argument("--ttft", action="append", default=[], help="model=seconds (repeatable)")
    e.add_argument("--fail-classifier", action="append", default=[], help="e.g. pii")
    e.add_argument("--output", choices=("text", "json"), default="text")
    e.set_defaults(func=partial(cmd_explain, live=live_explain))

    tc = sub.add_parser(
        "train-classifier",
        help="train a hashed-linear classifier (plug-in type hashed-linear) from labelled prompts",
    )
    tc.add_argument("data", type=Path, help='JSON lines: {"text": ..., "labels": [...]}')
    tc.add_argument("--out", type=Path, required=True, help="model directory to write")
    tc.add_argument("--epochs", type=int, default=8)
    tc.add_argument("--threshold", type=float, default=0.5)
    tc.set_defaults(func=cmd_train_classifier)

    c = sub.add_parser("crds", help="write the CRDs (generated from the models)")
    c.add_argument("--out", type=Path, default=Path("deploy/crds"))
    c.add_argument("--check", action="store_true", help="exit 1 if a file is out of date")
    c.set_defaults(func=partial(cmd_crds, others=others))


def _load(paths: Iterable[Path]) -> tuple[list[LoadedPolicy], list[Problem], list[Path]]:
    loaded, problems, files = load_paths(paths)
    if not errors(problems):
        problems.extend(check_policies(loaded, plugin_types=None))
    return loaded, problems, files


def _print_problems(problems: Sequence[Problem]) -> None:
    for p in problems:
        print(p, file=sys.stderr)


def cmd_validate(args: argparse.Namespace, others: Sequence[OtherKind] = ()) -> int:
    loaded, problems, files = _load(args.files)
    other_names: dict[str, Mapping[str, list[str]]] = {}
    for other in others:
        names, found = other.validate(files)
        other_names[other.plural] = names
        problems.extend(found)
    failed = bool(errors(problems)) or (args.strict and bool(problems))
    if args.output == "json":
        doc = {
            "ok": not failed,
            "files": [str(f) for f in files],
            "policies": [lp.policy.key for lp in loaded],
            **{
                plural: [n for f in files for n in names.get(str(f), [])]
                for plural, names in other_names.items()
            },
            "errors": len(errors(problems)),
            "warnings": len(problems) - len(errors(problems)),
            "problems": [p.to_json() for p in problems],
        }
        print(json.dumps(doc, indent=2))
        return 1 if failed else 0
    _print_problems(problems)
    by_file: dict[str, list[LoadedPolicy]] = {}
    for lp in loaded:
        by_file.setdefault(lp.source, []).append(lp)
    bad = {p.source for p in errors(problems)}
    for f in files:
        if str(f) in bad:
            continue
        mine = by_file.get(str(f), [])
        rules = sum(len(lp.policy.spec.rules) for lp in mine)
        extra = "".join(
            f", {len(names.get(str(f), []))} {plural}"
            for plural, names in other_names.items()
            if names.get(str(f))
        )
        print(f"{f}: ok ({len(mine)} policies, {rules} rules{extra})")
    return 1 if failed else 0


def _compiled(paths: Sequence[Path]) -> CompiledPolicySet | None:
    loaded, problems, _ = _load(paths)
    compiled = None
    if not errors(problems):
        compiled, problems = build(loaded)
    _print_problems([p for p in problems if p.severity is Severity.ERROR])
    return compiled


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(line.rstrip() for line in lines)


def _show(values: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in values.items())


def cmd_test(args: argparse.Namespace) -> int:
    compiled = _compiled(args.policy)
    if compiled is None:
        return 1
    results: list[tuple[Path, CaseResult]] = []
    failed = False
    for cases_path in args.cases:
        cases, problems = load_cases(cases_path)
        if problems:
            _print_problems(problems)
            failed = True
        results.extend((cases_path, run_case(compiled, c, line)) for c, line in cases)
    failed = failed or any(not r.passed for _, r in results)
    if args.output == "json":
        print(
            json.dumps(
                [
                    {
                        "file": str(f),
                        "line": r.line,
                        "case": r.name,
                        "passed": r.passed,
                        "expected": r.expected,
                        "got": r.got,
                        "error": r.error,
                    }
                    for f, r in results
                ],
                indent=2,
            )
        )
        return 1 if failed else 0
    rows = [["", "CASE", "RULE", "DECISION"]]
    for _, r in results:
        rows.append(
            ["ok" if r.passed else "FAIL", r.name, str(r.got.get("rule")), r.error or r.summary]
        )
    print(_table(rows))
    for f, r in results:
        if not r.passed:
            got = {k: r.got.get(k) for k in r.expected}
            print(f"{f}:{r.line}: {r.name}: expected {_show(r.expected)}; got {_show(got)}")
    passed = sum(1 for _, r in results if r.passed)
    print(f"{passed}/{len(results)} cases passed")
    return 1 if failed else 0


def _parse_pool(text: str) -> PoolState:
    if not text:
        return PoolState(ready_endpoints=1)
    path = Path(text)
    values: dict[str, Any]
    if "=" not in text and path.exists():
        import yaml

        loaded = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(loaded, dict):
            raise ValueError(f"{text}: expected a mapping of pool fields")
        values = loaded
    else:
        values = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, value = part.partition("=")
            if not sep:
                raise ValueError(f"--pool-state: expected key=value, got {part!r}")
            values[key.strip()] = value.strip()
    from kinference_epp.policy.cases import PoolInput

    return PoolInput.model_validate(values).state()


def _pairs(items: Sequence[str], sep: str, what: str) -> dict[str, str]:
    out = {}
    for item in items:
        key, found, value = item.partition(sep)
        if not found:
            raise ValueError(f"{what}: expected name{sep}value, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def cmd_explain(
    args: argparse.Namespace, live: Callable[[argparse.Namespace], int] | None = None
) -> int:
    if live is not None and getattr(args, "live", None):
        if args.request is not None or args.policy is None:
            print("kinfctl explain --live ADDRESS takes one request file", file=sys.stderr)
            return 2
        args.request, args.policy = args.policy, None
        return live(args)
    if args.policy is None or args.request is None:
        print("kinfctl explain: give a policy and a request file", file=sys.stderr)
        return 2
    from pydantic import ValidationError

    from kinference_epp.api.paths import api_kind_for_path
    from kinference_epp.api.request import ApiKind
    from kinference_epp.errors import KinferenceError

    compiled = _compiled([args.policy])
    if compiled is None:
        return 1
    try:
        raw = sys.stdin.read() if str(args.request) == "-" else args.request.read_text("utf-8")
        body = json.loads(raw)
        if not isinstance(body, dict):
            raise ValueError("the request must be a JSON object")
        kind = api_kind_for_path(args.path) if args.path else None
        if kind is None:
            kind = (
                ApiKind.COMPLETIONS
                if "prompt" in body
                else ApiKind.RESPONSES
                if "input" in body and "messages" not in body
                else ApiKind.CHAT
            )
        ttft = {k: float(v) for k, v in _pairs(args.ttft, "=", "--ttft").items()}
        inp = EvalInput(
            request=request_of(body, kind),
            pool=_parse_pool(args.pool_state),
            tenant=args.tenant,
            headers={k.lower(): v for k, v in _pairs(args.header, ":", "--header").items()},
            prompt_tokens=args.prompt_tokens,
            predicted_ttft=ttft.get if ttft else None,
            classifier_faults=frozenset(args.fail_classifier),
        )
    except (OSError, ValueError, ValidationError, KinferenceError) as exc:
        message = getattr(exc, "message", None) or str(exc)
        print(f"kinfctl explain: {message}", file=sys.stderr)
        return 1
    decision = evaluate(compiled, inp, explain=True)
    if args.output == "json":
        doc = {
            **decision_summary(decision),
            "decision": describe(decision.action),
            "classifications": decision.classifications,
            "classifierErrors": decision.classifier_errors,
            "trace": list(decision.trace),
        }
        print(json.dumps(doc, indent=2, default=str))
        return 0
    for line in decision.trace:
        print(line)
    where = f"{decision.policy} rule {decision.rule}" if decision.rule else "no rule"
    print(f"decision: {describe(decision.action)} ({where})")
    if decision.classifications:
        print(f"classifiers: {_show(dict(decision.classifications))}")
    for shadow in decision.shadow:
        print(f"shadow: {describe(shadow.action)} ({shadow.policy} rule {shadow.rule})")
    return 0


def cmd_train_classifier(args: argparse.Namespace) -> int:
    examples: list[tuple[str, frozenset[str]]] = []
    for n, line in enumerate(args.data.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            examples.append((str(row["text"]), frozenset(str(x) for x in row["labels"])))
        except (ValueError, KeyError, TypeError) as exc:
            print(f"{args.data}:{n}: {exc}", file=sys.stderr)
            return 2
    try:
        model = train(examples, epochs=args.epochs)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    model.threshold = args.threshold
    path = model.save(args.out)
    print(f"wrote {path}: labels {', '.join(model.labels)} from {len(examples)} prompts")
    return 0


def cmd_crds(args: argparse.Namespace, others: Sequence[OtherKind] = ()) -> int:
    crds = [(CRD.filename, CRD.to_yaml, CRD.openapi_schema)]
    crds.extend((o.crd_filename, o.crd_yaml, o.crd_schema) for o in others)
    stale = False
    for filename, render, schema in crds:
        problems = structural_problems(schema())
        if problems:
            for p in problems:
                print(f"{filename}: CRD schema is not structural: {p}", file=sys.stderr)
            return 1
        target = args.out / filename
        text = render()
        if args.check:
            current = target.read_text(encoding="utf-8") if target.exists() else ""
            if current != text:
                print(
                    f"{target} is out of date: run `kinfctl crds --out {args.out}`",
                    file=sys.stderr,
                )
                stale = True
            else:
                print(f"{target}: up to date")
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target}")
    return 1 if stale else 0
