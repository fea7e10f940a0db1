"""Upper bounds on what any router can reach in the routing benchmark, beside its targets.

The harness's pods step by a linear latency profile (``sim/latency.py``): every step costs
``base_ms``, plus ``decode_ms_per_seq`` per decoding sequence and ``decode_ms_per_ktoken`` per
1000 tokens of logical context in the decoding batch, plus prefill. So, whatever a router does:

- **Decode throughput.** With ``N`` sequences decoding on a pod, a step takes at least
  ``S(N) = base + N * (q + k * c / 1000)`` ms (``q``: per sequence; ``c``: the token-weighted mean context of a decoding
  sequence, from the workload's own conversations; prefill only adds), and the pod emits
  ``N / S(N)`` tokens a second. The ITL SLO needs ``S(N) <= ITL``; ``N`` is also capped by
  ``max_num_seqs``, by the KV a pod holds (every decoding sequence keeps its context, sharing
  at most one system prompt with the others: an optimistic count), and, for a closed-loop
  workload, by its users per pod. The pool serves at most ``pods * N / (S(N) * out)``
  requests a second (``out``: the mean output), in steady state, every request a cache hit.
  A load point holds when a share ``fraction`` of its requests meets the SLO, so a router
  that refuses the rest (sheds them) holds points up to the bound / ``fraction``, no higher.
  The open-loop ladders hold each load for 20-50 s, so a router can pass a point a little
  above this bound on a transient (the batch grows for the whole stage before the ITL
  breaks); the experiment below measures how far.
- **TTFT.** A request's first token needs at least one step and reaches the client the
  profile's ``ttft_overhead_ms`` after it: TTFT >= ``base_ms + ttft_overhead_ms``. So no
  router's TTFT is lower than another's by more than the other's over that floor.

- **Closed loop: the run's makespan.** A closed-loop run's rate is its requests over the
  time until its longest conversation ends; a conversation's decode steps run one after
  another, and each step pays ``base_ms``. So the run lasts at least the longest user's own
  steps, and the pool's step time (at least as many steps as its users' private contexts
  need to fit the pods' KV) spread evenly over its pods (``makespan_free``).

- **Heterogeneous pools.** A pod whose steps take ``f`` times as long holds only the
  ``N`` with ``f * S(N) <= ITL``; the pool's bound sums its pods (a closed loop's users
  filling the fastest pods first).

- **Prefill and vLLM's LRU (heterogeneous shared prefixes).** The decode bound gives prefill
  away; on ``hetero-shared-prefix-73`` prefill decides, through which prompts a pod keeps. The
  prompts come back in a fixed cycle (request ``i`` sends prompt ``i mod P``), so every pod
  sees its own prompts in a fixed cycle too, and an LRU cache under a cyclic access pattern
  keeps either the whole cycle or none of it. So each pod runs in one of two states. In the
  *resident* state it keeps its groups' system prompts and questions, and the outputs that
  its requests write in one cycle, within its KV: at most ``KV / (system + prompts_per_group
  * (question + output))`` groups, whatever the load (a group sends ``prompts_per_group``
  requests a cycle), i.e. that many times the group's rate, every request a full hit. In the
  *system-prompt* state it serves any number of groups, but prefills every question, and its
  step ``S = f * base / (1000 - f * r * (prefill * question + k * (out - 1) * c / 1000))``
  holds the ITL SLO only up to a rate ``r``. A pod serves its requests within the SLO only
  while its steady step is within the ITL limit; past that (a pod over its rate) its
  requests miss. So at load ``R`` the pool meets the SLO for every request only if the pods'
  best rates sum to ``R``, and otherwise for at most ``(sum - smallest) / R`` of them (one pod
  at least is over its rate and its requests miss). Generous to the router: a pod at exactly
  the ITL limit counts as meeting it (its requests' mean ITL then sits around the limit, about
  half of them over it); TTFT, block rounding and the stage's transient are left out. A
  request in the system-prompt state can also hit its question while the previous request of
  the same prompt is still running or freshly freed; where the cycle is short enough for that
  the table says so (and its bound is then not one).

For the capacity target (ours >= 1.10x the best peer's, routing alone) this prints the bound
beside the figure needed and ours, from the bench outputs under
``benchmarks/results/routing_calibrated/`` (one ``results.json`` per workload and profile;
a workload not run there shows as such). The bounds are optimistic for the router (free
prefill, perfect balance, perfect sharing), so "reachable" here is not a promise.

The experiment (``--experiment``) checks the open-loop capacity targets still unmet: the same
harness and router on a copy of the latency profile whose prefill costs nothing, so that what
is left is what no routing decision removes (decode and KV).

    python benchmarks/routing_bounds.py   # writes benchmarks/results/routing_bounds.md
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kinference_epp.bench.workloads import WorkloadSpec, conversations, load_workload
from kinference_epp.sim.latency import PROFILES, LatencyModel, LinearLatency, latency_model

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
STANDARD = ("shared-prefix-73", "shared-prefix-small", "multiturn")
HETERO = ("hetero-shared-prefix-73", "hetero-multiturn")


@dataclass(frozen=True)
class Shape:
    """What the bounds need of a workload's requests."""

    context: float
    """Token-weighted mean logical context of a decoding sequence."""
    output: float
    """Mean output tokens per request."""
    shared: int
    """Tokens of the system prompt that sequences on one pod may share."""


def shape(spec: WorkloadSpec) -> Shape:
    ctx_weighted = 0.0
    outputs = []
    for conv in conversations(spec, seed=0):
        history = len(conv.prefix)
        for turn in conv.turns:
            prompt = history + len(turn.user)
            out = turn.output_tokens
            ctx_weighted += out * (prompt + out / 2)
            outputs.append(out)
            history = prompt + out
    total_out = float(sum(outputs))
    shared = (
        spec.shared_prefix.system_tokens
        if spec.shared_prefix is not None
        else spec.multiturn.system_tokens
        if spec.multiturn is not None
        else 0
    )
    return Shape(ctx_weighted / total_out, total_out / len(outputs), shared)


@dataclass(frozen=True)
class Bound:
    rps: float
    seqs_per_pod: float
    step_ms: float
    limited_by: str


def pod_caps(
    spec: WorkloadSpec, lat: LinearLatency, itl_s: float, s: Shape, factor: float = 1.0
) -> dict[str, float]:
    """The sequences one pod stepping ``factor`` times slower can decode, by what caps them."""
    itl_ms = itl_s * 1000 / factor
    return {
        "ITL SLO": (itl_ms - lat.base_ms) / per_seq_ms(lat, s),
        "max_num_seqs": float(spec.engine.max_num_seqs),
        "KV per pod": kv_sequences(spec, s),
    }


def per_seq_ms(lat: LinearLatency, s: Shape) -> float:
    """What one decoding sequence of the mean context adds to a step (ms)."""
    return lat.decode_ms_per_seq + lat.decode_ms_per_ktoken * s.context / 1000


def kv_sequences(spec: WorkloadSpec, s: Shape) -> float:
    """Sequences of the mean context whose KV one pod holds at once, sharing one system prompt."""
    kv_tokens = spec.num_gpu_blocks() * spec.engine.block_size
    return (kv_tokens - s.shared) / max(1.0, s.context - s.shared)


def users(spec: WorkloadSpec) -> float | None:
    """A closed loop's highest user count (None for open-loop arrivals)."""
    if spec.client.kind == "concurrency" and spec.client.loads:
        return float(max(spec.client.loads))
    return None


def decode_bound(spec: WorkloadSpec, lat: LinearLatency, itl_s: float, s: Shape) -> Bound:
    caps = pod_caps(spec, lat, itl_s, s)
    closed = users(spec)
    if closed is not None:
        caps["users per pod"] = closed / spec.pods
    limited_by = min(caps, key=lambda k: caps[k])
    n = caps[limited_by]
    step_ms = lat.base_ms + n * per_seq_ms(lat, s)
    rps = spec.pods * n / (step_ms / 1000 * s.output)
    return Bound(rps, n, step_ms, limited_by)


def hetero_bound(spec: WorkloadSpec, lat: LinearLatency, itl_s: float, s: Shape) -> Bound:
    """``decode_bound`` for a pool whose pods step ``factor`` times slower: each pod holds the
    sequences that keep its own step under the ITL SLO (none when one bare step passes it); a
    closed loop's users go to the pods that serve a sequence fastest first."""
    per_pod = [
        (factor, max(0.0, min(pod_caps(spec, lat, itl_s, s, factor).values())))
        for _, factor in spec.pod_gpus()
    ]
    closed = users(spec)
    total = float("inf") if closed is None else closed
    rps = held = 0.0
    steps = []
    for factor, n in sorted(per_pod):
        n = min(n, total - held)
        if n <= 0:
            continue
        held += n
        step_ms = factor * (lat.base_ms + n * per_seq_ms(lat, s))
        rps += n / (step_ms / 1000 * s.output)
        steps.append(step_ms)
    limited_by = "ITL SLO per pod speed" if held < total else "users"
    return Bound(rps, held / len(per_pod), max(steps, default=0.0), limited_by)


def request_ms(lat: LinearLatency, uncached: float, s: Shape) -> float:
    """Step time (ms, beside the fixed cost) one request adds over its life: its prefill and
    its decode steps' KV reads. A pod at ``r`` req/s steps ``S = f * base / (1000 - f * r *
    request_ms)`` seconds (module docstring)."""
    return lat.prefill_ms_per_token * uncached + (s.output - 1) * (
        lat.decode_ms_per_seq + lat.decode_ms_per_ktoken * s.context / 1000
    )


def step_rate(lat: LinearLatency, factor: float, itl_s: float, uncached: float, s: Shape) -> float:
    """Highest request rate (req/s) at which a pod stepping ``factor`` times slower keeps its
    steady step within ``itl_s``, each request prefilling ``uncached`` tokens."""
    room = 1000.0 - factor * lat.base_ms / itl_s
    return max(0.0, room / (factor * request_ms(lat, uncached, s)))


def step_ms(lat: LinearLatency, factor: float, rate: float, uncached: float, s: Shape) -> float:
    """A pod's steady step (ms) at ``rate`` req/s, each request prefilling ``uncached`` tokens
    (inf past saturation)."""
    room = 1000.0 - factor * rate * request_ms(lat, uncached, s)
    return 1000.0 * factor * lat.base_ms / room if room > 0 else float("inf")


@dataclass(frozen=True)
class LruCaps:
    """One pod's highest request rate within the ITL SLO in each LRU state (req/s)."""

    resident: float
    """Every prompt of its groups kept: full hits, at most the groups its KV holds a cycle of."""
    system_only: float
    """System prompts kept, every question prefilled."""
    question_may_hit: bool
    """The cycle comes back to a prompt before its previous request's blocks can leave the
    system-prompt state's LRU: a question may hit there, and the bound does not hold."""

    @property
    def best(self) -> float:
        return max(self.resident, self.system_only)


def kv_step_rate(
    spec: WorkloadSpec,
    lat: LinearLatency,
    itl_s: float,
    s: Shape,
    group_rate: float,
    factor: float,
    kept: float,
) -> float:
    """The highest rate within the ITL SLO of a pod keeping its groups' system prompts and
    the questions of a share ``kept`` of its requests (every other question prefilled), whose
    KV holds those, and each running sequence's unkept question and half its output (a request
    runs ``output - 1`` steps of the pod's step at that rate)."""
    sp = spec.shared_prefix
    assert sp is not None
    kv = float(spec.num_gpu_blocks() * spec.engine.block_size)
    uncached = (1 - kept) * sp.question_tokens
    held = (sp.system_tokens + kept * sp.prompts_per_group * sp.question_tokens) / group_rate
    per_running = s.output / 2 + uncached

    def fits(rate: float) -> bool:
        running = rate * (s.output - 1) * step_ms(lat, factor, rate, uncached, s) / 1000
        return rate * held + running * per_running <= kv

    lo, hi = 0.0, step_rate(lat, factor, itl_s, uncached, s)
    if fits(hi):
        return hi
    for _ in range(50):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


def lru_caps(
    spec: WorkloadSpec, lat: LinearLatency, itl_s: float, s: Shape, load: float, factor: float
) -> LruCaps:
    """``LruCaps`` of one pod of a shared-prefix workload at ``load`` req/s (module docstring)."""
    sp = spec.shared_prefix
    assert sp is not None
    kv = float(spec.num_gpu_blocks() * spec.engine.block_size)
    group_rate = load / sp.groups
    per_group = sp.system_tokens + sp.prompts_per_group * (sp.question_tokens + sp.output_tokens)
    resident = min(kv / per_group * group_rate, step_rate(lat, factor, itl_s, 0.0, s))
    system_only = kv_step_rate(spec, lat, itl_s, s, group_rate, factor, 0.0)
    # blocks a finished request leaves stay until the pod has written the LRU's free room
    # anew; a request runs at most (output - 1) steps of the ITL limit
    lifetime = (s.output - 1) * itl_s
    pinned = system_only * (
        sp.system_tokens / group_rate + lifetime * (sp.question_tokens + s.output / 2)
    )
    written = system_only * (sp.question_tokens + s.output)
    retention = (kv - pinned) / written if written > 0 else float("inf")
    cycle = sp.groups * sp.prompts_per_group / load
    may_hit = cycle <= lifetime + retention
    if may_hit:  # no eviction policy does better than keeping whichever questions pay most
        system_only = max(
            kv_step_rate(spec, lat, itl_s, s, group_rate, factor, i / 100) for i in range(101)
        )
    return LruCaps(resident, system_only, may_hit)


def lru_share(caps: list[float], load: float) -> float:
    """The most of ``load`` the pods with these best rates serve within the SLO: all of it
    when their rates cover it, else all but the pod over its rate (the smallest's, at best)."""
    total = sum(caps)
    return 1.0 if total >= load else (total - min(caps)) / load


def ladder(spec: WorkloadSpec) -> list[float]:
    if spec.client.stages:
        return sorted({st.rate for st in spec.client.stages})
    return sorted(spec.client.loads or [])


def top_point(spec: WorkloadSpec, rps: float) -> float:
    """The highest load point of the workload at or under ``rps`` (0 when none)."""
    return max((x for x in ladder(spec) if x <= rps), default=0.0)


def cases(names: tuple[str, ...]) -> Iterator[tuple[str, WorkloadSpec, Shape, str, LinearLatency]]:
    """Each workload under each latency profile, with its shape."""
    for name in names:
        spec = load_workload(name, ROOT / "benchmarks" / "workloads")
        s = shape(spec)
        for profile in PROFILES:
            lat = latency_model(profile)
            assert isinstance(lat, LinearLatency)
            yield name, spec.for_latency(lat), s, profile, lat


def alone(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows (or capacities) of routing alone: admission ``none``."""
    return [r for r in items if r.get("admission", "none") == "none"]


def load_results(folder: Path) -> dict[str, Any]:
    """Every ``results.json`` under ``folder`` (one per workload and profile) as one: their
    summaries and rows together, the first one's ``meta`` (the SLO is the same in all)."""
    paths = sorted(folder.glob("*/results.json"))
    if not paths:
        raise SystemExit(f"no results.json under {folder}")
    parts = [json.loads(p.read_text()) for p in paths]
    return {
        "meta": parts[0]["meta"],
        "summary": [s for part in parts for s in part["summary"]],
        "rows": [r for part in parts for r in part["rows"]],
    }


def capacity(results: dict[str, Any], workload: str, profile: str, router: str) -> float | None:
    """``router``'s capacity (median over seeds), None where it was not run."""
    for row in alone(results["summary"]):
        if (row["workload"], row["latency_profile"], row["router"]) == (workload, profile, router):
            return float(row["capacity_rps"])
    return None


def best_peer(results: dict[str, Any], workload: str, profile: str) -> tuple[str, float] | None:
    """The peer with the highest capacity beside ours (None where none was run)."""
    peers = [
        (row["router"], float(row["capacity_rps"]))
        for row in alone(results["summary"])
        if (row["workload"], row["latency_profile"]) == (workload, profile)
        and row["router"] != "kinference"
    ]
    return max(peers, key=lambda p: p[1]) if peers else None


def row_at(
    results: dict[str, Any], workload: str, profile: str, router: str, load: float
) -> dict[str, Any] | None:
    for r in alone(results["rows"]):
        key = (r["workload"], r["latency_profile"], r["router"], r["load"])
        if key == (workload, profile, router, load):
            return r
    return None


def share(row: dict[str, Any] | None) -> str:
    """A row's share of requests within the SLO, '-' where the point was not run."""
    return "-" if row is None else f"{row['slo_met_fraction']:.0%}"


Case = tuple[str, str, list[float] | None]
"""A capacity target left unmet: workload, profile and the closed loop's loads (None: the
ladder)."""


def experiment(cases: list[Case], results: dict[str, Any]) -> list[str]:
    """The harness with free prefill, for each (workload, profile) whose capacity target is
    unmet: the load points from our capacity up, in-SLO shares beside ours with the real
    profile (median over seeds)."""
    from kinference_epp.bench import report
    from kinference_epp.bench.harness import HarnessOptions, run_one

    meta = results["meta"]
    slo = report.Slo(meta["slo_ttft_s"], meta["slo_itl_s"], meta["slo_fraction"])
    lines = [
        "## Experiment: the same router with prefill free",
        "",
        "`python benchmarks/routing_bounds.py --experiment`: `kinference` on a copy of the "
        "profile whose prefill costs 0 ms per token (every cache miss free), so what is left "
        "is decode and KV, which routing does not remove; seed "
        f"{meta['seeds'][0]} on the workload's own ladder, the benchmark's SLO. The real "
        "profile's share is the committed median over the seeds, on the ladder refined to 5 "
        "req/s steps around each capacity, so the stages before a point differ between the "
        "two columns.",
        "",
        "| workload | profile | load | in SLO, free prefill | in SLO, the real profile "
        "| ITL mean ms, free prefill | req/s served (closed loop), free prefill |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for name, profile, loads in cases:
        real = latency_model(profile)
        assert isinstance(real, LinearLatency)
        spec = load_workload(name, ROOT / "benchmarks" / "workloads").for_latency(real)
        free = replace(real, name=f"{profile}-free-prefill", prefill_ms_per_token=0.0)
        options = HarnessOptions(seed=meta["seeds"][0], latency=free)
        rows = []
        points: list[float | None] = list(loads) if loads else [None]
        for load in points:
            print(f"free prefill: {name} {profile} {load or 'ladder'}", flush=True)
            rows += report.rows(run_one(spec, "kinference", load, options), slo)
        keep = sorted(rows, key=lambda r: r["load"])
        if loads is None:  # the ladder: the points from our capacity up
            ours = capacity(results, name, profile, "kinference") or 0.0
            keep = [r for r in keep if r["load"] >= ours][:4]
        for r in keep:
            itl = r.get("itl_mean_s")
            # a closed loop's rate at its user count; an open ladder's is its load
            served = "-" if loads is None else f"{r.get('achieved_rps') or 0:.1f}"
            lines.append(
                f"| {name} | {profile} | {r['load']:g} | {r['slo_met_fraction']:.0%} | "
                f"{share(row_at(results, name, profile, 'kinference', r['load']))} | "
                f"{'-' if itl is None else f'{itl * 1000:.1f}'} | "
                f"{served} |"
            )
    lines.append("")
    return lines


TARGET_OVER_BEST_PEER = 1.10
"""The capacity target: ours at least this many times the best peer's."""


def capacity_targets(results: dict[str, Any], itl_s: float, unmet: list[Case]) -> list[str]:
    """The capacity target (>= 1.10x the best peer) on the workloads that have it, against the
    decode bound (per pod speed on the heterogeneous pools); the open-loop ones left unmet join
    ``unmet`` for the experiment."""
    fraction = results["meta"]["slo_fraction"]
    lines = [
        "## Capacity target against the bounds: ours >= 1.10x the best peer",
        "",
        "Routing alone, median of the seeds. The bound is the decode one above; on the "
        "heterogeneous pools each pod is held to the sequences that keep its own step under the "
        "ITL SLO (a pod 2.5x slower keeps its step under 50 ms only with far fewer sequences). "
        "Prefill and the KV, which decide hetero-shared-prefix-73, are priced in the next "
        "section.",
        "",
        "| workload | profile | best peer | needed | ours | sequences / pod (mean) "
        "| bound req/s | highest load point <= bound / share | reachable by any router |",
        "|---|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for name, spec, s, profile, lat in cases(("shared-prefix-73", *HETERO)):
        peer = best_peer(results, name, profile)
        ours = capacity(results, name, profile, "kinference")
        if peer is None or ours is None:
            continue
        hetero = name in HETERO
        b = hetero_bound(spec, lat, itl_s, s) if hetero else decode_bound(spec, lat, itl_s, s)
        needed = TARGET_OVER_BEST_PEER * peer[1]
        if users(spec) is not None:
            top_s, ok = "-", b.rps >= needed
        else:
            top = top_point(spec, b.rps / fraction)
            top_s, ok = f"{top:g}", top >= needed
            if ours < needed:
                unmet.append((name, profile, None))
        verdict = "yes" if ok else "**no**" if hetero else "**no** in steady state"
        lines.append(
            f"| {name} | {profile} | {peer[0]} {peer[1]:.3g} | {needed:.1f} | {ours:.3g} "
            f"({ours / peer[1]:.2f}x) | {b.seqs_per_pod:.0f} | {b.rps:.1f} | {top_s} | "
            f"{verdict} |"
        )
    lines += [
        "",
        "A 'no' is a property of the workload and the latency profile, not of a router: no "
        "assignment of requests to pods gets past it in steady state. A 'yes' says only that "
        "these bounds do not rule the target out. The open-loop ladders hold each load for "
        "20-50 s, so a router can pass a point a little above a steady-state bound on the "
        "stage's transient.",
        "",
    ]
    return lines


def ttft_floor() -> list[str]:
    """Each profile's TTFT floor: one step and the TTFT overhead (module docstring)."""
    lines = [
        "## TTFT: the floor under any router",
        "",
        "A request's first token needs at least one step and reaches the client the profile's "
        "TTFT overhead after it, so no router's TTFT is below their sum, and no TTFT ratio "
        "between two routers exceeds the worse one's TTFT over this floor.",
        "",
        "| profile | one step ms | TTFT overhead ms | TTFT floor ms |",
        "|---|---:|---:|---:|",
    ]
    for profile in PROFILES:
        lat = latency_model(profile)
        assert isinstance(lat, LinearLatency)
        lines.append(
            f"| {profile} | {lat.base_ms:g} | {lat.ttft_overhead_ms:g} "
            f"| {lat.base_ms + lat.ttft_overhead_ms:g} |"
        )
    lines.append("")
    return lines


@dataclass(frozen=True)
class UserWork:
    """What one closed-loop user's conversation asks of the pod(s) that serve it."""

    steps: int
    """Decode steps (``output - 1`` per turn), run one after another."""
    ms: float
    """Its own share of those steps' time beside the fixed cost: its logical context's KV
    reads at every step, and prefilling each turn's new user tokens."""
    private_ktoken_steps: float
    """Thousands of its tokens past the shared system prompt held in KV, summed over its steps."""
    turns: int


def user_work(spec: WorkloadSpec, lat: LinearLatency, users: int) -> list[UserWork]:
    """Per user of a closed loop at ``users`` (each running one conversation, the harness's
    ``conversations_per_user``: the first ``users`` conversations), longest first."""
    assert spec.multiturn is not None
    system = spec.multiturn.system_tokens
    out = []
    for conv in conversations(spec, seed=0)[:users]:
        history = len(conv.prefix)
        steps = 0
        context_steps = 0.0
        new = 0
        for turn in conv.turns:
            prompt = history + len(turn.user)
            n = turn.output_tokens - 1
            steps += n
            context_steps += n * prompt + n * (n + 1) / 2
            new += len(turn.user)
            history = prompt + turn.output_tokens
        ms = (
            lat.decode_ms_per_ktoken * context_steps / 1000
            + lat.decode_ms_per_seq * steps
            + lat.prefill_ms_per_token * new
        )
        out.append(UserWork(steps, ms, (context_steps - steps * system) / 1000, len(conv.turns)))
    return sorted(out, key=lambda u: u.steps, reverse=True)


def private_kv_ktokens(spec: WorkloadSpec) -> float:
    """Thousands of KV tokens a pod holds beside the one system prompt its sequences share."""
    assert spec.multiturn is not None
    return (spec.num_gpu_blocks() * spec.engine.block_size - spec.multiturn.system_tokens) / 1000


def makespan_pinned(spec: WorkloadSpec, lat: LinearLatency, work: list[UserWork]) -> float:
    """Shortest run (s) of one placement that keeps each conversation on one pod: a pod runs
    at least as many steps as its longest user and as its users' private KV needs (a step's
    sequences share one system prompt and fit the pod's KV), each paying ``base_ms``, plus its
    users' own time. The users go to the pods longest first, a pod taking users (or a share of
    one) while its time fits; the shortest time for which they all fit, and no shorter than
    the longest user's own. A heuristic placement, not proven the best: it shows what the
    longest conversations cost a router that keeps them home; the bound is ``makespan_free``."""
    kv_k = private_kv_ktokens(spec)
    seqs = spec.engine.max_num_seqs
    a = lat.base_ms

    def fits(t_ms: float) -> bool:
        i, left = 0, 1.0
        for _ in range(spec.pods):
            if i == len(work):
                return True
            longest = work[i].steps
            ms = kv_steps = seq_steps = 0.0
            while i < len(work):
                u = work[i]
                lo, hi = 0.0, left  # the largest share of user i this pod still takes
                for _ in range(40):
                    f = (lo + hi) / 2
                    steps = max(
                        longest,
                        (kv_steps + f * u.private_ktoken_steps) / kv_k,
                        (seq_steps + f * u.steps) / seqs,
                    )
                    lo, hi = (f, hi) if a * steps + ms + f * u.ms <= t_ms else (lo, f)
                ms += lo * u.ms
                kv_steps += lo * u.private_ktoken_steps
                seq_steps += lo * u.steps
                if lo < left - 1e-9:
                    left -= lo
                    break
                i, left = i + 1, 1.0
        return i == len(work)

    lo, hi = 0.0, 1e9
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if fits(mid) else (mid, hi)
    return max(hi, longest_user_ms(lat, work)) / 1000


def longest_user_ms(lat: LinearLatency, work: list[UserWork]) -> float:
    """The longest user's own time: its steps, one after another, and its own share of them."""
    return max(lat.base_ms * u.steps + u.ms for u in work)


def makespan_free(spec: WorkloadSpec, lat: LinearLatency, work: list[UserWork]) -> float:
    """Shortest run (s) when conversations may move between pods at no cost: the longest
    user's own steps, one after another, and the pool's total step time over its pods (as
    few steps as the KV and ``max_num_seqs`` allow, each paying ``base_ms``)."""
    kv_k = private_kv_ktokens(spec)
    a = lat.base_ms
    own = longest_user_ms(lat, work)
    steps = max(
        sum(u.private_ktoken_steps for u in work) / kv_k,
        sum(u.steps for u in work) / spec.engine.max_num_seqs,
    )
    pool = (a * steps + sum(u.ms for u in work)) / spec.pods
    return max(own, pool) / 1000


EDGE_ITL_FRACTION = 0.94
"""The mean step, as a share of the ITL limit, up to which a pod keeps 90 % of its requests'
mean ITL within the limit: per-request ITLs spread a few ms about the pod's mean step. Read off
``results/hetero_per_pod.json``, the earlier, uncalibrated engine's per-pod run (``ae82999``;
not rerun on the calibrated engine, so the column it sets in ``routing_bounds.md`` rests on
that engine's spread): the highest median ITL of a pod there that still kept 90 % of its
requests within the limit."""


def hetero_lru(results: dict[str, Any], itl_s: float) -> list[str]:
    """The LRU bound (module docstring) on the heterogeneous shared-prefix workloads, at the
    ladder points from the best peer's capacity to the first point past ours."""
    fraction = results["meta"]["slo_fraction"]
    edge_s = EDGE_ITL_FRACTION * itl_s
    lines = [
        "## Heterogeneous shared prefixes: prefill and vLLM's LRU",
        "",
        "The bound with prefill paid and each pod in one of the two LRU states (module "
        "docstring): per pod class, the highest rate at which its mean step stays within the "
        f"ITL limit ({itl_s * 1000:g} ms) when it keeps its groups' whole cycle (*resident*: "
        "full hits, as many groups as its KV holds a cycle of) and when it keeps their system "
        "prompts only (*system prompts*: every question prefilled; *any cache* where a "
        "question may hit there anyway, and the figure is then that of a cache keeping "
        "whichever questions pay most, KV permitting); the pool's best; and the most requests "
        "any router serves within the SLO there (a pod past its rate loses its requests), "
        "beside ours and the best peer's (median of the seeds), at the ladder points from the "
        "best peer's capacity to the first point past ours. The next column holds each pod's "
        f"mean step to {edge_s * 1000:.0f} ms, where {fraction:.0%} of a pod's requests "
        f"measured within {itl_s * 1000:g} ms (`EDGE_ITL_FRACTION`).",
        "",
        "| workload | profile | load | fast pod: resident / system prompts | slow pod: resident "
        f"/ system prompts | pool's best req/s | most within the SLO | same, steps <= "
        f"{edge_s * 1000:.0f} ms | ours | best peer |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, spec, s, profile, lat in cases(HETERO):
        peer = best_peer(results, name, profile)
        ours = capacity(results, name, profile, "kinference")
        if spec.shared_prefix is None or peer is None or ours is None:
            continue
        run = sorted(
            set(ladder(spec))
            | {
                r["load"]
                for r in alone(results["rows"])
                if (r["workload"], r["latency_profile"]) == (name, profile)
            }
        )
        past = min((x for x in run if x > ours), default=max(run))
        factors = sorted({f for _, f in spec.pod_gpus()})
        for load in (x for x in run if peer[1] <= x <= past):
            caps = {f: lru_caps(spec, lat, itl_s, s, load, f) for f in factors}
            best = [caps[f].best for _, f in spec.pod_gpus()]
            edge = lru_share(
                [lru_caps(spec, lat, edge_s, s, load, f).best for _, f in spec.pod_gpus()], load
            )
            cells = [
                f"{c.resident:.2f} / {c.system_only:.2f}"
                + (" (any cache)" if c.question_may_hit else "")
                for c in caps.values()
            ]
            lines.append(
                f"| {name} | {profile} | {load:g} | {' | '.join(cells)} | {sum(best):.1f} "
                f"| {lru_share(best, load):.1%} | {edge:.1%} "
                f"| {share(row_at(results, name, profile, 'kinference', load))} "
                f"| {share(row_at(results, name, profile, peer[0], load))} ({peer[0]}) |"
            )
    lines += [
        "",
        f"Where *most within the SLO* is under {fraction:.0%}, no router holds the point in "
        "steady state; where only the first is over it, it holds only with one pod's requests "
        "all missing, every other pod's mean step at the ITL limit and (where it says *any "
        "cache*) a cache that keeps what vLLM's LRU does not.",
        "",
    ]
    return lines


def max_closed_loop_rate(spec: WorkloadSpec, lat: LatencyModel) -> float:
    """The highest rate the makespan bound (conversations free to move) leaves any concurrency
    level of a closed loop."""
    assert isinstance(lat, LinearLatency)
    best = 0.0
    for users in spec.client.loads or []:
        work = user_work(spec, lat, int(users))
        best = max(best, sum(u.turns for u in work) / makespan_free(spec, lat, work))
    return best


def measured_rate(results: dict[str, Any], name: str, profile: str, users: float) -> str:
    """Completed req/s and the share in the SLO at one concurrency level: ours, then the peer
    completing the most (medians of the seeds, routing alone); *not run* where none ran."""
    rows = [
        r
        for r in alone(results["rows"])
        if (r["workload"], r["latency_profile"], r["load"]) == (name, profile, users)
    ]
    ours = [r for r in rows if r["router"] == "kinference"]
    peers = [r for r in rows if r["router"] != "kinference"]
    if not ours or not peers:
        return "not run"
    peer = max(peers, key=lambda r: r.get("achieved_rps", 0.0))

    def rate(r: dict[str, Any]) -> str:
        return f"{r.get('achieved_rps', 0.0):.1f} ({r['slo_met_fraction']:.0%})"

    return f"{rate(ours[0])} / {rate(peer)} ({peer['router']})"


def closed_loop_makespan(results: dict[str, Any]) -> list[str]:
    """The closed loop's shortest makespan and the rate it leaves (module docstring), beside
    the rates measured at the same concurrency."""
    lines = [
        "## Closed loop: the run's shortest makespan",
        "",
        "A closed-loop run gives each user one conversation and its rate is its "
        "requests over the time to the last one's end, so the longest conversations, whose "
        "steps run one after another, set a floor under that time: the pool runs at least as "
        "many steps as its users' private KV needs (a step holds its sequences' contexts past "
        "the shared system prompt within a pod's KV), each paying the profile's fixed cost, "
        "plus every user's own KV reads and new-token prefill. "
        "*Free* (the bound): conversations move between pods at no cost, so the run lasts "
        "at least the longest user's own steps and the pool's step time spread evenly over "
        "its pods. *Pinned* (one placement, not a bound): each conversation kept on one pod, "
        "the longest placed first. Both leave out the SLO, queueing, re-prefill of evicted "
        "histories and preemption. Beside them, the completed req/s measured at the same "
        "concurrency (routing alone, median of the seeds; in brackets the share of requests "
        "within the SLO): ours, then the peer completing the most; *not run* where the "
        "workload has no results on the calibrated engine.",
        "",
        "| workload | profile | users | requests | makespan s, pinned | req/s, pinned "
        "| makespan >= s, free | req/s <= , free | users past the KV: mean wait >= s "
        "| measured req/s: ours / best peer |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name, spec, shp, profile, lat in cases(("multiturn",)):
        decoding = spec.pods * kv_sequences(spec, shp)
        for users in sorted(spec.client.loads or [])[-3:]:
            work = user_work(spec, lat, int(users))
            requests = sum(u.turns for u in work)
            pinned = makespan_pinned(spec, lat, work)
            free = makespan_free(spec, lat, work)
            # Little's law: users whose contexts the pool cannot decode at once wait, at the
            # highest rate the bounds leave
            past = users - decoding
            wait = f"{past / (requests / free):.2f}" if past > 0 else "-"
            lines.append(
                f"| {name} | {profile} | {users:g} | {requests:,} | {pinned:.1f} "
                f"| {requests / pinned:.1f} | {free:.1f} | {requests / free:.1f} | {wait} "
                f"| {measured_rate(results, name, profile, users)} |"
            )
    lines += [
        "",
        "Where users outnumber the sequences whose contexts the pool's KV holds at once (the "
        "decode table's KV cap per pod, at the mean context), the rest wait; at the highest "
        "rate the bounds leave, Little's law puts their mean wait in the *users past the KV* column. "
        "A mean wait ``w`` over 2 s leaves 90 % of requests within a 2 s TTFT only if the "
        "other tenth wait ``(w - 0.9 * 2) / 0.1`` s or more on average: the waiting must fall "
        "on a few users.",
        "",
    ]
    return lines


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--results",
        type=Path,
        default=RESULTS / "routing_calibrated",
        help="a folder of bench outputs, one results.json per workload and profile",
    )
    p.add_argument("--out", type=Path, default=RESULTS / "routing_bounds.md")
    p.add_argument(
        "--experiment",
        action="store_true",
        help="also run the harness with free prefill where a capacity target is unmet",
    )
    args = p.parse_args()
    results = load_results(args.results)
    itl_s = results["meta"]["slo_itl_s"]
    fraction = results["meta"]["slo_fraction"]
    lines = [
        "# Routing benchmark: upper bounds for any router, beside the targets",
        "",
        "`python benchmarks/routing_bounds.py` (method in its docstring), on the calibrated "
        f"latency profiles (`sim/latency.py`) and the results under `{args.results.relative_to(ROOT)}/` "
        f"(routing alone). SLO ITL {itl_s * 1000:.0f} ms; every bound assumes free prefill, "
        "perfect balance and the most sharing the workload allows, but for the LRU bound, "
        "which prices prefill.",
        "",
        "## Decode throughput: the most requests a second the pool can serve within the ITL SLO",
        "",
        "Capacities beside the bound are medians over the seeds, routing alone; *not run*: "
        "the workload has no results on the calibrated engine yet.",
        "",
        "| workload | profile | mean context | mean output | sequences / pod | step ms "
        "| limited by | bound req/s | highest load point <= bound / share | best peer "
        "| kinference |",
        "|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for name, spec, s, profile, lat in cases(STANDARD):
        b = decode_bound(spec, lat, itl_s, s)
        closed = users(spec) is not None
        top_s = "-" if closed else f"{top_point(spec, b.rps / fraction) or b.rps:.0f}"
        peer = best_peer(results, name, profile)
        ours = capacity(results, name, profile, "kinference")
        peer_s = "not run" if peer is None else f"{peer[1]:.3g} ({peer[0]})"
        ours_s = "not run" if ours is None else f"{ours:.3g}"
        lines.append(
            f"| {name} | {profile} | {s.context:,.0f} | {s.output:.0f} | "
            f"{b.seqs_per_pod:.0f} | {b.step_ms:.1f} | {b.limited_by} | {b.rps:.1f} | "
            f"{top_s} | {peer_s} | {ours_s} |"
        )
    lines.append("")
    unmet: list[Case] = []
    lines += capacity_targets(results, itl_s, unmet)
    lines += hetero_lru(results, itl_s)
    lines += ttft_floor()
    lines += closed_loop_makespan(results)
    if args.experiment:
        lines += experiment(unmet, results)
    else:
        lines += [
            "## Experiment: the same router with prefill free",
            "",
            "Not run on the calibrated engine (`--experiment` runs it where a capacity target "
            f"is unmet: {', '.join(f'{n} {p}' for n, p, _ in unmet) or 'none'}).",
            "",
        ]
    args.out.write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
