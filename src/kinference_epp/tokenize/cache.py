"""Exact token-id caching for chat prompts that grow turn by turn.

A multi-turn client re-sends the whole history every turn; tokenizing an 8k-token Qwen3 chat
from scratch costs tens of milliseconds of CPU, most of it for text tokenized last turn.

**Where it is safe to cut.** BPE merges can cross any point in ordinary text, so a cached
prefix plus a freshly tokenized suffix is not in general the tokenization of the whole. HF
``tokenizers`` extracts *added tokens* (``<|im_start|>``, ``<|im_end|>``, ...) from the raw
text before normalising, pre-tokenizing and merging, and handles each piece between them on
its own. So immediately before an added token the tokenization is known to be stable:
``encode(a + b) == encode(a) + encode(b)`` whenever ``b`` starts with such a token — provided
the token is matched where it appears. :func:`stable_boundaries` keeps only tokens for which
that holds: not normalised, no ``lstrip``/``rstrip``/``single_word`` (those swallow or look at
neighbouring text), not treated as plain text (``encode_special_tokens``), contained in no
other added token (a longer match could start before it and swallow it), and — if some added
token is ``single_word`` — not starting with a word character (that token, ending ``a``, looks
at the character after it). A probe encoding
confirms the property when a tokenizer is loaded; the property tests check it on random text.

**What is cached.** The rendered prompt is split before boundary tokens into segments of at
least ``min_segment_chars``; each segment's ids are cached under the segment's text. Because
a segment's ids do not depend on what precedes it (the property above), keying by the
segment rather than by the whole prefix is equally exact and reuses more: a system prompt or
tool block shared by many conversations is tokenized once. Keys are the text itself, not a
digest, so there are no collisions to argue about; a 53 KB prompt is looked up in ~20 µs.

**Memory.** Ids are stored as lists of interned ints (one shared object per vocabulary id),
8 bytes per token instead of 36; the cache evicts least-recently-used segments beyond
``max_bytes`` (text + ids + bookkeeping, estimated).
"""

from __future__ import annotations

import logging
import re
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence

import tokenizers

log = logging.getLogger(__name__)

DEFAULT_CACHE_BYTES = 64 << 20
DEFAULT_MIN_SEGMENT_CHARS = 64
_ENTRY_OVERHEAD = 160
"""Bytes per cache entry beyond the key and the id pointers: list header, ordered-dict node."""


class TokenCache:
    """LRU map from segment text to its token ids, bounded by estimated bytes.

    One per tokenizer: keys are text alone, and two tokenizers give the same text other ids.

    Thread-safe (one lock, held only for dict operations): tokenizers release the GIL, so the
    picker may tokenize on a small thread pool. The counters are for metrics.
    """

    def __init__(self, max_bytes: int = DEFAULT_CACHE_BYTES) -> None:
        if max_bytes < 0:
            raise ValueError("max_bytes must be >= 0")
        self.max_bytes = max_bytes
        self._entries: OrderedDict[str, tuple[list[int], int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        self.evictions = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def bytes_used(self) -> int:
        return self._bytes

    def get_many(self, segments: Sequence[str]) -> list[list[int] | None]:
        """The cached ids of each segment (None where absent); hits become most recent."""
        entries = self._entries
        out: list[list[int] | None] = []
        hits = 0
        with self._lock:
            for segment in segments:
                entry = entries.get(segment)
                if entry is None:
                    out.append(None)
                else:
                    entries.move_to_end(segment)
                    out.append(entry[0])
                    hits += 1
            self.hits += hits
            self.misses += len(segments) - hits
        return out

    def put_many(self, items: Iterable[tuple[str, list[int]]]) -> None:
        """Cache ``(segment, ids)`` pairs; the caller must not mutate ``ids`` afterwards."""
        entries = self._entries
        with self._lock:
            for segment, ids in items:
                size = sys.getsizeof(segment) + 8 * len(ids) + _ENTRY_OVERHEAD
                if size > self.max_bytes:
                    continue
                old = entries.pop(segment, None)
                if old is not None:
                    self._bytes -= old[1]
                entries[segment] = (ids, size)
                self._bytes += size
            while self._bytes > self.max_bytes:
                _, (_, size) = entries.popitem(last=False)
                self._bytes -= size
                self.evictions += 1

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0


def stable_boundaries(tokenizer: tokenizers.Tokenizer) -> tuple[str, ...]:
    """Added tokens before which tokenization never depends on the preceding text.

    See the module docstring for the conditions. Returns () when none qualifies (or the probe
    disagrees), which makes :class:`SegmentedEncoder` encode whole texts: slower, never wrong.
    """
    added = list(tokenizer.get_added_tokens_decoder().values())
    contents = {t.content for t in added}
    split_special = bool(tokenizer.encode_special_tokens)
    # A single_word token ending a segment matches only if the next character is not a word
    # character; that next character is the boundary's first, so it must not be one.
    any_single_word = any(t.single_word for t in added)
    boundaries = sorted(
        t.content
        for t in added
        if t.content
        and not (t.normalized or t.lstrip or t.rstrip or t.single_word)
        and not (t.special and split_special)
        and not any(t.content in other for other in contents if other != t.content)
        and not (any_single_word and (t.content[0].isalnum() or t.content[0] == "_"))
    )
    if boundaries and not _probe_agrees(tokenizer, boundaries):
        log.warning("token cache disabled: segmented encoding differs from whole encoding")
        return ()
    return tuple(boundaries)


def _probe_agrees(tokenizer: tokenizers.Tokenizer, boundaries: Sequence[str]) -> bool:
    """Encode a text whole and in boundary-led pieces; the two must give the same ids."""
    filler = ("Hello world!  \n  x", " e\u0301t\u00e9 42 ", "\n\n", " ", "ok.")
    pieces = [f"{b}{filler[i % len(filler)]}" for i, b in enumerate(boundaries)]
    pieces.insert(0, "Start  of text ")
    whole = tokenizer.encode("".join(pieces), add_special_tokens=False).ids
    parts: list[int] = []
    for piece in pieces:
        parts.extend(tokenizer.encode(piece, add_special_tokens=False).ids)
    return whole == parts


class SegmentedEncoder:
    """``tokenizer.encode(text, add_special_tokens=False).ids``, computed per cached segment.

    Exact by construction (see the module docstring); misses in one text are encoded in one
    ``encode_batch`` call, which ``tokenizers`` spreads over its thread pool.
    """

    def __init__(
        self,
        tokenizer: tokenizers.Tokenizer,
        cache: TokenCache,
        *,
        boundaries: Sequence[str] | None = None,
        min_segment_chars: int = DEFAULT_MIN_SEGMENT_CHARS,
    ) -> None:
        self._tokenizer = tokenizer
        self.cache = cache
        self.boundaries = stable_boundaries(tokenizer) if boundaries is None else tuple(boundaries)
        self.min_segment_chars = min_segment_chars
        alternation = "|".join(re.escape(b) for b in sorted(self.boundaries, key=len, reverse=True))
        self._pattern = re.compile(alternation) if alternation else None
        self._ints = tuple(range(tokenizer.get_vocab_size(with_added_tokens=True)))

    def split(self, text: str) -> list[str]:
        """``text`` cut before boundary tokens, each piece at least ``min_segment_chars`` long
        (except the last). Greedy from the start, so a text's leading segments do not change
        when more is appended to it."""
        if self._pattern is None:
            return [text]
        segments: list[str] = []
        start = 0
        min_chars = max(1, self.min_segment_chars)
        for match in self._pattern.finditer(text):
            pos = match.start()
            if pos - start >= min_chars:
                segments.append(text[start:pos])
                start = pos
        segments.append(text[start:])
        return segments

    def encode(self, text: str) -> list[int]:
        """The ids of ``text`` (no special tokens added), reusing cached segments."""
        segments = self.split(text)
        found = self.cache.get_many(segments)
        fresh: dict[str, list[int]] = {}
        if None in found:
            missing = list(
                dict.fromkeys(s for s, ids in zip(segments, found, strict=True) if ids is None)
            )
            encodings = self._tokenizer.encode_batch(missing, add_special_tokens=False)
            fresh = {s: self._interned(e.ids) for s, e in zip(missing, encodings, strict=True)}
            self.cache.put_many(fresh.items())
        out: list[int] = []
        for segment, ids in zip(segments, found, strict=True):
            out.extend(fresh[segment] if ids is None else ids)
        return out

    def _interned(self, ids: list[int]) -> list[int]:
        try:
            return list(map(self._ints.__getitem__, ids))
        except IndexError:  # an id beyond the vocabulary: keep the ids as they came
            return ids
