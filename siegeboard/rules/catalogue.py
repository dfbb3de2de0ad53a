"""The structure and weapon catalogues of each ruleset: package data of its rules subpackage
(``rules/<ruleset>/catalogue.json``), read with ``importlib.resources`` so a wheel carries them.

A catalogue row is the starting make of a new structure: the GM picks a kind and the row
fills armor, stories or hull, material and rule flags, which the structure then owns.
"""

from __future__ import annotations

import json
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field

from siegeboard.model.structure import HullLayer, Material, Side
from siegeboard.model.weapon import Weapon


class CatalogueEntry(BaseModel):
    """One row: a kind of structure and where its figures came from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str = Field(min_length=1)
    name: str = Field(min_length=1)
    armor: int = Field(ge=0)
    stories: int = Field(default=1, ge=1)
    hull: int = Field(default=1, ge=1)
    material: Material = "stone"
    burns: bool = False
    # Whose it is: fortress kinds the defenders', siege engines and camps the besiegers'.
    side: Side = "defender"
    flags: list[str] = Field(default_factory=list)
    inner_layer: HullLayer | None = None
    source: str = ""
    notes: str = ""


class Catalogue(BaseModel):
    """A ruleset's structure kinds and starter weapons."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ruleset: str
    structures: list[CatalogueEntry]
    weapons: list[Weapon]

    @property
    def kinds(self) -> dict[str, CatalogueEntry]:
        return {entry.kind: entry for entry in self.structures}

    def entry(self, kind: str) -> CatalogueEntry:
        try:
            return self.kinds[kind]
        except KeyError:
            raise ValueError(f"unknown kind {kind!r} for the {self.ruleset} ruleset") from None


def load_catalogue(package: str) -> Catalogue:
    """The catalogue shipped in ``package`` (``catalogue.json`` beside its modules)."""
    text = resources.files(package).joinpath("catalogue.json").read_text(encoding="utf-8")
    return Catalogue.model_validate(json.loads(text))
