"""Complexity from what is asked: expert vocabularies, formal constraints on creative work,
asks confined to a mechanical edit, and the phrasings of easy lookups."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers import ComplexityClassifier, PromptText
from kinference_epp.policy.model import Complexity

CX = ComplexityClassifier()


def level(text: str) -> Complexity:
    return CX.classify(PromptText(text, 1))


@pytest.mark.parametrize(
    "text",
    [
        "Classify every abelian group of order 36 up to isomorphism.",
        "Compute the homology groups of the torus with a cellular chain complex.",
        "Carefully derive the Black-Scholes PDE from a delta-hedged portfolio.",
        "Formally verify this insertion sort in Coq, including termination.",
        "Price an American put under the Heston model and explain the calibration.",
        "Value a seed-stage SaaS company with a DCF and defend the WACC you pick.",
        "Write a Hindley-Milner type inference pass for a small ML dialect in OCaml.",
        "Reverse-engineer why this parser backtracks exponentially and make it linear.",
        "Optimise our delivery routes: 14 vans, time windows, two depots. Build the model.",
        "Write a sonnet in which each quatrain answers the previous one, never naming love.",
        "Write a story told in reverse whose every paragraph ends with the same word.",
        "Translate this Old Norse verse and annotate every ambiguity you meet.",
        "Render this Lewis Carroll poem into German, keeping the portmanteaus alive.",
        "Translate this joke-heavy speech into Dutch keeping every pun-laden line working.",
        "Übersetze den Slogan ins Französische, das Wortspiel muss bleiben.",
        "Traduci questa filastrocca in inglese mantenendo le rime.",
    ],
)
def test_expert_and_constrained_asks_are_hard(text: str) -> None:
    assert level(text) == Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "How fast does a cheetah run?",
        "How often should I water a cactus?",
        "Put these in alphabetical order: pear, apple, fig, kiwi.",
        "Add up these numbers: 12, 7.5, 30, 4.25.",
        "Traduci in inglese: domani piove.",
        "Vertaal naar het Frans: goedemorgen allemaal.",
        "Please fix the indentation, nothing else:\nif x:\nprint(x)\nelse:\nprint(0)",
        "Add a docstring to this, don't change the code: def area(r): return 3.14 * r * r",
        "Write a haiku about autumn leaves.",
        'Write "good luck" in German.',
        "Say thank you in Portuguese.",
    ],
)
def test_lookups_and_mechanical_edits_are_easy(text: str) -> None:
    assert level(text) == Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Give me a word that rhymes with 'purple', if there is one.",  # a lookup, not a rewrite
        "Write a poem for my mum's birthday where each line starts with a letter of MUM.",
        "Plan my weekend: brunch, a walk, a film.",
        "What is a Galois group?",
        "Translate these notes into Italian: the merger closes in March, Anna owns QA.",
    ],
)
def test_everyday_asks_with_those_words_are_not_hard(text: str) -> None:
    assert level(text) != Complexity.HARD
