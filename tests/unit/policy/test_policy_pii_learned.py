"""The learned person-mention model: shipped in the package, deterministic, and what finds a
private person outside the name lists beside a special-category fact in the four languages,
while public figures, characters and placeholders stay unflagged. The sentences and names
are invented for these tests (no name here is in the rules' lists: checked below)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from importlib import resources

import numpy as np
import pytest

from kinference_epp.policy.classifiers import person_model
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.person_model import (
    BUCKETS,
    MODEL_FILE,
    PersonModel,
    lower_words,
)
from kinference_epp.policy.classifiers.personal import _names
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.model import PiiSettings

UNLISTED = {
    "en": (
        "Quick note - the scan for Kenver Treharne-Blyth came back: early-onset dementia.",
        "Big Mags \u2013 Magdalen Penhallow from dispatch \u2013 is pregnant and hasn't told her "
        "manager yet.",
    ),
    "de": (
        "Unsere Packerin Fini (Gerlindis Wolkersdörfer) ist schwanger und hat Angst um ihre Stelle.",
    ),
    "fr": (
        "Notre magasinier Maëlig Quessart, en chimiothérapie depuis mars, veut garder ses horaires.",
    ),
    "es": (
        "Según la gestoría, a Yerai Iruretagoyena le han embargado la nómina por deudas.",
        "Ojo: el Chuso (Jesusín Arrizabalaga, del turno de noche) está en rehabilitación por "
        "alcoholismo.",
    ),
}
NAMES = (
    "Kenver", "Treharne", "Magdalen", "Penhallow", "Gerlindis", "Wolkersdörfer", "Maëlig",
    "Quessart", "Yerai", "Iruretagoyena", "Jesusín", "Arrizabalaga",
)  # fmt: skip
PUBLIC = (
    "Prime Minister Kenver Treharne-Blyth announced his cancer diagnosis at a press "
    "conference on Monday.",
    "Write a story in which the detective Magdalen Penhallow hides her alcoholism from "
    "her partner.",
    "Beispiel für das Formular: Max Mustermann, Diabetes Typ 2 (fiktive Person).",
    "Le ministre Maëlig Quessart a été hospitalisé pour une pneumonie, selon l'Élysée.",
    "El novelista Yerai Iruretagoyena escribió sobre su depresión en sus memorias.",
    "The Treharne Foundation funds research into depression and anxiety.",
    "Der Schauspieler Gerlindis Wolkersdörfer sprach im Fernsehen über seine Depression.",
)


@pytest.fixture
def shipped() -> Iterator[PersonModel]:
    """The shipped model, in use; whatever was in use before is restored."""
    model = PersonModel.load()
    person_model.use(model)
    yield model
    person_model.use(PersonModel.load())


def kinds(text: str) -> set[str]:
    return {str(k) for k in PiiClassifier(PiiSettings()).classify(PromptText(text, 1)).kinds}


def test_the_model_ships_in_the_package_and_loads_from_it() -> None:
    path = resources.files("kinference_epp.policy.classifiers").joinpath(MODEL_FILE)
    assert path.is_file()
    model = PersonModel.load()
    assert model.weights.shape == (BUCKETS,)
    assert np.isfinite(model.weights).all()
    assert np.abs(model.weights).max() > 0
    assert 0 < model.threshold <= model.long_threshold < 1


def test_scores_are_the_same_on_every_load_and_in_every_process() -> None:
    text = "Notre magasinier Maëlig Quessart est en chimiothérapie."
    start = text.index("Maëlig")
    end = start + len("Maëlig Quessart")
    lowers = lower_words(text)
    first = PersonModel.load().score(text, start, end, lowers)
    assert PersonModel.load().score(text, start, end, lowers) == first
    code = (
        "from kinference_epp.policy.classifiers.person_model import PersonModel, lower_words;"
        f"t={text!r};print(repr(PersonModel.load().score(t, {start}, {end}, lower_words(t))))"
    )
    for seed in ("1", "2"):  # string hashing is salted per process; the features are not
        out = subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        assert float(out) == pytest.approx(first, abs=1e-12)


def test_the_names_are_in_no_list() -> None:
    firsts, lasts = _names()
    assert not [n for n in NAMES if n in firsts or n in lasts]


@pytest.mark.parametrize(
    "text", [t for texts in UNLISTED.values() for t in texts], ids=lambda t: t[:32]
)
def test_an_unlisted_name_beside_a_fact_is_found_by_the_model(
    text: str, shipped: PersonModel
) -> None:
    assert "personName" in kinds(text)
    person_model.use(None)  # the rules alone miss it: the model is what finds it
    assert "personName" not in kinds(text)


def test_every_language_has_such_a_case() -> None:
    assert set(UNLISTED) == {"en", "de", "fr", "es"}


@pytest.mark.parametrize("text", PUBLIC, ids=lambda t: t[:32])
def test_public_figures_characters_and_placeholders_stay_unflagged(
    text: str, shipped: PersonModel
) -> None:
    assert kinds(text) == set()


def test_the_model_reads_spans_of_capitalised_words_only() -> None:
    text = "Im Zeugnis von Ruprecht Zangerl steht nichts; the report by mr smith is late."
    got = [text[s:e] for s, e in person_model.spans(text)]
    assert "Ruprecht Zangerl" in got
    assert not [g for g in got if "smith" in g]


FILLER = "\n".join(
    f"{i}. Restock the shelves in aisle {i % 7 + 1} before the doors open and log the "
    "fridge temperature."
    for i in range(1, 60)
)


def in_the_middle(note: str) -> str:
    half = len(FILLER) // 2
    return FILLER[:half] + "\n" + note + "\n" + FILLER[half:]


def test_a_long_prompt_is_read_around_its_facts(shipped: PersonModel) -> None:
    text = in_the_middle(
        "Confidential: Kenver Treharne-Blyth from the night shift has started chemotherapy "
        "and asked us to keep it quiet."
    )
    assert len(text) > 2000  # past what the rules read whole
    assert kinds(text) == {"personName", "health"}
    person_model.use(None)
    assert kinds(text) == set()


def test_a_specimen_in_a_long_prompt_stays_unflagged(shipped: PersonModel) -> None:
    text = in_the_middle(
        "Specimen for training only: patient Max Mustermann (fictitious) has started chemotherapy."
    )
    assert kinds(text) == set()
