"""Read the routing metrics out of vLLM's Prometheus text exposition (names below).

This runs every scrape interval for every pod, on the event loop that also answers Envoy,
so it does not parse the exposition. A vLLM page is mostly histogram bucket lines (tens of
KB from a real pod with several engines) and the picker needs a handful of gauges and
counters, so one compiled bytes regex pass (in C) picks out the sample lines of those
metrics and splits each into name, label set and value text; every other line costs one
failed match in C. Python then only converts the values of
those few lines, and parses a label set only where it is needed (``model_name`` filtering,
the info gauges), through a cache: a pod's label sets do not change between scrapes. The
body is never decoded as a whole.

Metric names, old and new (the first name with a well-formed sample wins):

- ``running``: ``vllm:num_requests_running``; ``waiting``: ``vllm:num_requests_waiting``.
- ``kv_usage``: ``vllm:kv_cache_usage_perc``, else (vLLM v0) ``vllm:gpu_cache_usage_perc``.
- prefix cache: ``vllm:prefix_cache_{queries,hits}_total``, else without ``_total``.
- ``vllm:cache_config_info`` (block size, GPU blocks) and ``vllm:lora_requests_info``.
- ITL histogram totals: ``vllm:inter_token_latency_seconds_{sum,count}``, else (vLLM before
  the rename, where it held the same per-token gaps) ``vllm:time_per_output_token_seconds_``;
  the pair is taken from the family whose ``_count`` has samples.
- TTFT histogram totals: ``vllm:time_to_first_token_seconds_{sum,count}``.

A sample line is ``name[{labels}] value [timestamp]``: the label set runs to the line's last
``}`` (label values may contain braces), and a line with no value, or a value that is not a
float, is skipped.

Aggregation across data-parallel engines (one series per ``engine`` label):

- ``running``, ``waiting``, prefix-cache counters, ITL and TTFT totals, ``num_gpu_blocks``:
  summed.
- ``kv_usage``: the mean of the engines' usage fractions (engines have equal caches).
- ``block_size``: the first series' value (of those with a readable one).
- NaN and infinite samples are skipped.
- LoRA info: per engine the series with the newest value (a timestamp) wins; adapters
  are the union over engines, ``max_lora`` is the newest series' value.

With ``model_name`` set, series carrying a different ``model_name`` label are skipped;
series without that label (the info gauges) always count.
"""

from __future__ import annotations

import re
from math import isfinite

from kinference_epp.pool.endpoint import LoadSnapshot

_RUNNING = (b"num_requests_running",)
_WAITING = (b"num_requests_waiting",)
_KV_USAGE = (b"kv_cache_usage_perc",)
_KV_USAGE_OLD = (b"gpu_cache_usage_perc",)
_QUERIES = (b"prefix_cache_queries_total", b"prefix_cache_queries")
_HITS = (b"prefix_cache_hits_total", b"prefix_cache_hits")
_CACHE_CONFIG = (b"cache_config_info",)
_LORA = (b"lora_requests_info",)
_ITL = (b"inter_token_latency_seconds_sum",), (b"inter_token_latency_seconds_count",)
_ITL_OLD = (b"time_per_output_token_seconds_sum",), (b"time_per_output_token_seconds_count",)
_TTFT = (b"time_to_first_token_seconds_sum",), (b"time_to_first_token_seconds_count",)

# One pass over the page: sre looks for the literal "\nvllm:" and tries the names only
# there (factored, so most lines fail on their first letter). Groups: name, the label set
# with its braces (empty without one), the value's text. Without a label set the name must
# be followed by whitespace, so a longer name (``..._created``) is not read as this one. The
# label set runs to the line's last "}" and is atomic: with no value after it, the line is
# skipped rather than re-split at an earlier "}" inside a label value.
_LINE = re.compile(
    rb"\nvllm:(num_requests_(?:running|waiting)|kv_cache_usage_perc|gpu_cache_usage_perc"
    rb"|prefix_cache_(?:queries|hits)(?:_total)?|cache_config_info|lora_requests_info"
    rb"|(?:inter_token_latency|time_per_output_token|time_to_first_token)_seconds_(?:sum|count))"
    rb"(?:((?>\{[^\n]*\}))[ \t]*|[ \t]+)([^ \t\n]+)"
)
_LABEL = re.compile(r'([a-zA-Z_]\w*)\s*=\s*"([^"\\]*(?:\\.[^"\\]*)*)"')
_ESCAPES = re.compile(r"\\(.)")

Labels = dict[str, str]
Sample = tuple[Labels, float]
_Raw = tuple[bytes, float]
"""A sample as found: its label set's bytes (with the braces, or empty) and its value."""

_label_cache: dict[bytes, Labels] = {}
_LABEL_CACHE_SIZE = 4096
_NO_LABELS: Labels = {}


def _unescape(value: str) -> str:
    if "\\" not in value:
        return value
    return _ESCAPES.sub(lambda m: "\n" if m.group(1) == "n" else m.group(1), value)


def _labels(raw: bytes) -> Labels:
    """The label set ``raw`` (``{...}`` or empty) as a dict; shared, so never mutate it.

    A pod's label sets hardly change between scrapes (only the values do), and a real
    ``cache_config_info`` carries some fifteen labels, so parsed sets are cached by their
    bytes; hashing them is cheap next to parsing. The cache is
    emptied when full, which bounds it against a pod inventing label values.
    """
    if not raw:
        return _NO_LABELS
    labels = _label_cache.get(raw)
    if labels is None:
        text = raw[1:-1].decode("utf-8", "replace")
        labels = {k: _unescape(v) for k, v in _LABEL.findall(text)}
        if len(_label_cache) >= _LABEL_CACHE_SIZE:
            _label_cache.clear()
        _label_cache[raw] = labels
    return labels


def _first(found: dict[bytes, list[_Raw]], names: tuple[bytes, ...]) -> list[_Raw]:
    """The samples of the first of ``names`` that has any."""
    for name in names:
        samples = found.get(name)
        if samples:
            return samples
    return []


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
    text: str | bytes, *, model_name: str | None = None, scraped_at: float = 0.0
) -> LoadSnapshot:
    """Build a LoadSnapshot from one scrape of a vLLM ``/metrics`` page.

    ``text`` is the body as received (bytes: what the scraper passes) or as text. Odd lines
    are skipped and missing metrics keep their defaults. Raises ValueError only when not one
    routing metric sample could be read (an HTML error page, a server that is not vLLM, an
    empty body).
    """
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    found: dict[bytes, list[_Raw]] = {}
    # A leading newline lets the first line match like the others. CRLF's "\r" ends up at
    # the end of the value's text, and float() ignores surrounding whitespace.
    for name, label_set, value_text in _LINE.findall(b"\n" + raw):
        try:
            value = float(value_text)
        except ValueError:
            continue
        samples = found.get(name)
        if samples is None:
            found[name] = [(label_set, value)]
        else:
            samples.append((label_set, value))
    seen = False

    def total(names: tuple[bytes, ...]) -> tuple[float, int]:
        nonlocal seen
        acc, count = 0.0, 0
        for label_set, value in _first(found, names):
            if isfinite(value) and (model_name is None or _wanted(_labels(label_set), model_name)):
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
    itl_sum_names, itl_count_names = _ITL if found.get(_ITL[1][0]) else _ITL_OLD
    itl_sum, _ = total(itl_sum_names)
    itl_count, _ = total(itl_count_names)
    ttft_sum, _ = total(_TTFT[0])
    ttft_count, _ = total(_TTFT[1])

    block_size: int | None = None
    num_gpu_blocks: int | None = None
    for label_set, _value in _first(found, _CACHE_CONFIG):
        labels = _labels(label_set)
        if not _wanted(labels, model_name):
            continue
        seen = True
        if block_size is None:
            block_size = _as_int(labels.get("block_size"))
        blocks = _as_int(labels.get("num_gpu_blocks"))
        if blocks is not None:
            num_gpu_blocks = blocks + (num_gpu_blocks or 0)

    newest: dict[str, Sample] = {}
    for label_set, value in _first(found, _LORA):
        labels = _labels(label_set)
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
        itl_sum=itl_sum,
        itl_count=itl_count,
        ttft_sum=ttft_sum,
        ttft_count=ttft_count,
        scraped_at=scraped_at,
    )
