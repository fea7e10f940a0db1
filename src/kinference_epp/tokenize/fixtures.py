"""Tokenizers for the demo, the simulator and the tests, without any download at run time.

- :func:`default_tokenizer_dir` finds Qwen3's files fetched at setup by
  ``scripts/fetch-tokenizers.sh`` (``.cache/tokenizers/qwen3`` in the repository, or under
  ``$KINFERENCE_TOKENIZERS_DIR``).
- :func:`write_tiny_bpe` trains a small byte-level BPE in well under a second and writes it
  with a ChatML template, shaped like Qwen's files: fast unit tests need a real BPE (merges
  that cross words, added tokens) but not a 10 MB vocabulary.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import tokenizers
from tokenizers import decoders, models, pre_tokenizers, trainers

TOKENIZERS_DIR_ENV = "KINFERENCE_TOKENIZERS_DIR"
"""Root of fetched tokenizers (the fetch script's DEST), e.g. ``/opt/tokenizers``."""
DEFAULT_MODEL = "qwen3"

CHATML_TEMPLATE = (
    "{%- if tools %}"
    "{{- '<|im_start|>system\\n' }}"
    "{%- if messages[0].role == 'system' %}{{- messages[0].content + '\\n\\n' }}{%- endif %}"
    "{{- '# Tools\\n<tools>' }}"
    "{%- for tool in tools %}{{- '\\n' }}{{- tool | tojson }}{%- endfor %}"
    "{{- '\\n</tools><|im_end|>\\n' }}"
    "{%- elif messages[0].role == 'system' %}"
    "{{- '<|im_start|>system\\n' + messages[0].content + '<|im_end|>\\n' }}"
    "{%- endif %}"
    "{%- for message in messages %}"
    "{%- if not (message.role == 'system' and loop.first) %}"
    "{{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}"
    "{%- endif %}"
    "{%- endfor %}"
    "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
)
"""Qwen2.5's ChatML template, trimmed: system, tools (as JSON lines), messages, prompt."""

SPECIAL_TOKENS = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")

_VOCABULARY = (
    "the a an of to in on for with by from at as is are was were be been it this that these "
    "model models token tokens tokenizer cache caches cached prefix prefixes block blocks pod "
    "pods route routing router request requests response latency throughput queue scheduler "
    "score scores endpoint endpoints envoy kubernetes python vllm prompt prompts chat message "
    "messages user assistant system tool tools function call result error retry time fast "
    "slow small large hello world question answer think reason code data value key hash "
    "über café naïve résumé 東京 数据 привет мир 42 7 100 2024 3.14 x y z"
)
_WORDS = _VOCABULARY.split()


def repo_root() -> Path | None:
    """The checkout this package runs from (src layout, editable install), if any."""
    for parent in Path(__file__).resolve().parents:
        if (parent / "pyproject.toml").is_file() and (parent / "src" / "kinference_epp").is_dir():
            return parent
    return None


def default_tokenizer_dir(model: str = DEFAULT_MODEL) -> Path | None:
    """The directory of ``model``'s fetched tokenizer files, or None if not fetched.

    Looks under ``$KINFERENCE_TOKENIZERS_DIR`` first, then ``<repo>/.cache/tokenizers``.
    """
    roots: list[Path] = []
    env = os.environ.get(TOKENIZERS_DIR_ENV)
    if env:
        roots.append(Path(env))
    root = repo_root()
    if root is not None:
        roots.append(root / ".cache" / "tokenizers")
    for base in roots:
        candidate = base / model
        if (candidate / "tokenizer.json").is_file():
            return candidate
    return None


def tiny_corpus(n: int = 400, seed: int = 0) -> list[str]:
    """Deterministic sentences over a small mixed-script vocabulary, for training."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        words = [rng.choice(_WORDS) for _ in range(rng.randint(4, 16))]
        out.append(" ".join(words).capitalize() + rng.choice((".", "?", "!", ":", ",")))
    return out


def build_tiny_bpe(vocab_size: int = 600) -> tokenizers.Tokenizer:
    """A byte-level BPE (as Qwen's: no normaliser, ByteLevel pre-tokenizer) with ChatML tokens."""
    tok = tokenizers.Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(tiny_corpus(), trainer=trainer)
    return tok


def write_tiny_bpe(dest: Path, vocab_size: int = 600) -> Path:
    """Write ``tokenizer.json`` and ``tokenizer_config.json`` (ChatML) into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    build_tiny_bpe(vocab_size).save(str(dest / "tokenizer.json"))
    config = {
        "tokenizer_class": "Qwen2Tokenizer",
        "bos_token": None,
        "eos_token": {"__type": "AddedToken", "content": "<|im_end|>", "special": True},
        "pad_token": "<|endoftext|>",
        "additional_special_tokens": ["<|im_start|>", "<|im_end|>"],
        "chat_template": CHATML_TEMPLATE,
    }
    (dest / "tokenizer_config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    return dest
