"""Weapons and the gun positions (batteries) that fire them."""

from __future__ import annotations

from itertools import pairwise
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from siegeboard.model import bounds
from siegeboard.model.bounds import bounded
from siegeboard.model.validation import validate_points

Point = tuple[float, float]
SMALL_ARM_BORE_MM = 20.0  # H4: a small arm is a weapon of bore under 20 mm
MAX_RANGE_M = 1_000_000.0  # a range band reaches at most 1,000 km
Mount = Literal["personal", "light", "standard", "heavy", "capital"]
MOUNT_ORDER: tuple[Mount, ...] = ("personal", "light", "standard", "heavy", "capital")
WeaponRole = Literal["gun", "petard", "breaching_charge", "demolition_charge", "mine", "incendiary"]


class RangeBand(BaseModel):
    """Penetration out to ``up_to_m`` metres (DP ruleset, H4)."""

    model_config = ConfigDict(extra="forbid")

    up_to_m: float = Field(gt=0, le=MAX_RANGE_M, allow_inf_nan=False)
    penetration: Annotated[int, bounded("penetration", 0, bounds.PENETRATION_MAX)] = Field(ge=0)


class Weapon(BaseModel):
    """A weapon of either ruleset.

    DP ruleset: penetration per range band (bands strictly increasing), damage value,
    concussion, explosive, incendiary, small arm (bore under 20 mm), large calibre (+2D6).
    Hull ruleset: Hull damage, Pierce, Crit (0: no Crit), mount, gunpowder, indirect, and a
    role saying whether it is fired (gun) or set (petard, charge, mine).
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.:-]+$")
    name: str = Field(min_length=1)
    notes: str = ""

    # DP ruleset
    range_bands: list[RangeBand] = Field(default_factory=list, max_length=100, fail_fast=True)
    damage: Annotated[int, bounded("damage", 0, bounds.DAMAGE_MAX)] = Field(default=0, ge=0)
    concussion: Annotated[int, bounded("concussion", 0, bounds.CONCUSSION_MAX)] = Field(
        default=0, ge=0)
    explosive: bool = False
    incendiary: bool = False
    small_arm: bool = False
    bore_mm: float | None = Field(default=None, gt=0)
    large_calibre: bool = False

    # Hull ruleset
    hull_damage: Annotated[int, bounded("hull_damage", 0, bounds.DAMAGE_MAX)] = Field(
        default=0, ge=0)
    pierce: int = Field(default=0, ge=0)
    crit: int = Field(default=0, ge=0)
    mount: Mount = "standard"
    gunpowder: bool = False
    indirect: bool = False
    role: WeaponRole = "gun"

    @model_validator(mode="after")
    def _small_arm_by_bore(self) -> Weapon:
        if self.small_arm and self.bore_mm is not None and self.bore_mm >= SMALL_ARM_BORE_MM:
            raise ValueError(f"small_arm: a weapon of {self.bore_mm:g} mm bore cannot be marked a "
                             f"small arm (H4: a small arm's bore is under "
                             f"{SMALL_ARM_BORE_MM:g} mm)")
        return self

    @property
    def is_small_arm(self) -> bool:
        """H4: the bore decides: under 20 mm it is a small arm, marked or not; with no bore
        given, only when marked so."""
        if self.bore_mm is not None:
            return self.bore_mm < SMALL_ARM_BORE_MM
        return self.small_arm

    @field_validator("range_bands")
    @classmethod
    def _bands_increase(cls, bands: list[RangeBand]) -> list[RangeBand]:
        for near, far in pairwise(bands):
            if far.up_to_m <= near.up_to_m:
                raise ValueError(
                    f"range_bands must increase: {far.up_to_m} m follows {near.up_to_m} m")
        return bands

    def band_for(self, range_m: float) -> RangeBand | None:
        """The first band that holds ``range_m``; None when out of range."""
        if range_m < 0:
            raise ValueError(f"range must be 0 m or more, not {range_m}")
        return next((band for band in self.range_bands if range_m <= band.up_to_m), None)


class Battery(BaseModel):
    """A named gun position on the map with its weapon.

    ``side`` and ``target_id`` serve the Hull ruleset's "siege in an evening" (A12): a
    besieging engine is assigned a wall section, a defending one an engine, tower or camp.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.:-]+$")
    name: str = Field(min_length=1)
    position: Point
    weapon_id: str = Field(min_length=1)
    side: Literal["besieger", "defender"] = "besieger"
    target_id: str | None = None
    # Known to the players (``rules.knowledge``); None: the default, known when of their side.
    known: bool | None = None

    @field_validator("position")
    @classmethod
    def _position_within_bounds(cls, position: Point) -> Point:
        (point,) = validate_points("position", [position])
        return point
