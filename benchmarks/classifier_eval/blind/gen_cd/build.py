"""Assemble sets C and D: ids, appended tasks and their complexity, order, counts, long-doc sizes.

    python3 build.py            # writes ../set_c.jsonl, ../set_d.jsonl and counts_cd.md
Seeded: a rebuild writes the same files. Long-document token counts use the Qwen3 tokenizer
when the `tokenizers` package and QWEN3_TOKENIZER are available (else an estimate, marked so).
"""

import json
import os
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGS = ["en", "de", "fr", "es"]
CATS = ["structured_id", "free_text_pii", "hard_negative", "clean"]

try:
    from tokenizers import Tokenizer

    _TOK = Tokenizer.from_file(os.environ["QWEN3_TOKENIZER"])
except Exception:  # no tokenizer here: counts are estimates, and the notes say so
    _TOK = None


def tokens(text: str) -> str:
    if _TOK is not None:
        return f"{len(_TOK.encode(text).ids)} tokens (Qwen3)"
    return f"~{int(len(text) / 3.4)} tokens (estimate)"


def build(
    mod, prefix: str, seed: int, order: tuple[str, ...] = ("easy", "hard", "medium")
) -> list[dict]:
    """One set's rows from its content module; ``order``: the appended tasks' complexity rotation."""
    rows: list[dict] = []
    for li, lang in enumerate(LANGS):
        r = random.Random(seed * 100 + li)
        items = mod.items(r, lang)
        pool = mod.TASKS[lang]
        # rotation of the appended tasks' complexity; the offset differs per language
        k = li
        used = {"easy": 0, "medium": 0, "hard": 0}
        for it in items:
            if it["cx"] is None:
                cx = order[k % 3]
                k += 1
                task = pool[cx][used[cx] % len(pool[cx])]
                used[cx] += 1
                it["text"] = it["text"].rstrip() + "\n\n" + task
                it["cx"] = cx
                it["notes"] += f" | appended {cx} task"
            if it["long"]:
                at = it["text"].index(it["mid"]) + len(it["mid"]) // 2
                it["notes"] += f" | middle block at {100 * at // len(it['text'])}% of the text"
                it["notes"] += f" | long document, {tokens(it['text'])}"
        r.shuffle(items)
        for it in items:
            rows.append({"lang": lang, **it})
    out = []
    for i, it in enumerate(rows, 1):
        out.append(
            {
                "id": f"{prefix}-{i:03d}",
                "lang": it["lang"],
                "text": it["text"],
                "pii": it["cat"] in ("structured_id", "free_text_pii"),
                "pii_kinds": it["kinds"] if it["cat"] in ("structured_id", "free_text_pii") else [],
                "category": it["cat"],
                "complexity": it["cx"],
                "notes": it["notes"],
            }
        )
    return out


def table(rows: list[dict], key: str, values: list[str]) -> list[str]:
    lines = [f"| {key} | en | de | fr | es | total |", "|---|---|---|---|---|---|"]
    for v in values:
        c = [sum(1 for x in rows if x[key] == v and x["lang"] == lg) for lg in LANGS]
        lines.append(f"| {v} | " + " | ".join(map(str, c)) + f" | {sum(c)} |")
    if key == "category":
        c = [sum(1 for x in rows if x["lang"] == lg) for lg in LANGS]
        lines.append("| **all** | " + " | ".join(map(str, c)) + f" | {sum(c)} |")
    return lines


def counts(name: str, rows: list[dict]) -> list[str]:
    longs = [x for x in rows if "long document" in x["notes"]]
    out = [f"### {name}: {len(rows)} prompts, {len(longs)} long documents", ""]
    out += [
        *table(rows, "category", CATS),
        "",
        *table(rows, "complexity", ["easy", "medium", "hard"]),
        "",
    ]
    out.append("Long documents:")
    out.append("")
    for x in longs:
        kind = x["notes"].split("|")[0].strip()
        out.append(
            f"- {x['id']} {x['lang']} {x['category']} {x['complexity']} pii={x['pii']}: {kind}; "
            f"{x['notes'].split('long document, ')[1]}"
        )
    return [*out, ""]


def write(sets: list[tuple[object, str, int, tuple[str, ...]]], counts_file: Path) -> list[str]:
    """Build and write each (content module, prefix, seed, rotation) as ``../set_<prefix>.jsonl``;
    the counts of all of them go to ``counts_file``."""
    report: list[str] = []
    for mod, prefix, seed, order in sets:
        rows = build(mod, prefix, seed, order)
        with open(HERE.parent / f"set_{prefix}.jsonl", "w", encoding="utf-8") as f:
            for x in rows:
                f.write(json.dumps(x, ensure_ascii=False) + "\n")
        report += counts(f"set_{prefix}", rows)
    counts_file.write_text("\n".join(report), encoding="utf-8")
    return report


def run_pair(here: Path, specs: list[tuple[str, int, tuple[str, ...]]], only: list[str]) -> int:
    """Build the sets of a generator directory ``here`` from its ``content_<prefix>`` modules, one
    (prefix, seed, rotation) each (``only``: the prefixes to rebuild, all when empty); their
    counts go to ``counts_<prefixes>.md`` there."""
    import importlib

    sys.path.insert(0, str(here))
    sets = [
        (importlib.import_module(f"content_{prefix}"), prefix, seed, rotation)
        for prefix, seed, rotation in specs
        if not only or prefix in only
    ]
    name = "".join(prefix for prefix, _, _ in specs)
    print("\n".join(write(sets, here / f"counts_{name}.md")))
    return 0


def main() -> int:
    import content_c
    import content_d

    rotation = ("easy", "hard", "medium")
    sets = [(content_c, "c", 31, rotation), (content_d, "d", 47, rotation)]
    print("\n".join(write(sets, HERE / "counts_cd.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
