"""Tokenizers for the tokenize tests: a tiny BPE trained here, and Qwen3's real files.

The Qwen3 tests fail when the files were not fetched (``make tokenizers``): a missing
tokenizer never turns the real-model checks into silent skips.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import qwen3_files

from kinference_epp.tokenize.cache import TokenCache
from kinference_epp.tokenize.fixtures import write_tiny_bpe
from kinference_epp.tokenize.hf import HFTokenizer


@pytest.fixture(scope="session")
def tiny_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tiny_bpe(tmp_path_factory.mktemp("tiny-bpe"))


@pytest.fixture
def tiny(tiny_dir: Path) -> HFTokenizer:
    """A fresh tokenizer (and cache) per test, so counters start at zero."""
    return HFTokenizer.from_dir(tiny_dir, name="tiny", cache=TokenCache())


@pytest.fixture(scope="session")
def qwen3_dir() -> Path:
    return qwen3_files.qwen3_dir()


@pytest.fixture(scope="session")
def qwen3(qwen3_dir: Path) -> HFTokenizer:
    """Loaded once per session: parsing the 11 MB tokenizer.json takes about a second."""
    return HFTokenizer.from_dir(qwen3_dir, name="qwen3", cache=TokenCache())
