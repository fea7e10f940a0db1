"""Every module with compiled kernels is warmed up at start-up (and by ``make``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import kinference_epp
from kinference_epp.jit import KERNEL_MODULES, seed_kernel_cache

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


def _cache_with(root: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def test_a_prebuilt_kernel_cache_seeds_an_empty_cache_folder(tmp_path: Path) -> None:
    prebuilt = _cache_with(
        tmp_path / "image", {"kvcache_x/a.nbi": b"index", "kvcache_x/a.nbc": b"c"}
    )
    target = tmp_path / "tmp" / "numba-cache"
    assert seed_kernel_cache(str(prebuilt), str(target))
    assert (target / "kvcache_x" / "a.nbi").read_bytes() == b"index"
    assert (target / "kvcache_x" / "a.nbc").read_bytes() == b"c"


def test_a_cache_folder_with_kernels_is_left_as_it_is(tmp_path: Path) -> None:
    prebuilt = _cache_with(tmp_path / "image", {"k/a.nbi": b"prebuilt"})
    target = _cache_with(tmp_path / "cache", {"k/a.nbi": b"compiled here"})
    assert not seed_kernel_cache(str(prebuilt), str(target))
    assert (target / "k" / "a.nbi").read_bytes() == b"compiled here"
    # the image's own folder as the cache: nothing to copy
    assert not seed_kernel_cache(str(prebuilt), str(prebuilt))


def test_without_both_folders_nothing_is_seeded(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert not seed_kernel_cache(None, str(tmp_path / "cache"))
    assert not seed_kernel_cache(str(tmp_path), None)
    assert not seed_kernel_cache(str(tmp_path / "missing"), str(tmp_path / "cache"))
    assert "kernels compile at start" in caplog.text
    assert not (tmp_path / "cache").exists()


def test_cache_counts_tell_loaded_from_compiled() -> None:
    # a fresh interpreter with an empty cache folder compiles; a second one loads
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        env.pop("KINFERENCE_KERNEL_CACHE", None)
        script = (
            "import kinference_epp.kvcache.hashing as h\n"
            "from kinference_epp.jit import cache_counts\n"
            "h.warm_up(); print(*cache_counts())"
        )
        runs = [
            subprocess.run(
                [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
            ).stdout.split()
            for _ in range(2)
        ]
    (first_loaded, first_compiled), (second_loaded, second_compiled) = (
        tuple(map(int, run)) for run in runs
    )
    assert first_compiled > 0
    assert first_loaded == 0
    assert second_compiled == 0
    assert second_loaded > 0
