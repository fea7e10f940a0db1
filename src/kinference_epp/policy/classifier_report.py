"""Scores a labelled prompt set through the example policies, per language, as ``kinfctl test``
would: the one implementation behind ``kinfctl classifiers eval`` and
``benchmarks/classifier_eval.py --cases``.

    kinfctl classifiers eval --cases FILE.jsonl [--model MODEL.npz] --out REPORT.md

Each line of ``FILE.jsonl`` is one prompt::

    {"id": "a-001", "lang": "en|de|fr|es", "text": "...", "pii": true|false,
     "pii_kinds": [...], "category": "structured_id"|"free_text_pii"|"hard_negative"|"clean",
     "complexity": "easy"|"medium"|"hard", "notes": "..."}

``text`` and ``complexity`` are required, the rest checked when present (``OPTIONAL``).

Every prompt goes, as one user message, through two example policies (in ``--policies``,
``deploy/examples/policies`` by default) exactly as a ``kinfctl test`` case would
(``policy.cases``' request parse and evaluation):

- ``pii-stays-local.yaml`` with a saturated pool: a prompt is *flagged* when the
  ``pii-stays-local`` rule decides it (it stays local) rather than ``burst-when-saturated``
  (it goes to the provider).
- ``complexity-routing.yaml`` for the class ``auto`` with no cache advantage: the model it
  routes to is the small (``qwen3-0.6b``), medium (``qwen3-8b``) or large (``qwen3-32b``)
  one. With a trained model (``--model``) the complexity classifier combines it with its
  rules as the picker does (``classifiers.trained``).

The rows of the report are the ones PII and complexity targets are stated in: structured
identifiers detected (flagged share of ``structured_id``), free-text personal data detected
(of ``free_text_pii``), hard negatives and clean prompts flagged, easy prompts sent to the
small model, hard prompts to the large one, and hard prompts to the small one (the costly
mistake), per language and overall, each with its count and 95 % Wilson interval. The
prompts the rows count against are listed by id at the end (never their text), so a miss
can be found in the set without the report quoting personal data.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import subprocess
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kinference_epp.policy.cases import Case, decision_summary, eval_input
from kinference_epp.policy.checks import check_policies
from kinference_epp.policy.classifiers.trained import ModelSlot, TrainedModel
from kinference_epp.policy.compiler import CompiledPolicySet
from kinference_epp.policy.evaluator import evaluate
from kinference_epp.policy.loader import load_paths
from kinference_epp.policy.store import build
from kinference_epp.resources.problems import errors

POLICIES = Path("deploy/examples/policies")
PII_POLICY = "pii-stays-local.yaml"
COMPLEXITY_POLICY = "complexity-routing.yaml"
PII_RULE = "pii-stays-local"
SMALL, MEDIUM, LARGE = "qwen3-0.6b", "qwen3-8b", "qwen3-32b"

LANGS = ("en", "de", "fr", "es")
CATEGORIES = ("structured_id", "free_text_pii", "hard_negative", "clean")
LEVELS = ("easy", "medium", "hard")
REQUIRED: dict[str, type] = {"text": str, "complexity": str}
OPTIONAL: dict[str, type] = {
    "id": str,
    "lang": str,
    "pii": bool,
    "pii_kinds": list,
    "category": str,
}
"""Checked when present. Without ``category`` a prompt counts in the complexity rows only
(labelled traffic need not say what PII it holds); without ``lang`` its language is ``-``;
without ``id`` it is named by its line."""


@dataclass(frozen=True)
class Row:
    """One report row: which prompts it counts, which of them count as hits, its target."""

    key: str
    label: str
    category: str | None
    level: str | None
    hit: Callable[[dict[str, Any]], bool]
    target: float
    higher: bool


ROWS = (
    Row("structured", "structured identifiers detected", "structured_id", None,
        lambda r: r["flagged"], 0.95, True),
    Row("free_text", "free-text personal data detected", "free_text_pii", None,
        lambda r: r["flagged"], 0.90, True),
    Row("hard_negative_fp", "hard negatives flagged as PII", "hard_negative", None,
        lambda r: r["flagged"], 0.05, False),
    Row("clean_fp", "ordinary clean prompts flagged", "clean", None,
        lambda r: r["flagged"], 0.02, False),
    Row("easy_small", "easy → small model", None, "easy",
        lambda r: r["model"] == SMALL, 0.85, True),
    Row("hard_large", "hard → large model", None, "hard",
        lambda r: r["model"] == LARGE, 0.85, True),
    Row("hard_small", "hard → small model (the costly mistake)", None, "hard",
        lambda r: r["model"] == SMALL, 0.02, False),
)  # fmt: skip


def load_rows(path: Path) -> list[dict[str, Any]]:
    """The set's prompts, each checked against the line schema (ValueError names the first
    bad line)."""
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{n}: {exc}") from exc
            if not isinstance(row, dict):
                raise ValueError(f"{path}:{n}: not a JSON object")
            for key, kind in REQUIRED.items():
                if not isinstance(row.get(key), kind):
                    raise ValueError(f"{path}:{n}: `{key}` missing or not a {kind.__name__}")
            for key, kind in OPTIONAL.items():
                if key in row and not isinstance(row[key], kind):
                    raise ValueError(f"{path}:{n}: `{key}` is not a {kind.__name__}")
            row.setdefault("id", f"line-{n}")
            row.setdefault("lang", "-")
            row.setdefault("category", None)
            if row["category"] is not None and row["category"] not in CATEGORIES:
                raise ValueError(f"{path}:{n}: unknown category {row['category']!r}")
            if row["complexity"] not in LEVELS:
                raise ValueError(f"{path}:{n}: unknown complexity {row['complexity']!r}")
            if row["id"] in seen:
                raise ValueError(f"{path}:{n}: duplicate id {row['id']!r}")
            seen.add(row["id"])
            rows.append(row)
    if not rows:
        raise ValueError(f"{path}: no prompts")
    return rows


def compile_policy(path: Path, model: ModelSlot | None = None) -> CompiledPolicySet:
    """One policy file compiled as the picker compiles it (ValueError: its problems)."""
    loaded, problems, _ = load_paths([path])
    if not errors(problems):
        problems.extend(check_policies(loaded, plugin_types=None))
    if errors(problems):
        raise ValueError("\n".join(str(p) for p in errors(problems)))
    compiled, problems = build(loaded, model=model)
    if compiled is None:
        raise ValueError("\n".join(str(p) for p in errors(problems)))
    return compiled


def decide(policies: CompiledPolicySet, case: dict[str, Any]) -> dict[str, Any]:
    """A case's decision, as ``kinfctl test`` computes it."""
    parsed = Case.model_validate({**case, "expect": {}})
    return decision_summary(evaluate(policies, eval_input(parsed)))


def route(
    rows: Iterable[dict[str, Any]], policies: Path = POLICIES, model: ModelSlot | None = None
) -> list[dict[str, Any]]:
    """Each prompt with ``flagged`` (kept local by the PII rule) and ``model`` (routed to)."""
    pii = compile_policy(policies / PII_POLICY)
    cx = compile_policy(policies / COMPLEXITY_POLICY, model)
    out = []
    for row in rows:
        message = [{"role": "user", "content": row["text"]}]
        kept = decide(
            pii,
            {
                "name": row["id"],
                "request": {"model": "llama-3.1-8b", "messages": message},
                "pool": {"name": "secure-pool", "readyEndpoints": 2, "queueDepth": 20},
            },
        )
        routed = decide(
            cx,
            {
                "name": row["id"],
                "request": {"model": "auto", "messages": message},
                "pool": {"name": "chat-pool", "readyEndpoints": 3},
            },
        )
        out.append({**row, "flagged": kept["rule"] == PII_RULE, "model": routed.get("model")})
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float] | None:
    if not n:
        return None
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def score(routed: list[dict[str, Any]]) -> dict[str, Any]:
    """Per row and language (and ``all``): hits, support, share, interval, target met."""
    langs = [g for g in LANGS if any(r["lang"] == g for r in routed)]
    langs += sorted({r["lang"] for r in routed} - set(LANGS))
    table: dict[str, dict[str, Any]] = {}
    for row in ROWS:
        cells: dict[str, Any] = {}
        for lang in [*langs, "all"]:
            pool = [
                r
                for r in routed
                if (lang == "all" or r["lang"] == lang)
                and (row.category is None or r["category"] == row.category)
                and (row.level is None or r["complexity"] == row.level)
            ]
            k = sum(1 for r in pool if row.hit(r))
            n = len(pool)
            share = k / n if n else None
            met = None
            if share is not None:
                met = share >= row.target if row.higher else share <= row.target
            cells[lang] = {"hits": k, "n": n, "share": share, "ci95": wilson(k, n), "met": met}
        table[row.key] = cells
    return {"languages": langs, "rows": table}


def misses(routed: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The ids each row counts against: missed PII, flagged negatives, misrouted levels."""
    out: dict[str, list[str]] = {}
    for row in ROWS:
        bad = [
            f"{r['id']} ({r['lang']}, {'flagged' if r['flagged'] else 'not flagged'}, {r['model']})"
            for r in routed
            if (row.category is None or r["category"] == row.category)
            and (row.level is None or r["complexity"] == row.level)
            and row.hit(r) != row.higher
        ]
        out[row.key] = bad
    return out


def _cell(c: dict[str, Any]) -> str:
    if not c["n"]:
        return "-"
    return f"{100 * c['share']:.1f} % ({c['hits']}/{c['n']})"


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def table(result: dict[str, Any]) -> list[str]:
    """The rows per language with their targets, then each language's unmet targets."""
    langs = result["languages"]
    L = ["| row | " + " | ".join(langs) + " | all | target | met (all) |"]
    L.append("|---|" + "---:|" * (len(langs) + 1) + "---:|---|")
    for row in ROWS:
        cells = result["rows"][row.key]
        goal = ("≥ " if row.higher else "≤ ") + f"{100 * row.target:.0f} %"
        met = cells["all"]["met"]
        shown_met = "-" if met is None else ("met" if met else "**not met**")
        L.append(
            f"| {row.label} | "
            + " | ".join(_cell(cells[g]) for g in langs)
            + f" | {_cell(cells['all'])} | {goal} | {shown_met} |"
        )
    L.append("")
    for g in langs:
        failed = [row.label for row in ROWS if result["rows"][row.key][g]["met"] is False]
        L.append(f"- {g}: " + ("targets not met: " + "; ".join(failed) if failed else "all met"))
    L.append("")
    return L


def render(command: str, result: dict[str, Any]) -> str:
    """The report in Markdown; ``command`` is the command line that produced it."""
    m = result["meta"]
    L = [f"# Classifier evaluation through the example policies: `{m['set']}`\n"]
    L.append(f"    {command}\n")
    if m.get("model"):
        L.append(
            f"Complexity: the rules combined with the trained model `{m['model']}` "
            f"({m['model_prompts']} training prompts from "
            f"{', '.join(f'`{s}`' for s in m['model_sources']) or 'unnamed files'}, trained "
            f"{m['model_trained_at']}), as the picker combines them (docs/classifiers.md). "
            "PII: the rules.\n"
        )
        if m["set"] in m["model_sources"]:
            L.append(
                "**This set is among the model's training prompts**: its complexity rows "
                "show how well the model fits what it was trained on, not how it does on new "
                "prompts.\n"
            )
    L.append(
        f"At commit `{m['commit']}`, {m['date']}, Python {m['python']}; {m['prompts']} prompts. "
        "Each prompt is one user message through `pii-stays-local.yaml` (flagged: the "
        "`pii-stays-local` rule keeps it local on a saturated pool) and "
        "`complexity-routing.yaml` (the model the class `auto` is routed to, no cache "
        "advantage), as `kinfctl test` evaluates a case. Cells: share (hits/prompts); "
        "`-` where the set has no such prompt.\n"
    )
    L.extend(table(result))
    L.append("## 95 % Wilson intervals (all languages)\n")
    L.append("| row | interval |")
    L.append("|---|---|")
    for row in ROWS:
        ci = result["rows"][row.key]["all"]["ci95"]
        L.append(f"| {row.label} | {'-' if ci is None else f'{ci[0]:.2f}-{ci[1]:.2f}'} |")
    L.append("")
    L.append("## Prompts counted against each row (id, language, PII decision, model)\n")
    for row in ROWS:
        ids = result["misses"][row.key]
        L.append(f"- {row.label}: " + (", ".join(ids) if ids else "none"))
    L.append("")
    return "\n".join(L)


def run(
    path: Path,
    out: Path,
    *,
    command: str,
    policies: Path = POLICIES,
    model: Path | None = None,
) -> str:
    """Scores ``path``, writes the report to ``out`` (and ``.json`` beside it), returns it.
    ``model``: a trained model file combined with the complexity rules."""
    rows = load_rows(path)
    slot = ModelSlot(TrainedModel.load(model)) if model is not None else None
    routed = route(rows, policies, slot)
    result = score(routed)
    result["misses"] = misses(routed)
    result["meta"] = {
        "commit": _commit(),
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "prompts": len(rows),
        "set": path.as_posix(),
        "model": model.as_posix() if model is not None else None,
        "model_prompts": slot.current.prompts if slot and slot.current else None,
        "model_trained_at": slot.current.trained_at if slot and slot.current else None,
        "model_sources": list(slot.current.sources) if slot and slot.current else [],
    }
    md = render(command, result)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(md, encoding="utf-8")
    out.with_suffix(".json").write_text(json.dumps(result, indent=2, default=str) + "\n")
    return md
