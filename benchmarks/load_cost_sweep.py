"""Our router with one ``load-cost`` weight swept, on the workloads where that weight trades.

    nice -n 10 .venv/bin/python benchmarks/load_cost_sweep.py decode_weight  # results/decode_weight/
    nice -n 10 .venv/bin/python benchmarks/load_cost_sweep.py kv_weight      # results/kv_admission/
    nice -n 10 .venv/bin/python benchmarks/load_cost_sweep.py miss_eviction  # results/miss_eviction/
    nice -n 10 .venv/bin/python benchmarks/load_cost_sweep.py private_tail   # results/private_tail/
    nice -n 10 .venv/bin/python benchmarks/load_cost_sweep.py own_weight     # results/routing_calibrated/batch_unfaded/own_weight/

``decode_weight`` prices an endpoint's decode load (the tokens its requests in flight will hold,
uncached prompt + expected output, times its learned decode factor): 0.1 (the default), 0.3,
0.5 and 1.0 on shared-prefix-73 (eight equal pods), hetero-shared-prefix-73 and
hetero-multiturn (4 pods at the profile's speed, 4 at 2.5x). ``kv_weight`` prices the KV a
request would take past an endpoint's free cache (the admission term): 0 (the default), 0.25,
0.5 and 1.0 on shared-prefix-73, multiturn and the two heterogeneous workloads.
``miss_eviction`` prices a cache miss by the cached KV it evicts, ``ew`` tokens per token: on
a pod whose cache is full (every pod past the warm-up here) a miss of ``W`` new tokens evicts
``W`` cached ones, so the cost is ``prefill_weight`` 1 + ``ew`` with ``backlog_weight``
0.5 / (1 + ew) (the queued backlog evicts nothing new), run at 0.5 and 1.0 on the same four
workloads. These three sweeps turn the default's own-decode term off (``TERMS_OFF``), so
their rows differ from the default router's in that term and the swept weight.
``private_tail`` runs the request's own decode time (``own_weight`` 15) and KV admission
(``kv_weight`` 0.5) together, applied to every request (0) or only to requests whose matched prefix is at least half private (0.5), on the three
standard workloads and the two heterogeneous ones. Each runs
``kinference`` (learned speeds) with the routing harness (virtual clock, seed 0), both latency
profiles and the standard benchmark's SLO; rows are ``kinference-<label><value>``.
``own_weight`` runs the default router at own-decode weights 50, 75, 100 and 150 where that
weight decides the most, hetero-multiturn h100-32b at 256 users, on the seeds kept for
choosing (11, 12, 13): with the batch term counted in full, the share of conversations the slow
pods take, and so the run's makespan, turns on it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kinference_epp.bench import routing
from kinference_epp.cli.bench import bench_main
from kinference_epp.config.model import PluginConfig, SchedulerConfig

RESULTS = Path(__file__).resolve().parent / "results"

TERMS_OFF = {"own_weight": 0.0, "kv_weight": 0.0, "private_tail": 0.0}
"""The private-prefix terms, off in the decode, KV and eviction sweeps: each of those measures
its weight against the router without them (the default router's own-decode term included)."""


@dataclass(frozen=True)
class Sweep:
    values: tuple[float, ...]
    workloads: tuple[str, ...]
    out: str
    label: str
    params: Callable[[float], dict[str, float]]
    """The ``load-cost`` parameters one value of the sweep sets."""
    extra: tuple[str, ...] = ()
    """More ``kinference-epp bench`` arguments (profile, loads, seeds) where the sweep narrows
    the run."""


SWEEPS = {
    "decode_weight": Sweep(
        (0.1, 0.3, 0.5, 1.0),
        ("shared-prefix-73", "hetero-shared-prefix-73", "hetero-multiturn"),
        "decode_weight",
        "decode",
        lambda w: {**TERMS_OFF, "decode_weight": w},
    ),
    "kv_weight": Sweep(
        (0.0, 0.25, 0.5, 1.0),
        ("shared-prefix-73", "multiturn", "hetero-shared-prefix-73", "hetero-multiturn"),
        "kv_admission",
        "kv",
        lambda w: {**TERMS_OFF, "kv_weight": w},
    ),
    "miss_eviction": Sweep(
        (0.5, 1.0),
        ("shared-prefix-73", "multiturn", "hetero-shared-prefix-73", "hetero-multiturn"),
        "miss_eviction",
        "evict",
        lambda ew: {**TERMS_OFF, "prefill_weight": 1.0 + ew, "backlog_weight": 0.5 / (1.0 + ew)},
    ),
    "private_tail": Sweep(
        (0.0, 0.5),
        (
            "shared-prefix-73",
            "shared-prefix-small",
            "multiturn",
            "hetero-shared-prefix-73",
            "hetero-multiturn",
        ),
        "private_tail",
        "private",
        lambda share: {"own_weight": 15.0, "kv_weight": 0.5, "private_tail": share},
    ),
    "own_weight": Sweep(
        (50.0, 75.0, 100.0, 150.0),
        ("hetero-multiturn",),
        "routing_calibrated/batch_unfaded/own_weight",
        "own",
        lambda w: {"own_weight": w},
        ("--latency", "h100-32b", "--loads", "256", "--seeds", "11,12,13"),
    ),
}


def _register(sweep: Sweep) -> list[str]:
    names = []
    for value in sweep.values:
        name = f"kinference-{sweep.label}{value:g}"
        routing.VARIANTS[name] = SchedulerConfig(
            router="weighted",
            scorers=[PluginConfig(type="load-cost", params=sweep.params(value))],
        )
        names.append(name)
    return names


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in SWEEPS:
        print(f"usage: load_cost_sweep.py {{{','.join(SWEEPS)}}}", file=sys.stderr)
        return 2
    param = argv[0]
    sweep = SWEEPS[param]
    out = RESULTS / sweep.out
    names = _register(sweep)
    args = [
        "--workload",
        ",".join(sweep.workloads),
        "--routers",
        ",".join(names),
        *sweep.extra,
        "--jobs",
        "2",
    ]
    rc = bench_main([*args, "--out", str(out)])
    # The rows' routers exist only in this script: the reports name it as their command.
    ran = f"kinference-epp bench {' '.join(args)} --out {out}"
    command = f"nice -n 10 .venv/bin/python benchmarks/load_cost_sweep.py {param}"
    for name in ("results.json", "results.md"):
        path = out / name
        path.write_text(path.read_text().replace(ran, command))
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
