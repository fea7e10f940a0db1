"""The base of every plug-in's parameter model: unknown fields are an error."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
