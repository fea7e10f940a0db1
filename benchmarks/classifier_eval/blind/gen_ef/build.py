"""Assemble sets E and F: ids, appended tasks and their complexity, order, counts, long-doc sizes.

    python3 build.py            # writes ../set_e.jsonl, ../set_f.jsonl and counts_ef.md
Seeded: a rebuild writes the same files. Long-document token counts use the Qwen3 tokenizer
when the `tokenizers` package and QWEN3_TOKENIZER are available (else an estimate, marked so).
"""

import importlib
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("build_cd", HERE.parent / "gen_cd" / "build.py")
build_cd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_cd)  # gen_cd/build.py: assembly, counts and writing


def main() -> int:
    only = sys.argv[1:]  # e.g. `python3 build.py e` rebuilds one set; default both
    rotation = ("hard", "easy", "medium")
    sets = [
        (importlib.import_module(f"content_{prefix}"), prefix, seed, rotation)
        for prefix, seed in [("e", 53), ("f", 61)]
        if not only or prefix in only
    ]
    print("\n".join(build_cd.write(sets, HERE / "counts_ef.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
