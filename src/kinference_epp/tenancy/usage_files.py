"""The usage roll-ups on disk without Redis: one JSON-lines file per UTC day, kept
``retention_days``.

``tenancy.usage.file: /var/lib/kinference/usage.jsonl`` names the series: the increments of
2026-12-06 go to ``usage.2026-12-06.jsonl`` beside it, so a day's file stops growing when the
day ends and an old day is removed whole (no rewrite of a file the picker appends to). The
name itself is still read if it exists (roll-ups written before the files were daily).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import msgspec

from kinference_epp.tenancy.usage import Row

_decode_row = msgspec.json.Decoder(Row).decode

_DAY = r"\d{4}-\d{2}-\d{2}"


def day_file(base: Path, day: str) -> Path:
    """``usage.jsonl`` + ``2026-12-06`` → ``usage.2026-12-06.jsonl``."""
    return base.with_name(f"{base.stem}.{day}{base.suffix}")


def day_files(base: Path) -> dict[str, Path]:
    """The daily files of ``base`` that exist, by day."""
    pattern = re.compile(rf"{re.escape(base.stem)}\.({_DAY}){re.escape(base.suffix)}")
    try:
        entries = list(base.parent.iterdir())
    except OSError:
        return {}
    out = {}
    for entry in entries:
        m = pattern.fullmatch(entry.name)
        if m is not None and entry.is_file():
            out[m.group(1)] = entry
    return dict(sorted(out.items()))


def usage_files(base: Path) -> list[Path]:
    """Every file holding roll-ups of the series ``base``: ``base`` itself if it exists, then
    the daily files, oldest first."""
    files = [base] if base.is_file() else []
    return files + list(day_files(base).values())


def expired(base: Path, today: str, retention_days: int) -> list[Path]:
    """Daily files of days more than ``retention_days`` before ``today``."""
    first_kept = (
        datetime.strptime(today, "%Y-%m-%d").replace(tzinfo=UTC) - timedelta(days=retention_days)
    ).strftime("%Y-%m-%d")
    return [path for day, path in day_files(base).items() if day < first_kept]


def read_rows(files: Iterable[Path]) -> list[Row]:
    """Every row of ``files`` (a torn last line, from a crash mid-write, is skipped)."""
    rows = []
    for path in files:
        with path.open("rb") as f:
            for line in f:
                if line.strip():
                    with contextlib.suppress(msgspec.DecodeError):
                        rows.append(_decode_row(line))
    return rows
