"""Policy files at run time: edits apply, a bad edit keeps the last good set and says why."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from kinference_epp.policy.loader import POLICY_KIND, LoadedPolicy
from kinference_epp.policy.store import PolicyStore
from kinference_epp.resources.files import ResourceFiles
from kinference_epp.resources.problems import Problem
from waits import eventually


def policy_files(
    store: PolicyStore, paths: list[str], **kwargs: Any
) -> ResourceFiles[LoadedPolicy]:
    return ResourceFiles(POLICY_KIND, paths, store.update, what="policy files", **kwargs)


GOOD = """
apiVersion: kinference.io/v1alpha1
kind: InferencePolicy
metadata: {name: p, namespace: default}
spec:
  scope: {priority: 1}
  rules:
    - name: deny
      match: {tenants: [bad]}
      action: {reject: {status: 403, message: "no"}}
"""


async def test_reload_applies_good_edits_and_keeps_last_good_on_bad(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(GOOD)
    rejected: list[list[Problem]] = []
    reported = asyncio.Event()

    def on_rejected(problems: list[Problem]) -> None:
        rejected.append(problems)
        reported.set()

    store = PolicyStore()
    files = policy_files(store, [str(tmp_path)], interval_s=0.02, on_rejected=on_rejected)
    assert files.load() == []
    assert len(store.active) == 1
    generation = store.generation
    await files.start()
    try:
        path.write_text(GOOD.replace("deny", "deny-v2") + "\n")
        await eventually(lambda: store.generation > generation, what="the good edit in force")
        assert store.generation == generation + 1
        good_generation = store.generation
        path.write_text(GOOD.replace("status: 403", "status: nope") + "\n\n")
        async with asyncio.timeout(30):  # a hang guard: the bad edit must be reported
            await reported.wait()
        assert any("status" in str(p) and "p.yaml" in str(p) for p in rejected[0])
        assert store.generation == good_generation  # the last good set stays in force
        assert len(store.active) == 1
    finally:
        await files.stop()


def test_bad_files_at_start_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("kind: InferencePolicy\nspec: [1, 2\n")
    problems = policy_files(PolicyStore(), [str(path)]).load()
    assert problems
    assert str(path) in str(problems[0])


@pytest.mark.parametrize("name", ["missing.yaml"])
def test_missing_file_is_a_problem_not_a_crash(tmp_path: Path, name: str) -> None:
    problems = policy_files(PolicyStore(), [str(tmp_path / name)]).load()
    assert problems
