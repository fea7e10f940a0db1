"""European national identifiers by their check digits, proxy logs' captured user
headers, and the free-text cues of special-category facts about a named person, each in
the four languages, on prompts written for these tests (every identifier is invented;
its check digit is computed to hold)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kinference_epp.policy.classifiers import national_ids
from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.pii import PiiClassifier
from kinference_epp.policy.model import PiiSettings


def kinds(text: str) -> set[str]:
    return {str(k) for k in PiiClassifier(PiiSettings()).classify(PromptText(text, 1)).kinds}


def flagged(text: str) -> bool:
    return bool(kinds(text))


# -- check digits -------------------------------------------------------------------------

VALID = [
    (national_ids.pesel_valid, "89011757938"),
    (national_ids.bsn_valid, "222419027"),
    (national_ids.be_register_valid, "87061690695"),
    (national_ids.pt_nif_valid, "291488897"),
    (national_ids.se_personnummer_valid, "8501124054"),
    (national_ids.se_personnummer_valid, "198501124054"),
    (national_ids.dk_cpr_valid, "1002880783"),
    (national_ids.at_svnr_valid, "5954100187"),
    (national_ids.ahv_valid, "7568757168839"),
    (national_ids.hetu_valid, "140189-810X"),
]


@pytest.mark.parametrize(("check", "value"), VALID)
def test_an_invented_identifier_passes_its_check(check: Callable[[str], bool], value: str) -> None:
    assert check(value)


@pytest.mark.parametrize(
    ("check", "value"), [v for v in VALID if v[0] is not national_ids.dk_cpr_valid]
)
def test_one_digit_changed_fails_the_check(check: Callable[[str], bool], value: str) -> None:
    i = 8  # a serial digit: the date stays valid, only the check can refute it
    changed = value[:i] + str((int(value[i]) + 1) % 10) + value[i + 1 :]
    assert not check(changed)


def test_a_date_no_calendar_has_fails_even_with_a_good_sum() -> None:
    assert not national_ids.dk_cpr_valid("3213880783")  # month 13
    assert not national_ids.pesel_valid("89131757938")  # month 13 (no century offset)


# -- identifiers beside their labels, four languages --------------------------------------

PRINTED = {
    "pesel": "89011757938",
    "bsn": "2224.19.027",
    "be": "87.06.16-906.95",
    "pt": "291 488 897",
    "se": "850112-4054",
    "dk": "100288-0783",
    "at": "5954 100187",
    "ahv": "756.8757.1688.39",
    "steuer": "48 701 196 218",
    "hetu": "140189-810X",
}
LABELS = {
    "pesel": ("PESEL", "PESEL", "numéro PESEL", "número PESEL"),
    "bsn": ("BSN", "BSN", "BSN (burgerservicenummer)", "BSN"),
    "be": (
        "Belgian national register number",
        "belgische Nationalregisternummer",
        "numéro de registre national",
        "número de registro nacional belga",
    ),
    "pt": ("Portuguese NIF", "portugiesische NIF", "NIF portugais", "NIF portugués"),
    "se": (
        "Swedish personnummer",
        "schwedische Personnummer",
        "personnummer suédois",
        "personnummer sueco",
    ),
    "dk": ("CPR number", "CPR-Nummer", "numéro CPR", "número CPR"),
    "at": (
        "Austrian SVNR",
        "Sozialversicherungsnummer",
        "numéro SVNR autrichien",
        "número SVNR austriaco",
    ),
    "ahv": ("AHV number", "AHV-Nummer", "numéro AVS", "número AHV"),
    "steuer": ("German tax ID", "Steuer-ID", "numéro fiscal allemand", "número fiscal alemán"),
    "hetu": (
        "Finnish henkilötunnus",
        "finnische Henkilötunnus",
        "henkilötunnus finlandais",
        "henkilötunnus finlandés",
    ),
}
TEMPLATES = (
    "Please update my file: my {label} is {value}. Thanks.",
    "Bitte in meine Akte eintragen: meine {label} lautet {value}. Danke.",
    "Merci de mettre à jour mon dossier : mon {label} est {value}.",
    "Actualiza mi ficha, por favor: mi {label} es {value}.",
)
ORDERS = (
    "Order {value} shipped on Monday; when will it arrive?",
    "Bestellung {value} ist seit Montag unterwegs, wann kommt sie an?",
    "La commande {value} est partie lundi, quand arrive-t-elle ?",
    "El pedido {value} salió el lunes, ¿cuándo llega?",
)


@pytest.mark.parametrize("lang", range(4))
@pytest.mark.parametrize("kind", sorted(PRINTED))
def test_a_national_id_beside_its_label_is_found(kind: str, lang: int) -> None:
    text = TEMPLATES[lang].format(label=LABELS[kind][lang], value=PRINTED[kind])
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize("lang", range(4))
@pytest.mark.parametrize("kind", sorted(set(PRINTED) - {"ahv"}))
def test_the_same_value_as_an_order_number_is_no_national_id(kind: str, lang: int) -> None:
    assert "nationalId" not in kinds(ORDERS[lang].format(value=PRINTED[kind]))


@pytest.mark.parametrize(
    "text",
    [
        "My Polish flatmate's ID card says 82011032304 - the national identity number box?",
        "Ihr polnischer Personalausweis: Identifikationsnummer 82011032304.",
        "Sa carte d'identité polonaise porte le numéro 82011032304.",
        "En su documento de identidad polaco pone 82011032304.",
    ],
)
def test_a_pesel_needs_only_an_identity_word(text: str) -> None:
    assert "nationalId" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "My PESEL is 89011757939, can you check it?",
        "Meine PESEL lautet 89011757939.",
        "Mon numéro PESEL est 89011757939.",
        "Mi número PESEL es 89011757939.",
    ],
)
def test_a_pesel_whose_check_digit_fails_is_not_one(text: str) -> None:
    assert "nationalId" not in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "For payroll, my Swiss citizen number: 756.2722.2211.92, from March.",
        "Für die Lohnabrechnung, meine Identifikation: 756.2722.2211.92, ab März.",
        "Pour la paie, mon identifiant : 756.2722.2211.92, dès mars.",
        "Para la nómina, mi identificación: 756.2722.2211.92, desde marzo.",
    ],
)
def test_an_ahv_number_needs_only_an_identity_word(text: str) -> None:
    assert "nationalId" in kinds(text)
    assert "nationalId" not in kinds(text.replace("92,", "93,"))  # its check digit fails


# -- proxy logs: a captured header or a logged field that holds the user ------------------

HAPROXY = (
    "Mar  3 08:14:02 lb2 haproxy[991]: 81.2.69.144:40112 [03/Mar/2026:08:14:02.551] fe_web "
    "be_app/app1 0/0/0/12/12 200 812 - - ---- 4/4/0/0/0 0/0 {kbrannigan|curl/8.5} "
    '"GET /me HTTP/1.1"'
)
NGINX = (
    '81.2.69.160 - - [03/Mar/2026:08:14:02 +0100] "GET /portal HTTP/1.1" 200 512 "-" '
    '"Mozilla/5.0" "mthornbury"'
)
ENVOY = (
    '[2026-03-03T08:14:02.551Z] "GET /api HTTP/1.1" 200 - 0 512 12 11 "81.2.69.160" '
    '"curl/8.5" "5f1c2a" "api.internal" "10.0.0.7:8080" "lfairweather"'
)


@pytest.mark.parametrize(
    "text",
    [
        HAPROXY + "\n\nThe captured header is X-Auth-User - why does this user hit app1?",
        HAPROXY + "\n\nDer erfasste Header ist X-Remote-User: warum landet der Nutzer auf app1?",
        HAPROXY + "\n\nL'en-tête capturé est X-Forwarded-User : pourquoi app1 ?",
        HAPROXY + "\n\nLa cabecera capturada es X-Auth-User: ¿por qué va a app1?",
        NGINX + "\n\nOur log_format ends with $http_x_remote_user. Why the 200?",
        ENVOY + "\n\nDas letzte Feld ist %REQ(X-USER)%. Warum so langsam?",
    ],
)
def test_a_proxy_log_line_with_a_named_user_header_is_a_session(text: str) -> None:
    assert "ipAddress" in kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        HAPROXY + "\n\nWhy does this request hit app1 and not app2?",
        HAPROXY.replace("kbrannigan", "www.shop.example")
        + "\n\nThe captured header is X-Auth-User: why app1?",
        NGINX.replace('"mthornbury"', '"gzip"') + "\n\nThe last field is $http_x_remote_user.",
    ],
)
def test_a_proxy_log_line_without_a_user_in_a_user_header_is_not(text: str) -> None:
    assert "ipAddress" not in kinds(text)


# -- special-category facts about a named person ------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # criminal record, double-barrelled surnames
        "Reference check: Cornelius Ashby-Thorne served two years for theft, released 2021.",
        "Zur Info: Dörthe Hansen-Klee hat ihre Strafe wegen Betrugs abgesessen.",
        "Pour info : Maëlle Kerbrat-Lenoir a purgé une peine pour escroquerie.",
        "Ojo: Íñigo Salaberri-Lasa cumplió condena por estafa en 2019.",
        # religion
        "Remember Tobias Greenhalgh for the offsite: he keeps kosher and won't travel on Shabbat.",
        "Beim Sommerfest an Miriam Rosenthal denken: sie isst nur koscher.",
        "Pensez à Samuel Attali pour le séminaire : il mange casher.",
        "Acordaos de Raquel Benarroch en la cena: ella solo come kosher.",
        # trade-union membership
        "I happen to know Hattie Marchbank-Lowe is in the union. Do I tell the agency?",
        "Ich weiß, dass Jörg Pfisterer in der Gewerkschaft ist. Muss ich das melden?",
        "Je sais que Gaëlle Tanguy a sa carte syndicale. Dois-je le dire ?",
        "Sé que Nerea Urquiola está en el sindicato. ¿Tengo que decirlo?",
        # sexual orientation
        "Seat Caspian Holloway with his husband at the dinner, not with sales.",
        "Bitte Lorenz Winkelmann neben seinem Ehemann platzieren, nicht beim Vertrieb.",
        "Placez Quentin Morvan à côté de son mari ; il n'est pas out au travail.",
        "Sienta a Bruno Eizaguirre con su pareja; no ha salido del armario en el trabajo.",
        # an honorific and a surname beside money trouble
        "M. Kerguelen, de la logistique, est fiché à la Banque de France.",
        "Herr Wendling aus dem Lager ist völlig überschuldet.",
        "Mr Ashworth from dispatch is in rent arrears and fears eviction.",
        "El Sr. Arrieta, del almacén, tiene deudas con Hacienda.",
    ],
)
def test_a_special_category_fact_about_a_named_person_is_personal(text: str) -> None:
    assert flagged(text)


_ITEMS = (
    "Item {n} - Canteen: prices rise by ten pence from next month.",
    "Punkt {n} - Kantine: die Preise steigen ab nächstem Monat um zehn Cent.",
    "Point {n} - Cantine : les prix augmentent de dix centimes le mois prochain.",
    "Punto {n} - Comedor: los precios suben diez céntimos el mes que viene.",
)
_CASEWORK = (
    "Casework: our member Oswin Featherstone-Pugh (nights) is off sick with depression.",
    "Einzelfall: unser Mitglied Hiltrud Quednau-Baum (Nachtschicht) hat einen Burn-out.",
    "Suivi : notre camarade Armelle Quéré-Dantec (nuit) est en arrêt maladie.",
    "Caso: nuestra afiliada Itziar Garaikoetxea (noche) está de baja por depresión.",
)


@pytest.mark.parametrize("lang", range(4))
def test_a_long_bulletins_casework_item_names_its_member(lang: int) -> None:
    items = [_ITEMS[lang].format(n=n) for n in range(1, 60)]
    text = "\n".join([*items[:30], _CASEWORK[lang], *items[30:]])
    assert len(text) > 2000
    assert flagged(text)


@pytest.mark.parametrize("lang", range(4))
def test_a_long_bulletin_without_a_named_member_is_clean(lang: int) -> None:
    items = [_ITEMS[lang].format(n=n) for n in range(1, 60)]
    assert not flagged("\n".join(items))
