"""CPU cost of one routing decision, stage by stage (its targets).

    .venv/bin/python benchmarks/decision_stages.py            # ~2 min; writes results/decision_stages.md
    .venv/bin/python benchmarks/decision_stages.py --quick    # fewer iterations, writes nothing

For chat prompts of 1k / 8k / 32k Qwen3 tokens x pools of 8 / 64 / 256 fake endpoints, the
CPU time (``time.thread_time_ns``, one thread, no I/O) of each stage of the request path, as
the live picker assembles it (``app``): the same ``PrefixState`` over a
prefix index (``kvcache.index.BlockIndex``), ``InflightTracker``, ``Scheduler`` (router ``precise-prefix``: load-cost over
precise prefix + in-flight load) with the picker's observers and plug-in timing metrics,
``PromptHasher`` and the request pipeline (``routing``).

Stages:

- ``parse``: ``parse_request`` (msgspec) of the body.
- ``tokenize warm``: chat template render + encode with the real Qwen3 tokenizer, its token
  cache warm (the same conversation seen before); ``tokenize cold``: the cache cleared first.
- ``hash``: ``block_hashes`` (16-token blocks) of the tokenizer's int32 id array.
- ``match``: ``PrefixState.match`` (index lookup + predicted/approximate state).
- ``match+score``: a fresh request through every scorer of the chain (the load-cost scorer
  asks ``PrefixState.match``): the "match+score" figure.
- ``schedule``: ``Scheduler.schedule`` (filters, scorers, picker, observers, plug-in timing
  metrics; includes match).
- ``route``: ``Pipeline.run`` end to end (parse → identify → policy → target → prompt
  (tokenize warm, hash) → schedule → account, each stage timed), as ``ExtProcSession`` calls it.

The index is filled so the pool looks like a busy one: every endpoint holds 4 unrelated
prefixes of the prompt's length, and a quarter of the endpoints hold the prompt's own system
prompt plus 10-90 % of its user message (so match walks a long shared prefix on several
endpoints). Seeded; medians and p99 over the iterations after a warm-up. The compiled kernels
are loaded (or compiled) first, as the picker does at start-up (their ``warm_up()``).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from kinference_epp.api.bodies import parse_request
from kinference_epp.api.request import ApiKind
from kinference_epp.config.model import SchedulerConfig
from kinference_epp.config.tokenizers import TokenizerConfig, TokenizerSource
from kinference_epp.kvcache import hashing, match_kernel
from kinference_epp.kvcache.hashing import block_hashes
from kinference_epp.kvcache.index import BlockIndex
from kinference_epp.pipeline.prefix_hits import PrefixHitObserver
from kinference_epp.pipeline.prompt import PromptHasher
from kinference_epp.pipeline.stages import StageDeps, build_pipeline
from kinference_epp.pipeline.state import RequestState
from kinference_epp.policy import PolicyStore
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey, LoadSnapshot
from kinference_epp.scheduling import routed_kernel, score_kernel
from kinference_epp.scheduling.framework import PluginLabel
from kinference_epp.scheduling.inflight import InflightTracker
from kinference_epp.scheduling.prefix_state import PrefixState
from kinference_epp.scheduling.scheduler import Scheduler
from kinference_epp.scheduling.types import SchedulingRequest
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tokenize.fixtures import default_tokenizer_dir
from kinference_epp.tokenize.hf import HFTokenizer
from kinference_epp.tokenize.registry import TokenizerRegistry

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
MODEL = "Qwen/Qwen3-0.6B"
BLOCK = 16
PROMPTS = (1_000, 8_000, 32_000)
POOLS = (8, 64, 256)
SYSTEM = "You are a helpful assistant. Answer precisely and cite the table rows you use."
_TEXT = (
    "the of and to in is was for on that with as by at from this be are an or it which not "
    "have has had but were their one all can been more when there also its into other "
    "table row column value model request token prefix cache endpoint latency throughput "
    "quarterly revenue growth forecast market analysis customer product service region "
    "temperature pressure volume measurement experiment result observation hypothesis"
)
_WORDS = tuple(_TEXT.split(" "))
TARGET_MATCH_SCORE_US = 50.0
TARGET_DECISION_US = 1000.0


def user_text(tokens: int, tok: HFTokenizer, seed: int) -> str:
    """English-like text of about ``tokens`` Qwen3 tokens (deterministic)."""
    rng = random.Random(seed)
    words: list[str] = []
    while True:
        words.extend(rng.choice(_WORDS) for _ in range(256))
        if len(tok.encode(" ".join(words))) >= tokens:
            break
    text = " ".join(words)
    n = len(tok.encode(text))
    return " ".join(words[: int(len(words) * tokens / n)])


def chat_body(user: str) -> bytes:
    import json

    body = {
        "model": MODEL,
        "messages": [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}],
        "max_tokens": 128,
        "stream": False,
    }
    return json.dumps(body, separators=(",", ":")).encode()


def cpu_us(fn: Callable[[], object], n: int, warmup: int = 3) -> list[float]:
    for _ in range(warmup):
        fn()
    out: list[float] = []
    clock = time.thread_time_ns
    for _ in range(n):
        t0 = clock()
        fn()
        out.append((clock() - t0) / 1e3)
    return out


def p50(xs: list[float]) -> float:
    return statistics.median(xs)


def p99(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(0.99 * (len(s) - 1)))]


class Rig:
    """The picker's request-path objects over a fake pool, wired as ``App`` wires them."""

    def __init__(self, n_endpoints: int, registry: TokenizerRegistry, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.metrics = PickerMetrics()
        self.datastore = PoolDatastore("bench")
        self.keys: list[EndpointKey] = []
        for i in range(n_endpoints):
            key = EndpointKey(f"10.0.{i // 250}.{i % 250 + 1}:8000")
            self.keys.append(key)
            self.datastore.upsert(Endpoint(key=key, models=frozenset({MODEL}), metrics_url=""))
            self.datastore.update_load(
                key,
                LoadSnapshot(
                    running=float(rng.integers(0, 16)),
                    waiting=float(rng.integers(0, 4)),
                    kv_usage=float(rng.random() * 0.8),
                ),
            )
        self.index = BlockIndex(block_size=BLOCK)
        self.prefix = PrefixState(self.index)
        self.load = InflightTracker(self.datastore, self.prefix)
        self.scheduler = Scheduler(
            SchedulerConfig(router="precise-prefix", fallbacks=0, seed=seed),
            self.datastore,
            prefix=self.prefix,
            load=self.load,
            observers=[
                PrefixHitObserver(self.prefix, self.datastore, self.metrics),
                self.load,
                self.prefix,
            ],
            on_timing=self._on_timing,
        )
        self.hasher = PromptHasher(registry, self.datastore, BLOCK)
        self.pipeline = build_pipeline(
            StageDeps(
                datastore=self.datastore,
                scheduler=self.scheduler,
                metrics=self.metrics,
                policies=PolicyStore(),
                pool_name="bench",
                tenant_header="x-kinference-tenant",
                hasher=self.hasher,
            )
        )

    def _on_timing(self, label: PluginLabel, seconds: float) -> None:
        self.metrics.plugin(label.extension_point, label.type, label.name).observe(seconds)

    def fill(self, ids: list[int], sys_tokens: int, rng: random.Random) -> None:
        """4 unrelated prefixes per endpoint; a quarter also hold part of this prompt."""
        from kinference_epp.kvcache.hashing import HashScope

        scope = HashScope(MODEL)
        n_blocks = len(ids) // BLOCK
        for i, key in enumerate(self.keys):
            for j in range(4):
                other = np.random.default_rng(hash((i, j)) & 0xFFFF_FFFF).integers(
                    1000, 150_000, size=n_blocks * BLOCK, dtype=np.int64
                )
                self._store(key, scope, other, f"{i}-{j}")
            if i % 4 == 0:
                keep_tokens = sys_tokens + int((len(ids) - sys_tokens) * rng.uniform(0.1, 0.9))
                blocks = keep_tokens // BLOCK
                self._store(key, scope, np.asarray(ids[: blocks * BLOCK], np.int64), f"{i}-p")

    def _store(self, key: EndpointKey, scope: object, tokens: np.ndarray, tag: str) -> None:
        n = len(tokens) // BLOCK
        if n == 0:
            return
        base = abs(hash(tag)) % (1 << 40) << 20
        engine = [base + k for k in range(n)]
        self.index.apply_stored(key, scope, engine, None, tokens, BLOCK, "GPU")  # type: ignore[arg-type]


def headers(request_id: str) -> dict[str, str]:
    return {
        ":authority": "gateway.local",
        ":path": "/v1/chat/completions",
        ":method": "POST",
        ":scheme": "http",
        "content-type": "application/json",
        "user-agent": "bench/1.0",
        "x-forwarded-proto": "http",
        "x-request-id": request_id,
        "accept": "*/*",
    }


def run(quick: bool, seed: int) -> list[dict[str, object]]:
    tok_dir = default_tokenizer_dir()
    if tok_dir is None:
        sys.exit("no Qwen3 tokenizer: run `make tokenizers` first")
    registry = TokenizerRegistry.from_config(
        TokenizerConfig(sources=[TokenizerSource(models=[MODEL], path=tok_dir)])
    )
    tok = registry.for_model(MODEL)
    assert isinstance(tok, HFTokenizer)
    for kernels in (hashing, match_kernel, routed_kernel, score_kernel):
        kernels.warm_up()
    rows: list[dict[str, object]] = []
    for n_tokens in PROMPTS:
        rows += bench_prompt(n_tokens, tok, registry, quick, seed)
    return rows


def bench_prompt(
    n_tokens: int, tok: HFTokenizer, registry: TokenizerRegistry, quick: bool, seed: int
) -> list[dict[str, object]]:
    body = chat_body(user_text(n_tokens, tok, seed))
    request = parse_request(ApiKind.CHAT, body)
    ids = tok.prompt_token_array(request).tolist()
    sys_tokens = len(tok.chat_token_ids(request.messages[:1], False))
    iters = {1_000: 400, 8_000: 200, 32_000: 60}[n_tokens] // (4 if quick else 1)
    cold_iters = {1_000: 40, 8_000: 10, 32_000: 4}[n_tokens] // (2 if quick else 1) or 1

    def cold() -> None:
        assert tok.cache is not None
        tok.cache.clear()
        tok.prompt_token_array(request)

    common = {
        "tokens": len(ids),
        "target_tokens": n_tokens,
        "parse": cpu_us(lambda: parse_request(ApiKind.CHAT, body), iters),
        "tokenize_cold": cpu_us(cold, cold_iters, warmup=1),
        "tokenize_warm": cpu_us(lambda: tok.prompt_token_array(request), iters),
    }
    rows = []
    for n_eps in POOLS:
        row = dict(common, **bench_pool(n_eps, registry, body, ids, sys_tokens, iters, seed))
        rows.append(row)
        gc.collect()
        print(fmt_row(row), flush=True)
    return rows


def bench_pool(
    n_eps: int,
    registry: TokenizerRegistry,
    body: bytes,
    ids: list[int],
    sys_tokens: int,
    iters: int,
    seed: int,
) -> dict[str, object]:
    request = parse_request(ApiKind.CHAT, body)
    rig = Rig(n_eps, registry, seed)
    rig.fill(ids, sys_tokens, random.Random(seed))
    scope = rig.hasher.scope(request)
    tokens = np.asarray(ids, dtype=np.int32)
    hashes = block_hashes(tokens, BLOCK, scope)
    hashing = cpu_us(lambda: block_hashes(tokens, BLOCK, scope), iters)
    view = rig.datastore.view()

    def sreq() -> SchedulingRequest:
        return SchedulingRequest(
            model=MODEL,
            request=request,
            prompt_tokens=len(ids),
            block_hashes=hashes,
            max_tokens=request.max_tokens,
        )

    match = cpu_us(lambda: rig.prefix.match(sreq(), view), iters)
    everyone = view.all()

    def match_score() -> None:
        req = sreq()
        for weighted in rig.scheduler.scorers:
            weighted.scorer.score(req, view, everyone)

    match_score_us = cpu_us(match_score, iters)
    schedule = cpu_us(lambda: rig.scheduler.schedule(sreq()), iters)
    counter = iter(range(10**9))

    def route() -> None:
        rid = f"req-{next(counter)}"
        rig.pipeline.run(RequestState(headers=headers(rid), body=body, full_duplex=False))

    route_us = cpu_us(route, iters)
    found = rig.index.match(hashes)
    return {
        "endpoints": n_eps,
        "index_entries": rig.index.num_entries,
        "best_hit_blocks": int(max(found.gpu)) if len(found.gpu) else 0,
        "blocks": len(hashes),
        "hash": hashing,
        "match": match,
        "match_score": match_score_us,
        "schedule": schedule,
        "route": route_us,
    }


STAGES = (
    "parse",
    "tokenize_warm",
    "tokenize_cold",
    "hash",
    "match",
    "match_score",
    "schedule",
    "route",
)


def fmt_row(r: dict[str, object]) -> str:
    cells = [f"{r['target_tokens'] // 1000}k ({r['tokens']})", f"{r['endpoints']}"]
    for s in STAGES:
        xs = r[s]
        assert isinstance(xs, list)
        cells.append(f"{p50(xs):,.0f} / {p99(xs):,.0f}")
    return "| " + " | ".join(cells) + " |"


def markdown(rows: list[dict[str, object]], meta: str) -> str:
    head = (
        "| prompt (tokens) | endpoints | parse | tokenize warm | tokenize cold | hash | match "
        "| match+score | schedule (filters … observers) | route (parse → pick) |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    )
    lines = [fmt_row(r) for r in rows]
    checks = []
    for r in rows:
        if r["target_tokens"] == 8_000 and r["endpoints"] == 64:
            sched, route = r["match_score"], r["route"]
            assert isinstance(sched, list)
            assert isinstance(route, list)
            ok1 = p50(sched) <= TARGET_MATCH_SCORE_US
            ok2 = p50(route) <= TARGET_DECISION_US
            checks.append(
                f"- match+score (fresh request through the chain's scorers) p50 for 8k tokens "
                f"on 64 endpoints: "
                f"**{p50(sched):.0f} µs** (target ≤ {TARGET_MATCH_SCORE_US:.0f}): "
                f"{'PASS' if ok1 else 'FAIL'}\n"
                f"- whole decision (`Pipeline.run`) p50 for an 8k-token chat body, warm token "
                f"cache: **{p50(route):.0f} µs** (target ≤ {TARGET_DECISION_US:.0f}): "
                f"{'PASS' if ok2 else 'FAIL'}"
            )
    return (
        "# Decision stages: CPU µs per request (p50 / p99)\n\n"
        f"{meta}\n\n"
        "`python benchmarks/decision_stages.py` — CPU time of one thread "
        "(`time.thread_time_ns`), stages as described in the script's docstring. "
        "`match+score` and `schedule` include `match`; `route` includes everything.\n\n"
        + head
        + "\n".join(lines)
        + "\n\nTargets:\n\n"
        + "\n".join(checks)
        + "\n"
    )


def baseline_rows(root: Path, quick: bool, seed: int) -> dict[tuple[str, str], list[str]]:
    """The baseline checkout's own run of this benchmark (its ``src/`` first on PYTHONPATH),
    as {(prompt, endpoints): ["p50 / p99" per stage]} read from the table it writes."""
    import os
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        argv = [sys.executable, str(root / "benchmarks" / "decision_stages.py"), "--output", tmp]
        argv += ["--seed", str(seed)] + (["--quick"] if quick else [])
        env = {**os.environ, "PYTHONPATH": str(root.resolve() / "src")}
        subprocess.run(argv, env=env, check=True, cwd=root, stdout=subprocess.DEVNULL)
        text = (Path(tmp) / "decision_stages.md").read_text()
    rows: dict[tuple[str, str], list[str]] = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 + len(STAGES) and cells[1].isdigit():
            rows[(cells[0].split(" ")[0], cells[1])] = cells[2:]
    return rows


def comparison(rows: list[dict[str, object]], base: dict[tuple[str, str], list[str]]) -> str:
    """p50 of each stage here and in the baseline, side by side, with the ratio."""
    head = "| prompt | endpoints | " + " | ".join(f"{s} (now / base)" for s in STAGES) + " |\n"
    head += "|---|---:|" + "---:|" * len(STAGES) + "\n"
    lines = []
    for r in rows:
        key = (f"{r['target_tokens'] // 1000}k", str(r["endpoints"]))
        if key not in base:
            continue
        cells = [key[0], key[1]]
        for s, theirs in zip(STAGES, base[key], strict=True):
            xs = r[s]
            assert isinstance(xs, list)
            now, was = p50(xs), float(theirs.split("/")[0].replace(",", ""))
            cells.append(f"{now:,.0f} / {was:,.0f} ({now / was:.2f}x)" if was else f"{now:,.0f}")
        lines.append("| " + " | ".join(cells) + " |")
    return head + "\n".join(lines) + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="fewer iterations, write nothing")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--output", help="results folder (default benchmarks/results)")
    p.add_argument(
        "--baseline",
        metavar="DIR",
        help="also run this benchmark in the checkout DIR (e.g. a git worktree of the commit "
        "before a change), right before this one, and add a side-by-side p50 table",
    )
    args = p.parse_args()
    base = baseline_rows(Path(args.baseline), args.quick, args.seed) if args.baseline else None
    print(
        "| prompt | endpoints | parse | tok warm | tok cold | hash | match | match+score "
        "| schedule | route |",
        flush=True,
    )
    rows = run(args.quick, args.seed)
    import platform
    import subprocess

    try:
        git = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "src"], capture_output=True, text=True, check=False
        ).stdout.strip()
    except OSError:
        git, dirty = "?", ""
    meta = (
        f"{time.strftime('%Y-%m-%d')}, {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, git `{git}`{' + uncommitted src/' if dirty else ''}; "
        "Qwen3 tokenizer (HF `tokenizers`), router `precise-prefix`, block size 16."
    )
    md = markdown(rows, meta)
    if base is not None:
        md += (
            f"\n## Against the baseline `{args.baseline}` (same command, run just before)\n\n"
            "p50 µs here / in the baseline (ratio).\n\n" + comparison(rows, base)
        )
    print("\n" + md)
    if args.quick and not args.output:
        return 0
    out = Path(args.output) if args.output else RESULTS
    out.mkdir(parents=True, exist_ok=True)
    (out / "decision_stages.md").write_text(md)
    print(f"wrote {out / 'decision_stages.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
