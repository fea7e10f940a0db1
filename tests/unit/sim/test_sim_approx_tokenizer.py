"""The shared stand-in tokenizer: stable ids, ChatML rendering, prompt extraction."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kinference_epp.api.request import ApiKind, ChatMessage, InferenceRequest
from kinference_epp.tokenize.approx import (
    IM_END_ID,
    IM_START_ID,
    ORDINARY_BASE,
    VOCAB_SIZE,
    ApproxTokenizer,
    piece_id,
)


def test_encode_is_stable_and_attaches_leading_space() -> None:
    tok = ApproxTokenizer()
    ids = tok.encode("Hello, world!")
    assert ids == [piece_id("Hello"), piece_id(","), piece_id(" world"), piece_id("!")]
    assert ApproxTokenizer().encode("Hello, world!") == ids


def test_special_tokens_are_single_small_ids() -> None:
    ids = ApproxTokenizer().encode("<|im_start|>user\nhi<|im_end|>")
    assert ids[0] == IM_START_ID
    assert ids[-1] == IM_END_ID
    assert all(i >= ORDINARY_BASE for i in ids[1:-1])


def test_render_chat_is_chatml() -> None:
    text = ApproxTokenizer().render_chat(
        [ChatMessage("system", "be brief"), ChatMessage("user", "hi")]
    )
    assert text == (
        "<|im_start|>system\nbe brief<|im_end|>\n"
        "<|im_start|>user\nhi<|im_end|>\n"
        "<|im_start|>assistant\n"
    )


def test_prompt_token_ids_for_every_prompt_shape() -> None:
    tok = ApproxTokenizer()

    def completions(prompt: object) -> list[int]:
        req = InferenceRequest(kind=ApiKind.COMPLETIONS, model="m", raw=b"", prompt=prompt)  # type: ignore[arg-type]
        return tok.prompt_token_ids(req)

    assert completions("a b") == tok.encode("a b")
    assert completions(["a b", "c"]) == tok.encode("a b")
    assert completions([5, 6, 7]) == [5, 6, 7]
    assert completions([[5, 6], [7]]) == [5, 6]
    assert completions(None) == []
    chat = InferenceRequest(
        kind=ApiKind.CHAT, model="m", raw=b"", messages=(ChatMessage("user", "hi"),)
    )
    assert tok.prompt_token_ids(chat) == tok.encode(tok.render_chat(chat.messages))


@given(st.text(max_size=200))
def test_encode_ids_in_range_and_prefix_stable(text: str) -> None:
    tok = ApproxTokenizer()
    ids = tok.encode(text)
    assert all(0 < i < VOCAB_SIZE for i in ids)
    # Appending a separate sentence never changes the ids of an earlier complete line.
    assert tok.encode(text + "\n\nMore.")[: max(len(ids) - 1, 0)] == ids[: max(len(ids) - 1, 0)]


_TEXT = st.lists(
    st.sampled_from([*"ab .,!?\n\t", "<|im_end|>", "<|im_start|>", "<|", "|>"]), max_size=40
).map("".join)


@given(st.lists(st.tuples(st.sampled_from(["system", "user", "assistant"]), _TEXT), max_size=4))
def test_chat_ids_per_message_block_equal_whole_render(messages: list[tuple[str, str]]) -> None:
    """The per-message cache is exact: the same ids as encoding the whole rendered prompt."""
    tok = ApproxTokenizer()
    chat = InferenceRequest(
        kind=ApiKind.CHAT,
        model="m",
        raw=b"",
        messages=tuple(ChatMessage(role, text) for role, text in messages),
    )
    whole = ApproxTokenizer().encode(tok.render_chat(chat.messages))
    assert tok.prompt_token_ids(chat) == whole
    assert tok.prompt_token_ids(chat) == whole  # from the cache
