"""Models of the pool without a tokenizer are reported at once (log and gauge), not only when
a request meets them; an adapter is covered by its base model's tokenizer."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from prometheus_client import CollectorRegistry, generate_latest

from kinference_epp.config.tokenizers import TokenizerConfig, TokenizerSource
from kinference_epp.pipeline.tokenizer_coverage import TokenizerCoverage
from kinference_epp.pool.datastore import PoolDatastore
from kinference_epp.pool.endpoint import Endpoint, EndpointKey
from kinference_epp.tokenize.fixtures import write_tiny_bpe
from kinference_epp.tokenize.registry import TokenizerRegistry


def endpoint(n: int, *models: str) -> Endpoint:
    key = EndpointKey(f"10.0.0.{n}:8000")
    return Endpoint(key=key, models=frozenset(models), metrics_url="", base_model=models[0])


def test_uncovered_models_are_logged_once_and_exported(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    tiny = write_tiny_bpe(tmp_path)
    registry = TokenizerRegistry.from_config(
        TokenizerConfig(sources=[TokenizerSource(models=["llama"], path=tiny)])
    )
    store = PoolDatastore()
    coverage = TokenizerCoverage(registry, store)
    store.watch(coverage.check)
    metrics = CollectorRegistry()
    metrics.register(coverage)
    with caplog.at_level(logging.WARNING):
        store.upsert(endpoint(1, "llama", "sql-lora"))  # the adapter: its base's tokenizer
        assert coverage.missing() == ()
        store.upsert(endpoint(2, "qwen"))
        store.upsert(endpoint(3, "qwen"))
    assert coverage.missing() == ("qwen",)
    warnings = [r for r in caplog.records if "no tokenizer for model 'qwen'" in r.getMessage()]
    assert len(warnings) == 1
    text = generate_latest(metrics).decode()
    assert 'kinference_models_without_tokenizer{model_name="qwen"} 1.0' in text
    assert 'model_name="llama"' not in text
    store.remove(EndpointKey("10.0.0.2:8000"))
    store.remove(EndpointKey("10.0.0.3:8000"))
    assert coverage.missing() == ()
