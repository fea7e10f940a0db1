"""Independent re-check of sets O and P: schema, exact counts, every identifier's checksum, long documents.

    python3 verify.py ../set_o.jsonl ../set_p.jsonl
Exits 1 on any problem. All checks are gen_gh/verify.py's (which reuses gen_ef/ and gen_cd/
verify.py): they re-derive checksums from the text alone without importing the generators, and
hold the exact per-language category counts (13 structured, 10 free-text, 15 hard negatives,
14 clean), at least 12 easy and 12 hard prompts and 3 long documents per language.
"""

import importlib.util
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "verify_gh", Path(__file__).resolve().parent.parent / "gen_gh" / "verify.py"
)
_gh = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_gh)  # gen_gh/verify.py: the checks sets C-L share with O and P

if __name__ == "__main__":
    sys.exit(_gh.main(sys.argv[1:]))
