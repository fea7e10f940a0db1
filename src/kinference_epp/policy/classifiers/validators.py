"""Check digits that separate real identifiers from numbers that merely look like them.

A 16-digit run is a card number only if its Luhn sum is 0 mod 10 (1 in 10 random runs
pass); a string shaped like an IBAN is one only if its country length matches and its
mod-97 check holds (1 in 97 pass). These checks are what keep PII false positives down.
"""

from __future__ import annotations

# ISO 13616 IBAN lengths per country (SWIFT IBAN registry).
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BI": 27, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27,
    "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27,
    "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22,
    "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32,
    "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19,
    "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23, "PK": 24,
    "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24, "SC": 31,
    "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28, "TL": 23,
    "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}  # fmt: skip


def luhn_valid(digits: str) -> bool:
    """The Luhn (mod 10) check of a string of ASCII digits; False for anything else."""
    if not digits or not digits.isascii() or not digits.isdigit():
        return False
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


_CARD_RANGES: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("4", "4", (13, 16, 19)),  # Visa
    ("51", "55", (16,)),  # Mastercard
    ("2221", "2720", (16,)),  # Mastercard 2-series
    ("34", "34", (15,)),  # American Express
    ("37", "37", (15,)),
    ("300", "305", (14, 16, 19)),  # Diners Club
    ("36", "36", (14, 16, 19)),
    ("38", "39", (14, 16, 19)),
    ("6011", "6011", (16, 17, 18, 19)),  # Discover
    ("644", "649", (16, 17, 18, 19)),
    ("65", "65", (16, 17, 18, 19)),
    ("62", "62", (16, 17, 18, 19)),  # UnionPay
    ("35", "35", (16, 17, 18, 19)),  # JCB (3528-3589, and test ranges around them)
    ("1800", "1800", (15,)),  # JCB's 15-digit ranges
    ("2131", "2131", (15,)),
    ("5018", "5018", tuple(range(12, 20))),  # Maestro
    ("5020", "5020", tuple(range(12, 20))),
    ("5038", "5038", tuple(range(12, 20))),
    ("5893", "5893", tuple(range(12, 20))),
    ("56", "58", tuple(range(12, 20))),
    ("6304", "6304", tuple(range(12, 20))),
    ("6759", "6759", tuple(range(12, 20))),
    ("6761", "6763", tuple(range(12, 20))),
    ("2200", "2204", (16, 17, 18, 19)),  # Mir
    ("60", "60", (16, 19)),  # RuPay and others
    ("81", "82", (16,)),  # RuPay
    ("508", "508", (16,)),
)
"""Issuer (IIN) ranges and the lengths each network issues, from the networks' published
tables: a number is card-shaped only with a known prefix at one of its lengths, which is
what lets 12-digit Maestro and 15-digit JCB numbers count without taking in every 12- or
15-digit reference."""


def card_prefix_valid(digits: str) -> bool:
    """Whether ``digits`` starts with a card network's IIN range at one of its lengths."""
    n = len(digits)
    return any(n in lengths and lo <= digits[: len(lo)] <= hi for lo, hi, lengths in _CARD_RANGES)


def luhn_check_digit(payload: str) -> str:
    """The digit that makes ``payload + digit`` Luhn-valid (for tests and fixtures)."""
    for d in "0123456789":
        if luhn_valid(payload + d):
            return d
    raise ValueError(f"not a digit string: {payload!r}")


def iban_valid(candidate: str) -> bool:
    """ISO 13616: known country, its length, alphanumeric BBAN, and mod-97 == 1."""
    iban = candidate.replace(" ", "")
    if not iban.isascii() or not iban.isalnum():
        return False
    iban = iban.upper()
    expected = IBAN_LENGTHS.get(iban[:2])
    if expected is None or len(iban) != expected or not iban[2:4].isdigit():
        return False
    rearranged = iban[4:] + iban[:4]
    number = "".join(str(int(ch, 36)) for ch in rearranged)
    return int(number) % 97 == 1


def iban_check_digits(country: str, bban: str) -> str:
    """The two check digits that make ``country + cc + bban`` a valid IBAN."""
    rearranged = (bban + country + "00").upper()
    number = int("".join(str(int(ch, 36)) for ch in rearranged))
    return f"{98 - number % 97:02d}"


def ssn_valid(area: str, group: str, serial: str) -> bool:
    """US SSN structure: no 000/666/9xx area, no 00 group, no 0000 serial."""
    return (
        area not in ("000", "666")
        and not area.startswith("9")
        and group != "00"
        and serial != "0000"
    )


_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def dni_valid(digits: str, letter: str) -> bool:
    """Spanish DNI: 8 digits and the letter of (number mod 23)."""
    return len(digits) == 8 and digits.isdigit() and _DNI_LETTERS[int(digits) % 23] == letter


def nie_valid(prefix: str, digits: str, letter: str) -> bool:
    """A Spanish NIE (foreigner's number, ``X1234567L``): ``X``/``Y``/``Z`` stand for 0/1/2
    in front of the seven digits, then the DNI letter check applies."""
    lead = "XYZ".find(prefix)
    return lead != -1 and len(digits) == 7 and dni_valid(str(lead) + digits, letter)


def nir_valid(digits: str) -> bool:
    """A French NIR (social security number): 15 digits, the first the sex (1 or 2), then
    year, month (01-12, or 20-99 for an unknown or foreign-born month), department, commune,
    order, and a two-digit key ``97 - (first 13 mod 97)``; Corsica's ``2A``/``2B`` count as
    19/18 and are written with digits here."""
    if len(digits) != 15 or digits[0] not in "12" or not digits.isdigit():
        return False
    month = int(digits[3:5])
    if month == 0 or 12 < month < 20:
        return False
    return 97 - int(digits[:13]) % 97 == int(digits[13:])


def steuer_id_valid(digits: str) -> bool:
    """A German tax identification number (Steuer-ID, IdNr): 11 digits, the first not 0;
    among the first ten one digit occurs twice or three times and every other at most
    once; the last is the ISO 7064 MOD 11,10 check digit of the first ten."""
    if len(digits) != 11 or not digits.isdigit() or digits[0] == "0":
        return False
    counts = sorted((digits[:10].count(d) for d in set(digits[:10])), reverse=True)
    if counts[0] not in (2, 3) or (len(counts) > 1 and counts[1] > 1):
        return False
    product = 10
    for d in digits[:10]:
        total = (int(d) + product) % 10 or 10
        product = (2 * total) % 11
    check = 11 - product
    return (0 if check == 10 else check) == int(digits[10])


def nss_valid(digits: str) -> bool:
    """A Spanish social security (affiliation) number: 12 digits, a two-digit province
    (01-53 or 66), a serial and two control digits, the remainder mod 97 of the province
    and serial read as one number (the serial without its leading zero when it is below
    10,000,000)."""
    if len(digits) != 12 or not digits.isdigit():
        return False
    province = int(digits[:2])
    if not (1 <= province <= 53 or province == 66):
        return False
    serial = int(digits[2:10])
    base = province * 10_000_000 + serial if serial < 10_000_000 else int(digits[:10])
    return base % 97 == int(digits[10:])


# -- values the standards and the payment gateways publish: no one's ---------------------

_GATEWAY_TEST_CARDS = (
    # Stripe: success, declines, 3-D Secure and error cards of its testing docs
    "4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222",
    "5200828282828210", "5105105105105100", "378282246310005", "371449635398431",
    "6011111111111117", "6011000990139424", "6011981111111113", "3056930009020004",
    "36227206271667", "6555900000604105", "3566002020360505", "6200000000000005",
    "6200000000000047", "4000000000000002", "4000000000009995", "4000000000009987",
    "4000000000009979", "4000000000000069", "4000000000000127", "4000000000000119",
    "4000000000000101", "4000000000000341", "4000000000003220", "4000000000003063",
    "4000002500003155", "4000002760003184", "4000000000000077", "4000000000000093",
    "4100000000000019", "4000000000000259", "4000000000003055", "4000000000000010",
    "4000000000000028", "4000000000000036", "4000000000000044", "4000000000000051",
    "4000003800000008", "4000008260003178",
    # Braintree sandbox
    "4111111111111111", "4005519200000004", "4009348888881881", "4012000033330026",
    "4012000077777777", "4012888888881881", "4217651111111119", "4500600000000061",
    "2223000048400011", "3530111333300000", "6304000000000000", "4000111111111115",
    "378734493671000", "38520000023237", "30569309025904", "3566111111111113",
    "2223000048410010", "6011000991300009",
    # Adyen, Worldpay, PayPal, Checkout.com, Square, Authorize.net test cards
    "4111111145551142", "4988438843884305", "5555444433331111", "2222400070000005",
    "370000000000002", "6011601160116611", "4444333322221111",
    "4917610000000000", "4462030000000000", "4917300800000000", "5454545454545454",
    "4035501000000008", "4005550000000001", "4543474002249996", "5436031030606378",
    "345678901234564", "4484070000035519", "340000000000009", "4007000000027",
    "4012888818888", "6011000000000012", "5424000000000015", "3088000000000017",
    "38000000000006", "2223000010309703", "2223000010309711", "4000020000000000",
    "4000000000001000", "4000000000001091", "5200000000001005", "5200000000001096",
)  # fmt: skip
DOCUMENTED_TEST_CARDS = frozenset(_GATEWAY_TEST_CARDS)
"""Card numbers the major payment gateways publish for testing (Stripe, Braintree, Adyen,
Worldpay, PayPal, Checkout.com, Square, Authorize.net): every one is Luhn-valid, and where
the text calls one a test or an example value the PII scan passes it (a user who pastes one
as "my card" is taken at their word)."""

_STANDARD_IBANS = (
    # The examples of ISO 13616, the SWIFT IBAN registry, national bank associations'
    # documentation and the textbooks that copy them
    "DE89370400440532013000", "DE02120300000000202051", "DE02500105170137075030",
    "DE75512108001245126199", "GB82WEST12345698765432", "GB29NWBK60161331926819",
    "GB33BUKB20201555555555", "FR1420041010050500013M02606", "FR7630006000011234567890189",
    "ES9121000418450200051332", "ES7921000813610123456789", "ES7620770024003102575766",
    "AT611904300234573201", "AT483200000012345864", "CH9300762011623852957",
    "CH5604835012345678009", "NL91ABNA0417164300", "NL02ABNA0123456789",
    "BE68539007547034", "BE71096123456769", "IT60X0542811101000000123456",
    "IE29AIBK93115212345678", "LU280019400644750000", "PT50000201231234567890154",
    "PL61109010140000071219812874", "SE4550000000058398257466", "DK5000400440116243",
    "NO9386011117947", "FI2112345600000785", "CZ6508000000192000145399",
    "LI21088100002324013AA", "MC5811222000010123456789030", "GR1601101250000000012300695",
    "HU42117730161111101800000000", "RO49AAAA1B31007593840000", "SI56263300012039086",
    "SK3112000000198742637541", "HR1210010051863000160", "BG80BNBG96611020345678",
    "EE382200221020145685", "LV80BANK0000435195001", "LT121000011101001000",
    "IS140159260076545510730339", "MT84MALT011000012345MTLCAST001S",
    "CY17002001280000001200527600", "SA0380000000608010167519",
)  # fmt: skip
DOCUMENTED_IBANS = frozenset(_STANDARD_IBANS)
"""The example IBANs the IBAN standard, the SWIFT registry and each country's banking
documentation print (DE89 3704 0044 0532 0130 00, GB82 WEST 1234 5698 7654 32 ...):
checksum-valid and in every tutorial; where the text calls one an example the PII scan
passes it, as it passes a gateway's test card."""
