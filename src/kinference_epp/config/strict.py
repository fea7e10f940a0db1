"""The base of every settings model: unknown fields are errors and settings never change once read.

A typo in a config file then fails at load time with the field's name instead of silently
falling back to a default.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
