"""The learned window model's inputs and its combination with the rules: which places of a
prompt it reads (what the rules confirmed, what they turned down and why, the cue words of
free-text data, a short prompt's names), what it reads there, and how its score and the
rules' flag make the decision. The prompts are invented for these tests, in English,
German, French and Spanish."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kinference_epp.policy.classifiers import pii_window
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier, Seen
from kinference_epp.policy.classifiers.pii_window import (
    BUCKETS,
    MAX_WINDOWS,
    REACH,
    Candidate,
    WindowModel,
    capped,
    features,
    hashed,
    shape,
    windows,
)
from kinference_epp.policy.model import PiiKind, PiiSettings

PROMPTS = (
    "Call Priya Ramanathan on +44 7911 123456 about her hospital appointment.",
    "Bestellung 4829 3310 7725 ist unterwegs, bitte den Status prüfen.",
    "Testdaten (fiktiv): max.muster@beispiel-firma.de, bitte im Fixture verwenden.",
    "Mi compañero Íñigo Arrizabalaga tiene diabetes y no quiere que lo sepa nadie.",
    "Notre magasinier Maëlig Quessart, en chimiothérapie depuis mars, veut garder ses horaires.",
    "La mairie de Quimperlé répond au 02 98 96 37 37 du lundi au vendredi.",
    "Écris une fonction Python qui trie une liste de dictionnaires par date.",
    "IBAN DE89 3704 0044 0532 0130 00 für die Miete von Jörg Abendroth überweisen.",
)


@pytest.fixture(scope="module")
def clf() -> PiiClassifier:
    return PiiClassifier(PiiSettings())


@pytest.mark.parametrize("text", PROMPTS)
def test_tracing_the_scan_does_not_change_its_findings(clf: PiiClassifier, text: str) -> None:
    seen: list[Seen] = []
    assert clf.traced(PromptText(text, 1), seen) == clf.classify(PromptText(text, 1))


def test_a_confirmed_value_is_read_by_its_kind(clf: PiiClassifier) -> None:
    findings, text, cands, _ = windows(clf, PromptText(PROMPTS[0], 1))
    assert PiiKind.PHONE in findings.kinds
    phone = next(c for c in cands if c.kind == "phone")
    assert text[phone.start : phone.end] == "+44 7911 123456"
    assert phone.verdict == "found"


def test_a_number_the_rules_turn_down_is_still_read(clf: PiiClassifier) -> None:
    """An order number is no phone to the rules; the model reads its window all the same."""
    findings, text, cands, _ = windows(clf, PromptText(PROMPTS[1], 1))
    assert not findings.present
    assert [(text[c.start : c.end], c.kind, c.verdict) for c in cands] == [
        ("4829 3310 7725", "num", "rejected")
    ]


def test_declared_made_up_data_keeps_its_reason_and_context(clf: PiiClassifier) -> None:
    findings, _, cands, context = windows(clf, PromptText(PROMPTS[2], 1))
    assert not findings.present
    assert [(c.kind, c.verdict) for c in cands] == [("email", "declared")]
    assert {"fixture", "fixture:fiktiv", "fixture:testdaten"} <= context


def test_an_office_line_keeps_its_reason(clf: PiiClassifier) -> None:
    _, text, cands, _ = windows(clf, PromptText(PROMPTS[5], 1))
    office = [c for c in cands if c.verdict == "office"]
    assert office
    assert text[office[0].start : office[0].end] == "02 98 96 37 37"
    feats = features(text, office[0], frozenset())
    assert "v:office" in feats
    assert "kv:phone:office" in feats


@pytest.mark.parametrize("text", [PROMPTS[3], PROMPTS[4]])
def test_free_text_is_read_at_its_cue_and_at_the_name(clf: PiiClassifier, text: str) -> None:
    findings, folded, cands, _ = windows(clf, PromptText(text, 1))
    health = [c for c in cands if c.kind == "health"]
    names = [c for c in cands if c.kind == "name"]
    assert health
    assert names
    assert folded[names[0].start : names[0].end] in ("Íñigo Arrizabalaga", "Maëlig Quessart")
    assert health[0].verdict == ("found" if PiiKind.HEALTH in findings.kinds else "passed")


def test_a_prompt_without_candidates_has_no_window(clf: PiiClassifier) -> None:
    _, _, cands, _ = windows(clf, PromptText(PROMPTS[6], 1))
    assert cands == []
    model = WindowModel(np.ones(BUCKETS, dtype=np.float32), 0.0)
    assert model.score(PROMPTS[6], cands, frozenset()) == 0.0


def test_features_read_the_window_its_marks_and_the_shape() -> None:
    text = 'kunde;"Jörg Abendroth";0171 2233445;offen\nBitte prüfen.'
    start = text.index("0171")
    cand = Candidate(start, start + len("0171 2233445"), "num", "rejected")
    feats = features(text, cand, frozenset({"fixture"}))
    assert "k:num" in feats
    assert f"sh:num:{shape('0171 2233445')}" in feats
    assert shape("0171 2233445") == "99 99"
    assert "mb:num:;" in feats
    assert "ma:num:;" in feats
    assert "l0:abendroth" in feats
    assert "r0:offen" in feats
    assert "u:jörg" in feats
    assert "p:abend" in feats
    assert "b:jörg_abendroth" in feats
    assert "c:fixture" in feats
    assert "kc:num:fixture" in feats
    # the rules' shape verdict is left out (a model would learn to copy it)
    assert not any(f.startswith(("v:", "kv:")) for f in feats)


def test_digits_in_the_window_are_read_as_their_shape() -> None:
    a = "Termin am 12.03. für Frau Okonkwo wegen Diabetes"
    b = "Termin am 27.11. für Frau Okonkwo wegen Diabetes"
    ca = Candidate(a.index("Diabetes"), len(a), "health", "passed")
    cb = Candidate(b.index("Diabetes"), len(b), "health", "passed")
    assert features(a, ca, frozenset()) == features(b, cb, frozenset())


def test_hashing_is_stable_and_in_range() -> None:
    text = "Llama a Begoña Urrutia al 612 34 56 78, está de baja por depresión."
    cand = Candidate(text.index("612"), text.index("612") + 12, "phone", "found")
    got = hashed(text, cand, frozenset())
    assert np.array_equal(got, hashed(text, cand, frozenset()))
    assert got.min() >= 0
    assert got.max() < BUCKETS


def test_capped_keeps_one_window_per_kind_and_reach_and_at_most_the_cap() -> None:
    near = [Candidate(i * 10, i * 10 + 5, "num", "rejected") for i in range(5)]
    assert len(capped(near)) == 1
    far = [Candidate(i * (REACH + 1), i * (REACH + 1) + 5, "num", "rejected") for i in range(200)]
    assert len(capped(far)) == MAX_WINDOWS
    mixed = [Candidate(0, 5, "num", "rejected"), Candidate(3, 9, "health", "passed")]
    assert capped(mixed) == mixed


def test_the_score_is_the_best_windows() -> None:
    text = "Nuestra vecina Khadija Benali tiene cáncer; su teléfono es 612 34 56 78."
    name = Candidate(15, 29, "name", "passed4")
    phone = Candidate(text.index("612"), text.index("612") + 12, "phone", "found")
    weights = np.zeros(BUCKETS, dtype=np.float32)
    weights[hashed(text, phone, frozenset())] = 0.5  # only the phone's buckets weigh
    model = WindowModel(weights, -1.0)
    both = model.score(text, [name, phone], frozenset())
    assert both == pytest.approx(model.score(text, [phone], frozenset()))
    assert both > model.score(text, [name], frozenset())


@pytest.mark.parametrize(
    ("rules", "score", "expected"),
    [
        (False, 0.99, True),  # the model flags what the rules passed when it is confident
        (False, 0.80, False),
        (True, 0.30, True),  # a rules flag stands unless the model is confident otherwise
        (True, 0.01, False),
    ],
)
def test_decide_flags_and_clears_only_where_the_model_is_confident(
    rules: bool, score: float, expected: bool
) -> None:
    model = WindowModel(
        np.zeros(1, dtype=np.float32), 0.0, flag_threshold=0.95, clear_threshold=0.05
    )
    assert model.decide(rules, score) is expected


def test_never_thresholds_leave_the_rules_alone() -> None:
    model = WindowModel(
        np.zeros(1, dtype=np.float32), 0.0, flag_threshold=2.0, clear_threshold=-1.0
    )
    assert [model.decide(r, s) for r in (True, False) for s in (0.0, 1.0)] == [
        True, True, False, False
    ]  # fmt: skip


def test_a_saved_model_scores_the_same(tmp_path: Path, clf: PiiClassifier) -> None:
    rng = np.random.default_rng(3)
    model = WindowModel(rng.normal(0, 0.1, BUCKETS).astype(np.float32), -0.5, 0.9, 0.05)
    path = tmp_path / "windows.npz"
    model.save(path)
    loaded = WindowModel.load(path)
    assert (loaded.flag_threshold, loaded.clear_threshold) == pytest.approx((0.9, 0.05))
    for text in PROMPTS:
        _, folded, cands, context = windows(clf, PromptText(text, 1))
        # weights travel as float16: the score moves by far less than a threshold step
        assert loaded.score(folded, cands, context) == pytest.approx(
            model.score(folded, cands, context), abs=1e-3
        )


def test_a_long_prompt_reads_a_bounded_number_of_windows(clf: PiiClassifier) -> None:
    rows = "\n".join(f"2026-11-{d:02d} Auftrag {4000000 + 37 * d} Lager B{d}" for d in range(1, 29))
    text = (rows + "\n") * 20
    _, _, cands, _ = windows(clf, PromptText(text, 1))
    assert 0 < len(cands) <= MAX_WINDOWS
    assert len(text) > pii_window.SHORT
    assert not any(c.kind == "name" for c in cands)  # a long prompt's names are not searched


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("Our supplier Airbus SE ships the parts from Toulouse next week.", "se"),
        ("Die Allianz SE hat ihren Sitz in München, schreib eine kurze Notiz.", "se"),
        ("Carrefour SA ouvre un nouveau magasin à Lyon, résume l'annonce.", "sa"),
        ("Inditex SA abre una tienda nueva en Vigo, resume la noticia.", "sa"),
    ],
)
def test_a_legal_form_as_written_is_a_brand_context(
    clf: PiiClassifier, text: str, form: str
) -> None:
    _, _, _, context = windows(clf, PromptText(text, 1))
    assert f"brand:{form}" in context


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Mi vecina se mudó a Vigo y se llevó el gato; escribe una nota para ella.", "se"),
        ("Elle a vendu sa voiture et sa maison avant de partir à Lyon.", "sa"),
        ("Résume: « Il se lève tôt, sa sœur aussi. »", "se"),
        (
            "Translate into Spanish: 'she sold her car'. Answer: 'vendió su coche, se dice así'.",
            "se",
        ),
    ],
)
def test_the_same_letters_as_an_ordinary_word_are_no_brand_context(
    clf: PiiClassifier, text: str, word: str
) -> None:
    _, _, _, context = windows(clf, PromptText(text, 1))
    assert f"brand:{word}" not in context
    assert "brand" not in context


def _seen(text: str, value: str, verdict: str, group: str = "num") -> Seen:
    start = text.index(value)
    return Seen(group, start, start + len(value), None, verdict)


def test_structured_candidates_are_the_turned_down_values_rarest_shape_first() -> None:
    stamps = [f"2026-11-0{d} 10:1{d}:00 sshd: session opened\n" for d in range(1, 9)]
    text = "".join(stamps) + "Login OK: [hauke.brenner] from 93.184.216.34\n"
    seen = [_seen(text, f"2026-11-0{d} 10", "rejected") for d in range(1, 9)]
    seen.append(_seen(text, "93.184.216.34", "rejected"))
    cands = pii_window.structured_candidates(text, seen)
    assert len(cands) == pii_window.STRUCTURED_WINDOWS
    assert text[cands[0].start : cands[0].end] == "93.184.216.34"
    assert [c.start for c in cands[1:]] == sorted(c.start for c in cands[1:])


def test_structured_candidates_leave_out_found_allowed_and_office_values() -> None:
    text = "Mairie 02 98 96 37 37, Testkonto 4000 0000 0000 0002, Kunde 0612345678, id 7781234"
    seen = [
        _seen(text, "02 98 96 37 37", "office"),
        _seen(text, "4000 0000 0000 0002", "allowed"),
        _seen(text, "0612345678", "found"),
        _seen(text, "7781234", "rejected"),
    ]
    cands = pii_window.structured_candidates(text, seen)
    assert [text[c.start : c.end] for c in cands] == ["7781234"]


@pytest.mark.parametrize(
    ("value", "fact"),
    [
        ("192.0.2.17", "f:ip:0"),  # documentation range
        ("10.4.3.129", "f:ip:0"),  # private
        ("93.184.216.34", "f:ip:1"),
        ("DE89 3704 0044 0532 0130 00", "f:iban:1"),
        ("DE89 3704 0044 0532 0130 01", "f:iban:0"),
        ("4111 1111 1111 1111", "f:luhn:1"),
        ("4111 1111 1111 1112", "f:luhn:0"),
    ],
)
def test_value_facts_read_ranges_and_check_digits(value: str, fact: str) -> None:
    assert fact in pii_window.value_facts(value)


def test_structured_windows_read_nothing_where_the_rules_found_something(
    clf: PiiClassifier,
) -> None:
    findings, _, cands = pii_window.structured_windows(clf, PromptText(PROMPTS[0], 1))
    assert findings.present
    assert cands == []
    findings, text, cands = pii_window.structured_windows(clf, PromptText(PROMPTS[1], 1))
    assert not findings.present
    assert any("4829" in text[c.start : c.end] for c in cands)
