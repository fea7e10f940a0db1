"""Every module with compiled kernels is warmed up at start-up (and by ``make``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import kinference_epp
from kinference_epp.jit import KERNEL_MODULES

SRC = Path(kinference_epp.__file__).parent

# Run in a fresh interpreter: in this one, other tests may already have compiled the kernels.
# A kernel that no other kernel of its module calls is called from Python, so each module's
# warm_up must compile it; prints, per module, the entry kernels left without a signature.
_UNCOMPILED_AFTER_WARM_UP = """
import importlib, json, sys
from numba.core.dispatcher import Dispatcher
left = {}
for name in sys.argv[1:]:
    module = importlib.import_module(name)
    kernels = {
        k: v for k, v in vars(module).items()
        if isinstance(v, Dispatcher) and v.py_func.__module__ == name
    }
    called = {n for v in kernels.values() for n in v.py_func.__code__.co_names}
    entries = sorted(set(kernels) - called)
    module.warm_up()
    left[name] = {"entries": entries, "uncompiled": [k for k in entries if not kernels[k].signatures]}
print(json.dumps(left))
"""


def _modules_with_kernels() -> set[str]:
    found = set()
    for path in SRC.rglob("*.py"):
        if path.name == "jit.py":
            continue
        if "@kernel" in path.read_text():
            rel = path.relative_to(SRC.parent).with_suffix("")
            found.add(".".join(rel.parts))
    return found


def test_every_kernel_module_is_listed_for_warm_up() -> None:
    assert _modules_with_kernels() == set(KERNEL_MODULES)


def test_warm_up_compiles_every_kernel_called_from_python() -> None:
    """Otherwise the first request that calls one pays its compile (or disk-cache load)."""
    out = subprocess.run(
        [sys.executable, "-c", _UNCOMPILED_AFTER_WARM_UP, *KERNEL_MODULES],
        capture_output=True,
        text=True,
        check=True,
    )
    left = json.loads(out.stdout)
    assert set(left) == set(KERNEL_MODULES)
    for name, found in left.items():
        assert found["entries"], f"{name}: no kernel found"
        assert found["uncompiled"] == [], f"{name}.warm_up leaves these uncompiled"
