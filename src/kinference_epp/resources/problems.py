"""What is wrong with a resource, and where: ``file:line: error: field: message``.

Every loader, check and command reports through :class:`Problem`, so ``kinfctl``, the
picker's log and a CRD's status condition all say the same thing the same way.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


class Severity(enum.StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    source: str
    line: int | None
    message: str
    severity: Severity = Severity.ERROR
    field: str = ""

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}" if self.line is not None else self.source
        what = f"{self.field}: {self.message}" if self.field else self.message
        return f"{where}: {self.severity.value}: {what}"

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.source,
            "line": self.line,
            "severity": self.severity.value,
            "field": self.field,
            "message": self.message,
        }


def errors(problems: Iterable[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity is Severity.ERROR]


def summary(problems: list[Problem], limit: int = 3) -> str:
    """The first ``limit`` problems on one line (``field: message; ...``), for a status
    condition's message or a log line."""
    text = "; ".join(f"{p.field}: {p.message}" if p.field else p.message for p in problems[:limit])
    return text + (f" (and {len(problems) - limit} more)" if len(problems) > limit else "")
