"""Usage and cost: the ledger's roll-ups, their sinks (a JSON-lines file, a real Redis), the
per-tenant counters and the capped, authenticated-only ``tenant`` label."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest
from redis.asyncio import Redis

from kinference_epp.config.tenancy import Price
from kinference_epp.pipeline.settle import TenantSettler
from kinference_epp.pipeline.usage import UsageRecord
from kinference_epp.telemetry.metrics import PickerMetrics
from kinference_epp.tenancy.estimate import OutputEstimator
from kinference_epp.tenancy.memory_store import MemoryStore
from kinference_epp.tenancy.meter import UsageMeter
from kinference_epp.tenancy.metrics import OTHER, TenantLabel, TenantMetrics
from kinference_epp.tenancy.usage import Pricing, UsageLedger, outcome_of, roll_up
from kinference_epp.tenancy.usage_sinks import (
    FileSink,
    RedisSink,
    UsageFlusher,
    read_file,
    read_redis,
)
from redis_server import RedisServer

PRICES = {"m": Price(input=1.0, cached_input=0.5, output=2.0)}
JUNE = datetime(2026, 6, 30, 23, 59, 0, tzinfo=UTC).timestamp()


def ledger(now: list[float] | None = None) -> UsageLedger:
    clock = now if now is not None else [JUNE]
    return UsageLedger(Pricing(PRICES), clock=lambda: clock[0])


def test_cost_charges_cached_prompt_tokens_at_the_cached_price() -> None:
    p = Pricing(PRICES)
    assert p.cost("m", 1_000_000, 0, 0) == pytest.approx(1.0)
    assert p.cost("m", 1_000_000, 400_000, 500_000) == pytest.approx(0.6 + 0.2 + 1.0)
    assert p.cost("unpriced", 1000, 0, 1000) == 0.0
    assert Pricing({"m": Price(input=1.0, output=0)}).cost("m", 10, 10, 0) == pytest.approx(1e-5)


def test_outcomes_of_statuses() -> None:
    assert [outcome_of(s) for s in (200, 429, 404, 503, 0)] == [
        "ok", "rate_limited", "client_error", "server_error", "server_error",
    ]  # fmt: skip


def test_ledger_rolls_up_per_day_and_keeps_the_month_spend() -> None:
    now = [JUNE]
    led = ledger(now)
    led.record("a", "m", "ok", 1_000_000, 0, 0)
    led.record("a", "m", "rate_limited")
    now[0] += 120  # the next day, and the next month
    led.record("a", "m", "ok", 0, 0, 1_000_000)
    pending = led.take()
    assert set(pending) == {("2026-06-30", "a", "m"), ("2026-07-01", "a", "m")}
    assert pending[("2026-06-30", "a", "m")].requests == {"ok": 1, "rate_limited": 1}
    assert led.spent("a") == pytest.approx(2.0)  # July's only
    assert led.take() == {}
    led.give_back(pending)
    assert set(led.take()) == set(pending)


def test_month_spend_from_the_store_adds_what_is_not_written_yet() -> None:
    led = ledger()
    led.record("a", "m", "ok", 1_000_000)
    led.take()
    led.record("a", "m", "ok", 1_000_000)
    led.set_month_spend("2026-06", {"a": 5.0, "b": 1.0})
    assert led.spent("a") == pytest.approx(6.0)
    assert led.spent("b") == pytest.approx(1.0)
    led.set_month_spend("2026-05", {"a": 100.0})  # another month's figures change nothing
    assert led.spent("a") == pytest.approx(6.0)


def test_a_file_keeps_every_increment_through_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "usage.jsonl"

    async def run() -> None:
        first = ledger()
        flusher = UsageFlusher(first, FileSink(path), interval_s=60)
        await flusher.start()
        first.record("a", "m", "ok", 500_000, 100_000, 10)
        await flusher.sink.write(first)
        first.record("a", "m", "ok", 500_000)
        await flusher.stop()  # the last increments are written at stop
        with path.open("ab") as f:
            f.write(b'{"day": "2026-06-3')  # a crash mid-line
        second = ledger()
        await UsageFlusher(second, FileSink(path), interval_s=60).start()
        assert second.spent("a") == pytest.approx(first.spent("a"))

    asyncio.run(run())
    (row,) = roll_up(read_file(path))
    assert (row.day, row.tenant, row.model) == ("2026-06-30", "a", "m")
    assert row.counts.requests == {"ok": 2}
    assert (row.counts.prompt_tokens, row.counts.cached_tokens) == (1_000_000, 100_000)


def test_redis_keeps_every_replicas_usage_and_budgets_read_it_back(
    redis_server: RedisServer,
) -> None:
    async def run() -> None:
        clients = [Redis.from_url(redis_server.url) for _ in range(2)]
        try:
            ledgers = [ledger(), ledger()]
            sinks = [RedisSink(c, prefix="usage-t", retention_days=1) for c in clients]
            ledgers[0].record("a", "m", "ok", 1_000_000, 0, 5)
            ledgers[1].record("a", "m", "ok", 1_000_000, 500_000, 5)
            ledgers[1].record("b", "m", "rate_limited", rejected="pool_saturated")
            for led, sink in zip(ledgers, sinks, strict=True):
                await sink.write(led)
            await sinks[0].write(ledgers[0])  # reads the other replica's spend back
            assert ledgers[0].spent("a") == pytest.approx(1.75 + 10 * 2e-6)
            rows = {(r.tenant, r.model): r for r in await read_redis(clients[0], "usage-t")}
            a = rows[("a", "m")].counts
            assert (a.requests, a.prompt_tokens, a.cached_tokens) == ({"ok": 2}, 2_000_000, 500_000)
            assert a.completion_tokens == 10
            assert rows[("b", "m")].counts.requests == {"rate_limited": 1}
            assert rows[("b", "m")].counts.rejected == {"pool_saturated": 1}
            assert await clients[0].ttl("usage-t:u:2026-06-30") > 0
        finally:
            for c in clients:
                await c.aclose()

    asyncio.run(run())


def test_a_failed_redis_write_keeps_its_increments() -> None:
    async def run() -> None:
        client = Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.05)
        led = ledger()
        led.record("a", "m", "ok", 10)
        await RedisSink(client, prefix="x", retention_days=1).write(led)
        assert led.take()[("2026-06-30", "a", "m")].prompt_tokens == 10
        await client.aclose()

    asyncio.run(run())


def test_the_tenant_label_is_capped_and_given_only_to_authenticated_tenants() -> None:
    label = TenantLabel(3, allow=lambda name: name.startswith("t"))
    label.prefer(["t1", "t2"])
    assert [label(n) for n in ("t1", "t3", "t4", "client-chosen")] == ["t1", "t3", OTHER, OTHER]


def record(tenant: str, **kw: object) -> UsageRecord:
    base: dict[str, object] = dict(
        request_id="r", model="m", endpoint="e", status=200, e2e_s=1.0, ttft_s=0.1,
        prompt_tokens=100, completion_tokens=10, cached_tokens=40, tenant=tenant,
    )  # fmt: skip
    base.update(kw)
    return UsageRecord(**base)  # type: ignore[arg-type,unused-ignore]


def series(metrics: PickerMetrics, name: str) -> dict[tuple[tuple[str, str], ...], float]:
    out = {}
    for family in metrics.registry.collect():
        for s in family.samples:
            if s.name == name:
                out[tuple(sorted(s.labels.items()))] = s.value
    return out


def test_settled_records_count_per_tenant_and_client_bytes_create_no_label() -> None:
    metrics = PickerMetrics()
    tm = TenantMetrics(metrics, max_tenants=10, allow=lambda n: n == "a")
    meter = UsageMeter(ledger(), tm)
    settle = TenantSettler(MemoryStore(), OutputEstimator(default_tokens=1, max_tokens=9), meter)
    settle(record("a"))
    settle(record("forged", request_id="r2"))  # a name no key proved
    settle(record("a", request_id="r3", picker_answered=True, status=401))
    requests = series(metrics, "kinference_tenant_requests_total")
    assert requests == {
        (("model", "m"), ("outcome", "ok"), ("tenant", "a")): 1.0,
        (("model", "m"), ("outcome", "ok"), ("tenant", OTHER)): 1.0,
    }
    prompt = series(metrics, "kinference_tenant_prompt_tokens_total")
    assert prompt[(("cache", "hit"), ("model", "m"), ("tenant", "a"))] == 40
    assert prompt[(("cache", "miss"), ("model", "m"), ("tenant", "a"))] == 60
    itl = series(metrics, "kinference_tenant_itl_seconds_sum")
    assert itl[(("tenant", "a"),)] == pytest.approx(0.1)  # (1.0 - 0.1) / 9
    assert all("forged" not in str(k) for f in metrics.registry.collect() for k in f.samples)


def test_a_settler_told_which_tenants_are_known_keeps_no_usage_of_others() -> None:
    led = ledger()
    meter = UsageMeter(led, TenantMetrics(PickerMetrics()))
    settle = TenantSettler(
        MemoryStore(), OutputEstimator(default_tokens=1, max_tokens=9), meter, lambda n: n == "a"
    )
    settle(record("a"))
    settle(record("forged"))
    assert [k[1] for k in led.take()] == ["a"]


def test_a_success_without_usage_is_charged_what_the_picker_counted_and_expected() -> None:
    led = ledger()
    metrics = PickerMetrics()
    meter = UsageMeter(led, TenantMetrics(metrics))
    settle = TenantSettler(MemoryStore(), OutputEstimator(default_tokens=1, max_tokens=9), meter)
    cut = dict(prompt_tokens=None, completion_tokens=None, cached_tokens=None)
    settle(record("a", **cut, reserved_prompt_tokens=120, reserved_output_tokens=64))
    # an error without usage used nothing; a success with usage is charged its usage
    settle(record("a", request_id="r2", status=503, **cut, reserved_prompt_tokens=7))
    settle(record("a", request_id="r3", reserved_prompt_tokens=999, reserved_output_tokens=999))
    counts = led.take()[(led.today(), "a", "m")]
    assert (counts.prompt_tokens, counts.completion_tokens) == (120 + 100, 64 + 10)
    assert series(metrics, "kinference_tenant_usage_unreported_total") == {(("tenant", "a"),): 1.0}


def test_kinfctl_usage_reads_the_file_filters_and_prints_three_ways(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from kinference_epp.cli.kinfctl import main

    path = tmp_path / "usage.jsonl"
    now = [JUNE]
    led = ledger(now)
    led.record("a", "m", "ok", 1_000_000, 0, 0)
    led.record("b", "m", "rate_limited")
    now[0] += 120
    led.record("a", "m", "ok", 0, 0, 500_000)
    asyncio.run(FileSink(path).write(led))

    assert main(["usage", "--file", str(path), "--output", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["day"], r["tenant"], r["requests"]) for r in rows] == [
        ("2026-06-30", "a", 1), ("2026-06-30", "b", 1), ("2026-07-01", "a", 1),
    ]  # fmt: skip
    assert main(["usage", "--file", str(path), "--tenant", "a", "--since", "2026-07"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split()[:4] == ["day", "tenant", "model", "requests"]
    assert len(table) == 2
    assert table[1].split()[-1] == "1.0000"
    assert main(["usage", "--file", str(path), "--output", "csv", "--tenant", "b"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("day,tenant,model,requests,ok,rate_limited")
    assert lines[1].startswith("2026-06-30,b,m,1,0,1")
