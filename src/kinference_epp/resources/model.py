"""What every kind of resource shares: the wire conventions of its models, its metadata, and
the status each pool's picker writes on it.

Status per pool, as Gateway API policies report it (``status.ancestors``, GEP-713): an object
that applies to every pool of its namespace gets one entry per pool, each written by that
pool's picker only, so pickers of different pools never overwrite each other. Other status
fields (an older picker's ``conditions``) are ignored: the status is no part of what the
object means. (Docstrings here become the CRDs' descriptions.)
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from pydantic.alias_generators import to_camel

from kinference_epp.config.flow import BANDS

GROUP = "kinference.io"
VERSION = "v1alpha1"
API_VERSION = f"{GROUP}/{VERSION}"

NAME = r"^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$"
"""An object's (or a named part's) name: what Kubernetes allows in a label value."""


def _band_number(value: object) -> object:
    return BANDS.get(value, value) if isinstance(value, str) else value


BAND_NAMES = BeforeValidator(_band_number)
"""On a flow-control band field (``Annotated[int, BAND_NAMES]``): a number, or (in static
files) its name (``config.flow.BANDS``)."""


class Spec(BaseModel):
    """The base of every spec model: camelCase on the wire, snake_case in Python, unknown
    fields rejected (a typo is an error, not a silently ignored setting), frozen."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, alias_generator=to_camel, populate_by_name=True
    )


class ObjectMeta(BaseModel):
    """The metadata fields policies and tenants use; the API server's other fields are ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str = Field(pattern=NAME)
    namespace: str = "default"
    generation: int | None = None
    labels: dict[str, str] = Field(default_factory=dict)
    annotations: dict[str, str] = Field(default_factory=dict)


class Condition(Spec):
    type: str
    status: Literal["True", "False", "Unknown"]
    reason: str | None = None
    message: str | None = None
    observed_generation: int | None = None
    last_transition_time: str | None = None


MAX_ANCESTORS = 16
"""Gateway API's bound on a policy's status entries."""


class AncestorRef(Spec):
    """The InferencePool a status entry is about (Gateway API's ParentReference shape)."""

    group: str
    kind: str
    name: str
    namespace: str | None = None


class AncestorStatus(Spec):
    """One controller's verdict on the policy for one pool."""

    ancestor_ref: AncestorRef
    controller_name: str
    conditions: list[Condition] = Field(default_factory=list)


class ResourceStatus(Spec):
    """The policy's status per pool, each written by that pool's picker."""

    model_config = ConfigDict(
        extra="ignore", frozen=True, alias_generator=to_camel, populate_by_name=True
    )

    ancestors: list[AncestorStatus] = Field(default_factory=list, max_length=MAX_ANCESTORS)
