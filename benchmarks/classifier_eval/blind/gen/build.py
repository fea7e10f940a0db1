"""Build blind eval sets: python3 build.py  -> ../set_a.jsonl ../set_b.jsonl"""
import collections
import json
import random
import sys

import content_a
import content_b
import ids
from filler import est_tokens

LANGS = ["en", "de", "fr", "es"]


class G:
    """Value source for one set: names, addresses, identifiers (seeded)."""

    def __init__(self, seed, names, addresses):
        self.r = random.Random(seed)
        # name pools alternate female/male (even index female); keep per-sex pools
        self.names = {}
        for k, v in names.items():
            self.names[k] = list(v)
            self.names[k + "f"] = list(v[0::2])
            self.names[k + "m"] = list(v[1::2])
        self.addresses = {k: list(v) for k, v in addresses.items()}
        for v in list(self.names.values()) + list(self.addresses.values()):
            self.r.shuffle(v)
        self.i = collections.Counter()

    def name(self, lang, sex=""):
        key = lang + sex
        self.i["n" + key] += 1
        pool = self.names[key]
        return pool[self.i["n" + key] % len(pool)]

    def first(self, lang, sex=""):
        n = self.name(lang, sex).split()
        return " ".join(n[:2]) if n[0] == "María" else n[0]

    def addr(self, lang):
        self.i["a" + lang] += 1
        pool = self.addresses[lang]
        return pool[self.i["a" + lang] % len(pool)]

    def dob(self, lang):
        y, m, d = self.r.randint(1948, 2004), self.r.randint(1, 12), self.r.randint(1, 28)
        if lang == "en":
            return f"{d} {['January','February','March','April','May','June','July','August','September','October','November','December'][m-1]} {y}"
        return f"{d:02d}.{m:02d}.{y}" if lang == "de" else f"{d:02d}/{m:02d}/{y}"

    @staticmethod
    def _ascii(x):
        import unicodedata
        return "".join(c for c in unicodedata.normalize("NFKD", x) if not unicodedata.combining(c)).replace("ß", "ss").lower()

    def login(self, lang):
        return self._ascii(self.first(lang))

    def login_last(self, lang):
        return self._ascii(self.name(lang).split()[-1])

    def email(self, lang, name=None):
        name = name or self.name(lang)
        parts = name.lower().split()
        tr = str.maketrans(dict(zip("äöüéèêëàâçîïôûùñíóúáß", "aoueeeeaaciiouuniouas")))
        a, b = parts[0].translate(tr), parts[-1].translate(tr)
        dom = {"en": ["gmail.com", "btinternet.com", "outlook.com", "yahoo.co.uk"],
               "de": ["gmx.de", "web.de", "t-online.de", "posteo.de"],
               "fr": ["orange.fr", "free.fr", "laposte.net", "sfr.fr"],
               "es": ["gmail.com", "hotmail.es", "telefonica.net", "yahoo.es"]}[lang]
        sep = self.r.choice([".", "_", ""])
        return f"{a}{sep}{b}{self.r.randint(1, 99) if self.r.random() < 0.4 else ''}@{self.r.choice(dom)}"

    def __getattr__(self, k):
        f = getattr(ids, k)
        return lambda *a, **kw: f(self.r, *a, **kw)


def build(mod, prefix, seed):
    g = G(seed, mod.NAMES, mod.ADDRESSES)
    rows = []
    for lang in LANGS:
        items = mod.items(lang, g)
        # appended-task items: assign complexity in a rotating order, tasks from the set's pool
        order = ["easy", "hard", "medium"]
        k = 0
        tcount = collections.Counter()
        for it in items:
            if "cx" not in it:
                cx = order[k % 3]
                k += 1
                pool = mod.TASKS[lang][cx]
                task = pool[tcount[cx] % len(pool)]
                tcount[cx] += 1
                sep = "\n\n" if it.get("task_after", True) else "\n\n"
                it["text"] = it["text"].rstrip() + sep + task
                it["cx"] = cx
            rows.append((lang, it))
    out = []
    for n, (lang, it) in enumerate(rows, 1):
        out.append({"id": f"{prefix}-{n:03d}", "lang": lang, "text": it["text"], "pii": bool(it["kinds"]),
                    "pii_kinds": it["kinds"], "category": it["cat"], "complexity": it["cx"],
                    "notes": it["notes"] + (f" [long document, {est_tokens(it['text'])} tokens (Qwen3 tokenizer)]" if it.get("long") else "")})
        assert (it["cat"] in ("structured_id", "free_text_pii")) == bool(it["kinds"]), it
    return out


def report(name, rows):
    c = collections.Counter((r["category"], r["lang"]) for r in rows)
    x = collections.Counter((r["complexity"], r["lang"]) for r in rows)
    longs = [r for r in rows if "long document" in r["notes"]]
    lines = [f"### {name}: {len(rows)} prompts, {len(longs)} long documents", "",
             "| category | en | de | fr | es | total |", "|---|---|---|---|---|---|"]
    for cat in ["structured_id", "free_text_pii", "hard_negative", "clean"]:
        vals = [c[(cat, l)] for l in LANGS]
        lines.append(f"| {cat} | " + " | ".join(map(str, vals)) + f" | {sum(vals)} |")
    lines.append("| **all** | " + " | ".join(str(sum(1 for r in rows if r['lang'] == l)) for l in LANGS) + f" | {len(rows)} |")
    lines += ["", "| complexity | en | de | fr | es | total |", "|---|---|---|---|---|---|"]
    for cx in ["easy", "medium", "hard"]:
        vals = [x[(cx, l)] for l in LANGS]
        lines.append(f"| {cx} | " + " | ".join(map(str, vals)) + f" | {sum(vals)} |")
    lines += ["", "Long documents (token counts with the Qwen3 tokenizer):", ""]
    for r in longs:
        lines.append(f"- {r['id']} {r['lang']} {r['category']} {r['complexity']} pii={r['pii']} {est_tokens(r['text'])} tokens")
    return "\n".join(lines)


if __name__ == "__main__":
    out = {}
    for mod, prefix, seed, path in [(content_a, "a", 3701, "../set_a.jsonl"), (content_b, "b", 3702, "../set_b.jsonl")]:
        rows = build(mod, prefix, seed)
        with open(path, "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        out[prefix] = report(f"set_{prefix}", rows)
        print(out[prefix])
        print()
    with open("counts.md", "w") as f:
        f.write("\n\n".join(out.values()) + "\n")
