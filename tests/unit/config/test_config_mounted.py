"""Files and directories read as kubelet mounts them: each file once, dot-entries skipped,
and the atomic ``..data`` swap seen as a change, by the tenant and policy loaders alike."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from kinference_epp.config.mounted import stamp, yaml_files
from kinference_epp.policy.loader import POLICY_KIND, LoadedPolicy
from kinference_epp.policy.secrets import SecretFiles
from kinference_epp.policy.store import PolicyStore
from kinference_epp.resources.files import ResourceFiles
from kinference_epp.resources.kind import source_files
from kinference_epp.resources.problems import errors
from kinference_epp.tenancy.directory import TenantDirectory
from kinference_epp.tenancy.loader import TENANT_KIND, LoadedTenant
from kubelet_mount import KubeletMount
from waits import eventually


def tenant_files(
    directory: TenantDirectory, paths: list[str], interval_s: float = 2.0
) -> ResourceFiles[LoadedTenant]:
    return ResourceFiles(
        TENANT_KIND, paths, directory.update_files, what="tenant files", interval_s=interval_s
    )


def policy_files(
    store: PolicyStore, paths: list[str], interval_s: float = 2.0
) -> ResourceFiles[LoadedPolicy]:
    return ResourceFiles(
        POLICY_KIND, paths, store.update, what="policy files", interval_s=interval_s
    )


def tenant(name: str, key: str) -> str:
    return f"""
apiVersion: kinference.io/v1alpha1
kind: InferenceTenant
metadata: {{name: {name}}}
spec:
  apiKeys: [{{name: k, value: {key}}}]
"""


POLICY = """
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
CASES = """
cases:
  - name: bad is refused
    request: {model: m, prompt: hi}
    tenant: bad
    expect: {rule: deny}
"""


def test_a_kubelet_mount_lists_each_file_once_by_its_own_name(tmp_path: Path) -> None:
    mount = KubeletMount(tmp_path / "tenants")
    mount.write({"alpha.yaml": "a", "beta.yml": "b", "notes.txt": "n", "sub/gamma.yaml": "g"})
    (tmp_path / "tenants" / ".swap.yaml").write_text("editor's swap file")
    got = yaml_files([tmp_path / "tenants"]).files
    root = tmp_path / "tenants"
    assert got == [root / "alpha.yaml", root / "beta.yml", root / "sub" / "gamma.yaml"]


def test_a_file_reached_twice_is_listed_once(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("x")
    os.symlink("a.yaml", tmp_path / "link.yaml")
    got = yaml_files([tmp_path / "a.yaml", tmp_path, tmp_path / "a.yaml"]).files
    assert got == [tmp_path / "a.yaml"]


def test_an_empty_directory_is_a_warning_and_a_missing_path_is_kept(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    files, problems = source_files([tmp_path / "empty", tmp_path / "missing.yaml"])
    assert files == [tmp_path / "missing.yaml"]  # reading it says it is missing
    assert [p.severity.value for p in problems] == ["warning"]
    assert "no *.yaml" in problems[0].message


def test_tenants_in_a_kubelet_mount_load_once(tmp_path: Path) -> None:
    mount = KubeletMount(tmp_path / "tenants")
    mount.write(
        {
            "alpha.yaml": tenant("alpha", "sk-alpha-key-0001"),
            "beta.yaml": tenant("beta", "sk-beta-key-00001"),
        }
    )
    directory = TenantDirectory()
    problems = tenant_files(directory, [str(mount.root)]).load()
    assert problems == []
    assert sorted(directory.tenants) == ["alpha", "beta"]


def test_policies_in_a_kubelet_mount_load_once_beside_their_cases(tmp_path: Path) -> None:
    mount = KubeletMount(tmp_path / "policies")
    mount.write({"p.yaml": POLICY, "p.cases.yaml": CASES})
    store = PolicyStore()
    assert policy_files(store, [str(mount.root)]).load() == []
    assert len(store.active) == 1


def test_the_swap_changes_the_stamp_even_with_the_old_size_and_time(tmp_path: Path) -> None:
    mount = KubeletMount(tmp_path / "t")
    mount.write({"a.yaml": "key: 1\n"}, mtime_ns=10**18)
    files = yaml_files([mount.root]).files
    before = stamp(files)
    mount.write({"a.yaml": "key: 2\n"}, mtime_ns=10**18)
    assert yaml_files([mount.root]).files == files
    assert stamp(files) != before


async def test_serve_picks_up_the_kubelet_swap(tmp_path: Path) -> None:
    mount = KubeletMount(tmp_path / "tenants")
    when = 10**18  # every copy has the same time and size: only the swap tells them apart
    mount.write({"t.yaml": tenant("alpha", "sk-alpha-key-0001")}, mtime_ns=when)
    directory = TenantDirectory()
    files = tenant_files(directory, [str(mount.root)], interval_s=0.02)
    assert errors(files.load()) == []
    await files.start()
    try:
        mount.write({"t.yaml": tenant("omega", "sk-omega-key-0001")}, mtime_ns=when)
        await eventually(lambda: "omega" in directory.tenants, what="the swapped tenant")
        assert list(directory.tenants) == ["omega"]
        assert directory.by_key("sk-omega-key-0001") is not None
        assert directory.by_key("sk-alpha-key-0001") is None
        store = PolicyStore()
        policies = policy_files(store, [str(tmp_path / "policies")], interval_s=0.02)
        pmount = KubeletMount(tmp_path / "policies")
        pmount.write({"p.yaml": POLICY})
        assert policies.load() == []
        generation = store.generation
        await policies.start()
        try:
            pmount.write({"p.yaml": POLICY.replace("deny", "nope")})
            await eventually(lambda: store.generation > generation, what="the swapped policy")
            assert [r.name for r in store.active.policies[0].rules] == ["nope"]
        finally:
            await policies.stop()
    finally:
        await files.stop()
    await asyncio.sleep(0)


def test_provider_keys_in_a_kubelet_secret_mount_follow_the_swap(tmp_path: Path) -> None:
    """``server.secrets_dir`` holds one mounted Secret per directory: a key is read through
    its link, and after kubelet's swap (and the cache's lifetime) the new value is read."""
    mount = KubeletMount(tmp_path / "secrets" / "openai")
    mount.write({"api-key": "sk-old\n"})
    now = [0.0]
    secrets = SecretFiles(tmp_path / "secrets", ttl_s=30, clock=lambda: now[0])
    assert secrets.get("openai", "api-key") == "sk-old"
    mount.write({"api-key": "sk-new\n"})
    now[0] = 31.0
    assert secrets.get("openai", "api-key") == "sk-new"
