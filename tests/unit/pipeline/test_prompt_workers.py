"""Long prompts tokenized in worker processes: the same count and hashes as on a thread, no
wait for the workers to start, and a worker that dies costs no request."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator

import pytest

from kinference_epp.api.openai import parse_chat, parse_completions
from kinference_epp.api.request import InferenceRequest
from kinference_epp.config.tokenizers import TokenizerConfig, TokenizerSource
from kinference_epp.kvcache.hashing import HashScope
from kinference_epp.pipeline.prompt_work import tokenize_and_hash
from kinference_epp.pipeline.prompt_workers import PARENT_CHECK_S, PromptWorkers, _exit_with
from kinference_epp.tokenize.fixtures import write_tiny_bpe
from kinference_epp.tokenize.registry import TokenizerRegistry
from waits import eventually

CONTEXT = 4096


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> TokenizerConfig:
    tiny = write_tiny_bpe(tmp_path_factory.mktemp("tiny"))
    source = TokenizerSource(models=["m"], path=tiny, max_model_len=CONTEXT)
    return TokenizerConfig(sources=[source])


@pytest.fixture
def workers(config: TokenizerConfig) -> Iterator[PromptWorkers]:
    pool = PromptWorkers(config, processes=1)
    yield pool
    pool.close()


def chat(text: str) -> InferenceRequest:
    body = {"model": "m", "messages": [{"role": "user", "content": text}]}
    return parse_chat(json.dumps(body).encode())


def completion(text: str) -> InferenceRequest:
    return parse_completions(json.dumps({"model": "m", "prompt": text}).encode())


async def up(workers: PromptWorkers) -> None:
    await eventually(workers.ready, what="the prompt workers to start")


@pytest.mark.parametrize(
    "request_",
    [
        completion("hello world " * 300),
        chat("hello world " * 300),
        completion("hello world " * 3000),  # over 4 characters per token: counted first
    ],
)
async def test_a_worker_gives_what_the_thread_gives(
    config: TokenizerConfig, workers: PromptWorkers, request_: InferenceRequest
) -> None:
    registry = TokenizerRegistry.from_config(config)
    scope = HashScope("m")
    chars = len(request_.raw)
    await up(workers)
    got = workers.run("m", request_, scope, 16, CONTEXT, chars)
    assert got is not None
    expected = tokenize_and_hash(registry.for_model("m"), request_, scope, 16, CONTEXT, chars)
    assert got[0] == expected[0] > 0
    assert got[1].tolist() == expected[1].tolist()


async def test_no_prompt_waits_for_the_workers_to_start(workers: PromptWorkers) -> None:
    request = completion("hello world " * 300)
    # The first long prompt starts the workers and is tokenized by its caller meanwhile.
    assert workers.run("m", request, HashScope("m"), 16, CONTEXT, 0) is None
    await up(workers)
    assert workers.run("m", request, HashScope("m"), 16, CONTEXT, 0) is not None


async def test_a_worker_that_dies_costs_no_request(workers: PromptWorkers) -> None:
    request = completion("hello world " * 300)
    await up(workers)
    pids = workers.pids()
    assert pids
    os.kill(pids[0], signal.SIGKILL)

    def answered_by_new_workers() -> bool:
        # Every call answers: from a worker, or None for the caller to tokenize itself.
        got = workers.run("m", request, HashScope("m"), 16, CONTEXT, 0)
        return got is not None and workers.restarts == 1

    await eventually(answered_by_new_workers, what="new prompt workers after one died")
    assert pids[0] not in workers.pids()


async def test_workers_yield_the_cpu_to_the_picker(workers: PromptWorkers) -> None:
    await up(workers)
    assert os.sched_getscheduler(0) != os.SCHED_IDLE
    for pid in workers.pids():
        assert os.sched_getscheduler(pid) == os.SCHED_IDLE


def test_ready_means_every_worker_is_up(config: TokenizerConfig) -> None:
    # each worker's first job holds it until all hold one: no worker answers two
    pool = PromptWorkers(config, processes=3)
    try:
        pool.wait_ready()
        assert pool.ready()
        pids = pool.pids()
        assert len(pids) == 3
        assert len(set(pids)) == 3
    finally:
        pool.close()


PICKER = """
import sys
from kinference_epp.config.tokenizers import TokenizerConfig
from kinference_epp.pipeline.prompt_workers import PromptWorkers

pool = PromptWorkers(TokenizerConfig.model_validate_json(sys.argv[1]), processes=2)
pool.wait_ready()
print(*pool.pids(), flush=True)
sys.stdin.read()  # until killed
"""


async def test_workers_end_with_a_killed_picker(config: TokenizerConfig) -> None:
    picker = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        PICKER,
        config.model_dump_json(),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert picker.stdout is not None
        pids = [int(p) for p in (await picker.stdout.readline()).split()]
        assert len(pids) == 2
        assert all(alive(p) for p in pids)
    finally:
        picker.kill()  # SIGKILL: no chance to stop its pool
        await picker.communicate()
    await eventually(
        lambda: not any(alive(p) for p in pids), what="the workers to end with their picker"
    )


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, ended but not yet reaped by its new parent, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_worker_ends_once_the_picker_it_was_given_is_gone() -> None:
    # The picker's pid is handed to the worker where the pool is made: a worker still
    # starting when the picker dies has a new parent already, and must end all the same.
    spawn = multiprocessing.get_context("spawn")
    gone = spawn.Process(target=int)
    gone.start()
    gone.join()
    orphan = spawn.Process(target=_exit_with, args=(gone.pid,))
    orphan.start()
    orphan.join(timeout=60)
    assert orphan.exitcode == 0
    # while the picker it was given lives, it stays
    kept = spawn.Process(target=_exit_with, args=(os.getpid(),))
    kept.start()
    try:
        kept.join(timeout=3 * PARENT_CHECK_S)
        assert kept.is_alive()
    finally:
        kept.kill()
        kept.join()
