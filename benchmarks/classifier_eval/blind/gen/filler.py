"""Programmatic long-document filler: varied, realistic lines, no repeated lines."""
import random

SERVICES = ["checkout-api", "catalog-svc", "auth-gw", "inventory", "pricing-engine", "search-indexer",
            "notification-worker", "billing", "cart", "shipping-quote", "recommendation", "media-resizer"]
PATHS = ["/api/v2/orders", "/api/v2/cart/items", "/healthz", "/api/v1/catalog/search", "/api/v2/payments/intent",
         "/api/v1/shipping/quote", "/metrics", "/api/v1/inventory/reserve", "/api/v2/orders/status", "/static/app.js",
         "/api/v1/products", "/api/v1/coupons/validate"]
LEVELS = ["INFO"] * 8 + ["WARN"] * 2 + ["DEBUG"] * 3 + ["ERROR"]
MSGS = [
    "request completed status={st} latency_ms={lat} bytes={b}",
    "cache miss key=sku:{sku} fallback=db took_ms={lat}",
    "retrying upstream call attempt={a}/3 backoff_ms={lat}",
    "reserved stock order_id=ORD-{oid} sku={sku} qty={q}",
    "published event topic=orders.v2 partition={p} offset={off}",
    "GC pause {g}ms heap_used={h}MiB",
    "connection pool stats active={a} idle={q} waiting=0",
    "price recalculated sku={sku} old={o1:.2f} new={o2:.2f} currency=EUR",
    "job batch={off} processed={b} skipped={q} duration_ms={lat}",
    "upstream {svc} responded {st} in {lat}ms trace_id={tr}",
    "rate limiter bucket=tenant-{p} tokens_left={b}",
    "feature flag evaluated flag=new-checkout variant={v}",
]


def _hex(r, n):
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


def log_lines(r: random.Random, n: int, start_min: int = 0, fmt: str = "plain"):
    out = []
    t = 8 * 3600 + start_min * 60
    for _ in range(n):
        t += r.randint(0, 4)
        hh, mm, ss = t // 3600 % 24, t // 60 % 60, t % 60
        ts = f"2026-03-{r.choice(['11', '11', '12'])}T{hh:02d}:{mm:02d}:{ss:02d}.{r.randint(0, 999):03d}Z"
        msg = r.choice(MSGS).format(
            st=r.choice([200, 200, 200, 201, 204, 304, 404, 429, 500, 503]), lat=r.randint(2, 2400),
            b=r.randint(120, 98000), sku=f"{r.randint(100000, 999999)}-{r.choice('ABCDEFGH')}", a=r.randint(1, 40),
            oid=f"{r.randint(2026000000, 2026999999)}", q=r.randint(0, 30), p=r.randint(0, 23),
            off=r.randint(100000, 9999999), g=r.randint(3, 180), h=r.randint(200, 3900),
            o1=r.uniform(3, 400), o2=r.uniform(3, 400), svc=r.choice(SERVICES), tr=_hex(r, 32),
            v=r.choice(["control", "treatment-a", "treatment-b"]))
        svc = r.choice(SERVICES)
        rid = f"req-{_hex(r, 8)}-{_hex(r, 4)}"
        if fmt == "json":
            out.append('{"ts":"%s","level":"%s","service":"%s","request_id":"%s","path":"%s","msg":"%s"}'
                       % (ts, r.choice(LEVELS).lower(), svc, rid, r.choice(PATHS), msg))
        else:
            out.append(f"{ts} {r.choice(LEVELS):5s} [{svc}] request_id={rid} path={r.choice(PATHS)} {msg}")
    return out


def csv_rows(r, n, header_lang="en"):
    heads = {
        "en": "order_id,created_at,sku,quantity,unit_price_eur,warehouse,status,carrier,tracking_no",
        "de": "bestell_nr,erstellt_am,artikel_nr,menge,einzelpreis_eur,lager,status,versender,sendungsnr",
        "fr": "num_commande,date_creation,ref_article,quantite,prix_unitaire_eur,entrepot,statut,transporteur,num_suivi",
        "es": "num_pedido,fecha_alta,ref_articulo,cantidad,precio_unitario_eur,almacen,estado,transportista,num_seguimiento",
    }
    st = {"en": ["shipped", "pending", "delivered", "returned", "cancelled"],
          "de": ["versendet", "offen", "zugestellt", "retourniert", "storniert"],
          "fr": ["expédiée", "en attente", "livrée", "retournée", "annulée"],
          "es": ["enviado", "pendiente", "entregado", "devuelto", "cancelado"]}[header_lang]
    rows = [heads[header_lang]]
    for i in range(n):
        rows.append(",".join([
            f"{r.randint(40000000, 49999999)}", f"2026-02-{r.randint(1, 28):02d} {r.randint(0, 23):02d}:{r.randint(0, 59):02d}",
            f"SKU-{r.randint(10000, 99999)}", str(r.randint(1, 12)), f"{r.uniform(2, 350):.2f}",
            r.choice(["DUS-2", "LYS-1", "MAD-3", "HAM-1", "BCN-2", "LIL-4"]), r.choice(st),
            r.choice(["DHL", "DPD", "GLS", "Colissimo", "SEUR", "UPS"]), f"{r.randint(10 ** 11, 10 ** 12 - 1)}"]))
    return rows


def assemble(prefix_lines, mid, suffix_lines, sep="\n"):
    return sep.join(prefix_lines) + sep + mid + sep + sep.join(suffix_lines)


try:
    import os
    from tokenizers import Tokenizer
    _TOK = Tokenizer.from_file(os.environ.get("QWEN3_TOKENIZER", ".cache/tokenizers/qwen3/tokenizer.json"))
except Exception:  # tokenizer package not installed: fall back to an estimate
    _TOK = None


def est_tokens(text: str) -> int:
    """Token count with the Qwen3 tokenizer when available, else max(chars/4, words*1.3)."""
    if _TOK is not None:
        return len(_TOK.encode(text).ids)
    return int(max(len(text) / 4, len(text.split()) * 1.3))


def combo_sentences(r, parts, n):
    """Build n distinct sentences from slot lists; parts is a format string and a dict of slot lists."""
    fmt, slots = parts
    seen, out = set(), []
    tries = 0
    while len(out) < n and tries < n * 50:
        tries += 1
        vals = {k: r.choice(v) for k, v in slots.items()}
        vals["n"] = r.randint(2, 48)
        vals["m"] = r.randint(1, 12)
        s = fmt.format(**vals)
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out
