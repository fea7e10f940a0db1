"""``deploy/kubernetes/render.py`` as a module: the chart rendered by Helm's own renderer, for
the tests that check what it renders (it is a script, not part of the package)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

RENDER_PY = Path(__file__).resolve().parents[1] / "deploy" / "kubernetes" / "render.py"


def load_renderer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("kinference_render", RENDER_PY)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
