"""docs/configuration.md is what the config models render, and covers every key they accept."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import Field

from kinference_epp.cli.kinfctl import main as kinfctl
from kinference_epp.config import reference
from kinference_epp.config.model import EppConfig
from kinference_epp.config.strict import Strict

ROOT = Path(__file__).parents[2]
PAGE = ROOT / "docs" / "configuration.md"


def test_the_committed_page_is_current() -> None:
    assert PAGE.read_text() == reference.render(), "docs/configuration.md is stale: run `make docs`"


def test_check_passes_on_the_committed_page() -> None:
    assert kinfctl(["config-reference", "--out", str(PAGE), "--check"]) == 0


def test_check_fails_on_a_stale_page_and_writes_nothing(tmp_path: Path) -> None:
    page = tmp_path / "configuration.md"
    page.write_text(reference.render().replace('`"0.0.0.0"`', '`"127.0.0.1"`'))
    before = page.read_text()
    assert before != reference.render()
    assert kinfctl(["config-reference", "--out", str(page), "--check"]) == 1
    assert page.read_text() == before
    assert kinfctl(["config-reference", "--out", str(page)]) == 0
    assert kinfctl(["config-reference", "--out", str(page), "--check"]) == 0


@pytest.mark.parametrize(
    ("path", "default"),
    [
        ("server.host", '`"0.0.0.0"`'),
        ("server.tls.enabled", "`false`"),
        ("server.tls.cert_file", "unset"),
        ("server.tls.key_file", "unset"),
        ("server.tls.client_ca_file", "unset"),
        ("speed.learn", "`true`"),
        ("speed.prior.prefill_tokens_per_s", "`30000.0`"),
        ("kubernetes_sync_timeout_s", "`10.0`"),
        ("pool.endpoints[].address", "required"),
        ("tenancy.usage.prices.<name>.input", "required"),
        ("tenancy.store.redis.url", "required"),
    ],
)
def test_the_keys_the_table_used_to_miss_are_listed(path: str, default: str) -> None:
    (row,) = [r for r in reference.rows() if r.path == path]
    assert row.default == default
    assert f"| `{path}` |" in PAGE.read_text()


def test_every_top_level_key_has_a_row() -> None:
    paths = {r.path for r in reference.rows()}
    assert set(EppConfig.model_fields) <= paths
    assert "server.control.token_file" in paths
    assert "kubernetes.leader_election.lease_duration_s" in paths


def test_a_field_without_a_description_is_an_error() -> None:
    class Documented(Strict):
        """A section."""

        fine: int = Field(default=1, description="Has one.")
        bare: int = 2

    with pytest.raises(reference.UndocumentedField, match=r"Documented\.bare"):
        list(reference.rows(Documented))


def test_a_pipe_in_a_description_does_not_split_the_table() -> None:
    class Piped(Strict):
        choice: str = Field(default="a", description="a | b")

    (row,) = reference.rows(Piped)
    assert row.description == "a \\| b"
