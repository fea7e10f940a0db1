"""How a reader rates a request by all of its clauses, each in the four languages, on
prompts written for these tests (not taken from any evaluation set): a sentence the
instruction window cuts may read hard but never easy (its lost clauses may ask more); a
later clause opened by "and" ("und", "et", "y") asks with the verb after it; a change of
tone confined to that ("nothing else", "sans rien changer d'autre") is a rewrite; "make a
summary" is to summarise and "reformat" a reformat in every language."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


_SCENE = {
    "en": "Our intern Theo Lindqvist told the team lead he has epilepsy and may not drive "
    "the company van. Who needs to know?\n\n",
    "de": "Unsere Praktikantin Frieda Ostermann hat der Teamleitung gesagt, dass sie "
    "Epilepsie hat und den Firmenwagen nicht fahren darf. Wer muss das wissen?\n\n",
    "fr": "Notre stagiaire Anaïs Le Gall a dit au chef d'équipe qu'elle est épileptique et "
    "ne peut pas conduire la camionnette. Qui doit le savoir ?\n\n",
    "es": "Nuestra becaria Nerea Olaizola le contó al jefe de equipo que tiene epilepsia y "
    "no puede conducir la furgoneta. ¿Quién tiene que saberlo?\n\n",
}
_THREE_CLAUSES = {
    "en": "Sort each personal detail above by purpose, retention period and legal basis, "
    "show where the present handling breaks the GDPR, and design a corrected procedure "
    "with checks and an audit log.",
    "de": "Ordne jede Angabe oben nach Zweck, Aufbewahrungsfrist und Rechtsgrundlage, zeig, "
    "wo der heutige Umgang gegen die DSGVO verstößt, und entwirf ein korrigiertes "
    "Verfahren mit Prüfungen und Protokoll.",
    "fr": "Classe chaque donnée ci-dessus par finalité, durée de conservation et base "
    "légale, montre où le traitement actuel enfreint le RGPD, et conçois une procédure "
    "corrigée avec contrôles et journal.",
    "es": "Ordena cada dato de arriba por finalidad, plazo de conservación y base legal, "
    "muestra dónde el manejo actual incumple el RGPD y diseña un procedimiento corregido "
    "con controles y registro.",
}


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es"])
def test_a_design_asked_in_a_later_and_clause_is_hard(lang: str) -> None:
    assert level(_THREE_CLAUSES[lang]) is Complexity.HARD
    # ... after a case, with the window cutting the sentence after its first clauses
    assert len(_SCENE[lang]) + 60 < 300 < len(_SCENE[lang] + _THREE_CLAUSES[lang])
    assert level(_SCENE[lang] + _THREE_CLAUSES[lang]) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        # the sentence the window cuts opens with a sort; what follows it is lost to the
        # head and the closing paragraph is not this sentence
        "Please sort the open items below by owner and due date, then for each one that "
        "is late say which dependency blocks it, which of those dependencies sits on the "
        "critical path of the release, what it would cost to remove it and in which order "
        "you would tackle them given two engineers for three weeks; here are the items "
        "as exported from the tracker this morning with their owners, dates and links "
        "between them.",
        "Bitte sortiere die offenen Punkte unten nach Verantwortlichen und Fälligkeit, "
        "dann sag für jeden verspäteten, welche Abhängigkeit ihn blockiert, welche davon "
        "auf dem kritischen Pfad der Version liegt, was ihre Beseitigung kosten würde und "
        "in welcher Reihenfolge du sie mit zwei Leuten in drei Wochen angehen würdest.",
    ],
)
def test_a_sentence_cut_by_the_window_never_reads_easy(text: str) -> None:
    assert len(text) > 300
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Translate into Spanish, nothing else:\n\n" + "The pool closes early on Friday. " * 12,
        "Übersetze ins Englische:\n\n" + "Das Schwimmbad schließt am Freitag früher. " * 10,
        "Sort these names alphabetically, nothing else.",
        "Ordne die Namen alphabetisch, sonst nichts.",
    ],
)
def test_an_easy_ask_the_window_holds_whole_stays_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Übersetze den Absatz und formatiere ihn als Liste.",
        "Traduis le paragraphe et mets-le en liste.",
        "Traduce el párrafo y ponlo en una lista.",
    ],
)
def test_two_everyday_edits_joined_by_and_stay_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        _SCENE["en"] + "Make the above sound friendlier, nothing else.",
        _SCENE["de"] + "Mach den Text oben freundlicher, ohne sonst etwas zu ändern.",
        _SCENE["fr"] + "Rends le ton plus aimable, sans rien changer d'autre.",
        _SCENE["es"] + "Haz que suene más amable, sin cambiar nada más.",
    ],
)
def test_a_change_of_tone_confined_to_that_is_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Make this lock-free queue thread-safe under weak memory ordering, nothing else.",
        "Mach diese lock-freie Warteschlange threadsicher, sonst nichts.",
        "Make a migration plan for the Postgres cluster with zero downtime, nothing else.",
        "Haz un plan de migración sin tiempo de inactividad, sin cambiar nada más.",
    ],
)
def test_a_confined_make_that_builds_expert_work_is_not_easy(text: str) -> None:
    assert level(text) is not Complexity.EASY


_THREAD = {
    "en": "Make a summary of three lines:\n\n",
    "de": "Mach eine Zusammenfassung in drei Zeilen:\n\n",
    "fr": "Fais un résumé en trois lignes :\n\n",
    "es": "Haz un resumen de tres líneas:\n\n",
}
_LINES = {
    "en": "> [{n}] The boiler in hall {n} was serviced; the bike shed got a new lock.\n",
    "de": "> [{n}] Der Kessel in Halle {n} wurde gewartet; der Fahrradschuppen hat ein "
    "neues Schloss.\n",
    "fr": "> [{n}] La chaudière de la salle {n} a été révisée ; le local à vélos a une "
    "nouvelle serrure.\n",
    "es": "> [{n}] La caldera de la sala {n} se revisó; el cobertizo de las bicis tiene "
    "cerradura nueva.\n",
}


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es"])
def test_make_a_summary_of_a_long_paste_is_easy(lang: str) -> None:
    body = "".join(_LINES[lang].format(n=n) for n in range(60))
    assert level(_THREAD[lang] + body) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Reformat this log as a table with columns time, level and message:\n\n",
        "Formatiere dieses Log als Tabelle mit den Spalten Zeit, Stufe und Meldung um:\n\n",
        "Reformate ce journal en tableau avec les colonnes heure, niveau et message :\n\n",
        "Reformatea este log como tabla con columnas hora, nivel y mensaje:\n\n",
    ],
)
def test_reformat_a_long_log_is_easy(text: str) -> None:
    body = "".join(
        f"2026-04-0{n % 9 + 1}T06:{n:02d}:11Z INFO svc=depot span=a{n:04d} "
        f'dur_ms={100 + n} msg="gate {n} closed"\n'
        for n in range(60)
    )
    assert level(text + body) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Make a summary of the failure modes of this consensus protocol and justify which "
        "one to fix first, comparing the alternatives.",
        "Haz un resumen de los riesgos del diseño, justifica cuál atacar primero y compara "
        "las alternativas.",
    ],
)
def test_a_summary_that_must_argue_is_not_easy(text: str) -> None:
    assert level(text) is not Complexity.EASY
