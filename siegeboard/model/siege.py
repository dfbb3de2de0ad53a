"""The siege document: everything a .siege file holds."""

from __future__ import annotations

from copy import deepcopy
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from siegeboard.model import bounds
from siegeboard.model.bounds import bounded
from siegeboard.model.fields import fields_of
from siegeboard.model.log import LogEntry
from siegeboard.model.options import RulesetOptions
from siegeboard.model.structure import Structure
from siegeboard.model.validation import MAX_ITEMS, MAX_TURN, span_of
from siegeboard.model.weapon import Battery, Weapon

SCHEMA_VERSION = 9
TURN_SECONDS = 5
TURNS_PER_MINUTE = 12
TURNS_PER_DAY = bounds.TURNS_PER_DAY  # A14: a scene of a day, a day of digging
# The id of a rule text, as a file stores it. Which ids exist is the rules' knowledge, not the
# model's: ``rules.registry.ruleset`` refuses an unknown one where a siege is opened, imported
# or made, naming the known ones.
RulesetId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_]*$")]


MAX_LEGEND = 32


class LegendEntry(BaseModel):
    """One colour of a plan and the kind of structure it stands for (a fire-insurance plan's
    pink is brick, its yellow frame, its blue stone): ``colour`` as ``#rrggbb``, ``kind`` a
    catalogue kind of the siege's ruleset (checked where it is used: a legend outlives a change
    of ruleset), ``label`` the GM's word for it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    colour: str = Field(pattern=r"^#[0-9a-f]{6}$")
    kind: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_]+$")
    label: str = Field(default="", max_length=80)


class MapImage(BaseModel):
    """The background plan: its member name in the archive and its calibration.

    ``pixels_per_metre`` is the scale; ``offset`` puts the image's top-left corner in map
    metres; ``rotation_deg`` turns it about that corner. ``legend``: the plan's colours and
    the kinds they stand for (schema 9), which Trace gives what it traces; one entry a colour.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    member: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")

    @field_validator("member")
    @classmethod
    def _not_the_document(cls, member: str) -> str:
        if member == "siege.json":
            raise ValueError("'siege.json' is the name of the siege's own document, not of an "
                             "image; rename the image")
        return member
    pixels_per_metre: float = Field(ge=1e-3, le=1e6, allow_inf_nan=False)
    offset: tuple[float, float] = (0.0, 0.0)
    rotation_deg: float = 0.0
    locked: bool = True
    legend: tuple[LegendEntry, ...] = Field(default=(), max_length=MAX_LEGEND)

    @field_validator("legend")
    @classmethod
    def _one_entry_a_colour(cls, legend: tuple[LegendEntry, ...]) -> tuple[LegendEntry, ...]:
        colours = [entry.colour for entry in legend]
        if len(set(colours)) != len(colours):
            raise ValueError("the plan's legend gives a colour twice; give each colour once")
        return legend


class Clock(BaseModel):
    """Game time in turns of 5 seconds (H10)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn: int = Field(default=0, ge=0, le=MAX_TURN)  # about 340 years of 5 s turns

    @property
    def seconds(self) -> int:
        return self.turn * TURN_SECONDS

    def label(self) -> str:
        """"Turn 37, 3 min 5 s"; once the siege has run a day (A14), the days and hours it
        has run: "1 day 0 h 5 min 0 s (turn 17,340)"."""
        if self.turn < TURNS_PER_DAY:
            minutes, seconds = divmod(self.seconds, 60)
            return f"Turn {self.turn}, {minutes} min {seconds} s"
        days, rest = divmod(self.seconds, 24 * 3600)
        hours, rest = divmod(rest, 3600)
        minutes, seconds = divmod(rest, 60)
        return (f"{days} day{'s' if days != 1 else ''} {hours} h {minutes} min {seconds} s "
                f"(turn {self.turn:,})")


class Mine(BaseModel):
    """A mine under a section (A8): one day of digging per point of the section's Armor."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    id: str = Field(min_length=1)
    structure_id: str
    days_needed: int = Field(ge=0)
    days_dug: int = Field(default=0, ge=0)
    state: Literal["digging", "ready", "fired", "countermined"] = "digging"
    # A mine is the besiegers' work: known to the players (``rules.knowledge``); None: the
    # default, known when the players are the besiegers.
    known: bool | None = None


class Siege(BaseModel):
    """A whole siege. Structures are keyed by id (the key equals the structure's id)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    schema_version: int = SCHEMA_VERSION
    name: str = Field(min_length=1)
    ruleset: RulesetId  # no default: whoever makes a siege names its rule text
    options: RulesetOptions = Field(default_factory=RulesetOptions)
    map: MapImage | None = None
    grid_origin: tuple[float, float] = (0.0, 0.0)
    # R0b: square labels count from here: the 10 m square holding this point is A1. None (a
    # siege with no plan yet): the square at the grid's origin is. Set from the first plan's
    # north-west corner; moving the grid's origin never moves it.
    label_anchor: tuple[float, float] | None = None
    # Where the map's metres are on the Earth (schema 7): a PROJ string of the local
    # transverse Mercator the structures were projected to (x east, y south in metres), so a
    # second import lands in the same frame; None for a siege drawn by hand.
    projection: str | None = Field(default=None, min_length=1, max_length=1000)
    # Notices the map's data asks to be shown with it (OpenStreetMap's ODbL line), printed on
    # every snapshot and export.
    attribution: list[Annotated[str, Field(min_length=1, max_length=500)]] = Field(
        default_factory=list, max_length=20)
    structures: dict[str, Structure] = Field(default_factory=dict)
    weapons: dict[str, Weapon] = Field(default_factory=dict)
    # Validated when left out too: its check holds the siege's span (R4).
    batteries: dict[str, Battery] = Field(default_factory=dict, validate_default=True)
    mines: dict[str, Mine] = Field(default_factory=dict)
    clock: Clock = Field(default_factory=Clock)
    scene: int = Field(default=0, ge=0)
    # A bound on the work of refusing a file: past it, no entry is read one by one.
    log: list[LogEntry] = Field(default_factory=list, max_length=MAX_ITEMS, fail_fast=True)
    dice_seed: Annotated[int, bounded("dice_seed", 0, bounds.SEED_MAX)] = 0
    # Which side the players are: what their copy shows (``rules.knowledge``).
    players_side: Literal["besieger", "defender"] = "besieger"
    # The turn of the last snapshot printed or exported: a snapshot's log starts there.
    last_snapshot_turn: int | None = Field(default=None, ge=0)
    # R2: the siege as it was before the first log entry, kept from the first entry on
    # (None before play, and for a log begun by a siegeboard older than schema version 3);
    # replaying the log on it gives this siege (``rules.engine.replay_log``). A file writes
    # only the structures of it that the siege does not hold unchanged (schema version 8,
    # ``persist.document``); in memory it is a whole siege, sharing those structures.
    base: Siege | None = None

    def beginning(self) -> Siege:
        """A copy of this siege as a beginning for its log (R2): no log and no base of its own.

        The copy shares this siege's ``Structure`` objects (its structures mapping is its
        own): a structure in a siege is a value, never changed in place (the engine writes
        copies, edits replace a structure), so sharing it is a copy that costs nothing. A
        deep copy of a town of 50,000 took half a second on the first shot, and twice the
        memory. Every other field is a deep copy.
        """
        kept = ("structures", "log", "base")
        others = {name: deepcopy(getattr(self, name)) for name in fields_of(type(self))
                  if name not in kept}
        return self.model_copy(update={**others, "log": [], "base": None,
                                       "structures": dict(self.structures)})

    @field_validator("schema_version")
    @classmethod
    def _known_version(cls, version: int) -> int:
        if version > SCHEMA_VERSION:
            raise ValueError(
                f"schema_version {version}: made by a newer siegeboard (this one reads up to "
                f"{SCHEMA_VERSION})")
        return version

    # The siege's own rules (ids, references, span, its beginning) are its fields' checks,
    # each reading the fields validated before it (``info.data``): at construction each
    # table checks what it refers to, and an assignment (``validate_assignment``: every
    # other field is in ``info.data``) checks only what the field assigned touches. A rule
    # written back by the engine (the clock, the beginning) costs nothing of the town's.
    # Each message names its own field path (``persist.document_checks._describe``).

    @field_validator("structures")
    @classmethod
    def _structures_hold(cls, structures: dict[str, Structure],
                         info: ValidationInfo) -> dict[str, Structure]:
        _keys_are_ids("structures", structures)
        batteries, mines = info.data.get("batteries"), info.data.get("mines")
        if batteries is not None:  # an assignment: what refers to the structures
            _targets_hold(batteries, structures)
            _within_span(structures, batteries)
        if mines is not None:
            _mines_hold(mines, structures)
        return structures

    @field_validator("weapons")
    @classmethod
    def _weapons_hold(cls, weapons: dict[str, Weapon], info: ValidationInfo) -> dict[str, Weapon]:
        _keys_are_ids("weapons", weapons)
        batteries = info.data.get("batteries")
        if batteries is not None:  # an assignment
            _weapons_of_hold(batteries, weapons)
        return weapons

    @field_validator("batteries")
    @classmethod
    def _batteries_hold(cls, batteries: dict[str, Battery],
                        info: ValidationInfo) -> dict[str, Battery]:
        _keys_are_ids("batteries", batteries)
        weapons, structures = info.data.get("weapons"), info.data.get("structures")
        if weapons is not None:
            _weapons_of_hold(batteries, weapons)
        if structures is not None:
            _targets_hold(batteries, structures)
            _within_span(structures, batteries)
        return batteries

    @field_validator("mines")
    @classmethod
    def _mines_held(cls, mines: dict[str, Mine], info: ValidationInfo) -> dict[str, Mine]:
        _keys_are_ids("mines", mines)
        structures = info.data.get("structures")
        if structures is not None:
            _mines_hold(mines, structures)
        return mines

    @field_validator("base")
    @classmethod
    def _base_is_a_beginning(cls, base: Siege | None, info: ValidationInfo) -> Siege | None:
        if base is not None and (base.log or base.base is not None):
            raise ValueError("base: the siege before its first log entry has no log of its own")
        ruleset = info.data.get("ruleset")
        if base is not None and ruleset is not None and base.ruleset != ruleset:
            raise ValueError(f"base.ruleset: the siege before its first log entry plays "
                             f"{base.ruleset!r}, the siege {ruleset!r}: one siege "
                             "plays one rule text")
        return base


def _keys_are_ids(table: str, items: dict[str, Any]) -> None:
    for key, item in items.items():
        if key != item.id:
            raise ValueError(f"{table}: key {key!r} differs from its id {item.id!r}")


def _weapons_of_hold(batteries: dict[str, Battery], weapons: dict[str, Weapon]) -> None:
    for battery in batteries.values():
        if battery.weapon_id not in weapons:
            raise ValueError(f"batteries.{battery.id}.weapon_id: no weapon {battery.weapon_id!r}")


def _targets_hold(batteries: dict[str, Battery], structures: dict[str, Structure]) -> None:
    for battery in batteries.values():
        if battery.target_id is not None and (
                battery.target_id not in structures and battery.target_id not in batteries):
            raise ValueError(f"batteries.{battery.id}.target_id: no structure or battery "
                             f"{battery.target_id!r}")


def _mines_hold(mines: dict[str, Mine], structures: dict[str, Structure]) -> None:
    for mine in mines.values():
        if mine.structure_id not in structures:
            raise ValueError(f"mines.{mine.id}.structure_id: no structure {mine.structure_id!r}")


def _within_span(structures: dict[str, Structure], batteries: dict[str, Battery]) -> None:
    # R4: one linear pass over every corner and gun position.
    span = span_of([*(s.footprint for s in structures.values()),
                    [b.position for b in batteries.values()]])
    if span > bounds.SPAN_M:
        raise ValueError(f"structures: the siege spans {span / 1000:,.1f} km; a siege "
                         f"spans at most {bounds.SPAN_M / 1000:,.0f} km")
