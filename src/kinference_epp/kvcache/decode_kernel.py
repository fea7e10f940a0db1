"""A compiled msgpack walker for vLLM's ``EventBatch``: payload bytes → event columns.

``events.decode_batch`` calls ``decode_columns`` first. It walks the payload once and
writes what the index applies straight into arrays: per event its kind; per
``BlockStored`` its block count, token count, block size, parent, medium, LoRA name
(position in the payload) and LoRA id; all stored engine hashes, all token ids and all
removed engine hashes in one flat array each. No Python object per event or token.

It takes exactly the shapes vLLM sends (a positional batch ``[ts, events, rank?]``; events
as arrays or as maps whose first key is ``"type"``; hashes as ints of either sign or as
bytes; ``medium`` nil, ``"GPU"`` or ``"CPU"``; extra fields of plain values) and gives up on
anything else (status 0): a map batch, an unknown or malformed event, another
medium, negative token ids, a duplicated key, a non-ASCII string it would have to skip,
trailing bytes. ``events.decode_batch`` then decodes the payload with the exact decoder,
which decides what to count, skip or reject; so results and errors are those of the exact
walker on every payload (``tests/unit/kvcache/test_kv_decode_kernel.py``).
"""

from __future__ import annotations

import msgspec
import numpy as np
import numpy.typing as npt

from kinference_epp.jit import kernel

U8 = npt.NDArray[np.uint8]
Int = int | np.int64
"""A position or length (kernels compute with numpy ints)."""

# value kinds of one msgpack header
_BAD = 0
_UINT = 1
"""a non-negative int; value: the int"""
_NINT = 2
"""a negative int; value: its two's complement bits"""
_NIL = 3
_BOOL = 4
_F64 = 5
_F32 = 6
_STR = 7
"""value: byte length (the bytes follow the header)"""
_BIN = 8
_ARR = 9
"""value: element count"""
_MAP = 10
"""value: pair count"""
_EXT = 11
TS_F64, TS_F32 = _F64, _F32

OK = 1
"""``summary[M_STATUS]`` of a payload the kernel decoded (0: left to the exact decoder)."""

# names compared against: ids are positions in _NAME_LIST
_NAME_LIST = (
    "type",
    "block_hashes",
    "parent_block_hash",
    "token_ids",
    "block_size",
    "lora_id",
    "medium",
    "lora_name",
    "BlockStored",
    "BlockRemoved",
    "AllBlocksCleared",
    "GPU",
    "CPU",
)
_N_TYPE, _N_HASHES, _N_PARENT, _N_TOKENS, _N_SIZE, _N_LORA_ID, _N_MEDIUM, _N_LORA = range(8)
_N_STORED, _N_REMOVED, _N_CLEARED, _N_GPU, _N_CPU = range(8, 13)
_NAMES = np.frombuffer("".join(_NAME_LIST).encode(), dtype=np.uint8).copy()
_NAME_END = np.cumsum([len(s) for s in _NAME_LIST]).astype(np.int64)

KIND_STORED = 0
KIND_REMOVED = 1
KIND_CLEARED = 2

# columns of the per-store table (int64; the parent is the u64's bits)
S_BLOCKS, S_TOKENS, S_SIZE, S_PARENT, S_HAS_PARENT, S_MEDIUM = range(6)
S_LORA_AT, S_LORA_LEN, S_LORA_ID, S_HAS_LORA_ID = range(6, 10)
S_COLS = 10
# columns of the per-removal table
R_BLOCKS, R_MEDIUM = range(2)
# entries of the summary
M_STATUS, M_TS_KIND, M_TS_AT, M_TS_INT, M_HAS_RANK, M_RANK, M_LORAS = range(7)
_M_LEN = 7

_SIGN = np.uint64(1 << 63)
_EIGHT = np.uint64(8)


@kernel
def _be(b: U8, p: Int, k: Int) -> np.uint64:
    """``k`` bytes at ``p`` as a big-endian unsigned int (``k`` ≤ 8)."""
    v = np.uint64(0)
    for i in range(k):
        v = (v << _EIGHT) | np.uint64(b[p + i])
    return v


@kernel
def _head(b: U8, p: Int) -> tuple[int, np.uint64, Int]:
    """``(kind, value, position after the header)`` of the value at ``p``."""
    n = len(b)
    if p >= n:
        return _BAD, np.uint64(0), p
    c = int(b[p])
    p += 1
    if c <= 0x7F:
        return _UINT, np.uint64(c), p
    if c >= 0xE0:
        return _NINT, ~np.uint64(0xFF - c), p
    if c <= 0x8F:
        return _MAP, np.uint64(c & 0x0F), p
    if c <= 0x9F:
        return _ARR, np.uint64(c & 0x0F), p
    if c <= 0xBF:
        return _STR, np.uint64(c & 0x1F), p
    if c == 0xC0:
        return _NIL, np.uint64(0), p
    if c == 0xC2 or c == 0xC3:
        return _BOOL, np.uint64(c - 0xC2), p
    size = 0
    kind = _BAD
    if 0xC4 <= c <= 0xC6:
        kind, size = _BIN, 1 << (c - 0xC4)
    elif 0xCC <= c <= 0xCF:
        kind, size = _UINT, 1 << (c - 0xCC)
    elif 0xD0 <= c <= 0xD3:
        kind, size = _NINT, 1 << (c - 0xD0)
    elif 0xD9 <= c <= 0xDB:
        kind, size = _STR, 1 << (c - 0xD9)
    elif c == 0xDC or c == 0xDD:
        kind, size = _ARR, 2 << (c - 0xDC)
    elif c == 0xDE or c == 0xDF:
        kind, size = _MAP, 2 << (c - 0xDE)
    elif c == 0xCA:
        kind, size = _F32, 4
    elif c == 0xCB:
        kind, size = _F64, 8
    else:  # ext types, 0xC1
        return (_EXT if c != 0xC1 else _BAD), np.uint64(0), p
    if p + size > n:
        return _BAD, np.uint64(0), p
    if kind == _F32 or kind == _F64:  # noqa: SIM109 (kernel code: plain compares)
        return kind, np.uint64(0), p  # the caller reads the float itself
    v = _be(b, p, size)
    p += size
    if kind == _NINT:
        bits = 8 * size
        if bits < 64 and v >= np.uint64(1 << (bits - 1)):
            v |= ~np.uint64((1 << bits) - 1)  # sign-extend
        if v < _SIGN:
            kind = _UINT
    return kind, v, p


@kernel
def _name(b: U8, p: Int, length: Int) -> int:
    """Which of ``_NAME_LIST`` the ``length`` bytes at ``p`` spell, -1 for none."""
    start = 0
    for i in range(len(_NAME_END)):
        end = _NAME_END[i]
        if end - start == length:
            same = True
            for j in range(length):
                if b[p + j] != _NAMES[start + j]:
                    same = False
                    break
            if same:
                return i
        start = end
    return -1


_BAD_KEY = -2
"""``_map_key``'s name for a key the exact decoder must judge."""


@kernel
def _map_key(b: U8, p: Int) -> tuple[int, Int]:
    """``(name, position after it)`` of the map key at ``p``: an index of ``_NAME_LIST``,
    -1 for another ASCII string, ``_BAD_KEY`` for anything else (not a string, truncated,
    non-ASCII)."""
    kind, v, p = _head(b, p)
    if kind != _STR or v > np.uint64(len(b) - p):
        return _BAD_KEY, p
    length = np.int64(v)
    name = _name(b, p, length)
    if name < 0:
        for j in range(p, p + length):
            if b[j] >= 0x80:
                return _BAD_KEY, p
    return name, p + length


@kernel
def _skip(b: U8, p: Int) -> Int:
    """Position after one value of plain data, -1 for one the exact decoder must judge
    (a map, an ext type, a non-ASCII string, truncated input)."""
    n = len(b)
    pending: Int = 1
    while pending:
        pending -= 1
        kind, v, p = _head(b, p)
        if kind == _BAD or kind == _EXT or kind == _MAP:  # noqa: SIM109 (kernel code: plain compares)
            return -1
        if kind == _ARR:
            if v > np.uint64(n - p):
                return -1
            pending += np.int64(v)
        elif kind == _STR or kind == _BIN:  # noqa: SIM109 (kernel code: plain compares)
            if v > np.uint64(n - p):
                return -1
            if kind == _STR:
                for j in range(p, p + np.int64(v)):
                    if b[j] >= 0x80:
                        return -1
            p += np.int64(v)
        elif kind == _F32:
            p += 4
        elif kind == _F64:
            p += 8
    return p


@kernel
def _hash(b: U8, p: Int) -> tuple[bool, np.uint64, Int]:
    """An engine hash (int of either sign, or bytes folded to their last 8, big-endian)."""
    kind, v, p = _head(b, p)
    if kind == _UINT or kind == _NINT:  # noqa: SIM109 (kernel code: plain compares)
        return True, v, p
    if kind == _BIN and v <= np.uint64(len(b) - p):
        k = np.int64(v)
        take = k if k < 8 else np.int64(8)
        return True, _be(b, p + k - take, take), p + k
    return False, np.uint64(0), p


@kernel
def _hashes(b: U8, p: Int, out: npt.NDArray[np.uint64], at: Int) -> tuple[Int, Int]:
    """A list of engine hashes into ``out`` from the back, the k-th hash of the batch at
    ``out[-1 - k]`` (``at``: hashes so far); ``(count, position)``, count -1 if bad."""
    kind, v, p = _head(b, p)
    if kind != _ARR or v > np.uint64(len(b) - p):
        return -1, p
    n = len(b)
    at = len(out) - 1 - at
    for i in range(np.int64(v)):
        c = b[p] if p < n else 0xC1  # inline fast path: non-negative ints (u64 in vLLM)
        if c <= 0x7F:
            out[at - i] = np.uint64(c)
            p += 1
            continue
        if 0xCC <= c <= 0xCF:
            k = np.int64(1) << (c - 0xCC)
            if p + 1 + k <= n:
                out[at - i] = _be(b, p + 1, k)
                p += 1 + k
                continue
        ok, h, p = _hash(b, p)
        if not ok:
            return -1, p
        out[at - i] = h
    return np.int64(v), p


@kernel
def _medium(b: U8, p: Int) -> tuple[Int, Int]:
    """``(0 GPU or nil | 1 CPU | -1 other, position)``."""
    kind, v, p = _head(b, p)
    if kind == _NIL:
        return 0, p
    if kind == _STR and v <= np.uint64(len(b) - p):
        name = _name(b, p, np.int64(v))
        p += np.int64(v)
        if name == _N_GPU:
            return 0, p
        if name == _N_CPU:
            return 1, p
    return -1, p


_RM_MAP = np.frombuffer(b"\x83\xa4type\xacBlockRemoved\xacblock_hashes", dtype=np.uint8).copy()
_RM_ARR = np.frombuffer(b"\x93\xacBlockRemoved", dtype=np.uint8).copy()
_MEDIUM_KEY = np.frombuffer(b"\xa6medium", dtype=np.uint8).copy()


@kernel
def _starts(b: U8, p: Int, prefix: U8) -> bool:
    if p + len(prefix) > len(b):
        return False
    for i in range(len(prefix)):  # noqa: SIM110 (kernel code: a plain loop)
        if b[p + i] != prefix[i]:
            return False
    return True


_RM_ONE = np.frombuffer(b"\x83\xa4type\xacBlockRemoved\xacblock_hashes\x91", dtype=np.uint8).copy()
"""A map ``BlockRemoved`` of one hash, up to the hash (what vLLM sends most)."""
_GPU_STR = np.frombuffer(b"\xa3GPU", dtype=np.uint8).copy()
_CPU_STR = np.frombuffer(b"\xa3CPU", dtype=np.uint8).copy()


@kernel
def _removal_one(b: U8, p: Int, out: npt.NDArray[np.uint64], at: Int) -> tuple[Int, Int]:
    """``_removal`` of the commonest layout in straight-line code: a map event, one
    non-negative int hash, then ``"medium"`` nil, ``"GPU"`` or ``"CPU"``. ``(position after
    it, medium)``, position -1 when the event is laid out otherwise (``_removal`` reads it)."""
    q = p + len(_RM_ONE)
    if q + 9 + len(_MEDIUM_KEY) + 1 > len(b) or not _starts(b, p, _RM_ONE):
        return -1, 0
    c = b[q]
    if c <= 0x7F:
        h = np.uint64(c)
        q += 1
    elif 0xCC <= c <= 0xCF:
        k = np.int64(1) << (c - 0xCC)
        h = _be(b, q + 1, k)
        q += 1 + k
    else:
        return -1, 0
    if not _starts(b, q, _MEDIUM_KEY):
        return -1, 0
    q += len(_MEDIUM_KEY)
    if b[q] == 0xC0:
        medium, q = 0, q + 1
    elif _starts(b, q, _GPU_STR):
        medium, q = 0, q + len(_GPU_STR)
    elif _starts(b, q, _CPU_STR):
        medium, q = 1, q + len(_CPU_STR)
    else:
        return -1, 0
    out[len(out) - 1 - at] = h
    return q, medium


@kernel
def _removal(b: U8, p: Int, out: npt.NDArray[np.uint64], at: Int) -> tuple[Int, Int, Int]:
    """vLLM's own ``BlockRemoved`` layouts (map or array, fields in order, nothing extra):
    ``(position after it, hashes, medium)``, position -1 for any other layout."""
    q, medium = _removal_one(b, p, out, at)
    if q >= 0:
        return q, 1, medium
    is_map = _starts(b, p, _RM_MAP)
    if is_map:
        p += len(_RM_MAP)
    elif _starts(b, p, _RM_ARR):
        p += len(_RM_ARR)
    else:
        return -1, 0, 0
    count, p = _hashes(b, p, out, at)
    if count < 0:
        return -1, 0, 0
    if is_map:
        if not _starts(b, p, _MEDIUM_KEY):
            return -1, 0, 0
        p += len(_MEDIUM_KEY)
    medium, p = _medium(b, p)
    if medium < 0:
        return -1, 0, 0
    return p, count, medium


@kernel
def _field(
    b: U8,
    p: Int,
    field: Int,
    row: npt.NDArray[np.int64],
    hashes: npt.NDArray[np.uint64],
    tokens: npt.NDArray[np.int64],
    at: npt.NDArray[np.int64],
) -> Int:
    """One field of a ``BlockStored`` into its row (``at``: next hash, next token, LoRA
    names so far); the position after it, -1 if the exact decoder must judge it."""
    n = len(b)
    if field == _N_HASHES:
        count, p = _hashes(b, p, hashes, at[0])
        if count < 0:
            return -1
        row[S_BLOCKS] = count
        at[0] += count
        return p
    if field == _N_PARENT:
        kind, v, q = _head(b, p)
        if kind == _NIL:
            row[S_HAS_PARENT] = 0
            return q
        ok, h, p = _hash(b, p)
        if not ok:
            return -1
        row[S_PARENT] = np.int64(h)
        row[S_HAS_PARENT] = 1
        return p
    if field == _N_TOKENS:
        kind, v, p = _head(b, p)
        if kind != _ARR or v > np.uint64(n - p):
            return -1
        t0 = at[1]
        for i in range(np.int64(v)):
            # inline fast path: token ids are fixints, uint8, uint16 or uint32
            c = b[p] if p < n else 0xC1
            if c <= 0x7F:
                tokens[t0 + i] = c
                p += 1
            elif c == 0xCE and p + 5 <= n:
                tokens[t0 + i] = (
                    (np.int64(b[p + 1]) << 24) | (np.int64(b[p + 2]) << 16)
                    | (np.int64(b[p + 3]) << 8) | np.int64(b[p + 4])
                )  # fmt: skip
                p += 5
            elif c == 0xCD and p + 3 <= n:
                tokens[t0 + i] = (np.int64(b[p + 1]) << 8) | np.int64(b[p + 2])
                p += 3
            else:
                kind, tok, p = _head(b, p)
                if kind != _UINT or tok >= _SIGN:
                    return -1
                tokens[t0 + i] = np.int64(tok)
        row[S_TOKENS] = np.int64(v)
        at[1] += np.int64(v)
        return p
    if field == _N_SIZE:
        kind, v, p = _head(b, p)
        if kind != _UINT or v == np.uint64(0) or v >= _SIGN:
            return -1
        row[S_SIZE] = np.int64(v)
        return p
    if field == _N_LORA_ID:
        kind, v, p = _head(b, p)
        if kind == _NIL:
            row[S_HAS_LORA_ID] = 0
            return p
        if kind != _UINT and kind != _NINT:
            return -1
        if kind == _UINT and v >= _SIGN:
            return -1
        row[S_LORA_ID] = np.int64(v)
        row[S_HAS_LORA_ID] = 1
        return p
    if field == _N_MEDIUM:
        medium, p = _medium(b, p)
        if medium < 0:
            return -1
        row[S_MEDIUM] = medium
        return p
    if field == _N_LORA:
        kind, v, p = _head(b, p)
        if kind == _NIL:
            row[S_LORA_AT] = -1
            return p
        if kind != _STR or v > np.uint64(n - p):
            return -1
        row[S_LORA_AT] = p
        row[S_LORA_LEN] = np.int64(v)
        at[2] += 1
        return p + np.int64(v)
    return _skip(b, p)


_STORED_ORDER = np.array(
    [_N_HASHES, _N_PARENT, _N_TOKENS, _N_SIZE, _N_LORA_ID, _N_MEDIUM, _N_LORA], dtype=np.int64
)
"""Fields of an array-encoded ``BlockStored`` after its tag, in order."""


@kernel
def decode_columns(
    b: U8,
) -> tuple[
    npt.NDArray[np.int64],
    npt.NDArray[np.int8],
    npt.NDArray[np.int64],
    npt.NDArray[np.uint64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.uint64],
]:
    """Walk one payload (its bytes as uint8).

    Returns ``(summary, kinds, stores, stored_hashes, tokens, removals, removed_hashes)``:
    ``summary[M_STATUS]`` is ``OK``, or 0 when the exact decoder must decide (then the rest
    is meaningless); ``summary[M_TS_KIND]`` is ``TS_F64``/``TS_F32`` (the float is at
    ``summary[M_TS_AT]``) or else ``summary[M_TS_INT]`` is ``ts``;
    ``kinds`` one ``KIND_*`` per event; ``stores`` one row of ``S_*`` per ``BlockStored``,
    ``removals`` one row of ``R_*`` per ``BlockRemoved``.
    """
    n = len(b)
    summary = np.zeros(_M_LEN, dtype=np.int64)
    none_i8 = np.zeros(0, dtype=np.int8)
    none_2d = np.zeros((0, S_COLS), dtype=np.int64)
    none_u64 = np.zeros(0, dtype=np.uint64)
    none_i64 = np.zeros(0, dtype=np.int64)
    none_r = np.zeros((0, 2), dtype=np.int64)
    give_up = (summary, none_i8, none_2d, none_u64, none_i64, none_r, none_u64)
    kind, v, p = _head(b, 0)
    if kind != _ARR or v < np.uint64(2) or v > np.uint64(3):
        return give_up
    fields = np.int64(v)
    kind, v, p = _head(b, p)
    if kind == _F64 or kind == _F32:  # noqa: SIM109 (kernel code: plain compares)
        summary[M_TS_AT] = p
        p += 8 if kind == _F64 else 4
    elif kind == _UINT and v < np.uint64(1 << 53):
        summary[M_TS_INT] = np.int64(v)
    else:
        return give_up
    summary[M_TS_KIND] = kind
    kind, v, p = _head(b, p)
    if kind != _ARR or v > np.uint64(n - p):
        return give_up
    n_events = np.int64(v)
    kinds = np.empty(n_events, dtype=np.int8)
    stores = np.zeros((n_events, S_COLS), dtype=np.int64)
    removals = np.zeros((n_events, 2), dtype=np.int64)
    # One scratch buffer (fewer, smaller allocations: three of 8n bytes each made glibc
    # map and unmap pages on every batch): token ids from the front, engine hashes (stored
    # and removed, in event order) from the back. Each takes at least one payload byte, so
    # together they fit in n; they are copied out, split by event, at the end.
    tokens = np.empty(n, dtype=np.int64)
    hashes = tokens.view(np.uint64)
    at = np.zeros(3, dtype=np.int64)  # next hash, next token, LoRA names
    n_st = n_rm = 0
    n_rh: Int = 0
    for e in range(n_events):
        q, count, medium = _removal(b, p, hashes, at[0])
        if q >= 0:  # the common case, one block per event: fast
            kinds[e] = KIND_REMOVED
            removals[n_rm, R_BLOCKS] = count
            removals[n_rm, R_MEDIUM] = medium
            at[0] += count
            n_rh += count
            n_rm += 1
            p = q
            continue
        kind, v, p = _head(b, p)
        if kind != _ARR and kind != _MAP:
            return give_up
        m = np.int64(v)
        if m == 0 or v > np.uint64(n - p):
            return give_up
        is_map = kind == _MAP
        if is_map:  # first key must be "type"
            kind, v, p = _head(b, p)
            if kind != _STR or v > np.uint64(n - p) or _name(b, p, np.int64(v)) != _N_TYPE:
                return give_up
            p += np.int64(v)
        kind, v, p = _head(b, p)
        if kind != _STR or v > np.uint64(n - p):
            return give_up
        tag = _name(b, p, np.int64(v))
        p += np.int64(v)
        rest = m - 1
        if tag == _N_STORED:
            kinds[e] = KIND_STORED
            row = stores[n_st]
            row[S_LORA_AT] = -1
            seen = 0
            if is_map:
                for _ in range(rest):
                    name, p = _map_key(b, p)
                    if name == _BAD_KEY:
                        return give_up
                    if name >= 0:
                        if name == _N_TYPE or name > _N_LORA or seen & (1 << name):
                            return give_up
                        seen |= 1 << name
                    p = _field(b, p, name, row, hashes, tokens, at)
                    if p < 0:
                        return give_up
            else:
                if rest < 4:
                    return give_up
                for i in range(rest):
                    name = _STORED_ORDER[i] if i < len(_STORED_ORDER) else -1
                    if name >= 0:
                        seen |= 1 << name
                    p = _field(b, p, name, row, hashes, tokens, at)
                    if p < 0:
                        return give_up
            required = (1 << _N_HASHES) | (1 << _N_PARENT) | (1 << _N_TOKENS) | (1 << _N_SIZE)
            if seen & required != required:
                return give_up
            n_st += 1
        elif tag == _N_REMOVED:
            kinds[e] = KIND_REMOVED
            has_hashes = False
            seen = 0
            for i in range(rest):
                if is_map:
                    name, p = _map_key(b, p)
                    if name == _BAD_KEY:
                        return give_up
                    if name == _N_TYPE or (name >= 0 and seen & (1 << name)):
                        return give_up
                    if name >= 0:
                        seen |= 1 << name
                else:
                    name = _N_HASHES if i == 0 else (_N_MEDIUM if i == 1 else -1)
                if name == _N_HASHES:
                    count, p = _hashes(b, p, hashes, at[0])
                    if count < 0:
                        return give_up
                    removals[n_rm, R_BLOCKS] = count
                    at[0] += count
                    n_rh += count
                    has_hashes = True
                elif name == _N_MEDIUM:
                    medium, p = _medium(b, p)
                    if medium < 0:
                        return give_up
                    removals[n_rm, R_MEDIUM] = medium
                else:
                    p = _skip(b, p)
                    if p < 0:
                        return give_up
            if not has_hashes:
                return give_up
            n_rm += 1
        elif tag == _N_CLEARED:
            kinds[e] = KIND_CLEARED
            for _ in range(rest):
                if is_map:  # a second "type" key would override the first: not ours to judge
                    kind, v, q = _head(b, p)
                    if (
                        kind == _STR
                        and v <= np.uint64(n - q)
                        and _name(b, q, np.int64(v)) == _N_TYPE
                    ):
                        return give_up
                    p = _skip(b, p)
                    if p < 0:
                        return give_up
                p = _skip(b, p)
                if p < 0:
                    return give_up
        else:
            return give_up
    if fields == 3:
        kind, v, p = _head(b, p)
        if (kind == _UINT and v < _SIGN) or kind == _NINT:
            summary[M_HAS_RANK] = 1
            summary[M_RANK] = np.int64(v)
        elif kind != _NIL:
            return give_up
    if p != n:
        return give_up
    summary[M_STATUS] = OK
    summary[M_LORAS] = at[2]
    s_hashes = np.empty(at[0] - n_rh, dtype=np.uint64)
    r_hashes = np.empty(n_rh, dtype=np.uint64)
    h = si = ri = s_at = r_at = 0
    for e in range(n_events):
        if kinds[e] == KIND_STORED:
            count = stores[si, S_BLOCKS]
            for j in range(count):
                s_hashes[s_at + j] = hashes[n - 1 - h - j]
            s_at += count
            si += 1
        elif kinds[e] == KIND_REMOVED:
            count = removals[ri, R_BLOCKS]
            for j in range(count):
                r_hashes[r_at + j] = hashes[n - 1 - h - j]
            r_at += count
            ri += 1
        else:
            count = 0
        h += count
    return (
        summary,
        kinds,
        stores[:n_st],
        s_hashes,
        tokens[: at[1]].copy(),
        removals[:n_rm],
        r_hashes,
    )


def warm_up() -> None:
    """Compile (or load from the disk cache) every kernel here: call at start-up so that
    the first event batch does not pay for it."""
    stored = ["BlockStored", [1, b"\x02"], -1, [1, 2, 3, 4], 2, None, "CPU", "a", [[1.5]]]
    keys = ("type", "block_hashes", "parent_block_hash", "token_ids", "block_size", "lora_id")
    events = [stored, dict(zip(keys, stored, strict=False)), ["BlockRemoved", [7], None]]
    payload = msgspec.msgpack.encode([0.0, [*events, {"type": "AllBlocksCleared"}], 0])
    decode_columns(np.frombuffer(payload, dtype=np.uint8))
