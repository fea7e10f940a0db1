"""The label vocabulary of the classifier evaluation's data files.

Kept apart from the generator (which needs Faker) so the evaluation and its tests read
the labels without it. Names are the policy's ``PiiKind`` / ``Complexity`` values; a PII
kind the enum does not have yet is reported as not implemented rather than rejected.
"""

from __future__ import annotations

STRUCTURED = ("email", "phone", "creditCard", "iban", "nationalId", "secret")
FREE_TEXT = ("personName", "address", "dateOfBirth", "health")
PII_KINDS = STRUCTURED + FREE_TEXT
NEGATIVE_SETS = ("clean", "hardNegative")
LEVELS = ("easy", "medium", "hard")
