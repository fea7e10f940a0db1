"""A local PII recognizer: e-mails, phones, cards, IBANs, national IDs, API keys and secrets.

It covers the whole prompt (a PII check may not sample), but never runs a regex over all
of it: ``translate`` + ``find`` locate the few spots that can hold PII (three digits in a
row, an ``@``, a 20-character token, a key armour line) and only short windows around them
are matched (see ``_candidates``). Each candidate is then confirmed in Python, where
precision comes from:

- check digits: cards need Luhn and a card-network prefix, IBANs their country length and
  mod-97, SSNs a valid area/group/serial, Spanish DNIs their mod-23 letter;
- shape: NANP phones need a 2-9 area code and exchange; other phones a leading ``+`` or a
  context word ("phone", "call", ...) just before them; 9 bare digits are an SSN only after
  "ssn" / "social security";
- allowlists: documentation domains (example.com, .test, ...), AWS's documented example
  keys, placeholder secrets (``sk-xxxx...``), and the policy's own ``allowDomains`` and
  ``allowValues``.

The result names the kinds found, never the values: it ends up in logs and traces.

Known gaps: phone numbers written only in digit pairs ("06 12 34 56 78") have no run of
three digits and are missed; so are spaced UK NINOs without a "national insurance" / NINO
mention nearby.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from kinference_epp.policy.classifiers.base import PromptText
from kinference_epp.policy.classifiers.validators import (
    IBAN_LENGTHS,
    dni_valid,
    iban_valid,
    luhn_valid,
    ssn_valid,
)
from kinference_epp.policy.model import PiiKind, PiiSettings

_CANDIDATES = re.compile(
    r"(?P<num>\+?\(?[0-9][0-9 .()/\-]{4,22}[0-9][A-Z]?)"
    r"|(?P<upper>[A-Z]{2} ?[0-9]{2}[ A-Z0-9]{5,40})"
    r"|(?P<at>@)"
    r"|(?P<secret>AKIA[0-9A-Z]{16}|ASIA[0-9A-Z]{16}"
    r"|sk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_\-]{20,}"
    r"|gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,}"
    r"|xox[abprs]-[A-Za-z0-9\-]{10,}|AIza[0-9A-Za-z_\-]{35}"
    r"|-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----)"
)
_NUMBER = re.compile(_CANDIDATES.pattern.split("|(?P<upper>", 1)[0])
_SECRET = re.compile("(?:" + _CANDIDATES.pattern.split("|(?P<secret>", 1)[1])
_SPACED_NINO = re.compile(r"\b[A-Z]{2} [0-9]{2} [0-9]{2} [0-9]{2} [A-D]\b")
"""The ``num`` alternative alone: re-tried inside an ``upper`` match that was no IBAN/ID."""
_FIRST_DIGIT = re.compile(r"[0-9]")
_EMAIL_LOCAL = re.compile(r"[A-Za-z0-9._%+\-]{1,64}$")
_EMAIL_DOMAIN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,62}\.)+[A-Za-z]{2,24}\b")
_NANP = re.compile(r"^(?:\+?1[ .\-]?)?\(?([2-9][0-9]{2})\)?[ .\-]?([2-9][0-9]{2})[ .\-]([0-9]{4})$")
_SSN = re.compile(r"^([0-9]{3})-([0-9]{2})-([0-9]{4})$")
_NINO = re.compile(
    r"^([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?([0-9]{2}) ?([0-9]{2}) ?([0-9]{2}) ?[A-D]"
)
_CARD_SEPARATED = re.compile(r"^[0-9]{4}(?:([ \-])[0-9]{4}){2}\1[0-9]{1,7}$|^[0-9]{13,19}$")
_NON_DIGITS = re.compile(r"[^0-9]")

_PHONE_WORDS = ("phone", "call", "tel", "mobile", "cell", "fax", "whatsapp", "contact", "sms")
_SSN_WORDS = ("ssn", "social security")
_ID_WORDS = ("national insurance", "nino", "dni", "nif", "id number", "identity")
_SAFE_DOMAINS = ("example.com", "example.org", "example.net")
_SAFE_TLDS = (".example", ".test", ".invalid", ".localhost", ".local")
_AWS_DOC_KEYS = ("AKIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE")
_CONTEXT = 40


@dataclass(frozen=True, slots=True)
class PiiFindings:
    kinds: frozenset[PiiKind]

    @property
    def present(self) -> bool:
        return bool(self.kinds)


def _near(text: str, start: int, words: Iterable[str]) -> bool:
    before = text[max(0, start - _CONTEXT) : start].lower()
    return any(w in before for w in words)


_DIGIT_BYTES = bytes.maketrans(b"123456789", b"000000000")
_DIGIT_STR = str.maketrans("123456789", "000000000")
_TOKEN_CHARS = string.ascii_letters + string.digits + "_-"
_TOKEN_BYTES = bytes(ord("a") if chr(i) in _TOKEN_CHARS else ord(" ") for i in range(256))
_TOKEN_STR = str.maketrans({chr(i): "a" if chr(i) in _TOKEN_CHARS else " " for i in range(128)})
_CLUSTER = frozenset(string.digits + string.ascii_uppercase + " .()/+-")
_LONG_TOKEN = 20
"""Every secret pattern is a run of at least this many token characters."""


def _candidates(text: str) -> Iterator[tuple[str, int, str]]:
    """(group, start, value) of every ``_CANDIDATES`` match, found without a full regex scan.

    Python's ``re`` costs ~10 ns a character and an alternation of these patterns several
    times that, so the text is first mapped with ``translate`` (C, ~1 ns a character) and
    searched with ``find`` (memchr-fast): a run of three digits, an ``@``, a run of 20 token
    characters or a private-key armour line marks a short window, and only windows are
    matched with the regex. Cost grows with the number of such spots, not the text length.
    """
    if text.isascii():  # bytes.translate: a 256-byte table, no per-character dict lookups
        data = text.encode("ascii")
        digits = data.translate(_DIGIT_BYTES).decode("ascii")
        tokens = data.translate(_TOKEN_BYTES).decode("ascii")
    else:
        digits, tokens = text.translate(_DIGIT_STR), text.translate(_TOKEN_STR)
    three, long_run, gap = "000", "a" * _LONG_TOKEN, " "
    n = len(text)
    pos = digits.find(three)
    while pos != -1:
        lo, limit = pos, max(0, pos - 40)
        while lo > limit and text[lo - 1] in _CLUSTER:
            lo -= 1
        end = pos + 3
        for m in _CANDIDATES.finditer(text, lo, min(n, lo + 96)):
            if m.lastgroup in ("num", "upper"):
                yield m.lastgroup, m.start(), m.group()
                end = max(end, m.end())
        pos = digits.find(three, end)
    pos = text.find("@")
    while pos != -1:
        yield "at", pos, "@"
        pos = text.find("@", pos + 1)
    pos = tokens.find(long_run)
    while pos != -1:
        start = tokens.rfind(gap, 0, pos) + 1
        stop = tokens.find(gap, pos)
        stop = n if stop == -1 else stop
        for m in _SECRET.finditer(text, start, stop):
            yield "secret", m.start(), m.group()
        pos = tokens.find(long_run, stop)
    armour = text.find("PRIVATE KEY-----")
    key = _SECRET.search(text, max(0, armour - 40), armour + 16) if armour != -1 else None
    if key is not None:
        yield "secret", key.start(), key.group()
    if "nsurance" in text or "NINO" in text or "nino" in text:
        for m in _SPACED_NINO.finditer(text):
            yield "upper", m.start(), m.group()


class PiiClassifier:
    """Finds the enabled PII kinds in a prompt. Stateless after construction; thread-safe."""

    def __init__(self, settings: PiiSettings | None = None) -> None:
        settings = settings or PiiSettings()
        self._kinds = frozenset(settings.kinds)
        self._all = self._kinds == frozenset(PiiKind)
        self._allow_domains = tuple(d.lower().lstrip("@.") for d in settings.allow_domains)
        allow = set(settings.allow_values)
        allow |= {_NON_DIGITS.sub("", v) for v in settings.allow_values}
        allow.discard("")
        self._allow_values = frozenset(allow)

    def classify(self, prompt: PromptText) -> PiiFindings:
        text = prompt.require()
        found: set[PiiKind] = set()
        for group, start, value in _candidates(text):
            if value in self._allow_values:
                continue
            if group == "num":
                kind = self._number(text, start, value)
            elif group == "upper":
                kind = self._upper(text, start, value)
                if kind is None:  # "DNI 12345678Z": letters glued to a number
                    digit = _FIRST_DIGIT.search(value)
                    inner = _NUMBER.match(text, start + digit.start()) if digit else None
                    if inner is not None:
                        kind = self._number(text, inner.start(), inner.group())
            elif group == "at":
                kind = self._email(text, start)
            else:
                kind = self._secret(value)
            if kind is not None and kind in self._kinds:
                found.add(kind)
                if len(found) == len(self._kinds):
                    break
        return PiiFindings(frozenset(found))

    # -- confirmers: a kind, or None for a false alarm ---------------------------------------

    def _number(self, text: str, start: int, value: str) -> PiiKind | None:
        letter = value[-1] if value[-1].isalpha() else ""
        body = value[:-1] if letter else value
        digits = _NON_DIGITS.sub("", body)
        if digits in self._allow_values:
            return None
        n = len(digits)
        if letter:
            if n == 8 and dni_valid(digits, letter) and body.isdigit():
                return PiiKind.NATIONAL_ID
            body = body.rstrip()
        card_shaped = 13 <= n <= 19 and digits[0] in "23456" and _CARD_SEPARATED.match(body)
        if card_shaped and luhn_valid(digits):
            return PiiKind.CREDIT_CARD
        ssn = _SSN.match(body)
        if ssn and ssn_valid(*ssn.groups()):
            return PiiKind.NATIONAL_ID
        bare_ssn = n == 9 and body.isdigit() and _near(text, start, _SSN_WORDS)
        if bare_ssn and ssn_valid(digits[:3], digits[3:5], digits[5:]):
            return PiiKind.NATIONAL_ID
        if _NANP.match(body):
            return PiiKind.PHONE
        if 8 <= n <= 15 and (body.startswith("+") or _near(text, start, _PHONE_WORDS)):
            return PiiKind.PHONE
        return None

    def _upper(self, text: str, start: int, value: str) -> PiiKind | None:
        compact = value.replace(" ", "")
        expected = IBAN_LENGTHS.get(compact[:2])
        # The candidate may run into the next word; an IBAN is exactly its country length.
        iban = compact[:expected] if expected is not None else ""
        if iban and iban_valid(iban) and iban not in self._allow_values:
            return PiiKind.IBAN
        if _NINO.match(value) and _near(text, start, _ID_WORDS):
            return PiiKind.NATIONAL_ID
        return None

    def _email(self, text: str, at: int) -> PiiKind | None:
        local = _EMAIL_LOCAL.search(text, max(0, at - 64), at)
        domain = _EMAIL_DOMAIN.match(text, at + 1, at + 256)
        if local is None or domain is None:
            return None
        name = domain.group().lower()
        if name in _SAFE_DOMAINS or name.endswith(_SAFE_TLDS):
            return None
        for allowed in self._allow_domains:
            if name == allowed or name.endswith("." + allowed):
                return None
        if text[local.start() : domain.end()] in self._allow_values:
            return None
        return PiiKind.EMAIL

    def _secret(self, value: str) -> PiiKind | None:
        if value in _AWS_DOC_KEYS:
            return None
        if value.startswith("sk-"):
            tail = value.rsplit("-", 1)[-1]
            # Placeholders such as sk-xxxxxxxx... or sk-your-key-here-... are not secrets.
            if len(set(tail)) < 6 or not any(c.isdigit() for c in value):
                return None
        return PiiKind.SECRET
