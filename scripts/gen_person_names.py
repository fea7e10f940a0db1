"""Write the person-name lists the PII classifier reads, from Faker's person providers.

Run at development time (``python scripts/gen_person_names.py``); the picker never imports
Faker. Faker (MIT licence) keeps first and last names per locale; the lists here are the
union over the locales whose address and name conventions the classifier covers.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import faker

LOCALES = (
    "en_US", "en_GB", "en_IE", "en_NZ", "en_IN", "de_DE", "de_AT", "de_CH", "fr_FR", "fr_BE",
    "fr_CH", "fr_CA", "es_ES", "es_MX", "es_AR", "es_CO", "es_CL", "it_IT", "nl_NL", "nl_BE",
)  # fmt: skip
OUT = Path(__file__).parent.parent / "src/kinference_epp/policy/classifiers/data/person_names.txt"

# Capitalised at a sentence start these are ordinary words more often than names.
AMBIGUOUS = {
    "Will", "May", "June", "April", "August", "Mark", "Grant", "Bill", "Page", "Rose", "Faith",
    "Hope", "Joy", "Summer", "Dawn", "Art", "Guy", "Chase", "Hunter", "Major", "Young", "Long",
    "Rich", "Sterling", "Miles", "Sol", "Van", "Von", "Le", "La", "De", "Del", "Di", "Da",
    "Dean", "Gay", "Ken", "Lane", "Lee", "Mary", "Case", "Ray", "Price", "Cash", "King",
    "Ward", "Field", "Hill", "Park", "Bell", "Ford", "Stone", "Wood", "Green", "Brown",
    "White", "Black", "Gray", "Grey", "Best", "Hall", "Rice", "Fox", "Hart", "Law", "Love",
    "Nation", "Queen", "Reign", "Story", "Street", "Sun", "Star", "Sky", "Angel", "Christian",
    "Ava", "Eve", "Ivy", "Iris", "Jade", "Pearl", "Ruby", "Amber", "Crystal", "Destiny",
    "Harmony", "Heaven", "Honey", "Melody", "Sunny", "Trinity", "Autumn", "Winter", "Spring",
    "El", "An", "Can", "Line", "Una", "Dev", "Said", "Junior", "Loan", "Beat", "Tea",
    "Constant", "Ever", "Joke", "Lady", "Lean", "Mile", "Isla", "Miel", "Asia", "Eden",
    "Lies", "Rex", "Zion", "Neo", "Om", "Sai", "Paris", "India", "Israel", "Brooklyn", "Phoenix",
    "Jena",
}  # fmt: skip
"""Names that are ordinary English, German, French or Spanish words or places too ("El",
"Una", "Line", "Isla", "Paris")."""


def _names(provider: type, attr: str) -> set[str]:
    """A provider's names: a tuple, a list or a weighted mapping (some locales compute
    ``first_names`` as a property: their male and female lists hold them)."""
    value = getattr(provider, attr, ())
    return set(value) if isinstance(value, tuple | list | dict) else set()


def main() -> None:
    first: set[str] = set()
    last: set[str] = set()
    for locale in LOCALES:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for attr in ("first_names", "first_names_male", "first_names_female"):
            first |= _names(provider, attr)
        last |= _names(provider, "last_names")

    def clean(names: set[str]) -> list[str]:
        keep = {n for n in names if n.isalpha() and len(n) > 1 and n[0].isupper()}
        return sorted(keep - AMBIGUOUS)

    lines = [f"# Faker {faker.VERSION} person providers: {', '.join(LOCALES)} (MIT licence)"]
    lines += ["[first]", *clean(first), "[last]", *clean(last)]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(clean(first))} first names, {len(clean(last))} last names")


if __name__ == "__main__":
    main()
