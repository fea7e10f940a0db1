"""``kinfctl pick ADDRESS request.json`` and ``kinfctl explain --live ADDRESS request.json``.

The request file is a request body (the path follows from it: ``messages`` → chat, ``prompt`` →
completions), or ``{"path": ..., "headers": {...}, "body": {...}}`` for the whole request.
``pick`` is a real decision of the running picker: it counts as a request and, with tenants,
is admitted against the key's limits (an unreported one is settled by the sweeper).
``explain --live`` is a dry run: the same decision and why, with nothing reserved.

The picker accepts only its callers: ``--cert``/``--key`` (and ``--ca``) where its port is
mutual TLS, else its control token (``--token-file``, or ``$KINFERENCE_CONTROL_TOKEN``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import grpc

from kinference_epp.pickapi.client import (
    Explanation,
    FlowShare,
    LearnedSpeed,
    Pick,
    PickerClient,
    tls_credentials,
)

TOKEN_ENV = "KINFERENCE_CONTROL_TOKEN"
"""Where ``kinfctl pick`` and ``explain --live`` find the picker's control token by default."""


def add_pick_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "pick", help="ask a running picker where a request goes (the Picker gRPC API)"
    )
    p.add_argument("address", help="the picker's gRPC address, host:port")
    p.add_argument("request", type=Path, help="request JSON ('-' for stdin)")
    add_request_options(p)
    p.set_defaults(func=run_pick)
    return p


def add_request_options(p: argparse.ArgumentParser, *, live_explain: bool = False) -> None:
    """The options of a live call; ``live_explain``: those ``kinfctl explain`` lacks (it has
    its own ``--path``, ``--header`` and ``--output``)."""
    if not live_explain:
        p.add_argument("--path", help="API path (default: the file's, else from the body)")
        p.add_argument("--header", action="append", default=[], help="name:value (repeatable)")
        p.add_argument("--output", choices=("text", "json"), default="text")
    p.add_argument("--api-key", help="sent as authorization: Bearer KEY")
    p.add_argument(
        "--ca", "--ca-file", dest="ca_file", type=Path, help="dial TLS, trusting this CA bundle"
    )
    p.add_argument("--cert", type=Path, help="client certificate (PEM) for a mutual-TLS picker")
    p.add_argument("--key", type=Path, help="the client certificate's private key (PEM)")
    p.add_argument("--tls-name", default=None, help="TLS name to verify (default: the host)")
    p.add_argument(
        "--token-file",
        type=Path,
        help=f"the picker's control token (default: ${TOKEN_ENV}, when set)",
    )


def run_pick(args: argparse.Namespace) -> int:
    return _run(args, explain=False)


def run_explain_live(args: argparse.Namespace) -> int:
    args.address = args.live
    return _run(args, explain=True)


def _run(args: argparse.Namespace, *, explain: bool) -> int:
    name = "explain --live" if explain else "pick"
    try:
        path, headers, body = read_request(args)
    except (OSError, ValueError) as exc:
        print(f"kinfctl {name}: {exc}", file=sys.stderr)
        return 1
    try:
        result = asyncio.run(_call(args, path, headers, body, explain=explain))
    except (OSError, ValueError) as exc:
        print(f"kinfctl {name}: {exc}", file=sys.stderr)
        return 1
    except grpc.aio.AioRpcError as exc:
        print(
            f"kinfctl {name}: {args.address}: {exc.code().name}: {exc.details()}", file=sys.stderr
        )
        return 1
    if args.output == "json":
        print(json.dumps(_doc(result), indent=2))
    else:
        for line in _lines(result):
            print(line)
    pick = result.pick if isinstance(result, Explanation) else result
    return 0 if pick.route is not None else 3


def _token(args: argparse.Namespace) -> str | None:
    if args.token_file is not None:
        token: str = args.token_file.read_text().strip()
        if not token:
            raise ValueError(f"{args.token_file} is empty")
        return token
    return os.environ.get(TOKEN_ENV, "").strip() or None


async def _call(
    args: argparse.Namespace,
    path: str,
    headers: list[tuple[str, str]],
    body: bytes,
    *,
    explain: bool,
) -> Pick | Explanation:
    creds = None
    options: list[tuple[str, str | int]] = []
    if args.ca_file is not None or args.cert is not None or args.key is not None:
        creds = tls_credentials(
            args.ca_file.read_bytes() if args.ca_file is not None else None,
            args.cert.read_bytes() if args.cert is not None else None,
            args.key.read_bytes() if args.key is not None else None,
        )
        if args.tls_name:
            options.append(("grpc.ssl_target_name_override", args.tls_name))
    async with PickerClient(
        args.address, credentials=creds, options=options, token=_token(args)
    ) as client:
        if explain:
            return await client.explain(path, body, headers=headers)
        return await client.pick(path, body, headers=headers)


def read_request(args: argparse.Namespace) -> tuple[str, list[tuple[str, str]], bytes]:
    raw = sys.stdin.read() if str(args.request) == "-" else args.request.read_text("utf-8")
    doc = json.loads(raw)
    if not isinstance(doc, dict):
        raise ValueError("the request must be a JSON object")
    headers: list[tuple[str, str]] = []
    path = ""
    if "body" in doc and ("path" in doc or "headers" in doc):
        path = str(doc.get("path", ""))
        headers.extend((str(k), str(v)) for k, v in dict(doc.get("headers", {})).items())
        body_doc = doc["body"]
    else:
        body_doc = doc
    for item in args.header:
        key, found, value = item.partition(":")
        if not found:
            raise ValueError(f"--header: expected name:value, got {item!r}")
        headers.append((key.strip().lower(), value.strip()))
    if args.api_key:
        headers.append(("authorization", f"Bearer {args.api_key}"))
    if args.path:
        path = args.path
    if not path:
        fields = body_doc if isinstance(body_doc, dict) else {}
        if "prompt" in fields:
            path = "/v1/completions"
        elif "input" in fields and "messages" not in fields:
            path = "/v1/responses"
        else:
            path = "/v1/chat/completions"
    body = body_doc.encode() if isinstance(body_doc, str) else json.dumps(body_doc).encode()
    if not any(k.lower() == "content-type" for k, _ in headers):
        headers.append(("content-type", "application/json"))
    return path, headers, body


def _pick_doc(pick: Pick) -> dict[str, Any]:
    doc: dict[str, Any] = {"requestId": pick.request_id}
    if pick.ticket:
        doc["ticket"] = pick.ticket
    if pick.route is not None:
        r = pick.route
        doc["route"] = {
            "endpoint": r.endpoint,
            "fallbacks": list(r.fallbacks),
            "model": r.model,
            "targetModel": r.target_model,
            "bodyRewritten": r.body is not None,
            "setHeaders": dict(r.set_headers),
            "removeHeaders": list(r.remove_headers),
            "responseHeaders": dict(r.response_headers),
        }
    elif pick.immediate is not None:
        i = pick.immediate
        doc["immediate"] = {
            "status": i.status,
            "reason": i.reason,
            "headers": dict(i.headers),
            "body": i.body.decode("utf-8", "replace"),
        }
    return doc


def _doc(result: Pick | Explanation) -> dict[str, Any]:
    if isinstance(result, Pick):
        return _pick_doc(result)
    return {
        **_pick_doc(result.pick),
        "router": result.router,
        "tenant": result.tenant,
        "promptTokens": result.prompt_tokens,
        "requestBlocks": result.request_blocks,
        "endpoints": [
            {
                "endpoint": e.endpoint,
                "rank": e.rank,
                "score": e.score,
                "gpuBlocks": e.gpu_blocks,
                "cpuBlocks": e.cpu_blocks,
                "matchedTokens": e.matched_tokens,
                **({"speed": _speed_doc(e.speed)} if e.speed is not None else {}),
            }
            for e in result.endpoints
        ],
        "policy": {
            "policy": result.policy,
            "rule": result.rule,
            "action": result.action,
            "trace": list(result.policy_trace),
        },
        **({"flow": _flow_doc(result.flow)} if result.flow is not None else {}),
    }


def _flow_doc(f: FlowShare) -> dict[str, Any]:
    return {
        "band": f.band,
        "bandName": f.band_name,
        "weight": f.weight,
        "service": f.service,
        "position": f.position,
        "waiting": f.waiting,
        "wouldWait": f.would_wait,
        "tenants": [{"tenant": t, "service": s, "waiting": w} for t, s, w in f.tenants],
    }


def _flow_lines(f: FlowShare, tenant: str) -> list[str]:
    band = f"{f.band} ({f.band_name})" if f.band_name else str(f.band)
    least = min((s for _, s, _ in f.tenants), default=f.service)
    lines = [
        f"flow control: band {band}; weight {f.weight:g}; weighted service "
        f"{f.service:,.0f} ({f.service - least:+,.0f} over the band's least served)",
        f"queue: {'waits' if f.would_wait else 'goes to the pick at once'}; position "
        f"{f.position} ({f.waiting} waiting in all)",
    ]
    for t, s, w in f.tenants:
        mark = " <- this request's" if t == tenant else ""
        lines.append(f"  {t or '(no tenant)'}: service {s:,.0f}, {w} waiting{mark}")
    return lines


def _pick_lines(pick: Pick) -> list[str]:
    lines = [f"request id: {pick.request_id}"]
    if pick.ticket:
        lines.append(f"ticket: {pick.ticket}")
    if pick.route is not None:
        r = pick.route
        lines.append(f"endpoint: {r.endpoint or '(leaves the pool)'}")
        if r.fallbacks:
            lines.append(f"fallbacks: {', '.join(r.fallbacks)}")
        lines.append(f"model: {r.model} -> {r.target_model}")
        if r.body is not None:
            lines.append("body: rewritten")
        lines.extend(f"set header: {k}: {v}" for k, v in r.set_headers)
    elif pick.immediate is not None:
        i = pick.immediate
        lines.append(f"answered by the picker: {i.status} ({i.reason})")
        lines.append(i.body.decode("utf-8", "replace"))
    return lines


def _lines(result: Pick | Explanation) -> list[str]:
    if isinstance(result, Pick):
        return _pick_lines(result)
    lines = list(result.policy_trace)
    if result.action:
        where = f"{result.policy} rule {result.rule}" if result.rule else "no rule"
        lines.append(f"policy: {result.action} ({where})")
    lines.extend(_pick_lines(result.pick))
    if result.tenant:
        lines.append(f"tenant: {result.tenant}")
    if result.flow is not None:
        lines.extend(_flow_lines(result.flow, result.tenant))
    lines.append(
        f"router: {result.router or '-'}; prompt: {result.prompt_tokens} tokens, "
        f"{result.request_blocks} blocks"
    )
    if result.endpoints:
        width = max(len(e.endpoint) for e in result.endpoints)
        speeds = any(e.speed is not None for e in result.endpoints)
        head = f"{'endpoint':<{width}}  rank  score  gpu blocks  cpu blocks  tokens"
        lines.append(head + (f"  {SPEED_HEAD}" if speeds else ""))
        for e in result.endpoints:
            rank = "-" if e.rank < 0 else ("pick" if e.rank == 0 else str(e.rank))
            score = "-" if e.score is None else f"{e.score:.3f}"
            line = (
                f"{e.endpoint:<{width}}  {rank:>4}  {score:>5}  {e.gpu_blocks:>10}  "
                f"{e.cpu_blocks:>10}  {e.matched_tokens:>6}"
            )
            lines.append(line + (f"  {_speed_cells(e.speed)}" if speeds else ""))
    return lines


SPEED_HEAD = (
    "prefill tok/s  overhead ms  ITL ms  x median (prefill, decode)  records  ITL obs  prior"
)
"""The learned-speed columns (README, "Heterogeneous pools")."""


def _speed_cells(s: LearnedSpeed | None) -> str:
    if s is None:
        return f"{'-':>13}"
    factors = f"{s.prefill_factor:.2f}, {s.decode_factor:.2f}"
    return (
        f"{s.prefill_tokens_per_s:>13,.0f}  {s.ttft_overhead_s * 1000:>11.1f}  "
        f"{s.itl_s * 1000:>6.1f}  {factors:>26}  {s.records:>7}  {s.decode_observations:>7}  "
        f"{s.prior}"
    )


def _speed_doc(s: LearnedSpeed) -> dict[str, Any]:
    return {
        "prefillTokensPerS": s.prefill_tokens_per_s,
        "ttftOverheadS": s.ttft_overhead_s,
        "itlS": s.itl_s,
        "itlSPerKtoken": s.itl_s_per_ktoken,
        "prefillFactor": s.prefill_factor,
        "decodeFactor": s.decode_factor,
        "records": s.records,
        "decodeObservations": s.decode_observations,
        "prior": s.prior,
    }
