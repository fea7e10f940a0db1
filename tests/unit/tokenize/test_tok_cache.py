"""The token cache: bounded LRU, cuts only where tokenization is stable, exact results."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
import tokenizers
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kinference_epp.api.request import ChatMessage
from kinference_epp.tokenize.cache import SegmentedEncoder, TokenCache, stable_boundaries
from kinference_epp.tokenize.fixtures import build_tiny_bpe, tiny_corpus
from kinference_epp.tokenize.hf import HFTokenizer

# --- TokenCache --------------------------------------------------------------------------


def ids(*values: int) -> np.ndarray:
    return np.array(values, dtype=np.int32)


def as_lists(found: list[np.ndarray | None]) -> list[list[int] | None]:
    return [None if f is None else f.tolist() for f in found]


def _entry_bytes(cache: TokenCache, segment: str, tokens: np.ndarray) -> int:
    before = cache.bytes_used
    cache.put_many([(segment, tokens)])
    return cache.bytes_used - before


def test_cache_counts_hits_and_misses() -> None:
    cache = TokenCache()
    assert cache.get_many(["a", "b"]) == [None, None]
    cache.put_many([("a", ids(1, 2))])
    assert as_lists(cache.get_many(["a", "b", "a"])) == [[1, 2], None, [1, 2]]
    assert (cache.hits, cache.misses, len(cache)) == (2, 3, 1)


def test_cached_ids_are_read_only() -> None:
    cache = TokenCache()
    cache.put_many([("a", ids(1, 2))])
    (found,) = cache.get_many(["a"])
    assert found is not None
    with pytest.raises(ValueError, match="read-only"):
        found[0] = 7


def test_cache_evicts_least_recently_used_by_bytes() -> None:
    size = _entry_bytes(TokenCache(), "seg-0", ids(*[1] * 10))
    cache = TokenCache(max_bytes=3 * size)
    cache.put_many([(f"seg-{i}", ids(*[1] * 10)) for i in range(3)])
    assert len(cache) == 3
    cache.get_many(["seg-0"])  # seg-1 is now the least recently used
    cache.put_many([("seg-3", ids(*[1] * 10))])
    assert as_lists(cache.get_many(["seg-0", "seg-1", "seg-2", "seg-3"])) == [
        [1] * 10,
        None,
        [1] * 10,
        [1] * 10,
    ]
    assert cache.evictions == 1
    assert cache.bytes_used <= cache.max_bytes


def test_cache_replaces_an_entry_without_double_counting() -> None:
    cache = TokenCache()
    cache.put_many([("a", ids(1))])
    used = cache.bytes_used
    cache.put_many([("a", ids(1))])
    assert cache.bytes_used == used
    assert len(cache) == 1


def test_cache_skips_entries_larger_than_itself() -> None:
    cache = TokenCache(max_bytes=100)
    cache.put_many([("x" * 500, ids(*[1] * 100))])
    assert len(cache) == 0
    assert cache.bytes_used == 0
    cache.clear()
    with pytest.raises(ValueError, match="max_bytes"):
        TokenCache(max_bytes=-1)


# --- where to cut -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bpe() -> tokenizers.Tokenizer:
    return build_tiny_bpe()


def test_chatml_tokens_are_stable_boundaries(bpe: tokenizers.Tokenizer) -> None:
    assert stable_boundaries(bpe) == ("<|endoftext|>", "<|im_end|>", "<|im_start|>")


def test_tokens_that_touch_their_neighbours_are_not_boundaries() -> None:
    tok = build_tiny_bpe()
    tok.add_special_tokens(
        [
            tokenizers.AddedToken("<L>", lstrip=True, normalized=False),
            tokenizers.AddedToken("<R>", rstrip=True, normalized=False),
            tokenizers.AddedToken("<W>", single_word=True, normalized=False),
            tokenizers.AddedToken("<N>", normalized=True),
            tokenizers.AddedToken("<|im_start|>x", normalized=False),  # contains <|im_start|>
        ]
    )
    assert stable_boundaries(tok) == ("<|endoftext|>", "<|im_end|>", "<|im_start|>x")


def test_split_special_tokens_makes_special_tokens_plain_text() -> None:
    tok = build_tiny_bpe()
    tok.encode_special_tokens = True
    assert stable_boundaries(tok) == ()
    encoder = SegmentedEncoder(tok, TokenCache())
    text = "<|im_start|>user\nhello<|im_end|>\n"
    assert encoder.split(text) == [text]
    assert encoder.encode(text) == tok.encode(text, add_special_tokens=False).ids


def test_split_is_greedy_and_stable_under_appending(bpe: tokenizers.Tokenizer) -> None:
    encoder = SegmentedEncoder(bpe, TokenCache(), min_segment_chars=8)
    turn = "<|im_start|>user\nhello there<|im_end|>\n<|im_start|>assistant\nok<|im_end|>\n"
    segments = encoder.split(turn)
    assert "".join(segments) == turn
    assert segments[0] == "<|im_start|>user\nhello there"
    assert all(s.startswith(("<|im_start|>", "<|im_end|>")) for s in segments)
    longer = encoder.split(turn + "<|im_start|>user\nmore<|im_end|>\n")
    assert longer[: len(segments) - 1] == segments[:-1]
    assert SegmentedEncoder(bpe, TokenCache(), min_segment_chars=0).split("<|im_end|>x") == [
        "<|im_end|>x"
    ]


# --- exactness ------------------------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        "<|im_start|>",
        "<|im_end|>",
        "<|endoftext|>",
        "<|im_start",
        "|>",
        "<L>",
        "<R>",
        "@@",
        "Xsep",
        "\n",
        "\n\n",
        " ",
        "  ",
        "\t",
        "user",
        "assistant",
        "é",
        "e\u0301",
        "東京",
        "!",
        "...",
    ]
)
_WORDS = st.sampled_from(tiny_corpus(60, seed=1))


@pytest.fixture(scope="module")
def awkward() -> tokenizers.Tokenizer:
    """The tiny BPE plus added tokens that look at their neighbours (eat whitespace, need
    word boundaries), and one that must not be cut at because of them."""
    tok = build_tiny_bpe()
    tok.add_special_tokens(
        [
            tokenizers.AddedToken("<L>", lstrip=True, normalized=False),
            tokenizers.AddedToken("<R>", rstrip=True, normalized=False),
            tokenizers.AddedToken("@@", single_word=True, normalized=False),
            tokenizers.AddedToken("Xsep", normalized=False),
        ]
    )
    return tok


_ADDED = st.sampled_from(
    ["<|im_start|>", "<|im_end|>", "<|endoftext|>", "<L>", "<R>", "@@", "Xsep"]
)
"""Every added token of ``awkward``: the text is built as (anything, added token) pairs so
that each junction where a cut may happen is preceded by every kind of neighbour."""


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    pairs=st.lists(st.tuples(_PIECES | _WORDS | st.text(max_size=6), _ADDED), max_size=30),
    tail=_PIECES | _WORDS,
    min_chars=st.sampled_from([1, 8, 64]),
    rounds=st.integers(1, 3),
)
def test_segmented_encoding_equals_whole_encoding(
    awkward: tokenizers.Tokenizer,
    pairs: list[tuple[str, str]],
    tail: str,
    min_chars: int,
    rounds: int,
) -> None:
    text = "".join(a + b for a, b in pairs) + tail
    expected = awkward.encode(text, add_special_tokens=False).ids
    encoder = SegmentedEncoder(awkward, _SHARED, min_segment_chars=min_chars)
    assert encoder.boundaries == ("<|endoftext|>", "<|im_end|>", "<|im_start|>")
    for _ in range(rounds):  # cold, then warm: hits must give the same ids as misses
        assert encoder.encode(text) == expected
    # ...and for every prefix, as a conversation grows turn by turn.
    cut = len(text) // 2
    assert encoder.encode(text[:cut]) == awkward.encode(text[:cut], add_special_tokens=False).ids


_SHARED = TokenCache(max_bytes=1 << 20)
"""Shared across examples, so cached segments meet texts they were not cut from."""


def _conversation(turns: int, words_per_message: int, seed: int = 0) -> list[ChatMessage]:
    rng = random.Random(seed)
    corpus = tiny_corpus(200, seed=seed)
    messages = [ChatMessage("system", "You are a routing assistant.")]
    for _ in range(turns):
        for role in ("user", "assistant"):
            text = " ".join(rng.choice(corpus) for _ in range(words_per_message // 8))
            messages.append(ChatMessage(role, text))
    return messages


def test_multi_turn_conversation_hits_the_cache_and_stays_exact(tiny: HFTokenizer) -> None:
    conversation = _conversation(turns=10, words_per_message=80)
    assert tiny.cache is not None
    for turn in range(1, 11):
        history = conversation[: 2 * turn]  # system, then user/assistant pairs, ending on a user
        expected = tiny.encode(tiny.render_chat(history))
        assert tiny.chat_token_ids(history) == expected
    # Each turn re-sends the history: only the new messages miss.
    assert tiny.cache.hits > tiny.cache.misses


def test_cached_ids_are_not_shared_with_callers(tiny: HFTokenizer) -> None:
    messages = _conversation(turns=1, words_per_message=40)
    first = tiny.chat_token_ids(messages)
    first.append(-1)
    assert tiny.chat_token_ids(messages) == first[:-1]
    array = tiny.chat_token_array(messages)  # the cached ids themselves: read-only
    with pytest.raises(ValueError, match="read-only"):
        array[0] = -1
    assert array.tolist() == first[:-1]


def test_concurrent_encoding_is_exact(tiny_dir: Path) -> None:
    tok = HFTokenizer.from_dir(tiny_dir, cache=TokenCache(max_bytes=64 << 10))
    conversations = [_conversation(turns=4, words_per_message=40, seed=s) for s in range(8)]
    expected = [tok.encode(tok.render_chat(c)) for c in conversations]

    def work(i: int) -> bool:
        return all(tok.chat_token_ids(conversations[i % 8]) == expected[i % 8] for _ in range(5))

    with ThreadPoolExecutor(max_workers=4) as pool:
        assert all(pool.map(work, range(32)))
    assert tok.cache is not None
    assert tok.cache.evictions > 0  # the small cache was under pressure while threads raced


def test_cutting_anywhere_else_would_be_wrong(awkward: tokenizers.Tokenizer) -> None:
    """Why boundaries are chosen: a cut in plain text or before a whitespace-eating token
    changes the ids (the property test above would catch such a cut)."""
    for boundary, text in [("o", "hello world tokens"), ("<L>", "hello  <L>x")]:
        encoder = SegmentedEncoder(
            awkward, TokenCache(), boundaries=[boundary], min_segment_chars=1
        )
        assert encoder.encode(text) != awkward.encode(text, add_special_tokens=False).ids


def test_ids_beyond_the_vocabulary_size_survive_caching() -> None:
    """A model vocabulary with gaps has ids >= its size; they must come back unchanged."""
    gapped = tokenizers.Tokenizer(
        tokenizers.models.BPE(vocab={"a": 0, "b": 7, "ab": 9}, merges=[("a", "b")])
    )
    encoder = SegmentedEncoder(gapped, TokenCache())
    assert encoder.encode("abba") == [9, 7, 0]
    assert encoder.encode("abba") == [9, 7, 0]


def test_boundaries_starting_with_a_word_character_yield_to_single_word_tokens() -> None:
    """``@@`` (single_word) matches before ``<...`` but not before ``X...``: a cut before
    ``Xsep`` would let it match at the end of the previous segment."""
    tok = build_tiny_bpe()
    tok.add_special_tokens(
        [
            tokenizers.AddedToken("@@", single_word=True, normalized=False),
            tokenizers.AddedToken("Xsep", normalized=False),
        ]
    )
    assert "Xsep" not in stable_boundaries(tok)
    assert "<|im_start|>" in stable_boundaries(tok)
    encoder = SegmentedEncoder(tok, TokenCache(), min_segment_chars=1)
    for text in ["a @@Xsep b", "a @@<|im_start|>b @@ c"]:
        assert encoder.encode(text) == tok.encode(text, add_special_tokens=False).ids
