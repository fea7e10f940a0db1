"""Classes of personal data and of public facts, each checked in four languages with guards:
an in-law written without hyphens ("my sister in law", "ma belle sœur") and a family title
before a first name ("la tía Remedios", "Tante Erika", "Aunt Mabel"); "bi" said of a
person; a criminal record "for" an offence ("un casier pour vol"); a numbered plot of land
in long minutes ("plot 9" is no story's plot; German, French and Spanish name it
Parzelle, parcelle, parcela, no story word); a strongSwan peer's identity glued to its
address; a public office, a sportsperson's palmarès, a world-level title and a museum's
text beside a birth; a literary analysis of a work's passages; a visitor's question about
a venue (the queue, the nearest underground, step-free access). Every example is invented."""

from __future__ import annotations

import pytest

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.model import PiiSettings


def kinds(text: str) -> set[str]:
    return {str(k) for k in PiiClassifier(PiiSettings()).classify(PromptText(text, 1)).kinds}


# -- relatives: an in-law without hyphens, a family title before a first name --------------


@pytest.mark.parametrize(
    "text",
    [
        "my sister in law Thandiwe has been in hospital with pneumonia since Monday, can you "
        "draft a note to her manager?",
        "my brother in law Oswin is in rehab for gambling, how do I talk to his kids about it?",
        "ma belle sœur Ophélie est en chimio depuis mars, aide-moi à écrire un mot à ses collègues",
        "meine Schwägerin Hannelore hat seit März eine Chemo, hilf mir bei einer Karte für sie",
        "mi cuñada Rocío está en tratamiento por depresión, ayúdame con un mensaje para su jefe",
    ],
)
def test_an_in_law_named_with_or_without_hyphens_flags(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "la tía Remedios está con diálisis y no podrá venir a la boda, ¿me ayudas con un mensaje?",
        "la tante Odile est sous chimio depuis mai, aide-moi à écrire un mot à la famille",
        "die Tante Erika hat Parkinson und kann nicht zur Hochzeit kommen, hilf mir mit einer "
        "Nachricht an die Familie",
        "Aunt Mabel is having chemotherapy and can't come to the wedding, help me write to "
        "the family",
    ],
)
def test_a_family_title_before_a_first_name_flags(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "my sister in law has been in hospital since Monday, what should I bring her?",
        "la tía de mi amiga está con quimio, ¿qué le puedo regalar?",
        "la tante d'une amie est sous chimio, que lui offrir ?",
        "Die Tante hat Parkinson; welche Hilfsmittel gibt es für den Alltag?",
        "An aunt with diabetes is visiting; what can I cook for her?",
    ],
)
def test_a_relative_with_no_name_names_no_one(text: str) -> None:
    assert "personName" not in kinds(text)


# -- special facts: "bi" said of a person, a criminal record for an offence ---------------


@pytest.mark.parametrize(
    "text",
    [
        "Our trainee Kasimir Oduya told me he's bi and is afraid to tell the team. How can I "
        "support him?",
        "Unser Praktikant Kasimir Oduya hat mir erzählt, dass er bi ist und sich nicht traut, "
        "es im Team zu sagen. Wie unterstütze ich ihn?",
        "Notre stagiaire Kasimir Oduya m'a confié qu'il est bi et n'ose pas le dire à "
        "l'équipe. Comment le soutenir ?",
        "Nuestro becario Kasimir Oduya me contó que es bi y no se atreve a decirlo al equipo. "
        "¿Cómo lo apoyo?",
    ],
)
def test_bi_said_of_a_named_person_flags(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "The team stand-up is bi-weekly; is a bi-annual review enough for contractors?",
        "Der Bericht ist bi-lingual; reicht eine Übersetzung pro Quartal?",
        "Le rapport est bi-mensuel ; faut-il une version trimestrielle ?",
        "El informe es bi-mensual; ¿hace falta uno trimestral?",
    ],
)
def test_bi_as_a_prefix_stays_clean(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Le bénévole Théodore Vasseur a un casier pour vol, il veut tenir la caisse de la "
        "kermesse : que faire ?",
        "Our volunteer Theodore Vasseur has a record for domestic violence and wants to lead "
        "the youth trip. What should we do?",
        "Unser Ehrenamtlicher Theodor Vasseur ist wegen Körperverletzung vorbestraft und will "
        "die Jugendfahrt leiten. Was tun?",
        "El voluntario Teodoro Vásquez tiene antecedentes por robo y quiere llevar la caja. "
        "¿Qué hacemos?",
    ],
)
def test_a_record_for_an_offence_flags(text: str) -> None:
    assert "personName" in kinds(text)


def test_a_locker_is_no_record() -> None:
    text = (
        "Le bénévole Théodore Vasseur a un casier pour ranger son matériel : où mettre les gilets ?"
    )
    assert kinds(text) == set()


# -- a numbered plot of land in long minutes ------------------------------------------------


def _minutes(note: str, heading: str, item: str) -> str:
    lines = [heading]
    lines += [
        f"{item} {n}: {('hedge', 'water', 'shed', 'gravel')[n % 4]} ({n % 7} / 3)."
        for n in range(1, 121)
    ]
    lines.insert(60, note)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("heading", "item", "note"),
    [
        (
            "Minutes of the Gardeners' Society committee:",
            "Item",
            "Any other business: Rosalind Featherby-Oakes told the committee she starts "
            "chemotherapy in June; her son Declan will look after plot 9 meanwhile.",
        ),
        (
            "Protokoll der Vorstandssitzung des Kleingartenvereins:",
            "Punkt",
            "Verschiedenes: Rosalind Featherby-Oakes teilte mit, dass sie im Juni eine "
            "Chemotherapie beginnt; ihr Sohn kümmert sich so lange um Parzelle 9.",
        ),
        (
            "Compte rendu du bureau de l'association des jardins familiaux :",
            "Point",
            "Divers : Rosalind Featherby-Oakes a dit au bureau qu'elle commence une "
            "chimiothérapie en juin ; son fils s'occupera de la parcelle 9 en attendant.",
        ),
        (
            "Acta de la junta de la asociación de huertos:",
            "Punto",
            "Ruegos y preguntas: Rosalind Featherby-Oakes contó a la junta que empieza "
            "quimioterapia en junio; su hijo cuidará la parcela 9 mientras tanto.",
        ),
    ],
)
def test_a_numbered_plot_in_long_minutes_is_land_not_a_story(
    heading: str, item: str, note: str
) -> None:
    text = _minutes(note, heading, item)
    assert len(text) > 2000
    assert {"personName", "health"} <= kinds(text)


def test_a_story_plot_keeps_its_characters() -> None:
    text = (
        "In the plot of my draft, the heroine Ottilie Marsh learns she has cancer; write the "
        "next chapter."
    )
    assert "health" not in kinds(text)


# -- a strongSwan peer's identity ------------------------------------------------------------


_IKE = (
    "2024-11-05T09:12:44+00:00 gw2 charon: 07[IKE] IKE_SA home[12] established between "
    "81.2.69.160[{peer}] and 10.0.0.1[gw2]\n\n{ask}"
)


@pytest.mark.parametrize(
    "ask",
    [
        "Summarise in three bullets.",
        "Fass das in drei Stichpunkten zusammen.",
        "Résume en trois points.",
        "Resume en tres puntos.",
    ],
)
def test_an_ike_peer_identity_glued_to_its_address_flags(ask: str) -> None:
    assert "ipAddress" in kinds(_IKE.format(peer="m.ostrowski", ask=ask))
    assert "ipAddress" in kinds(_IKE.format(peer="m.ostrowski@example.org", ask=ask))


@pytest.mark.parametrize("peer", ["gw-branch", "branch.example.org", "vpn-site"])
def test_a_gateway_to_gateway_tunnel_is_no_ones_session(peer: str) -> None:
    assert "ipAddress" not in kinds(_IKE.format(peer=peer, ask="Summarise."))


# -- public lives: an office, a palmarès, a world title, a museum's text ---------------------


@pytest.mark.parametrize(
    "text",
    [
        "Edwin Carrow was born on 2 May 1955 in Leeds. Assess how his years as mayor shaped "
        "his later style as prime minister, with counter-arguments.",
        "Henrike Albrand wurde am 3. März 1961 in Kassel geboren. Analysiere, wie ihre Zeit "
        "als Oberbürgermeisterin ihren Stil als Ministerpräsidentin geprägt hat.",
        "Hélène Marzin est née le 4 juin 1962 à Brest. Analyse comment ses années de maire "
        "ont façonné son style de Premier ministre.",
        "Rodrigo Valdés nació el 8 de agosto de 1970 en Soria. Analiza si su palmarés refleja "
        "su talento frente a sus rivales de época.",
        "Ilse Varga, born 12 March 1990, won 9 Olympic medals. Compare her peak with her "
        "rivals', era by era.",
        "Ilse Varga, geboren am 12. März 1990, gewann drei Weltmeistertitel. Vergleiche ihre "
        "beste Zeit mit der ihrer Rivalinnen.",
        "Ilse Varga, née le 12 mars 1990, a remporté deux titres de championne du monde. "
        "Compare son apogée avec celle de ses rivales.",
        "Ilse Varga, nacida el 12 de marzo de 1990, ganó dos medallas olímpicas. Compara su "
        "mejor época con la de sus rivales.",
        "Wilhelmina Oduya, born 3 May 1912 in Accra, trained nurses in wartime London. Draft "
        "three sentences about her for a museum label.",
        "Wilhelmina Oduya, geboren am 3. Mai 1912 in Accra, bildete im Krieg Pflegerinnen "
        "aus. Schreib drei Sätze über sie für das Museum.",
        "Wilhelmina Oduya, née le 3 mai 1912 à Accra, a formé des infirmières pendant la "
        "guerre. Écris trois phrases sur elle pour le musée.",
        "Wilhelmina Oduya, nacida el 3 de mayo de 1912 en Accra, formó enfermeras durante la "
        "guerra. Escribe tres frases sobre ella para el museo.",
    ],
)
def test_a_public_life_beside_a_birth_stays_clean(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Our employee Ilse Varga, born 12 March 1990, won the sales award; update her HR file.",
        "My daughter Ilse, born 12 March 2014, won a medal at the school sports day.",
        "Mein Nachbar Jonas Kreil, geboren am 3. März 1961 in Kassel, war Bürgermeister "
        "unseres Dorfes und hat jetzt Demenz.",
        "Patient Erna Kahl, born 3 March 1938, fell at the museum yesterday; write her "
        "discharge summary.",
    ],
)
def test_a_private_birth_beside_those_words_still_flags(text: str) -> None:
    assert kinds(text) & {"dateOfBirth", "personName", "health"}


# -- a literary analysis of a work's passages ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "In Harrowgate Lane, Miriam Tolley catches typhus and is scarred. Compare how two "
        "Victorian authors use illness, with close reading of two passages from each.",
        "In „Die Mühle am Fluss“ erkrankt Agathe Lindner an Typhus. Schreib eine "
        "Textinterpretation: Wie nutzt die Autorin die Krankheit?",
        "Dans « Les Vents d'Arles », Mathilde Crozes tombe malade de la tuberculose. Fais une "
        "explication de texte sur le rôle de la maladie.",
        "En «La casa del puerto», Inés Arrieta enferma de tisis. Compara cómo dos autoras usan "
        "la enfermedad, con dos pasajes de cada obra.",
    ],
)
def test_a_literary_analysis_names_characters(text: str) -> None:
    assert kinds(text) == set()


def test_a_colleague_beside_a_close_reading_still_flags() -> None:
    text = (
        "My colleague Miriam Tolley has typhus and is off work; do a close reading of her "
        "sick note for HR."
    )
    assert "personName" in kinds(text)


# -- a visitor's question about a venue -----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The Fennimore Rooms are at 14 Quay Street, London SE1 4QA. What's the nearest tube "
        "and is there step-free access?",
        "Die Bernauer Halle, Lindenstraße 12, 10969 Berlin: Wie lang ist die Warteschlange "
        "am Samstag?",
        "La Halle Verlaine, 12 rue des Tanneurs, 69002 Lyon : comment éviter la queue le samedi ?",
        "El Palau Ferrer, calle de Toledo 12, 28005 Madrid: ¿cuál es el metro más cercano?",
    ],
)
def test_a_visitors_question_makes_the_address_a_venues(text: str) -> None:
    assert "address" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "I live at 14 Quay Street, London SE1 4QA. What's the nearest tube?",
        "Ich wohne in der Lindenstraße 12, 10969 Berlin. Wie lang ist die Warteschlange "
        "beim Bürgeramt?",
        "J'habite 12 rue des Tanneurs, 69002 Lyon : quel est le métro le plus proche ?",
        "Vivo en calle de Toledo 12, 28005 Madrid, ¿cuál es el metro más cercano?",
    ],
)
def test_a_home_address_keeps_its_flag_beside_those_questions(text: str) -> None:
    assert "address" in kinds(text)


# -- an Irish surname's particle, a German imperative's addressee --------------------------


@pytest.mark.parametrize(
    "text",
    [
        "My colleague Eoin Ó Ceallaigh has depression; write him a kind note.",
        "Dónal Ó Súilleabháin hat seit März Depressionen; schreib ihm einen Brief.",
        "Méabh Nic Aodha souffre de dépression depuis mars ; écris-lui une lettre.",
        "Síle Ní Bhriain tiene depresión desde marzo; escríbele una carta.",
    ],
)
def test_an_irish_surname_with_its_particle_is_a_name(text: str) -> None:
    assert {"personName", "health"} <= kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Explain the Irish surname prefixes Ó, Ní and Mac to a beginner.",
        "Erkläre die irischen Namenspartikel Ó und Ní für Anfänger.",
        "Explique les particules irlandaises Ó et Ní à un débutant.",
        "Explica las partículas irlandesas Ó y Ní a un principiante.",
    ],
)
def test_irish_particles_alone_name_no_one(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Erkläre Schülern, was ein Diabetiker im Sportunterricht braucht.",
        "Zeige Kindern, wie man einem Epileptiker bei einem Anfall hilft.",
        "Explain to pupils what a diabetic needs in PE.",
        "Explique aux élèves ce dont un diabétique a besoin en EPS.",
        "Explica a los alumnos qué necesita un diabético en educación física.",
    ],
)
def test_an_imperatives_addressee_is_no_name(text: str) -> None:
    assert kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Schreib Jonas eine Nachricht, er hat Diabetes.",
        "Hilf Jonas Weber, er hat Diabetes und braucht einen Plan.",
    ],
)
def test_an_imperative_before_a_listed_name_still_names_them(text: str) -> None:
    assert "personName" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm at 14 Quay Street, London SE1 4QA. What's the nearest tube?",
        "Ich bin in der Lindenstraße 12, 10969 Berlin. Wie lang ist die Warteschlange?",
        "Je suis au 12 rue des Tanneurs, 69002 Lyon : quel est le métro le plus proche ?",
        "Estoy en calle de Toledo 12, 28005 Madrid, ¿cuál es el metro más cercano?",
    ],
)
def test_the_writers_whereabouts_keep_their_flag_beside_those_questions(text: str) -> None:
    assert "address" in kinds(text)
