"""What a request asks its answer to show (``classifiers.demands``), an explicit bound on the
answer's length, reshaping the given data into a form, and a later ask of a sentence, each in
the four languages, on prompts written for these tests (not taken from any evaluation set).

The costly mistake, a hard request on the small model, must not depend on the verb or the
text before the request: two demands (a justification and the alternatives, assumptions and
scenarios, expected harm and mitigations ...) make a request hard whatever opens it.
"""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers import complexity as cx
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier, task_signs
from kinference_epp.policy.classifiers.demands import WEAK, demands
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


_CONTEXT = {
    "en": "Karen Holt (born 12 May 1983) told HR she is being treated for depression and may "
    "need flexible hours.\n\n",
    "de": "Karin Holtmann (geb. 12.05.1983) hat der Personalabteilung gesagt, dass sie wegen "
    "Depressionen in Behandlung ist und flexible Arbeitszeiten braucht.\n\n",
    "fr": "Karine Holtz (née le 12/05/1983) a dit aux RH qu'elle est soignée pour une "
    "dépression et aura besoin d'horaires aménagés.\n\n",
    "es": "Carmen Olmedo (nacida el 12/05/1983) ha contado a RR. HH. que está en tratamiento "
    "por depresión y necesitará horario flexible.\n\n",
}
"""Personal data before the request: it must not pull a hard request down."""

_SEVERAL_DEMANDS = [
    # misuse modelled, ranked by expected harm with assumptions, mitigations with what remains
    ("en", "Model how a colleague could misuse this, rank the scenarios by expected damage "
     "with your assumptions stated, and suggest layered safeguards with their cost and the "
     "risk that remains."),
    ("de", "Modelliere, wie ein Kollege das ausnutzen könnte, sortiere die Szenarien nach "
     "erwartetem Schaden, nenne deine Annahmen und schlage Schutzmaßnahmen mit Kosten und "
     "verbleibendem Risiko vor."),
    ("fr", "Modélise comment un salarié pourrait exploiter ces informations, classe les "
     "scénarios par préjudice attendu en explicitant tes hypothèses, et propose des contrôles "
     "par niveaux avec leur coût et le risque résiduel."),
    ("es", "Modela cómo alguien de la oficina podría aprovecharse de esto, ordena los "
     "escenarios por perjuicio esperado con tus supuestos y propone salvaguardas escalonadas "
     "con su coste y el riesgo que queda."),
    # a choice argued against the alternatives, under a verb no list holds
    ("en", "Put together a beginner's repertoire of openings for White for a 1500-rated club "
     "player, arguing each choice against the alternatives."),
    ("fr", "Prépare un répertoire d'ouvertures avec les Noirs contre 1.e4 pour un joueur à "
     "1600 Elo, en argumentant chaque choix face aux alternatives."),
    ("es", "Prepara un plan de entrenamiento de maratón para una corredora de 45 años con "
     "40 km semanales, argumentando cada elección frente a las alternativas."),
    # each decision defended before a sceptic
    ("es", "Plantea un esquema completo de conservación de grabaciones de llamadas: base "
     "jurídica, minimización, cifrado, revisión de accesos y respuesta a incidentes, y "
     "defiende cada elección ante una auditora escéptica."),
    # scenarios and sensitivity, a stress test
    ("de", "Prüfe unseren Finanzplan für die Physiotherapiepraxis unter drei Szenarien und "
     "sag mir, auf welche Annahme er am empfindlichsten reagiert."),
    # the case for and against, with a recommendation
    ("en", "Set out the case for and against moving our allotment society's accounts to an "
     "online bank, and end with a recommendation."),
    ("de", "Stelle das Für und Wider dar, die Konten unseres Kleingartenvereins zu einer "
     "Online-Bank zu verlegen, und schließe mit einer Empfehlung."),
    # hypotheses, a test for each and their order
    ("es", "Nuestra copia de seguridad nocturna a veces tarda 10 minutos y a veces 4 horas. "
     "Enumera las hipótesis, cómo probarías cada una y en qué orden."),
    ("fr", "Notre sauvegarde nocturne dure parfois 10 minutes et parfois 4 heures. Liste les "
     "hypothèses, comment tu testerais chacune et dans quel ordre."),
    # what could go wrong, how likely, how bad
    ("fr", "Notre chorale part en tournée en car dans quatre villes en juillet. Passe en revue "
     "ce qui peut mal tourner, la probabilité et la gravité de chaque problème."),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "ask"), _SEVERAL_DEMANDS)
def test_two_demands_make_a_request_hard_whatever_stands_before_it(lang: str, ask: str) -> None:
    assert len(demands(ask.lower())) >= 2
    assert level(ask) is Complexity.HARD
    assert level(_CONTEXT[lang] + ask) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Modelliere die Tragfähigkeit eines genossenschaftlichen Hofladens mit acht "
        "Mitgliedern: Investitionen, Preise, Saisonalität und Krisenszenarien.",
        "Modélise la rentabilité d'un camping municipal de 80 emplacements : investissements, "
        "tarifs, saisonnalité, et scénarios de sécheresse.",
        "Modela la viabilidad de una librería cooperativa con diez socios: inversión, precios, "
        "estacionalidad y escenarios de crisis.",
    ],
)
def test_a_listed_model_with_one_demand_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Stell den Liquiditätsplan unseres Dorfladens für das nächste Jahr in drei Szenarien auf.",
        "Nous hésitons entre une pompe à chaleur et un poêle à granulés pour une ferme des "
        "années 1950 ; pèse le pour et le contre pour nous.",
        "Prepare a twelve-week training plan for a first marathon, justifying every choice.",
        "Une échelle de 5 m glisse contre un mur à 0,3 m/s. À quelle vitesse le haut "
        "descend-il quand le pied est à 3 m du mur ? Montre le calcul.",
    ],
)
def test_one_demand_keeps_a_request_off_the_small_model(text: str) -> None:
    _, features = cx.complexity_score(PromptText(text, 1))
    assert features["demand"] == 1.0
    assert task_signs(features)  # a trained model may not move it down either
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Recommend a classic film for a rainy evening.",
        "¿Alguien recomienda una serie?",
        "Rank these cities by population: Lyon, Lille, Nice.",
        "What's the main argument of 'Silent Spring', in one sentence?",
        "¿Cuál es el argumento principal de «Primavera silenciosa», en una frase?",
        "Change to British spelling: color, aluminum, defense, catalog.",
        "Name three free alternatives to Photoshop.",
        "Nombra tres alternativas gratuitas a Photoshop.",
        # a weak demand beside a bound on the answer
        "How serious is a sprained ankle? One line.",
        "Wie schlimm ist ein verstauchter Knöchel? Ein Satz.",
        "Why are some people sceptical of daylight saving time? Two sentences.",
    ],
)
def test_a_weak_or_noun_demand_alone_leaves_an_everyday_request_easy(text: str) -> None:
    assert demands(text.lower()) <= WEAK
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "word",
    ["proveedores", "premises", "razones", "leiter", "proofread", "compromiso", "sensitive"],
)
def test_demand_word_starts_do_not_match_other_words(word: str) -> None:
    assert demands(f"Please check the {word} list.".lower()) == frozenset()


@pytest.mark.parametrize(
    "text",
    [
        # a bound on the answer, however the question is phrased or what it names
        "Who was Sherlock Holmes's landlady, and why is she remembered? Two sentences.",
        "Wer wohnt im Ligusterweg 4, und warum ist die Adresse im ersten Band wichtig? Zwei Sätze.",
        "Qui habite au 221B Baker Street, et pourquoi l'adresse est-elle célèbre ? Deux phrases.",
        "In one short paragraph for a sales team: what is a Docker container, and why is it "
        "not a virtual machine?",
        "In einem kurzen Absatz für das Marketing: Was ist ein Git-Branch, und warum ist er "
        "keine Kopie des Projekts?",
        "En un párrafo breve para el equipo comercial: ¿qué es una API y por qué no es una "
        "base de datos?",
        "Is it 'fewer people' or 'less people'? Explain in two lines.",
        "Dit-on « après qu'il soit venu » ou « après qu'il est venu » ? Explique-le en deux "
        "lignes.",
        "¿Se dice «la calor» o «el calor»? Explícalo en dos líneas.",
        "Erkläre in drei Sätzen, was Olaf Scholz mit der „Zeitenwende“ gemeint hat.",
        "Explica en tres frases qué quería decir Felipe González con «OTAN, de entrada no».",
        "Kurz: Wer war Ada Lovelace und warum ist sie berühmt? Höchstens drei Sätze.",
        "Quel service doit traiter ceci : paie, RH ou informatique ? Un mot.",
        "Schreib eine zweizeilige Geburtstagsnachricht für meine Tante Rosa.",
        # a fronted bound: the explanation after it is the main ask, no second one
        "Mary Anning was born in 1799 in Lyme Regis. In a short paragraph, explain why her "
        "fossil finds mattered.",
        # a bound without a number
        "What is a Kubernetes ConfigMap and how is it different from a Secret? Keep it short.",
        "Was ist eine Kubernetes-ConfigMap und wie unterscheidet sie sich von einem Secret? "
        "Fass dich kurz.",
        "¿Qué es un ConfigMap de Kubernetes y en qué se diferencia de un Secret? Sé breve.",
    ],
)
def test_an_explicit_bound_on_the_answer_makes_a_question_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


def test_a_bound_does_not_lower_a_demanding_or_expert_request() -> None:
    assert level("In two sentences, justify the choice against the alternatives.") is not (
        Complexity.EASY
    )
    assert level(
        "In three sentences, explain why a Raft leader lease gives linearizable reads."
    ) is not (Complexity.EASY)
    # the text given, not a bound
    assert not cx._OUTPUT_CAP.search("analyse these two sentences for fallacies")


@pytest.mark.parametrize(
    "text",
    [
        "Write these years in Roman numerals: 1492 and 1815.",
        "Schreib in römischen Zahlen: 1848 und 1989.",
        "Écris en chiffres romains : 1515 et 1968.",
        "Escribe en números romanos: 1492 y 1936.",
        "Write in digits: four thousand and six, and two million three hundred.",
        "Écris en chiffres : deux mille quatorze et trois millions cinquante.",
        "Escribe con números: dos mil catorce y tres millones cincuenta.",
        "Our test fixture uses the fake user 'John Smith', john@example.org, born 1980-02-02. "
        "Write that as a JSON object.",
        "Testdaten für die Doku: Erika Mustermann, Heidestraße 17, 51147 Köln (Platzhalter). "
        "Mach daraus ein YAML-Beispiel.",
        "La alumna Nerea Ibarra tiene TDAH y puede hacer pausas en los exámenes.\n\n"
        "Pasa lo anterior a una tabla de dos columnas: campo, valor.",
        "Die Schülerin Lena Vogt hat eine Hörschwäche.\n\nBring das Obige in eine "
        "zweispaltige Tabelle: Feld, Wert.",
        "Fix the layout of this address block: Siemens AG Werner-von-Siemens-Straße 1 "
        "80333 München Germany",
        "Que veut dire « poser un lapin » et d'où vient l'expression ?",
        "Dans nos maquettes, la cliente fictive s'appelle Julie Martin, 2 rue de l'Essai, "
        "69000 Lyon. Présente ces données de test sous forme de tableau.",
        "Handbuch für Neue: erst Laptop abholen, dann Konten anlegen, dann Sicherheitsschulung."
        "\n\nMach aus diesem Handbuch eine Checkliste mit höchstens zehn Punkten.",
    ],
)
def test_reshaping_the_given_data_is_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Write a Python function that prints numbers in Roman numerals.",
        "Write a script that turns our CSV exports into JSON.",
        "Design the storage layout for a time-series database ingesting 10 million points "
        "per second.",
    ],
)
def test_building_a_converter_or_designing_a_layout_is_no_reshaping(text: str) -> None:
    assert level(text) is not Complexity.EASY


def test_a_long_paste_with_a_simple_task_in_a_bound_is_easy() -> None:
    notes = "Item: the café rota was discussed; volunteers swap Tuesday and Thursday shifts.\n"
    assert level(
        "Meeting notes.\n" + notes * 60 + "\nSummarise the notes above in two sentences."
    ) is (Complexity.EASY)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Summarise the study below and critique its methodology, pointing out every threat "
         "to validity.\n\nWe surveyed 40 volunteers from one gym about protein shakes.",
         Complexity.HARD),
        ("Résume l'étude ci-dessous et critique sa méthodologie en relevant chaque menace pour "
         "la validité.\n\nNous avons interrogé 40 volontaires d'une salle de sport.",
         Complexity.HARD),
        ("Resume el estudio de abajo y critica su metodología señalando cada amenaza a la "
         "validez.\n\nEncuestamos a 40 voluntarios de un gimnasio.", Complexity.HARD),
        ("Fasse die Studie unten zusammen und kritisiere ihre Methodik, mit jeder Gefahr für "
         "die Validität.\n\nWir haben 40 Freiwillige aus einem Fitnessstudio befragt.",
         Complexity.HARD),
    ],
)  # fmt: skip
def test_a_later_analysis_in_a_sentence_counts(text: str, expected: Complexity) -> None:
    assert level(text) is expected


@pytest.mark.parametrize(
    "text",
    [
        "Rewrite the first paragraph of 'Pride and Prejudice' as a tabloid story and explain "
        "what is lost in the process.",
        "Reescribe el primer párrafo de «Orgullo y prejuicio» al estilo de una noticia "
        "sensacionalista y explica qué se pierde por el camino.",
    ],
)
def test_an_explanation_beside_a_mechanical_task_is_no_lookup(text: str) -> None:
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Our app's churn jumped from 3% to 9% after a price change. What could explain it, "
        "and what data would you look at first?",
        "Die Abwanderung unserer App ist nach einer Preisänderung von 3 % auf 9 % gestiegen. "
        "Was könnte das erklären, und welche Daten würdest du zuerst ansehen?",
        "La tasa de bajas de nuestra app pasó del 3 % al 9 % tras un cambio de precio. ¿Qué "
        "podría explicarlo y qué datos mirarías primero?",
        "Ich verkaufe den Mercedes meines Vaters gleichzeitig an einen Händler und an "
        "Privatleute. Wie sollte ich die Angebote staffeln, was wem verraten, und wo liegt "
        "meine Schmerzgrenze?",
        "Vendo el coche de mi padre a la vez a un concesionario y a particulares. ¿Cómo "
        "debería escalonar las ofertas, qué revelar a quién y dónde está mi precio mínimo?",
    ],
)
def test_questions_asking_for_judgement_are_no_lookup(text: str) -> None:
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Which wine should I serve with salmon?",
        "Welchen Wein sollte ich zu Lachs servieren?",
        "Quel vin devrais-je servir avec du saumon ?",
        "¿Qué vino debería servir con salmón?",
        "Could you tell me the capital of Peru?",
        "Who wrote Hamlet, when was it first staged and where?",
        "Was kostet ein Brief nach Spanien?",
    ],
)
def test_one_question_for_advice_or_several_lookups_stay_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


def test_a_reply_with_sources_and_a_fallback_is_no_everyday_note() -> None:
    assert demands("rédige ma réponse en citant mes droits, avec une position de repli") == {
        "evidence",
        "contingency",
    }
    assert (
        level(
            "Rédige ma réponse à un propriétaire qui veut augmenter le loyer de 20 %, en citant "
            "l'encadrement des loyers et mes droits, avec une position de repli s'il refuse."
        )
        is Complexity.HARD
    )


@pytest.mark.parametrize(
    "text",
    [
        "Un patient de 74 ans sous warfarine reçoit de la clarithromycine. Quelle interaction "
        "faut-il attendre, comment se verra-t-elle sur l'INR et comment ajuster la dose ?",
        "Mach einen Sitzplan für 120 Hochzeitsgäste an 12 Tischen: geschiedene Eltern "
        "getrennt, die Fans der zwei Vereine gemischt, Kinder nahe am Ausgang und kein Tisch "
        "nur mit Fremden.",
    ],
)
def test_how_questions_and_a_listed_specification_are_no_lookup(text: str) -> None:
    assert level(text) is not Complexity.EASY


def test_placeholder_data_made_into_a_csv_file_is_easy() -> None:
    assert (
        level(
            "Données fictives pour le tutoriel : Marie Exemple, 3 rue du Test, 00000 Villeneuve. "
            "Fais-en un fichier CSV avec l'en-tête adapté."
        )
        is Complexity.EASY
    )


_RECEPTION = {
    "en": "Note from reception: Mr Daniel Okafor, 14 Elm Row, Leeds LS6 2AB, has epilepsy.\n\n",
    "de": "Notiz vom Empfang: Herr Daniel Okafor, Ulmenweg 14, 04109 Leipzig, hat Epilepsie.\n\n",
    "fr": "Note de l'accueil : M. Daniel Okafor, 14 rue des Ormes, 69003 Lyon, épileptique.\n\n",
    "es": "Nota de recepción: el señor Daniel Okafor, calle Olmo 14, 46001 Valencia, tiene "
    "epilepsia.\n\n",
}


@pytest.mark.parametrize(
    ("lang", "ask"),
    [
        ("en", "Replace the name and address above with [REDACTED] and leave the rest "
         "unchanged."),
        ("de", "Ersetze Name und Adresse oben durch [GESCHWÄRZT] und lass den Rest "
         "unverändert."),
        ("fr", "Remplace le nom et l'adresse ci-dessus par [MASQUÉ] et laisse le reste "
         "inchangé."),
        ("es", "Sustituye el nombre y la dirección de arriba por [OCULTO] y deja el resto "
         "igual."),
    ],
)  # fmt: skip
def test_masking_the_personal_data_given_is_a_mechanical_edit(lang: str, ask: str) -> None:
    assert level(_RECEPTION[lang] + ask) is Complexity.EASY


@pytest.mark.parametrize(
    ("lang", "ask"),
    [
        ("de", "Schreib die interne Richtlinie für solche Notizen: wer sie erfasst, wo sie "
         "gespeichert werden, wer sie lesen darf und wie lange sie aufbewahrt werden \u2013 mit dem "
         "Grund für jede Regel."),
        ("fr", "Rédige la politique interne pour ce type de notes : qui les saisit, où elles "
         "sont stockées, qui peut les lire et combien de temps on les garde, avec la raison "
         "de chaque règle."),
        ("es", "Redacta la política interna para notas como esta: quién las registra, dónde "
         "se guardan, quién puede leerlas y cuánto tiempo se conservan, con el motivo de cada "
         "regla."),
    ],
)  # fmt: skip
def test_a_listed_policy_with_a_reason_for_each_rule_is_hard(lang: str, ask: str) -> None:
    assert level(_RECEPTION[lang] + ask) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Prepare a twelve-week training plan for a first marathon for a 45-year-old who runs "
        "30 km a week, justifying every choice.",
        "Prépare un plan d'entraînement de douze semaines pour un premier marathon d'une "
        "coureuse de 45 ans qui fait 30 km par semaine, en justifiant chaque choix.",
        "Prepara un plan de entrenamiento de doce semanas para el primer maratón de una mujer "
        "de 45 años que corre 30 km por semana, justificando cada decisión.",
    ],
)
def test_a_detailed_piece_of_work_with_a_demand_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Classe ce message (facturation, accès, RH, autre) et justifie ton choix en deux phrases.",
    ],
)
def test_a_classification_with_a_short_justification_is_medium(text: str) -> None:
    assert level(text) is Complexity.MEDIUM


def test_a_modal_in_a_sentence_read_twice_counts_once() -> None:
    text = (
        "2760293300829 67 : c'est mon numéro INSEE, oublié sur le formulaire.\n\n"
        "Écris la réponse que notre accueil devrait envoyer : aimable, 120 mots au plus."
    )
    assert level(text) is not Complexity.HARD


@pytest.mark.parametrize(
    "ask",
    [
        "Show how the answer changes if the budget halves.",
        "Zeig, wie sich die Antwort ändert, wenn das Budget halbiert wird.",
        "Montre comment la réponse change si le budget est divisé par deux.",
        "Di si la respuesta cambia si el presupuesto se reduce a la mitad.",
    ],
)
def test_what_would_change_the_answer_is_a_sensitivity_analysis(ask: str) -> None:
    assert "sensitivity" in demands(ask.lower())


def test_a_recommendation_and_what_would_change_it_are_two_demands() -> None:
    text = (
        "Compare three ways to store signed contracts (paper, a shared drive, a document "
        "system), recommend one and show how the recommendation changes if volumes triple."
    )
    assert {"recommendation", "sensitivity"} <= demands(text.lower())
    assert level(text) is Complexity.HARD
