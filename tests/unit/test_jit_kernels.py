"""Every module with compiled kernels is warmed up at start-up (and by ``make``)."""

from __future__ import annotations

import importlib
from pathlib import Path

import kinference_epp
from kinference_epp.jit import KERNEL_MODULES

SRC = Path(kinference_epp.__file__).parent


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


def test_each_listed_module_has_a_warm_up() -> None:
    for name in KERNEL_MODULES:
        assert callable(importlib.import_module(name).warm_up), name
