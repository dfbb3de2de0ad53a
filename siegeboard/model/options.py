"""The siege's settings of its rulings: the options of RULINGS.md and the house rules (R1)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class RulesetOptions(BaseModel):
    """The rulings marked *option* in RULINGS.md, and the house rules (R1: what the texts do
    not give and the program adds), with their defaults."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    concussion_falloff: Literal["halving", "one_over_d_plus_1"] = "halving"  # H6
    burn_damage_every: Literal["minute", "turn"] = "minute"  # H9
    harris_section_m: float = Field(default=10.0, gt=0)  # H12
    armory_section_m: float = Field(default=4.0, gt=0)  # A1
    ladder_mode: Literal["hull", "as_written"] = "hull"  # A4
    # House rules (R1), each labelled "house rule" wherever a GM sees it:
    armory_repair: bool = True  # A13: repair of a section, an Average task (on by default)
    scene_pool: bool = True  # A12: a scene's Successes and Boons may be rolled from a pool
    scene_pool_success: int = Field(default=5, ge=2, le=6)  # A12: a die of this or more succeeds
