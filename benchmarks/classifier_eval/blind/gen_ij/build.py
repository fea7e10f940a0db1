"""Assemble sets I and J: ids, appended tasks and their complexity, order, counts, long-doc sizes.

    python3 build.py            # writes ../set_i.jsonl, ../set_j.jsonl and counts_ij.md
    python3 build.py i          # rebuilds one set
Assembly, counting and writing are gen_cd/build.py's; this file only names the content modules,
their seeds and the rotation of the appended tasks' complexity. Seeded: a rebuild writes the
same files. Long-document token counts use the Qwen3 tokenizer when the `tokenizers` package and
QWEN3_TOKENIZER are available (else an estimate, marked so).
"""

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("build_cd", HERE.parent / "gen_cd" / "build.py")
build_cd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_cd)  # gen_cd/build.py: assembly, counts and writing

SETS = [
    ("i", 97, ("hard", "easy", "medium")),
    ("j", 109, ("easy", "medium", "hard")),
]
"""(prefix, seed, rotation of the appended tasks' complexity) of each set."""

if __name__ == "__main__":
    sys.exit(build_cd.run_pair(HERE, SETS, sys.argv[1:]))
