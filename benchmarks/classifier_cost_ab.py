"""The classifiers' cost in two checkouts, measured side by side: a change's speed-up or
slow-down as a ratio on a shared, noisy machine.

    .venv/bin/python benchmarks/classifier_cost_ab.py --base OTHER/src [--which complexity]
        [--rounds 9] [--out benchmarks/results/classifier_cost_ab.md]

Two worker processes, one importing the classifiers from ``--base`` and one from this
checkout's ``src``, are given the same texts (``classifier_cost.build``) and asked for one
case at a time, round after round, alternating which goes first; each answer is the p50 of
the thread CPU time of ``classify`` on a fresh ``PromptText`` (gc disabled, after a
warm-up), and the table shows each side's median over the rounds and their ratio. Load
from other processes slows both sides alike, so the ratio holds where absolute figures
drift (``classifier_cost.py`` measures those, on a quiet machine).
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
CASES = (
    ("prose", 8000, False, 200),
    ("prose", 8000, True, 200),
    ("prose-4lang", 8000, False, 200),
    ("logs", 8000, False, 200),
    ("logs", 8000, True, 200),
    ("csv", 8000, False, 200),
    ("csv", 8000, True, 200),
    ("prose", 32000, False, 60),
    ("logs", 32000, False, 60),
    ("logs", 32000, True, 60),
    ("csv", 32000, False, 60),
    ("csv", 32000, True, 60),
)


def worker(which: str) -> None:
    """Answer each ``kind tokens with_pii calls`` line of stdin with one p50 in µs."""
    sys.path.insert(0, str(HERE))
    from classifier_cost import build
    from kinference_epp.policy.classifiers.base import PromptText
    from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
    from kinference_epp.policy.classifiers.pii import PiiClassifier

    clf = ComplexityClassifier() if which == "complexity" else PiiClassifier()
    texts: dict[tuple[str, int, bool], str] = {}
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        kind, tokens, pii, calls = line.split()
        key = (kind, int(tokens), pii == "1")
        if key not in texts:
            texts[key] = build(*key)
            for _ in range(5):
                clf.classify(PromptText(texts[key], 1))
        times = []
        gc.disable()
        for _ in range(int(calls)):
            prompt = PromptText(texts[key], 1)
            t0 = time.thread_time_ns()
            clf.classify(prompt)
            times.append((time.thread_time_ns() - t0) / 1000)
        gc.enable()
        print(statistics.median(times), flush=True)


def _start(src: Path, which: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(src))
    cmd = [sys.executable, __file__, "--worker", "--which", which]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    proc.stdout.readline()  # ready: imports and the detector's first use are behind it
    return proc


def _ask(proc: subprocess.Popen[str], case: tuple[str, int, bool, int]) -> float:
    assert proc.stdin is not None
    assert proc.stdout is not None
    kind, tokens, pii, calls = case
    proc.stdin.write(f"{kind} {tokens} {int(pii)} {calls}\n")
    proc.stdin.flush()
    return float(proc.stdout.readline())


def _commit(src: Path) -> str:
    out = subprocess.run(
        ["git", "-C", str(src), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    return out.stdout.strip() or "?"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", type=Path, help="the other checkout's src directory")
    ap.add_argument("--which", choices=("pii", "complexity"), default="pii")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "classifier_cost_ab.md")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.which)
        return
    if args.base is None:
        ap.error("--base is required")
    sys.path.insert(0, str(HERE))
    from classifier_cost import target_of

    sides = {"base": args.base.resolve(), "new": (HERE.parent / "src").resolve()}
    procs = {name: _start(src, args.which) for name, src in sides.items()}
    load = os.getloadavg()[0]
    got: dict[tuple[tuple[str, int, bool, int], str], list[float]] = {}
    for r in range(args.rounds):
        for case in CASES:
            for name in ("base", "new") if r % 2 == 0 else ("new", "base"):
                got.setdefault((case, name), []).append(_ask(procs[name], case))
    for proc in procs.values():
        proc.communicate(timeout=30)
    flags = f" --which {args.which}" if args.which != "pii" else ""
    lines = [
        f"# {args.which.upper() if args.which == 'pii' else 'Complexity'} classifier cost: "
        "two checkouts side by side\n",
        f"    .venv/bin/python benchmarks/classifier_cost_ab.py --base BASE/src{flags} "
        f"--rounds {args.rounds}\n",
        f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} CPUs, 1-minute load average {load:.1f} at the start. base: "
        f"`{_commit(sides['base'])}`, new: `{_commit(sides['new'])}`. Each cell: the median "
        f"over {args.rounds} interleaved rounds of one round's p50 (µs of thread CPU time "
        "of one `classify` on a fresh `PromptText`), and in brackets the lowest and highest "
        "round; the ratio's are those of the rounds' own ratios (both sides asked in the "
        "same minute). The target applies to the PII classifier (`classifier_cost.py`).\n",
        "| text | tokens | with PII | base p50 µs | new p50 µs | new / base | target µs |",
        "|---|---:|---|---:|---:|---:|---:|",
    ]

    def spread(values: list[float], digits: int) -> str:
        mid = statistics.median(values)
        return f"{mid:.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"

    for case in CASES:
        base, new = got[(case, "base")], got[(case, "new")]
        ratios = [n / b for b, n in zip(base, new, strict=True)]
        kind, tokens, pii, _ = case
        yes = "yes" if pii else "no"
        target = target_of({"classifier": "pii", "text_kind": kind, "tokens": tokens})
        lines.append(
            f"| {kind} | {tokens} | {yes} | {spread(base, 0)} | {spread(new, 0)} | "
            f"{spread(ratios, 2)} | {f'{target:.0f}' if target and args.which == 'pii' else '-'} |"
        )
    lines.append("")
    md = "\n".join(lines)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(md, encoding="utf-8")
    print(md)


if __name__ == "__main__":
    main()
