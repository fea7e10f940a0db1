"""The offloaded part of reading a prompt: tokenize it and hash its blocks.

One function shared by the offload threads and the prompt worker processes, so both give
the same count and hashes.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kinference_epp.api.request import InferenceRequest
from kinference_epp.kvcache.hashing import HashScope, block_hashes
from kinference_epp.tokenize.protocol import Tokenizer

COUNT_FIRST_CHARS_PER_TOKEN = 4
"""English text runs about four characters per token, so a prompt this long is likely over the
context length; a shorter one, likely under, is tokenized once."""
NO_HASHES: npt.NDArray[np.uint64] = np.empty(0, dtype=np.uint64)
NO_HASHES.flags.writeable = False


def tokenize_and_hash(
    tokenizer: Tokenizer,
    request: InferenceRequest,
    scope: HashScope,
    block_size: int,
    limit: int | None,
    chars: int,
) -> tuple[int, npt.NDArray[np.uint64]]:
    """(prompt tokens, own hashes of the full blocks).

    A prompt of ``chars`` characters, over ``COUNT_FIRST_CHARS_PER_TOKEN`` per token of the
    context length ``limit``, is counted first: if it is over, only its count comes back
    (the caller refuses it), with no ids built and no hashes."""
    if limit is not None and chars > COUNT_FIRST_CHARS_PER_TOKEN * limit:
        count = tokenizer.count_prompt_tokens(request)
        if count >= limit:
            return count, NO_HASHES
    tokens = tokenizer.prompt_token_array(request)
    return len(tokens), block_hashes(tokens, block_size, scope)
