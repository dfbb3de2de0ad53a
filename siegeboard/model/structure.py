"""A structure on the board: its footprint, its make and its current state under either ruleset.

A structure carries the figures of both rule texts; a siege uses one ruleset and the other's
fields simply keep their defaults. Geometry is plain coordinates in metres; shapely lives in
``siegeboard.geometry``, not here, so the model stays a data document.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from siegeboard.model import bounds
from siegeboard.model.bounds import bounded
from siegeboard.model.validation import validate_holes, validate_ring

Point = tuple[float, float]

Material = Literal["wood", "wattle", "brick", "stone", "concrete", "earth", "steel", "iron"]
LadderStep = Literal["intact", "cracked", "breached"]
HOLES_MAX = 1000  # courtyards of one footprint (R4)
TaskOutcome = Literal["catastrophic", "failure", "success", "outstanding"]
Side = Literal["besieger", "defender"]


class Occupant(BaseModel):
    """A person inside or atop a structure (H5, H7): damage taken and whether trapped."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    name: str = Field(min_length=1)
    damage: int = Field(default=0, ge=0, description="total damage points taken so far")
    hits: int = Field(default=0, ge=0, description="number of separate hits taken")
    trapped: bool = False
    burned: bool = False


class HullLayer(BaseModel):
    """One layer of a Hull-ruleset target (A5: a gate, then the portcullis behind it)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    name: str = Field(min_length=1)
    armor: Annotated[int, bounded("armor", 0, bounds.ARMOR_MAX)] = Field(ge=0)
    hull: int = Field(ge=1)
    suffered: int = Field(default=0, ge=0)
    ladder: LadderStep = "intact"


class Structure(BaseModel):
    """A building, wall section, gate, tower, bunker or bridge.

    ``kind`` names a row of the siege's catalogue (resources/); ``flags`` are that row's rule
    flags, copied onto the structure so a file is self-contained and a GM can edit them.
    DP ruleset: ``armor`` is the AV, DP = AV x squares x stories (H3); ``dp`` and
    ``dp_original`` are stored, ``dp`` never below 0 nor above ``dp_original``.
    ``wall_id`` names the wall a section was drawn as (H12, ``rules.walls``).
    Hull ruleset: ``armor`` and ``hull`` are the outer layer's, ``hull_suffered`` and ``ladder``
    its state; ``inner_layer`` is a portcullis behind a gate (A5).
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.:-]+$")
    name: str = Field(min_length=1)
    kind: str = Field(min_length=1)
    # One more than the corners for a repeated closing point: a ring of two million corners
    # is refused by its length, before a corner is looked at (the ring's own check says more).
    footprint: list[Point] = Field(max_length=bounds.CORNERS_MAX + 1, fail_fast=True)
    # Courtyards: rings inside the footprint that are not part of it (H1's area and squares
    # exclude them; distances and drawing follow them). Schema version 7. Bounded like the
    # footprint (R4), each ring and their number, so a refusal costs little.
    holes: list[Annotated[list[Point], Field(max_length=bounds.CORNERS_MAX + 1,
                                             fail_fast=True)]] = Field(
        default_factory=list, max_length=HOLES_MAX)
    armor: Annotated[int, bounded("armor", 0, bounds.ARMOR_MAX)] = Field(ge=0)
    stories: Annotated[int, bounded("stories", bounds.STORIES_MIN, bounds.STORIES_MAX)] = Field(
        default=1, ge=1)
    material: Material = "stone"
    burns: bool = False
    flags: list[str] = Field(default_factory=list)
    occupants: list[Occupant] = Field(default_factory=list)
    notes: str = ""
    gm_notes: str = ""
    # H12: the wall this section was drawn as (sections of one wall share one structure's
    # worth of DP); None for a structure drawn on its own, split off or reshaped.
    wall_id: str | None = Field(default=None, min_length=1, pattern=r"^[A-Za-z0-9_.:-]+$")
    # What the players know (``rules.knowledge``): whose it is, and whether what is inside
    # (its occupants) is known to them; None: the default, known when of the players' side.
    side: Side = "defender"
    known: bool | None = None

    # DP ruleset state (H3, H7, H9)
    dp: Annotated[int, bounded("dp", 0, bounds.DP_MAX)] = Field(default=0, ge=0)
    dp_original: Annotated[int, bounded("dp_original", 0, bounds.DP_MAX)] = Field(default=0, ge=0)
    collapsed: bool = False
    cleared: bool = False
    fire_level: int = Field(default=0, ge=0)
    out_of_control: bool = False

    # Hull ruleset state (A1-A10)
    hull: int = Field(default=1, ge=1)
    hull_suffered: int = Field(default=0, ge=0)
    ladder: LadderStep = "intact"
    inner_layer: HullLayer | None = None
    burning: bool = False
    # A4 "ladder as written": Hull burned since the fire began (each half of the Hull is a
    # step down the ladder, counted apart from hits).
    hull_burned: int = Field(default=0, ge=0)
    effects: list[str] = Field(default_factory=list, max_length=100, fail_fast=True)

    # The courtyards' check is the two fields' own, reading the field validated before it
    # (``info.data``): at construction the holes check against the footprint, and an
    # assignment (``validate_assignment``: every other field is in ``info.data``) checks the
    # field assigned against the other; each returns its value, never writes the model.

    @field_validator("footprint")
    @classmethod
    def _footprint_is_a_simple_polygon(cls, ring: list[Point],
                                       info: ValidationInfo) -> list[Point]:
        ring = validate_ring(ring)
        holes = info.data.get("holes")
        if holes:  # an assignment: the courtyards must still lie inside
            validate_holes(ring, holes)
        return ring

    @field_validator("holes")
    @classmethod
    def _holes_inside(cls, holes: list[list[Point]],
                      info: ValidationInfo) -> list[list[Point]]:
        footprint = info.data.get("footprint")
        if not holes or footprint is None:  # no footprint: its own error is reported
            return holes
        return validate_holes(footprint, holes)

    @model_validator(mode="after")
    def _dp_within_original(self) -> Structure:
        if self.dp > self.dp_original:
            raise ValueError(f"dp: {self.dp} is above dp_original {self.dp_original}")
        return self

    @property
    def trapped_count(self) -> int:
        if not self.occupants:  # most of a town: asked of each structure by its state
            return 0
        return sum(1 for person in self.occupants if person.trapped)

    def has_flag(self, flag: str) -> bool:
        return flag in self.flags

    def parts_copied(self) -> dict[str, Any]:
        """A copy of each field that holds a list or a model, sharing nothing mutable with
        this structure (a point is a tuple; an occupant and a layer hold only scalars)."""
        return {"footprint": list(self.footprint),
                "holes": [list(ring) for ring in self.holes],
                "flags": list(self.flags),
                "occupants": [person.model_copy() for person in self.occupants],
                "inner_layer": None if self.inner_layer is None else self.inner_layer.model_copy(),
                "effects": list(self.effects)}

    def copy_to_change(self) -> Structure:
        """A deep copy (``model_copy(deep=True)``'s result) made from ``parts_copied``:
        a fraction of the cost of copying every number of the footprint."""
        return self.model_copy(update=self.parts_copied())
