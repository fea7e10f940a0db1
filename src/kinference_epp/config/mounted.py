"""The YAML files behind the paths the picker is given, read as kubelet mounts them.

A ConfigMap or Secret volume holds each key twice over: ``..2026_12_06_03_28_00.123/name.yaml``
(the data), ``..data -> ..2026_12_06_03_28_00.123/`` and ``name.yaml -> ..data/name.yaml``.
An update writes a new timestamped directory and re-points ``..data`` in one rename, so the
top-level links change what they show without changing themselves. Walking such a directory
must skip the dot-entries (or every file is read three times) and must notice the swap
(the links' own names and times stay the same, their targets do not).

Everything ``serve``, ``kinfctl validate`` and ``kinfctl check-config`` read from a
directory goes through :func:`yaml_files`, so the three agree on what a directory holds.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class Expanded:
    """The files behind some paths, in order, each real file once."""

    files: list[Path] = field(default_factory=list)
    empty_dirs: list[Path] = field(default_factory=list)
    """Directories given that hold no YAML file (worth a warning: a mount not yet filled,
    or the wrong path)."""


def yaml_files(
    paths: Iterable[str | Path], *, skip: Callable[[str], bool] | None = None
) -> Expanded:
    """Files as given; a directory expands to the ``*.yaml`` / ``*.yml`` below it, sorted by
    name, its subdirectories too. Entries whose name starts with a dot are skipped (kubelet's
    ``..data`` and timestamped directories, editors' swap files), as are names ``skip``
    accepts. A file reached twice (a path given twice, a directory and a file in it, two
    links to one file) is listed once, under the first name it was reached by. A path that
    does not exist is listed as given, so that reading it reports it."""
    out = Expanded()
    seen: set[str] = set()

    def add(path: Path) -> None:
        real = os.path.realpath(path)
        if real not in seen:
            seen.add(real)
            out.files.append(path)

    def walk(directory: Path, visited: frozenset[str]) -> int:
        found = 0
        try:
            entries = sorted(directory.iterdir(), key=lambda p: p.name)
        except OSError:
            return 0
        for entry in entries:
            if entry.name.startswith(".") or (skip is not None and skip(entry.name)):
                continue
            if entry.is_dir():
                real = os.path.realpath(entry)
                if real not in visited:  # a link back up the tree
                    found += walk(entry, visited | {real})
            elif entry.suffix in YAML_SUFFIXES and entry.is_file():
                add(entry)
                found += 1
        return found

    for path in map(Path, paths):
        if path.is_dir():
            if walk(path, frozenset({os.path.realpath(path)})) == 0:
                out.empty_dirs.append(path)
        else:
            add(path)
    return out


Stamp = tuple[tuple[str, str, int, int, int], ...]
"""Per file: (name, the file it resolves to, inode, mtime in ns, size)."""


def stamp(files: Iterable[Path]) -> Stamp:
    """What changes when any of ``files`` changes, kubelet's swap included: the swap changes
    the file a link resolves to even when the new copy has the old one's size and time."""
    out = []
    for f in files:
        try:
            st = f.stat()
        except OSError:
            out.append((str(f), "", -1, -1, -1))
            continue
        out.append((str(f), os.path.realpath(f), st.st_ino, st.st_mtime_ns, st.st_size))
    return tuple(out)
