"""The PII and complexity classifiers' cost on long prompts of prose, logs and CSV.

    .venv/bin/python benchmarks/classifier_cost.py   # not niced: it times thread CPU
    ... --quick   # fewer calls
    PYTHONPATH=OTHER/src ... --label base --out FILE   # another checkout's classifiers, same texts
    ... --profile pii:logs:8000   # where one case's time goes (cProfile), no table

``--model FILE`` adds the complexity rules combined with a trained model
(``kinfctl classifiers train``), as the picker runs them; ``--pii-windows FILE`` the PII
rules combined with a learned window model (``benchmarks/pii_window_lofo.py --model``),
which the picker does not run: what it would cost; ``--pii-structured FILE`` the rules with
the structured, flag-only variant (``pii_window_lofo.py --structured --model``). Every row
of a PII decision also shows its p50 as a multiple of the rules' alone on the same text,
measured in the same interleaved rounds (``vs pii``): the machine is shared, the ratio is
steadier than the figures. Targets (in process, p50 of one ``classify`` on a fresh
``PromptText``): PII ≤ 1 ms at 8k tokens of prose, ≤ 2 ms at 8k tokens of logs or CSV, ≤ 6 ms at 32k tokens of any of them.
Digit-heavy text is the hard case for the PII scan: every run of three digits is a spot
to look at. Texts (4 characters a token):

- prose: the evaluation's hand-written clean prompts and complexity prompts, English,
  and the same padded with German, French and Spanish prose (the dev set's clean prompts);
- logs: access-log lines with timestamps, request and order ids, durations and service
  IPs, no user;
- CSV: order rows (ids, customer numbers, amounts, dates).

"with PII" puts a name and address, an e-mail, an IBAN and a log line with a user's IP
at the start, the middle and the end; "facts" puts there special-category and money facts
about people no rule names (an illness, an addiction, arrears), where the PII classifier
asks its learned person model (``person_model``) around each fact: its worst case, every
window read and no name found. Thread CPU time, gc disabled, after a warm-up, in
rounds interleaved over the cases; the median round's p50 is the figure. Writes
``benchmarks/results/classifier_cost.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.classifiers.trained import AssistedComplexity, ModelSlot, TrainedModel
from kinference_epp.policy.model import PiiSettings

HERE = Path(__file__).parent
RESULTS = HERE / "results"
COMMAND = ".venv/bin/python benchmarks/classifier_cost.py"
ROUNDS = 5
TARGETS_US = {("prose", 8000): 1000.0, ("logs", 8000): 2000.0, ("csv", 8000): 2000.0}
TARGET_32K_US = 6000.0
PII_LINES = (
    "Please send the contract to Mr Peter Hollis, 14 Castle Street, York YO1 9SA.",
    "Contact: hollis.peter@hollis-family.co.uk, IBAN GB29 NWBK 6016 1331 9268 19.",
    "2024-03-11T09:31:05Z api-7f9c4 WARN login failed user=amiller src=81.2.69.142",
)
FACT_LINES = (
    "The night porter has been in rehab for alcohol addiction since May.",
    "Our Head of Stores is behind on rent and the bailiffs wrote again; she has depression.",
    "2024-03-11T09:31:06Z hr-notes INFO note: Team Lead North on sick leave after chemotherapy",
)


def _jsonl(path: Path) -> list[dict[str, object]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _prose(multilingual: bool) -> list[str]:
    data = HERE / "classifier_eval"
    texts = [str(r["text"]) for r in _jsonl(data / "pii_negatives.jsonl") if r["set"] == "clean"]
    texts += [str(r["text"]) for r in _jsonl(data / "complexity.jsonl")]
    if multilingual:
        dev = _jsonl(data / "dev" / "dev.jsonl")
        texts += [str(r["text"]) for r in dev if r["category"] == "clean" and r["lang"] != "en"]
    return texts


def _log_line(i: int, rng: random.Random) -> str:
    return (
        f"2024-03-11T{rng.randrange(24):02d}:{rng.randrange(60):02d}:{rng.randrange(60):02d}."
        f"{rng.randrange(1000):03d}Z api-{rng.randrange(16**5):05x} INFO "
        f"request_id={rng.randrange(10**9, 10**10)} order_id={rng.randrange(10**9, 10**10)} "
        f"upstream=10.0.{rng.randrange(256)}.{rng.randrange(256)}:8080 "
        f"GET /v1/orders/{rng.randrange(10**6)} status={rng.choice((200, 200, 201, 404, 503))} "
        f"duration_ms={rng.randrange(1, 900)} bytes={rng.randrange(100, 99999)}"
    )


def _csv_line(i: int, rng: random.Random) -> str:
    return (
        f"{rng.randrange(10**9, 10**10)};{rng.randrange(10**5, 10**6)};"
        f"2024-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d};"
        f"{rng.randrange(1, 99999) / 100:.2f};EUR;{rng.randrange(1, 50)};"
        f"SKU-{rng.randrange(10**6):06d};{rng.choice(('open', 'paid', 'shipped', 'returned'))}"
    )


def build(kind: str, tokens: int, with_pii: bool | str, seed: int = 37) -> str:
    """``with_pii``: False, True (``PII_LINES``) or ``"facts"`` (``FACT_LINES``)."""
    rng = random.Random(seed)
    target = tokens * 4
    parts: list[str] = []
    size = 0
    if kind.startswith("prose"):
        pool = _prose(multilingual=kind == "prose-4lang")
        while size < target:
            parts.append(rng.choice(pool))
            size += len(parts[-1]) + 2
        sep = "\n\n"
    else:
        line = _log_line if kind == "logs" else _csv_line
        if kind == "csv":
            parts.append("order_id;customer;date;amount;currency;qty;sku;status")
        i = 0
        while size < target:
            parts.append(line(i, rng))
            size += len(parts[-1]) + 1
            i += 1
        sep = "\n"
    if with_pii:
        lines = FACT_LINES if with_pii == "facts" else PII_LINES
        for n, pos in enumerate((1, len(parts) // 2, len(parts))):
            parts.insert(pos, lines[n])
    head = "Summarise this:\n" if kind.startswith("prose") else "Find the failing requests:\n"
    return head + sep.join(parts)[:target]


def measure(fn: Callable[[PromptText], object], text: str, calls: int) -> list[float]:
    out: list[float] = []
    gc.disable()
    try:
        for _ in range(calls):
            p = PromptText(text, 1)
            t0 = time.thread_time_ns()
            fn(p)
            out.append((time.thread_time_ns() - t0) / 1000)
    finally:
        gc.enable()
    return out


def _with_windows(pii: PiiClassifier, path: Path) -> Callable[[PromptText], object]:
    """The PII decision of the rules combined with the learned window model
    (``pii_window``): the traced scan, the windows' features and their scores. Imported
    here: another checkout's classifiers (``PYTHONPATH=OTHER/src``) may not have it."""
    from kinference_epp.policy.classifiers.pii_window import WindowModel, windows

    model = WindowModel.load(path)

    def classify(prompt: PromptText) -> bool:
        findings, text, cands, context = windows(pii, prompt)
        return model.decide(findings.present, model.score(text, cands, context))

    return classify


def _with_structured(pii: PiiClassifier, path: Path) -> Callable[[PromptText], object]:
    """The PII rules with the structured, flag-only window model (``pii_window``'s
    ``structured_windows``): where the rules find nothing, the turned-down values' windows
    scored."""
    from kinference_epp.policy.classifiers.pii_window import (
        WindowModel,
        structured_hashed,
        structured_windows,
    )

    model = WindowModel.load(path)

    def classify(prompt: PromptText) -> bool:
        findings, text, cands = structured_windows(pii, prompt)
        if findings.present:
            return True
        best = max(
            (float(model.weights[structured_hashed(text, c)].sum()) for c in cands), default=None
        )
        return best is not None and 1 / (1 + math.exp(-(best + model.bias))) >= model.flag_threshold

    return classify


def run(
    quick: bool,
    model: Path | None = None,
    pii_windows: Path | None = None,
    pii_structured: Path | None = None,
) -> list[dict[str, object]]:
    pii = PiiClassifier(PiiSettings())
    cx = ComplexityClassifier()
    classifiers: list[tuple[str, Callable[[PromptText], object]]] = [
        ("pii", pii.classify),
        ("complexity", cx.classify),
    ]
    if model is not None:
        assisted = AssistedComplexity(cx, ModelSlot(TrainedModel.load(model)))
        classifiers.append(("complexity + model", assisted.classify))
    if pii_windows is not None:
        classifiers.append(("pii + window model", _with_windows(pii, pii_windows)))
    if pii_structured is not None:
        classifiers.append(("pii + structured", _with_structured(pii, pii_structured)))
    cases = []
    for kind in ("prose", "prose-4lang", "logs", "csv"):
        for tokens in (8000, 32000):
            for with_pii in (False, True, "facts"):
                text = build(kind, tokens, with_pii)
                for name, fn in classifiers:
                    fn(PromptText(text, 1))  # warm-up (lazy loads included)
                    calls = (40 if quick else 200) if tokens == 8000 else (15 if quick else 60)
                    cases.append(
                        {"classifier": name, "text_kind": kind, "tokens": tokens,
                         "with_pii": with_pii, "chars": len(text), "fn": fn, "text": text,
                         "calls": calls, "rounds": []}
                    )  # fmt: skip
    for case in cases:
        measure(case["fn"], case["text"], 10)  # type: ignore[arg-type]
    for _ in range(ROUNDS):
        for case in cases:
            case["rounds"].append(  # type: ignore[attr-defined]
                measure(case["fn"], case["text"], int(case["calls"]) // ROUNDS)  # type: ignore[arg-type]
            )
    rows = []
    for case in cases:
        rounds: list[list[float]] = case["rounds"]  # type: ignore[assignment]
        every = sorted(x for r in rounds for x in r)
        rows.append(
            {
                "classifier": case["classifier"],
                "text_kind": case["text_kind"],
                "tokens": case["tokens"],
                "with_pii": case["with_pii"],
                "chars": case["chars"],
                "calls": len(every),
                "p50_us": statistics.median(statistics.median(r) for r in rounds),
                "p99_us": every[min(len(every) - 1, int(0.99 * len(every)))],
            }
        )
    return rows


def target_of(row: dict[str, object]) -> float | None:
    if not str(row["classifier"]).startswith("pii"):
        return None
    if row["tokens"] == 32000:
        return TARGET_32K_US
    kind = "prose" if str(row["text_kind"]).startswith("prose") else str(row["text_kind"])
    return TARGETS_US.get((kind, int(row["tokens"])))  # type: ignore[call-overload]


def lingua_cost() -> tuple[float, float] | None:
    """(first call µs: the detector's models loaded, p50 µs of one detection afterwards) on
    a German sample of the length ``languages.detect`` passes it; None for classifiers
    without it."""
    try:
        from kinference_epp.policy.classifiers import languages
    except ImportError:
        return None

    languages._detector.cache_clear()
    sample = ("Die Stadt plant eine neue Straßenbahnlinie zum Flughafen. " * 10)[: languages.SAMPLE]
    t0 = time.perf_counter_ns()
    languages._detector().detect_language_of(sample)
    first = (time.perf_counter_ns() - t0) / 1000
    times = []
    for _ in range(200):
        t0 = time.thread_time_ns()
        languages._detector().detect_language_of(sample)
        times.append((time.thread_time_ns() - t0) / 1000)
    return first, statistics.median(times)


def _shown(with_pii: object) -> str:
    return "facts" if with_pii == "facts" else "yes" if with_pii else "no"


def render(
    rows: list[dict[str, object]],
    lingua: tuple[float, float] | None,
    quick: bool,
    label: str,
    model: Path | None = None,
    out: Path = RESULTS / "classifier_cost.md",
    pii_windows: Path | None = None,
    pii_structured: Path | None = None,
) -> str:
    import kinference_epp

    source = Path(kinference_epp.__file__).resolve().parent.parent.parent
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    load = os.getloadavg()[0]
    title = f" ({label})" if label else ""
    L = [f"# Classifier cost on long prose, logs and CSV{title}\n"]
    flags = (" --quick" if quick else "") + (f" --label '{label}'" if label else "")
    flags += f" --model {model}" if model is not None else ""
    flags += f" --pii-windows {pii_windows}" if pii_windows is not None else ""
    flags += f" --pii-structured {pii_structured}" if pii_structured is not None else ""
    if out.resolve() != (RESULTS / "classifier_cost.md").resolve():
        flags += f" --out {out}"
    here = Path(__file__).resolve().parent.parent
    env = "" if source == here else f"PYTHONPATH={source}/src "
    L.append(f"    {env}{COMMAND}{flags}\n")
    L.append(
        f"Script at commit `{commit}`, classifiers from `{source.name}/src`, "
        f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, Python "
        f"{platform.python_version()} on {platform.machine()} ({os.cpu_count()} CPUs, "
        f"1-minute load average {load:.1f}). Thread CPU time of one `classify` on a fresh "
        f"`PromptText`, gc disabled, median of {ROUNDS} rounds' p50 (see the script's "
        "docstring for the texts).\n"
    )
    if model is not None:
        trained = TrainedModel.load(model)
        L.append(
            f"`complexity + model`: the rules combined with `{model}`, trained by `kinfctl "
            f"classifiers train --cases {' --cases '.join(trained.sources)} --out {model}` "
            f"({trained.prompts} prompts).\n"
        )
    L.append(
        "| classifier | text | tokens | with PII | chars | calls | p50 µs | p99 µs | target | met"
        " | vs pii |"
    )
    L.append("|---|---|---:|---|---:|---:|---:|---:|---:|---|---:|")
    rules = {
        (r["text_kind"], r["tokens"], r["with_pii"]): float(r["p50_us"])  # type: ignore[arg-type]
        for r in rows
        if r["classifier"] == "pii"
    }
    for r in rows:
        t = target_of(r)
        met = "-" if t is None else ("met" if float(r["p50_us"]) <= t else "**not met**")  # type: ignore[arg-type]
        base = rules.get((r["text_kind"], r["tokens"], r["with_pii"]))
        ratio = "-" if t is None or base is None else f"{float(r['p50_us']) / base:.2f}"  # type: ignore[arg-type]
        L.append(
            f"| {r['classifier']} | {r['text_kind']} | {r['tokens']} | "
            f"{_shown(r['with_pii'])} | {r['chars']} | {r['calls']} | "
            f"{float(r['p50_us']):.0f} | {float(r['p99_us']):.0f} | "  # type: ignore[arg-type]
            f"{'-' if t is None else f'≤ {t:.0f}'} | {met} | {ratio} |"
        )
    L.append("")
    if lingua is None:
        return "\n".join(L)
    L.append(
        f"Language detection (lingua, seven languages, low-accuracy mode) on a "
        f"{240}-character German sample: first call {lingua[0] / 1000:.0f} ms (the models "
        f"load), then p50 {lingua[1]:.0f} µs a call. The complexity classifier calls it only "
        "when the window's first words are not plain English and the function words leave "
        "the language open; its cost is inside the complexity rows above for prose-4lang.\n"
    )
    return "\n".join(L)


def profile(case: str, model: Path | None) -> str:
    """Where one case's time goes, by function (its own time first), as text."""
    import cProfile
    import io
    import pstats

    name, kind, tokens = case.split(":")
    cx = ComplexityClassifier()
    fns: dict[str, Callable[[PromptText], object]] = {
        "pii": PiiClassifier(PiiSettings()).classify,
        "complexity": cx.classify,
    }
    if model is not None:
        fns["model"] = AssistedComplexity(cx, ModelSlot(TrainedModel.load(model))).classify
    fn = fns[name]
    text = build(kind, int(tokens), with_pii=False)
    fn(PromptText(text, 1))
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(50):
        fn(PromptText(text, 1))
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.strip_dirs().sort_stats("tottime").print_stats(15)
    return f"## {case} (50 calls under cProfile)\n\n```\n{out.getvalue().strip()}\n```\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer calls")
    ap.add_argument("--out", type=Path, default=RESULTS / "classifier_cost.md")
    ap.add_argument("--label", default="", help="names the classifiers measured in the title")
    ap.add_argument(
        "--model",
        type=Path,
        help="a model file (kinfctl classifiers train): also the complexity rules + model",
    )
    ap.add_argument(
        "--profile",
        metavar="CLASSIFIER:KIND:TOKENS",
        action="append",
        help="instead of the table: cProfile's top functions of 50 calls on a case, e.g. "
        "pii:logs:8000 (repeatable; py-spy and pyinstrument are not in the venv); written "
        "to --out when it is given",
    )
    ap.add_argument(
        "--pii-structured",
        type=Path,
        help="a structured window model file (benchmarks/pii_window_lofo.py --structured"
        " --model): also the PII rules with it",
    )
    ap.add_argument(
        "--pii-windows",
        type=Path,
        help="a window model file (benchmarks/pii_window_lofo.py --model): also the PII "
        "rules combined with it",
    )
    args = ap.parse_args()
    if args.profile:
        cases = " ".join(f"--profile {c}" for c in args.profile)
        load = os.getloadavg()[0]
        head = (
            f"# Where the classifiers' time goes\n\n    {COMMAND} {cases} --out {args.out}\n\n"
            f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, 1-minute load average {load:.1f}; "
            "cProfile's overhead inflates Python-level calls, so read the shares, not the "
            "times.\n"
        )
        text = head + "\n".join(profile(c, args.model) for c in args.profile)
        if "--out" in sys.argv:
            args.out.write_text(text, encoding="utf-8")
        print(text)
        return
    lingua = lingua_cost()
    rows = run(args.quick, args.model, args.pii_windows, args.pii_structured)
    md = render(
        rows,
        lingua,
        args.quick,
        args.label,
        args.model,
        args.out,
        args.pii_windows,
        args.pii_structured,
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(md + "\n", encoding="utf-8")
    print(md)


if __name__ == "__main__":
    main()
