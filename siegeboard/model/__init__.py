"""The siege document: pure pydantic data and validation, no Qt, no rules."""

from siegeboard.model.actions import (
    Action,
    AdvanceClock,
    ChangeSettings,
    Demolish,
    DigMine,
    EditBoard,
    FightFire,
    FireAt,
    FireMine,
    FreeTrapped,
    GMOverride,
    Kick,
    Repair,
    ResolveScene,
    SceneAttack,
    StartMine,
    TaskRoll,
)
from siegeboard.model.log import Event, LogEntry, Roll
from siegeboard.model.numbers import half_up, round_half_up
from siegeboard.model.siege import (
    SCHEMA_VERSION,
    TURNS_PER_MINUTE,
    Clock,
    LegendEntry,
    MapImage,
    Mine,
    RulesetOptions,
    Siege,
)
from siegeboard.model.structure import HullLayer, Occupant, Structure
from siegeboard.model.weapon import MOUNT_ORDER, Battery, RangeBand, Weapon

__all__ = [
    "Action", "AdvanceClock", "Battery", "ChangeSettings", "Clock", "EditBoard", "Demolish",
    "Event",
    "DigMine", "FightFire", "FireAt", "FireMine", "FreeTrapped", "GMOverride", "HullLayer", "Kick",
    "LegendEntry", "LogEntry", "MOUNT_ORDER", "MapImage", "Mine", "Occupant", "RangeBand", "Repair",
    "ResolveScene", "Roll", "RulesetOptions", "SCHEMA_VERSION", "SceneAttack", "Siege",
    "StartMine", "Structure", "TURNS_PER_MINUTE", "TaskRoll", "Weapon", "half_up",
    "round_half_up",
]
