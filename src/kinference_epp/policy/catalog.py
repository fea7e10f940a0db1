"""A policy's model catalog: concrete models, their aliases, and classes resolved to members.

Everything is resolved once at compile time into dictionaries, so the request path only
does lookups. Matching uses *identities*. A concrete model's identity set is its own name
plus ``member:<c>`` for every class it belongs to; an alias shares its model's set; a class
``c`` is ``{class:c, member:c}``. So ``match.models: [qwen3-8b]`` also matches a request for
its alias, ``match.models: [auto]`` (a class) matches requests *for the class* only — a
client asking for ``qwen3-8b`` by name is not re-routed by a rule meant for ``auto`` — and
``match.memberOf: [any-qwen3]`` matches requests for any member or for the class itself.
Names outside the catalog are their own identity (policies without a catalog).
"""

from __future__ import annotations

from collections.abc import Iterable

from kinference_epp.policy.model import CatalogModel, ClassOrder, ModelClass, PolicySpec

CLASS_PREFIX = "class:"
MEMBER_PREFIX = "member:"
DEFAULT_OUTPUT_TOKENS = 256
"""Output tokens assumed for ``prefer: cost`` when the request sets no ``max_tokens``."""


def class_members(cls: ModelClass, models: Iterable[CatalogModel]) -> tuple[str, ...]:
    """The catalog models a class selects, in the class's order (ties: catalog order)."""
    sel = cls.selector
    chosen = [
        m
        for m in models
        if (sel.family is None or m.family == sel.family)
        and all(c in m.capabilities for c in sel.capabilities)
        and (sel.min_size_b is None or (m.size_b is not None and m.size_b >= sel.min_size_b))
        and (sel.max_size_b is None or (m.size_b is not None and m.size_b <= sel.max_size_b))
        and (not sel.names or m.name in sel.names)
    ]
    if cls.order is ClassOrder.CHEAPEST:
        chosen.sort(key=lambda m: m.cost.input_per_1m + m.cost.output_per_1m)
    elif cls.order is ClassOrder.MOST_EXPENSIVE:
        chosen.sort(key=lambda m: -(m.cost.input_per_1m + m.cost.output_per_1m))
    elif cls.order is ClassOrder.LARGEST:
        chosen.sort(key=lambda m: -(m.size_b or 0.0))
    elif cls.order is ClassOrder.SMALLEST:
        chosen.sort(key=lambda m: m.size_b or float("inf"))
    return tuple(m.name for m in chosen)


class Catalog:
    """Lookups over one policy's ``models`` and ``classes`` (first definition wins)."""

    def __init__(self, spec: PolicySpec) -> None:
        self.models: dict[str, CatalogModel] = {}
        for m in spec.models:
            self.models.setdefault(m.name, m)
        self.aliases: dict[str, str] = {}
        for m in spec.models:
            for alias in m.aliases:
                if alias not in self.models:
                    self.aliases.setdefault(alias, m.name)
        self.classes: dict[str, tuple[str, ...]] = {}
        for c in spec.classes:
            if c.name not in self.models and c.name not in self.aliases:
                self.classes.setdefault(c.name, class_members(c, self.models.values()))
        member_of: dict[str, set[str]] = {name: {name} for name in self.models}
        for cname, members in self.classes.items():
            for member in members:
                member_of[member].add(MEMBER_PREFIX + cname)
        self._identity: dict[str, frozenset[str]] = {
            name: frozenset(ids) for name, ids in member_of.items()
        }
        for alias, target in self.aliases.items():
            self._identity[alias] = self._identity[target]
        for cname in self.classes:
            self._identity[cname] = frozenset({CLASS_PREFIX + cname, MEMBER_PREFIX + cname})

    @property
    def empty(self) -> bool:
        return not self.models and not self.classes

    def kind(self, name: str) -> str | None:
        """``model``, ``alias``, ``class`` or None (not in the catalog)."""
        if name in self.models:
            return "model"
        if name in self.aliases:
            return "alias"
        if name in self.classes:
            return "class"
        return None

    def identity(self, name: str) -> frozenset[str]:
        found = self._identity.get(name)
        return found if found is not None else frozenset((name,))

    def match_identity(self, name: str) -> str:
        """What a rule's ``models`` entry stands for: a concrete model or ``class:<c>``."""
        if name in self.classes:
            return CLASS_PREFIX + name
        return self.aliases.get(name, name)

    def expand(self, name: str) -> tuple[str, ...]:
        """Concrete models for a requested or listed name (a class's members in order)."""
        if name in self.classes:
            return self.classes[name]
        return (self.aliases.get(name, name),)

    def expand_all(self, names: Iterable[str]) -> tuple[str, ...]:
        """Expanded and de-duplicated, first occurrence wins."""
        seen: dict[str, None] = {}
        for name in names:
            for model in self.expand(name):
                seen.setdefault(model, None)
        return tuple(seen)

    def cost(self, model: str, prompt_tokens: int, max_tokens: int | None) -> float | None:
        """Estimated price of this request on ``model``; None when the catalog lacks it."""
        entry = self.models.get(model)
        if entry is None:
            return None
        out = max_tokens if max_tokens is not None else DEFAULT_OUTPUT_TOKENS
        return (prompt_tokens * entry.cost.input_per_1m + out * entry.cost.output_per_1m) / 1e6

    def pool_of(self, model: str) -> str | None:
        entry = self.models.get(model)
        return entry.pool if entry is not None else None
