"""Assembly of one set's items from its content tables (shared by content_o.py and content_p.py)."""

import random

from filler_op import lines
from kit_op import item, long_doc, make

# characters per long document: digit-heavy kinds take more tokens per character
SIZE = {"o_s": 10500, "p_s": 9000, "p_f": 12000}


def items_from(r: random.Random, lang: str, S, F, N, C, LONG, kinds_of_long) -> list[dict]:
    """13 structured, 10 free-text, 15 negatives, 14 clean: the short ones from the tables, one
    long document of each PII category and one negative long document from ``LONG``."""
    out = [make(r, lang, "structured_id", k, t, n) for k, t, n in S[lang]]
    out += [make(r, lang, "free_text_pii", k, t, n) for k, t, n in F[lang]]
    out += [make(r, lang, "hard_negative", [], t, n, cx) for t, cx, n in N[lang]]
    out += [make(r, lang, "clean", [], t, n, cx) for t, cx, n in C[lang]]
    for cat, (kind, kinds, head, mid, task, note, cx) in zip(
        ["structured_id", "free_text_pii", "hard_negative"], LONG[lang], strict=True
    ):
        text, filled = long_doc(r, lang, head, lines(kind, lang), mid, task, SIZE.get(kind, 14000))
        out.append(item(cat, kinds if cat != "hard_negative" else [], text, note, cx, True, filled))
    return out
