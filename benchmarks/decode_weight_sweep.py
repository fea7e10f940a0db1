"""Our router's decode weight against the workloads it trades between (issue 17's multiturn gap).

    nice -n 10 .venv/bin/python benchmarks/decode_weight_sweep.py   # writes results/decode_weight/

The ``load-cost`` scorer prices an endpoint's decode load as ``decode_weight`` x the tokens its
requests in flight will hold (uncached prompt + expected output), times its learned decode
factor. This runs ``kinference`` (learned speeds) with that weight at 0.1 (the default), 0.3,
0.5 and 1.0 on the workloads where it matters: shared-prefix-73 on eight equal pods, and
hetero-shared-prefix-73 and hetero-multiturn (4 pods at the profile's speed, 4 at 2.5x), under
both latency profiles, with the routing harness (virtual clock, seed 0) and the standard
benchmark's SLO. Rows ``kinference-decode<w>`` (0.1 is the default router's own row).
"""

from __future__ import annotations

import sys
from pathlib import Path

from kinference_epp.bench import routing
from kinference_epp.bench.cli import bench_main
from kinference_epp.config.model import PluginConfig, SchedulerConfig

WEIGHTS = (0.1, 0.3, 0.5, 1.0)
WORKLOADS = ("shared-prefix-73", "hetero-shared-prefix-73", "hetero-multiturn")
OUT = Path(__file__).resolve().parent / "results" / "decode_weight"


def _register() -> list[str]:
    names = []
    for w in WEIGHTS:
        name = f"kinference-decode{w:g}"
        routing.VARIANTS[name] = SchedulerConfig(
            router="weighted",
            scorers=[PluginConfig(type="load-cost", params={"decode_weight": w})],
        )
        names.append(name)
    return names


def main() -> int:
    names = _register()
    argv = ["--workload", ",".join(WORKLOADS), "--routers", ",".join(names), "--jobs", "2"]
    rc = bench_main([*argv, "--out", str(OUT)])
    # The rows' routers exist only in this script: the reports name it as their command.
    for name in ("results.json", "results.md"):
        path = OUT / name
        text = path.read_text()
        ran = f"kinference-epp bench {' '.join(argv)} --out {OUT}"
        path.write_text(
            text.replace(ran, "nice -n 10 .venv/bin/python benchmarks/decode_weight_sweep.py")
        )
    return rc


if __name__ == "__main__":
    sys.exit(main())
