"""The documented Redis examples, run as written: docs/tenants.md's ``tenancy`` block and the
chart's values in ``deploy/kubernetes/README.md`` (rendered by Helm's own renderer, its
ConfigMap, Secret mounts and environment given to the picker as a pod would have them),
against a real redis-server that wants a password. A key of the example tenants is served,
an unknown key is 401, and the usage reaches Redis where ``kinfctl usage --config`` finds it.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import yaml
from pydantic import ValidationError

from chart_render import load_renderer
from kinference_epp.cli.kinfctl import main as kinfctl
from kinference_epp.config.model import EppConfig
from kinference_epp.config.tenancy import TenancyConfig
from kinference_epp.demo.stack import LocalStack, StackOptions
from kubelet_mount import KubeletMount
from redis_server import RedisServer, running_redis
from waits import eventually

pytestmark = [pytest.mark.integration]

ROOT = Path(__file__).parents[2]
TENANTS = (ROOT / "deploy" / "examples" / "tenants" / "tenants.yaml").read_text()
KEY = "sk-search-team-demo-key"
MODEL = "qwen3-0.6b"
PASSWORD = "a-redis-password"
DOCUMENTED_URL = "redis://redis:6379/0"


def redis_example(markdown: Path) -> dict[str, Any]:
    """The one YAML block of ``markdown`` that configures Redis with a password."""
    blocks = re.findall(r"```yaml\n(.*?)```", markdown.read_text(), flags=re.DOTALL)
    (block,) = [b for b in blocks if "password_env: REDIS_PASSWORD" in b]
    doc = yaml.safe_load(block)
    assert isinstance(doc, dict)
    return doc


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    with running_redis(password=PASSWORD) as server:
        yield server


def with_paths(text: str, paths: Mapping[str, Path], redis: RedisServer) -> str:
    """The config as the pod reads it, its mount paths where this test mounted them."""
    for mount_path, local in sorted(paths.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(mount_path, str(local))
    assert DOCUMENTED_URL in text
    return text.replace(DOCUMENTED_URL, redis.url)


async def serve_and_check(
    config_text: str, env: Mapping[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run the picker on the ``tenancy`` section of ``config_text`` with ``env`` set, as a pod
    would, and check that a tenant's key is served and its usage reaches Redis."""
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    section = yaml.safe_load(config_text)["tenancy"]
    tenancy = TenancyConfig.model_validate(section)
    config = tmp_path / "picker.yaml"
    config.write_text(yaml.safe_dump({"tenancy": section}))
    async with LocalStack(StackOptions(pods=1, tenancy=tenancy)) as stack:
        body = {"model": MODEL, "max_tokens": 2, "messages": [{"role": "user", "content": "hi"}]}
        async with aiohttp.ClientSession() as http:
            for key, status in ((KEY, 200), ("sk-not-a-key-at-all", 401)):
                async with http.post(
                    f"{stack.url}/v1/chat/completions",
                    json=body,
                    headers={"authorization": f"Bearer {key}"},
                ) as resp:
                    assert resp.status == status, await resp.text()
        # the access log settles the request and the next flush writes it to Redis, where
        # kinfctl finds it with the same config and password
        argv = ["usage", "--config", str(config), "--tenant", "search-team", "--output", "json"]

        async def in_redis() -> bool:
            return await asyncio.to_thread(kinfctl, argv) == 0

        await eventually(in_redis, what="the tenant's usage in Redis", interval_s=0.5)


async def test_the_readme_example_serves_its_tenants(
    redis_server: RedisServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    example = redis_example(ROOT / "docs" / "tenants.md")
    (path,) = example["tenancy"]["tenants"]
    mount = KubeletMount(tmp_path / "mounted")
    mount.write({"tenants.yaml": TENANTS})
    text = with_paths(yaml.safe_dump(example), {path: mount.root}, redis_server)
    await serve_and_check(text, {"REDIS_PASSWORD": PASSWORD}, tmp_path, monkeypatch)
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["tenant"], row["ok"]) == ("search-team", 1)


async def test_the_chart_example_serves_its_tenants(
    redis_server: RedisServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    values = redis_example(ROOT / "deploy" / "kubernetes" / "README.md")
    secrets = {
        "kinference-redis": {"password": PASSWORD},
        "kinference-tenants": {"tenants.yaml": TENANTS},
    }
    files = load_renderer().render_files(values)
    config_text = yaml.safe_load(files["configmap.yaml"])["data"]["config.yaml"]
    pod = yaml.safe_load(files["deployment.yaml"])["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    volumes = {v["name"]: v for v in pod["volumes"]}
    paths: dict[str, Path] = {}
    for m in container["volumeMounts"]:
        secret = volumes[m["name"]].get("secret")
        if secret is not None:  # kubelet's layout, as the pod sees the Secret
            mount = KubeletMount(tmp_path / m["name"])
            mount.write(secrets[secret["secretName"]])
            paths[m["mountPath"]] = mount.root
    env = {
        e["name"]: secrets[ref["name"]][ref["key"]]
        for e in container.get("env", [])
        if (ref := e.get("valueFrom", {}).get("secretKeyRef")) is not None
    }
    assert "REDIS_PASSWORD" in env
    await serve_and_check(with_paths(config_text, paths, redis_server), env, tmp_path, monkeypatch)
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["tenant"], row["ok"]) == ("search-team", 1)


def test_a_tenancy_section_that_names_no_tenants_is_refused(tmp_path: Path) -> None:
    """The chart example used to configure Redis and no tenants: every request was a 401.
    Such a config is now an error at start and in check-config."""
    config = tmp_path / "picker.yaml"
    config.write_text(
        json.dumps({"tenancy": {"store": {"redis": {"url": DOCUMENTED_URL, "password_env": "X"}}}})
    )
    assert kinfctl(["check-config", str(config)]) == 1


def test_tenants_from_the_inference_tenant_watch_count_as_a_source() -> None:
    tenancy = {"store": {"redis": {"url": DOCUMENTED_URL, "password_env": "X"}}}
    watched = EppConfig.model_validate(
        {"tenancy": tenancy, "kubernetes": {"pool": {"name": "p"}, "tenants": True}}
    )
    assert watched.tenancy is not None
    with pytest.raises(ValidationError, match="no tenants"):
        EppConfig.model_validate(
            {"tenancy": tenancy, "kubernetes": {"pool": {"name": "p"}, "tenants": False}}
        )
