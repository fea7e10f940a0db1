"""The committed code of ``protos/`` is what ``scripts/gen_protos.py`` makes from it now."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_committed_code_is_current() -> None:
    spec = importlib.util.spec_from_file_location("gen_protos", ROOT / "scripts" / "gen_protos.py")
    assert spec is not None
    assert spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    stale = gen.stale()
    assert not stale, f"regenerate with `python scripts/gen_protos.py`: {stale} are stale"
