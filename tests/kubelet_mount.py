"""A ConfigMap or Secret volume laid out as kubelet writes it, and updated as kubelet does.

kubelet's atomic writer puts the payload in a timestamped directory, points ``..data`` at it
and links each top-level name to ``..data/<name>``::

    mount/
      ..2026_12_06_03_28_00.000000001/alpha.yaml
      ..data -> ..2026_12_06_03_28_00.000000001
      alpha.yaml -> ..data/alpha.yaml

An update writes a new timestamped directory, makes ``..data_tmp`` point at it, renames
``..data_tmp`` over ``..data`` (the one atomic step), adds links for new names, removes links
of names gone and then the old directory.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


class KubeletMount:
    def __init__(self, root: Path) -> None:
        self.root = root
        self._serial = 0
        root.mkdir(parents=True, exist_ok=True)

    @property
    def data_dir(self) -> Path:
        """The timestamped directory ``..data`` points at now."""
        return self.root / os.readlink(self.root / "..data")

    def write(self, payload: Mapping[str, str | bytes], *, mtime_ns: int | None = None) -> None:
        """Replace the whole payload (``name`` → content, ``sub/name`` for items with a path).
        ``mtime_ns`` gives every new file that modification time (kubelet's copies have the
        time of the write; a test may give the old one to show that it does not matter)."""
        self._serial += 1
        stamp = f"..2026_12_06_03_28_00.{self._serial:09d}"
        new = self.root / stamp
        for name, content in payload.items():
            path = new / name
            path.parent.mkdir(parents=True, exist_ok=True)
            data = content.encode() if isinstance(content, str) else content
            path.write_bytes(data)
            if mtime_ns is not None:
                os.utime(path, ns=(mtime_ns, mtime_ns))
        data_link = self.root / "..data"
        old = os.readlink(data_link) if data_link.is_symlink() else None
        tmp = self.root / "..data_tmp"
        os.symlink(stamp, tmp)
        os.rename(tmp, data_link)
        tops = {name.split("/", 1)[0] for name in payload}
        for top in tops:
            link = self.root / top
            if not link.is_symlink():
                os.symlink(f"..data/{top}", link)
        for entry in self.root.iterdir():
            if not entry.name.startswith(".") and entry.name not in tops:
                entry.unlink()
        if old is not None:
            _remove_tree(self.root / old)


def _remove_tree(path: Path) -> None:
    for dirpath, dirnames, filenames in os.walk(path, topdown=False):
        for name in filenames:
            os.unlink(os.path.join(dirpath, name))
        for name in dirnames:
            os.rmdir(os.path.join(dirpath, name))
    os.rmdir(path)
