"""One place that turns msgspec's decode errors into 400s naming the offending field.

msgspec reports ``Expected `str`, got `int` - at `$.messages[0].role```; clients need the
field as an OpenAI-style ``param`` (``messages[0].role``) and a sentence they can act on.
"""

from __future__ import annotations

import re
from typing import Annotated, TypeVar

import msgspec

from kinference_epp.errors import BadRequestError

T = TypeVar("T")

_INT64_MAX = 2**63 - 1
Count = Annotated[int, msgspec.Meta(ge=0, le=_INT64_MAX)]
"""A token count: later stages keep counts in int64 numpy arrays."""
TokenId = Annotated[int, msgspec.Meta(ge=0, le=_INT64_MAX)]

_AT = re.compile(r"^(?P<detail>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_MISSING = re.compile(r"^Object missing required field `(?P<field>[^`]*)`$")


def decode_body(decoder: msgspec.json.Decoder[T], body: bytes) -> T:
    """Decode once with a typed decoder; every failure becomes a ``BadRequestError``."""
    try:
        return decoder.decode(body)
    except msgspec.ValidationError as exc:
        raise _from_validation_error(str(exc)) from None
    except msgspec.DecodeError as exc:
        raise BadRequestError(f"Request body is not valid JSON: {exc}") from None
    except RecursionError:
        raise BadRequestError("Request body is nested too deeply") from None


def _from_validation_error(text: str) -> BadRequestError:
    match = _AT.match(text)
    detail = match.group("detail") if match else text
    path = (match.group("path") or "") if match else ""
    param = path.removeprefix(".")
    missing = _MISSING.match(detail)
    if missing:
        field = missing.group("field")
        param = f"{param}.{field}" if param else field
        return BadRequestError(f"Missing required field '{param}'", param=param)
    if not param:
        if detail.startswith("Expected `object`"):
            return BadRequestError(f"Request body must be a JSON object ({detail})")
        return BadRequestError(f"Invalid request body: {detail}")
    return BadRequestError(f"Invalid value for '{param}': {detail}", param=param)


def bad_field(param: str, message: str) -> BadRequestError:
    """A 400 for a field that decoded but breaks a rule msgspec cannot express."""
    return BadRequestError(f"Invalid value for '{param}': {message}", param=param)
