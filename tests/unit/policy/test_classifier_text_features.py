"""The trained complexity model's features: what a prompt's task, its structure and the
shapes of its tokens contribute, stable across processes (CRC32, not ``hash``), and what of
a pasted text stays out."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from kinference_epp.policy.classifiers.linear import BUCKETS
from kinference_epp.policy.classifiers.text_features import (
    _ENGLISH_SEED,
    _TASK_SEED,
    TASK,
    WINDOW,
    _identifiers,
    appended_task,
    features,
    structure,
    task,
)


def bucket(word: bytes, seed: int = 0) -> int:
    return int(zlib.crc32(word, seed) % BUCKETS)


def test_identifier_shapes_fold_runs_and_skip_plain_words() -> None:
    raw = b"IBAN DE89370400440532013000 mail a.b@c.io 3704 foo_bar plain words"
    assert _identifiers(raw) == [b"#Xd", b"#x.x@x.x", b"#d", b"#x_x"]
    assert _identifiers(b"no identifiers here") == []


def test_ids_are_sorted_distinct_buckets_of_crc32() -> None:
    ids = features("Sort sort the list")
    assert ids.dtype == np.int64
    assert np.all(np.diff(ids) > 0)
    assert bucket(b"sort", _TASK_SEED) in ids
    assert bucket(b"list", _TASK_SEED) in ids
    assert ids.min() >= 0
    assert ids.max() < BUCKETS


def test_the_task_is_the_request_after_the_text_it_is_about() -> None:
    mail = "Dear team,\n\nMarta Klein (diabetes, insulin at 8) starts again on Monday.\n\n"
    assert appended_task(mail + "Translate this into Italian.") == "Translate this into Italian."
    assert task(mail + "Translate this into Italian.") == "Translate this into Italian."
    assert appended_task("Translate this into Italian.") is None  # one paragraph
    assert appended_task("\n\nTranslate this into Italian.") is None  # nothing before it
    assert appended_task(mail + "x" * (TASK + 1)) is None  # too long to be a request


def test_the_task_of_one_paragraph_is_its_words_before_a_colon_or_its_start_and_end() -> None:
    paste = "Tide mills used the rising tide to fill a pond behind a sluice gate. " * 6
    assert task("Sum this up in one sentence: " + paste) == "Sum this up in one sentence:"
    leaflet = "Ibuprofen 400 mg. Take with food. Side effects: " + paste + " Simplify this."
    assert task(leaflet).endswith("Simplify this.")  # its colon ends no one-sentence ask
    short = "Compare Raft and Paxos: which is easier to implement?"
    assert task(short) == short
    long = "Plan the launch. " + "filler " * 200 + "End with a risk list."
    assert task(long).startswith("Plan the launch.")
    assert task(long).endswith("End with a risk list.")
    assert len(task(long)) <= TASK + 1


def test_a_pasted_text_s_words_are_not_features_its_identifier_shapes_are() -> None:
    paste = "The eigenvalue of the Hessian at 3F9A-22 was reported by the lab. " * 5
    ids = set(features("Sum this up in one sentence: " + paste).tolist())
    assert bucket(b"sum", _TASK_SEED) in ids
    assert bucket(b"eigenvalue", _TASK_SEED) not in ids
    assert bucket(b"#dXdX-d") in ids  # "3F9A-22"


@pytest.mark.parametrize(
    "text",
    [
        "Begründe deine Wahl.",
        "Justifie ton choix.",
        "Justifica tu elección.",
    ],
)
def test_a_task_word_in_another_language_shares_its_english_feature(text: str) -> None:
    ids = set(features(text).tolist())
    assert bucket(b"justify", _ENGLISH_SEED) in ids
    english = set(features("Justify your choice.").tolist())
    assert bucket(b"justify", _ENGLISH_SEED) not in english  # English is read once


def test_the_structure_counts_demands_parts_and_questions_in_no_language_s_words() -> None:
    asked = (
        "Compare three options (A, B, C), justify the choice and state your assumptions.\n"
        "- cost\n- risk\nWhat would change the answer?"
    )
    grams = structure("Context.\n\n" + asked, asked, "en")
    assert b"#langen" in grams
    assert b"#demands2" in grams  # a justification and assumptions
    assert b"#commas3" in grams
    assert b"#parens1" in grams
    assert b"#listed2" in grams
    assert b"#questions1" in grams
    assert b"#before%d" % len("Context.\n\n").bit_length() in grams


def test_a_long_prompt_is_read_at_its_start_and_end_and_by_its_length() -> None:
    middle = " ".join(f"filler{i}" for i in range(4 * WINDOW))
    text = "Reformat this log " + middle + " as a table please."
    ids = set(features(text).tolist())
    assert bucket(b"reformat", _TASK_SEED) in ids
    assert bucket(b"please", _TASK_SEED) in ids
    assert bucket(b"filler5000", _TASK_SEED) not in ids
    assert bucket(b"#len%d" % len(text).bit_length()) in ids


def test_the_empty_prompt_has_no_word_only_its_length_and_structure() -> None:
    grams = [b"#len0", *structure("", "", "en")]
    assert features("").tolist() == sorted({bucket(g) for g in grams})
