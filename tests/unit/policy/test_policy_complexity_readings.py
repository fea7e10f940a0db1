"""How a reader sees that a task is hard or easy where its words alone do not say it, each
in the four languages, on prompts written for these tests (not taken from any evaluation
set): an edit word naming a part of a design, German separable verbs, a later clause opened
by "then", a choice between two options to check, a thesis defended against the opposing
view, a task asked as "do the <analysis>", names rewritten in a quoted form, capitalisation."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers import complexity as cx
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.complexity import ComplexityClassifier
from kinference_epp.policy.classifiers.demands import demands
from kinference_epp.policy.classifiers.languages import in_english, task_verb
from kinference_epp.policy.model import Complexity


def level(text: str) -> Complexity:
    return ComplexityClassifier().classify(PromptText(text, 1))


@pytest.mark.parametrize(
    "text",
    [
        "Design the product search of an online bookshop with 2 million titles: tokenising, "
        "ranking, typo tolerance, synonyms and an offline evaluation of relevance.",
        "Entwirf die Suche eines Online-Buchhandels mit 2 Millionen Titeln: Zerlegung in "
        "Wörter, Ranking, Toleranz für Tippfehler, Synonyme und eine Offline-Bewertung der "
        "Relevanz.",
        "Conçois la recherche d'une librairie en ligne de 2 millions de titres : découpage, "
        "classement, tolérance aux fautes de frappe, synonymes et une évaluation hors ligne "
        "de la pertinence.",
        "Diseña la búsqueda de una librería en línea con 2 millones de títulos: separación "
        "en palabras, ranking, corrección de la ortografía de las consultas, sinónimos y una "
        "evaluación offline de la relevancia.",
    ],
)
def test_an_edit_word_naming_a_part_of_a_design_leaves_the_design_hard(text: str) -> None:
    """Typo tolerance or spelling correction is a feature of the system to design, not an
    edit asked of the text: the design is hard, never the small model's."""
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Fix the typos in this sentence, nothing else: 'the meetnig is on tusday'.",
        "Korrigiere die Tippfehler in diesem Satz: 'das treffen ist am dienstga'.",
        "Corrige les fautes dans cette phrase : « la réunoin est mardi ».",
        "Corrige la ortografía de esta frase: «la reunion es el martes».",
    ],
)
def test_an_edit_asked_of_the_text_stays_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Calculate the heating load of a 140 m² old house, explain the influence of the "
        "windows and propose an order of renovation.",
        "Berechne die Heizlast eines Altbaus mit 140 m², erkläre den Einfluss der Fenster "
        "und schlage eine Reihenfolge der Sanierung vor.",
        "Calcule la charge de chauffage d'une maison ancienne de 140 m², explique "
        "l'influence des fenêtres et propose un ordre de rénovation.",
        "Calcula la carga de calefacción de una casa antigua de 140 m², explica la "
        "influencia de las ventanas y propón un orden de reforma.",
    ],
)
def test_three_asks_with_an_explanation_are_hard_whatever_verb_form(text: str) -> None:
    """German closes a separable verb's clause with its particle ("schlage ... vor"): the
    ask is the pair, and it counts among the sentence's asks as in the other languages."""
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    ("german", "english"),
    [
        ("rechne die zinsen für fünf jahre aus.", "calculate"),
        ("schlage eine lösung vor.", "suggest"),
        ("arbeite einen zeitplan aus.", "draft"),
        ("weise nach, dass die folge konvergiert.", "prove"),
    ],
)
def test_german_separable_verbs_read_as_their_ask(german: str, english: str) -> None:
    assert in_english(german, "de").startswith(english)


@pytest.mark.parametrize(
    "text",
    [
        "Draft a customer-data usage charter, then test it against three conflicting "
        "requirements (marketing, security, legal) and show how you settle each conflict.",
        "Formuliere eine Nutzungsrichtlinie für Kundendaten, dann stelle sie drei "
        "widersprüchlichen Anforderungen (Marketing, Sicherheit, Recht) gegenüber und zeige, "
        "wie du jeden Konflikt entscheidest.",
        "Rédige une charte d'usage des données clients, puis confronte-la à trois exigences "
        "contradictoires (marketing, sécurité, juridique) et montre comment tu tranches "
        "chaque conflit.",
        "Redacta una política de uso de datos de clientes, luego contrástala con tres "
        "exigencias contradictorias (marketing, seguridad, legal) y muestra cómo resuelves "
        "cada conflicto.",
    ],
)
def test_conflicting_requirements_to_settle_are_hard(text: str) -> None:
    """A clause opened by "then" ("puis", "dann", "luego") is read past that word, and
    settling each conflict between requirements is weighing them against each other."""
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "A garage has three lifts and 40 jobs a day. Model the utilisation, calculate the "
        "waiting time and check whether a fourth lift or longer opening hours help more.",
        "Eine Werkstatt hat drei Hebebühnen und 40 Aufträge pro Tag. Modelliere die "
        "Auslastung, berechne die Wartezeit und prüfe, ob eine vierte Bühne oder längere "
        "Öffnungszeiten mehr bringen.",
        "Un garage a trois ponts et 40 interventions par jour. Modélise l'occupation, "
        "calcule l'attente et vérifie si un quatrième pont ou des horaires plus longs "
        "apportent davantage.",
        "Un taller tiene tres elevadores y 40 trabajos al día. Modela la ocupación, calcula "
        "la espera y comprueba si un cuarto elevador o un horario más largo ayuda más.",
    ],
)
def test_a_choice_between_two_options_among_three_asks_is_hard(text: str) -> None:
    """ "Check whether A or B helps more" asks for a comparison of the two options."""
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Check whether the bakery is open on Sunday or Monday.",
        "Prüfe, ob die Bäckerei am Sonntag oder am Montag offen hat.",
        "Vérifie si la boulangerie est ouverte dimanche ou lundi.",
        "Comprueba si la panadería abre el domingo o el lunes.",
        # asked to be told, among three asks
        "List the stops, give the times and tell me if the bus or the train is faster.",
        "Nenne die Haltestellen, gib die Zeiten an und sag mir, ob Bus oder Bahn schneller ist.",
        "Liste les arrêts, donne les horaires et dis-moi si le bus ou le train est plus rapide.",
        "Enumera las paradas, da los horarios y dime si el autobús o el tren es más rápido.",
    ],
)
def test_a_lookup_between_two_days_is_not_hard(text: str) -> None:
    assert level(text) is not Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "In 'Middlemarch': is Dorothea's marriage a mistake or an education? Develop a "
        "thesis from at least three scenes, bring in Lydgate and refute the strongest "
        "opposing view.",
        "In Fontanes 'Effi Briest': Ist Innstetten Täter oder Opfer der Konvention? Entwickle "
        "eine These an mindestens drei Szenen, beziehe Crampas ein und widerlege die stärkste "
        "Gegenposition.",
        "Dans « Madame Bovary » : Charles est-il coupable ou victime ? Développe une thèse à "
        "partir d'au moins trois scènes, fais intervenir Homais et réfute la position adverse "
        "la plus forte.",
        "En «La Regenta»: ¿es Ana Ozores víctima o cómplice? Desarrolla una tesis con al "
        "menos tres escenas, incluye a Fermín de Pas y refuta la postura contraria más fuerte.",
    ],
)
def test_a_thesis_defended_against_the_opposing_view_is_hard(text: str) -> None:
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "What is the thesis of 'The Wealth of Nations'?",
        "Was ist die These von 'Der Untertan'?",
        "Quelle est la thèse de « L'Étranger » ?",
        "¿Cuál es la tesis de «El árbol de la ciencia»?",
    ],
)
def test_asking_what_a_thesis_is_is_not_hard(text: str) -> None:
    assert level(text) is not Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Do the threat model of a bike-rental platform: assets, attackers, entry points, "
        "STRIDE per component and a prioritised plan of measures.",
        "Mach das Bedrohungsmodell einer Fahrradverleih-Plattform: Werte, Angreifer, "
        "Einstiegspunkte, STRIDE je Komponente und einen priorisierten Maßnahmenplan.",
        "Fais le modèle de menace d'une plateforme de location de vélos : actifs, "
        "attaquants, points d'entrée, STRIDE par composant et plan de mesures priorisé.",
        "Haz el modelo de amenazas de una plataforma de alquiler de bicis: activos, "
        "atacantes, puntos de entrada, STRIDE por componente y un plan de medidas priorizado.",
        "Carry out a risk assessment of our move to a single cloud provider: lock-in, "
        "outages, cost drift and data residency, with a prioritised list of controls.",
        "Führe eine Risikoanalyse für den Umzug zu einem einzigen Cloud-Anbieter durch: "
        "Abhängigkeit, Ausfälle, Kostendrift und Datenresidenz, mit priorisierten Maßnahmen.",
        "Effectue une analyse de risques du passage à un seul fournisseur cloud : dépendance, "
        "pannes, dérive des coûts et localisation des données, avec des mesures priorisées.",
        "Realiza un análisis de riesgos del paso a un único proveedor de nube: dependencia, "
        "caídas, deriva de costes y residencia de datos, con medidas priorizadas.",
    ],
)
def test_an_analysis_asked_as_do_the_analysis_is_hard(text: str) -> None:
    """ "Do / make the threat model (the analysis, the assessment)" asks for that analysis."""
    assert level(text) is Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Make a shopping list: milk, eggs, bread.",
        "Mach eine Einkaufsliste: Milch, Eier, Brot.",
        "Fais une liste de courses : lait, œufs, pain.",
        "Haz una lista de la compra: leche, huevos, pan.",
        "Do a quick estimate of how many litres of paint I need for a 4 x 5 m room.",
        "Mach eine kurze Schätzung, wie viele Liter Farbe ich für ein Zimmer von 4 x 5 m brauche.",
        "Fais une estimation rapide du nombre de litres de peinture pour une pièce de 4 x 5 m.",
        "Haz una estimación rápida de cuántos litros de pintura necesito para una habitación "
        "de 4 x 5 m.",
    ],
)
def test_make_with_an_everyday_object_is_not_hard(text: str) -> None:
    assert level(text) is not Complexity.HARD


@pytest.mark.parametrize(
    "text",
    [
        "Sample names from the form (invented): Max Sample, Erika Example, Tom Test. "
        "Write them as 'Surname, First name'.",
        "Musternamen aus dem Formular (erfunden): Max Muster, Erika Beispiel, Tom Test. "
        "Schreib sie als 'Nachname, Vorname'.",
        "Noms d'exemple du formulaire (inventés) : Max Exemple, Julie Essai, Tom Test. "
        "Écris-les sous la forme « NOM, Prénom ».",
        "Nombres de ejemplo del formulario (inventados): Max Ejemplo, Ana Prueba, Tom Test. "
        "Escríbelos como «Apellido, Nombre».",
    ],
)
def test_names_rewritten_in_a_quoted_form_are_easy(text: str) -> None:
    """A closing ask to put the listed items in a form given in quotes is a reformat."""
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Fix the capitalisation: 'we drive to berlin on monday'.",
        "Schreib richtig groß und klein: 'wir fahren am montag nach berlin'.",
        "Mets les majuscules correctement : « nous partons lundi à lyon ».",
        "Pon bien las mayúsculas: «el lunes vamos a sevilla».",
    ],
)
def test_capitalisation_of_a_quoted_sentence_is_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Write a grammar checker that fixes capitalisation: 'we drive to berlin'.",
        "Schreib ein Programm, das die Rechtschreibung prüft: 'das treffen ist am dienstag'.",
        "Écris un correcteur d'orthographe pour ce cas : « la réunoin est mardi ».",
        "Escribe un corrector de ortografía para este caso: «la reunion es el martes».",
    ],
)
def test_writing_a_tool_for_an_edit_is_not_easy(text: str) -> None:
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "request_text",
    [
        "compare the two offers and say how the recommendation changes if rates rise.",
        "vergleiche die zwei angebote und sag, wie sich die empfehlung ändert, wenn die zinsen "
        "steigen.",
        "compare les deux offres et dis comment change la recommandation si les taux montent.",
        "compara las dos ofertas y di cómo cambia la recomendación si suben los tipos.",
    ],
)
def test_how_the_answer_changes_if_asks_for_a_sensitivity(request_text: str) -> None:
    """Spanish and French may put the verb before the answer it changes."""
    assert "sensitivity" in demands(request_text)


@pytest.mark.parametrize(
    ("word", "ask"),
    [("prüfe", "check"), ("prüfte", None), ("bewerte", "evaluate"), ("bewertete", None),
     ("analysiere", "analyze"), ("analysierten", None)],
)  # fmt: skip
def test_a_german_verb_in_the_simple_past_is_no_ask(word: str, ask: str | None) -> None:
    assert task_verb(word, "de") == ask


@pytest.mark.parametrize(
    "text",
    [
        "clasifica esto como facturación, acceso, rr. hh. u otro.",
        "envía el informe a los ee. uu. antes del viernes.",
    ],
)
def test_a_doubled_letter_abbreviation_ends_no_sentence(text: str) -> None:
    assert cx._sentences(text) == [text]


def test_sentences_still_end_at_a_full_stop() -> None:
    assert cx._sentences("it is ok. send it.") == ["it is ok.", "send it."]


@pytest.mark.parametrize(
    "text",
    [
        "Suggest a restaurant in Cologne for Sunday.",
        "Schlag mir ein Restaurant in Köln für Sonntag vor.",
        "Propose-moi un restaurant à Lyon pour dimanche.",
        "Recomiéndame un restaurante en Sevilla para el domingo.",
        "Convert 150 dollars to euros.",
        "Rechne 150 Dollar in Euro um.",
        "Add up these amounts: 12, 30, 8.",
        "Rechne die Summe aus: 12, 30, 8.",
        "Stell eine Packliste für drei Tage Urlaub am Meer auf.",
        "Ordne diese Tiere ein: Hund, Adler, Forelle.",
    ],
)
def test_everyday_asks_by_separable_verbs_stay_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Write these dates as 'YYYY-MM-DD': 3 March 2024, 14 July 2023.",
        "Schreib diese Daten als 'TT.MM.JJJJ': 3. März 2024, 14. Juli 2023.",
        "Écris ces dates sous la forme « JJ/MM/AAAA » : 3 mars 2024, 14 juillet 2023.",
        "Escribe estas fechas como «DD/MM/AAAA»: 3 de marzo de 2024, 14 de julio de 2023.",
    ],
)
def test_dates_rewritten_in_a_quoted_form_are_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Rewrite a dense legal memo for shop owners: explain how you would keep every "
        "obligation intact while cutting the jargon, and demonstrate it on a text you write.",
        "Vereinfache ein dichtes Rechtsgutachten für Ladenbesitzer: erkläre, wie du jede "
        "Pflicht erhalten würdest, während du den Fachjargon kürzt, und zeige es an einem "
        "Text, den du selbst schreibst.",
        "Simplifie une note juridique dense pour des commerçants : explique comment tu "
        "garderais chaque obligation intacte tout en coupant le jargon, et montre-le sur un "
        "texte que tu écris toi-même.",
        "Simplifica un informe jurídico denso para comerciantes: explica cómo mantendrías "
        "intacta cada obligación recortando la jerga, y demuéstralo sobre un texto que "
        "escribas tú.",
    ],
)
def test_an_easy_ask_beside_a_task_the_rules_cannot_rate_is_not_easy(text: str) -> None:
    """The easy words of the mechanical part (rewrite, simplify) set no level when another
    sentence of the request opens a task the rules could not rate."""
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Translate 'thank you' into Spanish. Explain what 'de nada' means.",
        "Übersetze 'danke' ins Spanische. Erkläre, was 'de nada' bedeutet.",
        "Traduis « merci » en espagnol. Explique ce que veut dire « de nada ».",
        "Traduce 'gracias' al alemán. Explica qué significa 'bitte'.",
    ],
)
def test_an_easy_ask_beside_a_short_explanation_stays_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Name each conflict in 'Middlemarch' in one sentence.",
        "Nenne jeden Konflikt im Roman 'Effi Briest' in einem Satz.",
        "Nomme chaque conflit de « Madame Bovary » en une phrase.",
        "Nombra cada conflicto de «La Regenta» en una frase.",
    ],
)
def test_naming_each_conflict_is_no_weighing(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "request_text",
    [
        "develop a thesis and deal with the strongest opposing reading.",
        "entwickle eine these und setz dich mit der stärksten gegenlesart auseinander.",
        "développe une thèse et discute la lecture adverse la plus forte.",
        "desarrolla una tesis y discute la lectura contraria más fuerte.",
    ],
)
def test_a_thesis_against_the_opposing_reading_makes_two_demands(request_text: str) -> None:
    assert {"thesis", "counterarguments"} <= demands(request_text)


@pytest.mark.parametrize(
    "text",
    [
        "Work out how to heat a 90 m² flat cheapest: heat pump vs pellet stove vs district "
        "heating, with subsidies.",
        "Finde heraus, wie ich eine 90-m²-Wohnung am günstigsten heize: Wärmepumpe vs "
        "Pelletofen vs Fernwärme, mit Förderung.",
        "Trouve comment chauffer au moins cher un appartement de 90 m² : pompe à chaleur vs "
        "poêle à granulés vs réseau de chaleur, avec les aides.",
        "Averigua cómo calentar más barato un piso de 90 m²: bomba de calor vs estufa de "
        "pellets vs calefacción urbana, con ayudas.",
    ],
)
def test_a_problem_to_work_out_is_no_how_to_lookup(text: str) -> None:
    assert level(text) is not Complexity.EASY


@pytest.mark.parametrize("text", ["How to boil an egg?", "Work out 15 % of 80."])
def test_a_how_to_question_and_a_sum_stay_easy(text: str) -> None:
    assert level(text) is Complexity.EASY


@pytest.mark.parametrize(
    "text",
    [
        "Translate this into German, then into French: 'good morning'.",
        "Übersetze das ins Englische und dann ins Französische: 'guten Morgen'.",
        "Traduis ceci en allemand, puis en espagnol : « bonjour ».",
        "Traduce esto al alemán y luego al francés: «buenos días».",
    ],
)
def test_one_then_after_a_comma_is_one_step(text: str) -> None:
    assert level(text) is Complexity.EASY


def test_two_thens_are_still_a_sequence_of_steps() -> None:
    text = "Parse the access log, then group the requests by user, then fit a rate model."
    assert level(text) is Complexity.HARD
