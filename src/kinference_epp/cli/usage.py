"""``kinfctl usage``: the daily usage and cost roll-ups per tenant and model, read from Redis or
from the picker's daily JSON-lines files (``tenancy.usage.file``), as the picker's config says
or as given on the command line.

Exit status: 0 with rows printed; 1 when there is nothing to print (no usage file, an empty
result) or the source cannot be read; 2 on a bad argument. Every error is one line on stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import io
import os
import re
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from kinference_epp.config.yamlfile import ConfigError
from kinference_epp.tenancy.usage import OUTCOMES, Row, roll_up
from kinference_epp.tenancy.usage_files import usage_files
from kinference_epp.tenancy.usage_sinks import read_file, read_redis_url

COLUMNS = (
    "day", "tenant", "model", "requests", *OUTCOMES, "rejected", "prompt_tokens",
    "cached_tokens", "completion_tokens", "cost", "currency",
)  # fmt: skip


class UsageError(Exception):
    """What ``kinfctl usage`` reports in one line instead of a table."""


def add_usage_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "usage", help="usage and cost per tenant, model and day (from Redis or the usage file)"
    )
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--config", type=Path, help="the picker's config: its store or file")
    source.add_argument("--redis", metavar="URL", help="redis://host:6379/0")
    source.add_argument("--file", type=Path, help="a usage JSON-lines file")
    p.add_argument("--prefix", default=None, help="Redis key prefix (default: kinference)")
    p.add_argument("--tenant", help="only this tenant")
    p.add_argument("--since", help="from this day on (YYYY-MM-DD, or YYYY-MM: that month on)")
    p.add_argument("--output", choices=("table", "json", "csv"), default="table")
    p.set_defaults(func=run_usage)
    return p


def run_usage(args: argparse.Namespace) -> int:
    try:
        since = parse_since(args.since)
    except UsageError as exc:
        print(f"kinfctl usage: {exc}", file=sys.stderr)
        return 2
    try:
        rows = [
            r
            for r in load(args)
            if (args.tenant is None or r.tenant == args.tenant)
            and (since is None or r.day >= since)
        ]
        if not rows:
            raise UsageError("no usage" + _filters(args.tenant, args.since))
    except (OSError, ValueError, UsageError, ConfigError) as exc:
        print(f"kinfctl usage: {_one_line(exc)}", file=sys.stderr)
        return 1
    sys.stdout.write(render(rows, args.output))
    return 0


def parse_since(text: str | None) -> str | None:
    """``YYYY-MM-DD`` or ``YYYY-MM`` (a real date or month), as the prefix rows are compared
    with; anything else is refused rather than compared as a string."""
    if text is None:
        return None
    for pattern, form in ((r"\d{4}-\d{2}-\d{2}", "%Y-%m-%d"), (r"\d{4}-\d{2}", "%Y-%m")):
        if re.fullmatch(pattern, text):
            try:
                datetime.strptime(text, form)
            except ValueError:
                break
            return text
    raise UsageError(f"--since: expected a day YYYY-MM-DD or a month YYYY-MM, got {text!r}")


def _filters(tenant: str | None, since: str | None) -> str:
    out = f" of tenant {tenant!r}" if tenant is not None else ""
    return out + (f" since {since}" if since is not None else "")


def _one_line(exc: BaseException) -> str:
    lines = [line for line in str(exc).splitlines() if line.strip()]
    if not lines:
        return type(exc).__name__
    return lines[0] + (f" (and {len(lines) - 1} more)" if len(lines) > 1 else "")


def _read_files(base: Path) -> list[Row]:
    if not usage_files(base):
        raise UsageError(
            f"{base}: no usage file (nor daily files {base.stem}.YYYY-MM-DD{base.suffix})"
        )
    return roll_up(read_file(base))


def load(args: argparse.Namespace) -> list[Row]:
    if args.file is not None:
        return _read_files(args.file)
    url, prefix, password, currency = args.redis, args.prefix or "kinference", None, "USD"
    if args.config is not None:
        from kinference_epp.config.model import EppConfig
        from kinference_epp.config.yamlfile import load_yaml_model

        tc = load_yaml_model(args.config, EppConfig).tenancy
        if tc is None:
            raise UsageError(f"{args.config}: no tenancy section")
        currency = tc.usage.currency
        redis = tc.store.redis
        if redis is None:
            if tc.usage.file is None:
                raise UsageError(f"{args.config}: neither tenancy.store.redis nor usage.file")
            return _read_files(Path(tc.usage.file))
        url, prefix = redis.url, args.prefix or redis.key_prefix
        if redis.password_env is not None:
            password = os.environ.get(redis.password_env)
    return asyncio.run(read_redis_url(url, prefix, password, currency))


def as_dict(r: Row) -> dict[str, Any]:
    c = r.counts
    out: dict[str, Any] = {"day": r.day, "tenant": r.tenant, "model": r.model}
    out["requests"] = sum(c.requests.values())
    for outcome in OUTCOMES:
        out[outcome] = c.requests.get(outcome, 0)
    out["rejected"] = dict(sorted(c.rejected.items()))
    out |= {
        "prompt_tokens": c.prompt_tokens,
        "cached_tokens": c.cached_tokens,
        "completion_tokens": c.completion_tokens,
        "cost": round(c.cost, 6),
        "currency": r.currency,
    }
    return out


def render(rows: list[Row], output: str) -> str:
    dicts = [as_dict(r) for r in rows]
    if output == "json":
        return msgspec.json.format(msgspec.json.encode(dicts)).decode() + "\n"
    for d in dicts:  # one cell for the flat formats: reason=n;reason=n
        d["rejected"] = ";".join(f"{k}={n}" for k, n in d["rejected"].items())
    if output == "csv":
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(dicts)
        return buf.getvalue()
    shown = ("day", "tenant", "model", "requests", "ok", "rate_limited", "over_budget",
             "prompt_tokens", "cached_tokens", "completion_tokens", "cost", "rejected")  # fmt: skip
    cells = [[str(d[k]) if k != "cost" else f"{d[k]:.4f}" for k in shown] for d in dicts]
    widths = [max([len(k), *(len(c[i]) for c in cells)]) for i, k in enumerate(shown)]
    lines = ["  ".join(k.ljust(w) for k, w in zip(shown, widths, strict=True))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
    return "\n".join(line.rstrip() for line in lines) + "\n"
