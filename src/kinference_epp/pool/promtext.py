"""Read the routing metrics out of vLLM's Prometheus text exposition (PROTOCOLS.md §4).

This runs every scrape interval (50 ms) for every pod, so it does not parse the whole
exposition: one compiled regex pass picks out the lines of the few metrics it needs and
only those are parsed in Python. The histogram bucket lines that make up most of a vLLM
exposition cost one failed match each, in C.

Aggregation across data-parallel engines (one series per ``engine`` label):

- ``running``, ``waiting``, prefix-cache counters, ``num_gpu_blocks``: summed.
- ``kv_usage``: the mean of the engines' usage fractions (engines have equal caches).
- ``block_size``: the first series' value.
- NaN and infinite samples are skipped.
- LoRA info: per engine the series with the newest value (a timestamp) wins; adapters
  are the union over engines, ``max_lora`` is the newest series' value.

With ``model_name`` set, series carrying a different ``model_name`` label are skipped;
series without that label (the info gauges) always count.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from math import isfinite

from kinference_epp.pool.endpoint import LoadSnapshot

_RUNNING = ("num_requests_running",)
_WAITING = ("num_requests_waiting",)
_KV_USAGE = ("kv_cache_usage_perc",)
_KV_USAGE_OLD = ("gpu_cache_usage_perc",)
_QUERIES = ("prefix_cache_queries_total", "prefix_cache_queries")
_HITS = ("prefix_cache_hits_total", "prefix_cache_hits")
_CACHE_CONFIG = ("cache_config_info",)
_LORA = ("lora_requests_info",)
_ALL = (*_RUNNING, *_WAITING, *_KV_USAGE, *_KV_USAGE_OLD, *_QUERIES, *_HITS, *_CACHE_CONFIG, *_LORA)

# One pass over the text: sre finds the literal "\nvllm:" prefix and tries the names only
# there, so histogram lines cost a failed match each and no Python code.
_LINE = re.compile(r"\nvllm:(" + "|".join(_ALL) + r")([{ \t][^\n]*)")
_LABEL = re.compile(r'([a-zA-Z_]\w*)\s*=\s*"([^"\\]*(?:\\.[^"\\]*)*)"')
_ESCAPES = re.compile(r"\\(.)")

Labels = dict[str, str]
Sample = tuple[Labels, float]
_NO_LABELS: Labels = {}


def _unescape(value: str) -> str:
    if "\\" not in value:
        return value
    return _ESCAPES.sub(lambda m: "\n" if m.group(1) == "n" else m.group(1), value)


def _parse_sample(rest: str, with_labels: bool) -> Sample | None:
    """``{labels} value [timestamp]`` (what follows the name) → (labels, value), or None.

    Without ``with_labels`` the label set is skipped (the labels come back empty).
    """
    labels = _NO_LABELS
    if rest.startswith("{"):
        body, brace, rest = rest[1:].rpartition("}")
        if not brace:
            return None
        if body and with_labels:
            labels = {k: _unescape(v) for k, v in _LABEL.findall(body)}
    parts = rest.split()
    if not parts:
        return None
    try:
        return labels, float(parts[0])
    except ValueError:
        return None


def _samples(
    lines: dict[str, list[str]], names: tuple[str, ...], with_labels: bool = True
) -> Iterator[Sample]:
    """The well-formed samples of the first of ``names`` that has any."""
    for name in names:
        found = False
        for rest in lines.get(name, ()):
            sample = _parse_sample(rest, with_labels)
            if sample is not None:
                found = True
                yield sample
        if found:
            return


def _wanted(labels: Labels, model_name: str | None) -> bool:
    if model_name is None:
        return True
    other = labels.get("model_name")
    return other is None or other == model_name


def _as_int(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(float(value))
    except ValueError:
        return None


def _adapters(value: str | None) -> frozenset[str]:
    if not value:
        return frozenset()
    return frozenset(a for a in (p.strip() for p in value.split(",")) if a)


def parse_vllm_metrics(
    text: str, *, model_name: str | None = None, scraped_at: float = 0.0
) -> LoadSnapshot:
    """Build a LoadSnapshot from one scrape of a vLLM ``/metrics`` page.

    Odd lines are skipped and missing metrics keep their defaults. Raises ValueError
    only when not one routing metric sample could be read (an HTML error page, a
    server that is not vLLM, an empty body).
    """
    lines: dict[str, list[str]] = {}
    # A leading newline makes the first line match too; CRLF's "\r" is trailing whitespace.
    for name, rest in _LINE.findall("\n" + text):
        lines.setdefault(name, []).append(rest)
    seen = False

    def total(names: tuple[str, ...]) -> tuple[float, int]:
        nonlocal seen
        acc, count = 0.0, 0
        for labels, value in _samples(lines, names, with_labels=model_name is not None):
            if isfinite(value) and _wanted(labels, model_name):
                acc += value
                count += 1
        seen = seen or count > 0
        return acc, count

    running, _ = total(_RUNNING)
    waiting, _ = total(_WAITING)
    kv_sum, kv_count = total(_KV_USAGE)
    if not kv_count:
        kv_sum, kv_count = total(_KV_USAGE_OLD)
    queries, _ = total(_QUERIES)
    hits, _ = total(_HITS)

    block_size: int | None = None
    num_gpu_blocks: int | None = None
    for labels, _value in _samples(lines, _CACHE_CONFIG):
        if not _wanted(labels, model_name):
            continue
        seen = True
        if block_size is None:
            block_size = _as_int(labels.get("block_size"))
        blocks = _as_int(labels.get("num_gpu_blocks"))
        if blocks is not None:
            num_gpu_blocks = blocks + (num_gpu_blocks or 0)

    newest: dict[str, Sample] = {}
    for labels, value in _samples(lines, _LORA):
        if not _wanted(labels, model_name):
            continue
        seen = True
        engine = labels.get("engine", "")
        best = newest.get(engine)
        if best is None or value > best[1]:
            newest[engine] = (labels, value)
    running_lora: frozenset[str] = frozenset()
    waiting_lora: frozenset[str] = frozenset()
    max_lora: int | None = None
    if newest:
        for labels, _value in newest.values():
            running_lora |= _adapters(labels.get("running_lora_adapters"))
            waiting_lora |= _adapters(labels.get("waiting_lora_adapters"))
        max_lora = _as_int(max(newest.values(), key=lambda s: s[1])[0].get("max_lora"))

    if not seen:
        raise ValueError("no vLLM routing metrics found in the exposition")
    return LoadSnapshot(
        running=running,
        waiting=waiting,
        kv_usage=min(max(kv_sum / kv_count, 0.0), 1.0) if kv_count else 0.0,
        prefix_cache_queries=queries,
        prefix_cache_hits=hits,
        block_size=block_size,
        num_gpu_blocks=num_gpu_blocks,
        running_lora_adapters=running_lora,
        waiting_lora_adapters=waiting_lora,
        max_lora=max_lora,
        scraped_at=scraped_at,
    )
