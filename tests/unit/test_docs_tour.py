"""The README's tour and the docs stay true: every command they show parses with the real
command-line parsers, every Makefile target they name exists, the demo's key and model are the
demo's, and every relative link points at a file of the repository."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from kinference_epp.cli.epp import build_parser as epp_parser
from kinference_epp.cli.kinfctl import build_parser as kinfctl_parser
from kinference_epp.demo.runner import KEYS
from kinference_epp.demo.stack import StackOptions
from kinference_epp.sim.runner import build_parser as sim_parser

ROOT = Path(__file__).parents[2]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
CLIS = {"kinfctl": kinfctl_parser, "kinference-epp": epp_parser}


def parse(argv: list[str]) -> None:
    """Parse ``argv`` as its CLI's ``main`` does (``sim`` hands its words to its own parser)."""
    if argv[:2] == ["kinference-epp", "sim"]:
        sim_parser().parse_args(argv[2:])
    else:
        CLIS[argv[0]]().parse_args(argv[1:])


def shell_blocks(page: Path) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", page.read_text(), flags=re.DOTALL)


def commands(page: Path) -> list[list[str]]:
    """Each shell line of ``page`` that runs one of the project's CLIs, as argv (continuation
    lines joined, comments and the pipe before it dropped)."""
    found: list[list[str]] = []
    for block in shell_blocks(page):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.split("|")[-1]
            words = shlex.split(line, comments=True)
            if words and Path(words[0]).name in CLIS:
                found.append([Path(words[0]).name, *words[1:]])
    return found


def test_the_first_commands_are_make_demo_and_make_test() -> None:
    first = shell_blocks(README)[0]
    assert [line.split()[:2] for line in first.splitlines()] == [
        ["make", "demo"],
        ["make", "test"],
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_make_target_named_exists(page: Path) -> None:
    targets = set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(), flags=re.M))
    named = set(re.findall(r"`make ([a-z][\w-]*)", page.read_text()))
    named |= {
        w[1]
        for b in shell_blocks(page)
        for w in map(str.split, b.splitlines())
        if w[:1] == ["make"]
    }
    assert named - targets == set()


def test_the_readme_shows_the_project_s_commands() -> None:
    shown = commands(README)
    assert {argv[1] for argv in shown if argv[0] == "kinfctl"} >= {
        "validate",
        "test",
        "explain",
        "usage",
    }
    assert ["kinference-epp", "demo", "--keep-running"] in shown


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_command_shown_parses(page: Path) -> None:
    for argv in commands(page):
        try:
            parse(argv)
        except SystemExit as exc:
            pytest.fail(f"{page.name}: `{shlex.join(argv)}` does not parse ({exc})")


def test_the_tour_uses_the_demo_s_key_and_model() -> None:
    text = README.read_text()
    assert f"Bearer {KEYS['team-a']}" in text
    assert KEYS["team-b"] in text
    assert f'"model": "{StackOptions().model}"' in text


@pytest.mark.parametrize("page", [*PAGES, ROOT / "benchmarks" / "README.md"], ids=lambda p: p.name)
def test_every_relative_link_points_at_a_file(page: Path) -> None:
    links = re.findall(r"\]\(([^)\s]+)\)", page.read_text())
    missing = [
        link
        for link in links
        if not re.match(r"[a-z]+:", link)
        and not link.startswith("#")
        and not (page.parent / link.split("#")[0]).exists()
    ]
    assert missing == []
