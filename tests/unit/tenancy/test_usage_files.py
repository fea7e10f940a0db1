"""The usage files without Redis: one per UTC day, days past ``retention_days`` removed, all
of them (and a file written before they were daily) read back; and ``kinfctl usage`` over
them, whose errors are one line and a non-zero exit."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kinference_epp.cli.kinfctl import main
from kinference_epp.config.tenancy import Price
from kinference_epp.tenancy.usage import Counts, Pricing, Row, UsageLedger, roll_up
from kinference_epp.tenancy.usage_sinks import FileSink, read_file

DAY = 86400.0
START = datetime(2026, 6, 1, 12, 0, 0, tzinfo=UTC).timestamp()


def write_days(path: Path, days: int, retention_days: int) -> list[float]:
    """One request a day for ``days`` days, each written on its day."""
    now = [START]
    ledger = UsageLedger(Pricing({"m": Price(input=1.0, output=1.0)}), clock=lambda: now[0])
    sink = FileSink(path, retention_days=retention_days, clock=lambda: now[0])
    for _ in range(days):
        ledger.record("a", "m", "ok", 10, 0, 5)
        asyncio.run(sink.write(ledger))
        now[0] += DAY
    return now


def test_each_day_has_its_file_and_days_past_retention_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "usage.jsonl"
    write_days(path, days=5, retention_days=2)
    names = sorted(p.name for p in tmp_path.iterdir())
    # written on 06-05: 06-03 is two days back, the oldest kept
    assert names == ["usage.2026-06-03.jsonl", "usage.2026-06-04.jsonl", "usage.2026-06-05.jsonl"]
    assert not path.exists()
    rows = roll_up(read_file(path))
    assert [(r.day, r.counts.requests) for r in rows] == [
        ("2026-06-03", {"ok": 1}), ("2026-06-04", {"ok": 1}), ("2026-06-05", {"ok": 1}),
    ]  # fmt: skip


def test_a_file_from_before_the_daily_files_is_still_read(tmp_path: Path) -> None:
    path = tmp_path / "usage.jsonl"
    old = Row("2026-05-31", "a", "m", Counts(requests={"ok": 2}))
    path.write_bytes(
        b'{"day":"2026-05-31","tenant":"a","model":"m","counts":{"requests":{"ok":2}}}\n'
    )
    write_days(path, days=1, retention_days=400)
    rows = roll_up(read_file(path))
    assert [(r.day, r.counts.requests) for r in rows] == [
        (old.day, {"ok": 2}), ("2026-06-01", {"ok": 1}),
    ]  # fmt: skip


def test_rejections_are_listed_with_their_reasons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    path = tmp_path / "usage.jsonl"
    now = [START]
    ledger = UsageLedger(Pricing({}), clock=lambda: now[0])
    ledger.record("a", "m", "rate_limited", rejected="pool_saturated")
    ledger.record("a", "m", "rate_limited", rejected="pool_saturated")
    ledger.record("a", "m", "client_error", rejected="policy_rejected")
    asyncio.run(FileSink(path, clock=lambda: now[0]).write(ledger))
    assert main(["usage", "--file", str(path), "--output", "json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["requests"] == 3
    assert row["rejected"] == {"policy_rejected": 1, "pool_saturated": 2}
    assert main(["usage", "--file", str(path), "--output", "csv"]) == 0
    assert "policy_rejected=1;pool_saturated=2" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["--file", "{missing}"], 1, "no usage file"),
        (["--file", "{usage}", "--tenant", "nobody"], 1, "no usage of tenant 'nobody'"),
        (["--file", "{usage}", "--since", "2030-01"], 1, "no usage since 2030-01"),
        (["--file", "{usage}", "--since", "yesterday"], 2, "--since: expected a day"),
        (["--file", "{usage}", "--since", "2026-13"], 2, "got '2026-13'"),
        (["--file", "{usage}", "--since", "2026-06-31"], 2, "got '2026-06-31'"),
        (["--config", "{bad_config}"], 1, "tenancy"),
        (["--config", "{no_tenancy}"], 1, "no tenancy section"),
    ],
)
def test_errors_are_one_line_and_a_non_zero_exit(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    status: int,
    message: str,
) -> None:
    usage = tmp_path / "usage.jsonl"
    write_days(usage, days=1, retention_days=400)
    (tmp_path / "bad.yaml").write_text("tenancy:\n  usage: {file: 3, nope: 1}\n")
    (tmp_path / "none.yaml").write_text("scheduler: {router: load}\n")
    paths = {
        "missing": tmp_path / "missing.jsonl",
        "usage": usage,
        "bad_config": tmp_path / "bad.yaml",
        "no_tenancy": tmp_path / "none.yaml",
    }
    assert main(["usage", *(a.format(**paths) for a in args)]) == status
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1, err
    assert err.startswith("kinfctl usage: ")
    assert message in err
