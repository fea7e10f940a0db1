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
digest, so there are no collisions to argue about; a lookup hashes each segment's text once.

**Memory and speed.** Ids are stored as read-only int32 numpy arrays, 4 bytes per token
(a list of ints costs 8 bytes per pointer even with interned ints), and a prompt's ids
come out as one ``np.concatenate`` of its segments: the picker hashes blocks of that array
directly, with no per-token Python (turning a long list of ids into an array is a Python
step per token). The cache evicts least-recently-used segments beyond ``max_bytes`` (text + ids +
bookkeeping, estimated).
"""

from __future__ import annotations

import logging
import re
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt
import tokenizers

from kinference_epp.config.tokenizers import DEFAULT_CACHE_BYTES

log = logging.getLogger(__name__)

DEFAULT_MIN_SEGMENT_CHARS = 64
_ENTRY_OVERHEAD = 200
"""Bytes per cache entry beyond the key and the ids: array header, ordered-dict node."""

TokenIds = npt.NDArray[np.int32]
"""Token ids as a (read-only, when cached) int32 array."""

_EMPTY: TokenIds = np.zeros(0, dtype=np.int32)
_EMPTY.flags.writeable = False


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
        self._entries: OrderedDict[str, tuple[TokenIds, int]] = OrderedDict()
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

    def get_many(self, segments: Sequence[str]) -> list[TokenIds | None]:
        """The cached ids of each segment (None where absent); hits become most recent."""
        entries = self._entries
        out: list[TokenIds | None] = []
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

    def put_many(self, items: Iterable[tuple[str, TokenIds]]) -> None:
        """Cache ``(segment, ids)`` pairs; ``ids`` are made read-only."""
        entries = self._entries
        with self._lock:
            for segment, ids in items:
                ids.flags.writeable = False
                size = sys.getsizeof(segment) + ids.nbytes + _ENTRY_OVERHEAD
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
        ids: list[int] = self.encode_array(text).tolist()
        return ids

    def encode_array(self, text: str) -> TokenIds:
        """``encode`` as an int32 array (the picker's hot path: no per-token Python).

        Read-only (it may be a cached array itself).
        """
        segments = self.split(text)
        found = self.cache.get_many(segments)
        if any(ids is None for ids in found):
            missing = list(
                dict.fromkeys(s for s, ids in zip(segments, found, strict=True) if ids is None)
            )
            encodings = self._tokenizer.encode_batch(missing, add_special_tokens=False)
            fresh = {
                s: np.array(e.ids, dtype=np.int32) for s, e in zip(missing, encodings, strict=True)
            }
            self.cache.put_many(fresh.items())
            found = [
                fresh[s] if ids is None else ids for s, ids in zip(segments, found, strict=True)
            ]
        parts = [ids for ids in found if ids is not None]
        if len(parts) == 1:
            return parts[0]
        if not parts:
            return _EMPTY
        joined = np.concatenate(parts)
        joined.flags.writeable = False  # one contract whether or not it is a cached array
        return joined
