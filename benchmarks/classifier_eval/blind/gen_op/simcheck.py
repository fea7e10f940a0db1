"""No P prompt may be a near copy of an O prompt (nor O or P of sets A-N).

    python3 simcheck.py            # exits 1 if any O/P pair has word 4-gram Jaccard > 0.3
    python3 simcheck.py --earlier  # also O and P against A-N (ids and scores only)
The check is gen_ij/simcheck.py's (which uses gen_cd's measure): it also counts capitalised word
pairs (names) that O and P share and prints ids and scores only, never text.
"""

import importlib.util
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "simcheck_ij", Path(__file__).resolve().parent.parent / "gen_ij" / "simcheck.py"
)
_ij = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_ij)

if __name__ == "__main__":
    sys.exit(_ij.check("o", "p", "abcdefghijklmn", sys.argv[1:]))
