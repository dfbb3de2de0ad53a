"""What the program needs to know about one rule text: the ``Ruleset`` interface.

Each rule text is a subpackage of ``rules`` (``harris``, ``armory``) with one ``Ruleset``
object, found through ``rules.registry``. The engine asks it for the handler of an action;
the window, the report and the command line ask it what a structure's state reads, which
figures to show, which inputs and settings apply. Nothing outside ``rules/`` compares
ruleset ids.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import cached_property
from typing import Any, Literal

from shapely.geometry import Polygon

from siegeboard.model.siege import RulesetOptions, Siege
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import Weapon
from siegeboard.rules.catalogue import Catalogue, load_catalogue
from siegeboard.rules.context import Handler, RuleError
from siegeboard.rules.messages import _, ngettext

Pattern = Literal["none", "dots", "hatch", "crosshatch"]
Alarm = Literal["", "cracked", "breached"]


@dataclass(frozen=True)
class StructureState:
    """How one structure's state reads, for every view (map, paper, tables, players' copy).

    ``word`` is the GM's word ("damaged", "breached / portcullis intact"), ``players_word``
    the coarse one the players may see (intact, damaged, collapsed or breached, no figure
    behind it). ``health`` is what is left, 0..1 (a display figure: it decides nothing).
    ``alarm`` is the state that must catch the eye at any zoom, ``mark`` its word on the
    map; ``pattern`` tells the state apart on greyscale paper. ``fire`` is the GM's badge
    ("F3", "F3!", "Fire"), ``wild_fire`` a fire that spreads; ``people`` and ``trapped``
    count the occupants.
    """

    word: str
    players_word: str
    health: float
    alarm: Alarm = ""
    mark: str = ""
    pattern: Pattern = "none"
    fire: str = ""
    wild_fire: bool = False
    cleared: bool = False
    people: int = 0
    trapped: int = 0

    @property
    def burning(self) -> bool:
        return bool(self.fire)

    @property
    def players_fire(self) -> str:
        """"Fire" when burning: the players see flames, not a level."""
        return "Fire" if self.fire else ""


BUILDING_KINDS = ("townhouse", "brick_house", "brick_farmhouse")  # a new drawing's kind
CHARGE_ROLES = ("petard", "breaching_charge", "demolition_charge")

# The pattern of each state word: the pattern alone tells the state apart in greyscale.
PATTERNS: dict[str, Pattern] = {
    "intact": "none", "damaged": "dots", "cracked": "dots",
    "collapsed": "hatch", "breached": "hatch", "cleared": "crosshatch",
}


@dataclass(frozen=True)
class Setting:
    """One option of ``RulesetOptions`` that a ruleset uses, as Siege Settings shows it.

    ``choices`` maps stored values to their words; empty for a length in metres. The words
    are kept as the catalogue's msgids (``*_text``) and read in the current language.
    """

    field: str
    label_text: str
    choices_text: Mapping[str, str] = dataclass_field(default_factory=dict)
    tip_text: str = ""
    house_rule: bool = False  # R1: what the text does not give; its label says "house rule"

    @property
    def label(self) -> str:
        return _(self.label_text)

    @property
    def choices(self) -> dict[str, str]:
        return {value: _(words) for value, words in self.choices_text.items()}

    @property
    def tip(self) -> str:
        return _(self.tip_text) if self.tip_text else ""


@dataclass(frozen=True)
class Column:
    """A column of the structure table: header, and per structure (shown, sort key)."""

    header: str
    cell: Callable[[Structure], tuple[str, Any]]


@dataclass(frozen=True)
class Figure:
    """A figure column of the printed table (GM copy): the key of ``paper_text`` or
    ``table_figures`` it shows, its header, and its width relative to the other columns
    (the name column is 3.2)."""

    key: str
    title_text: str  # the catalogue's msgid: ``title`` is it in the current language
    width: float

    @property
    def title(self) -> str:
        return _(self.title_text)


@dataclass(frozen=True)
class OverrideField:
    """One part of a structure's state the GM's override sets: the ``GMOverride`` field
    ``name``; ``kind`` says how it is typed: a count (0 up to a limit), a flag, or one of
    ``choices``. ``label`` is the row's label (a flag's: the check box's text)."""

    name: str
    label_text: str  # the catalogue's msgid: ``label`` is it in the current language
    kind: Literal["count", "flag", "choice"]
    choices: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return _(self.label_text)


class Ruleset:
    """One rule text. Subclasses fill the class attributes and the state/figure methods."""

    id: str = ""
    title_text: str = ""       # "Sieges and Fortifications": ``title`` in the current language
    short: str = ""            # "DP" / "Hull": what the figures are counted in
    package: str = ""          # the subpackage holding catalogue.json
    handlers: Mapping[str, Handler] = {}
    settings: tuple[Setting, ...] = ()
    fire_inputs: frozenset[str] = frozenset()     # FireAt fields the GM enters for a shot
    make_fields: frozenset[str] = frozenset()     # Structure fields of its make shown
    weapon_fields: frozenset[str] = frozenset()   # Weapon fields the rule text uses
    needs_range: bool = False  # a shot's penetration depends on its range (range bands)
    pier_charges: bool = False  # a charge on a bridge's pier counts double (A7)
    has_escalade: bool = False  # the escalade table of a wall section (A11)
    repair_is_house_rule: bool = False  # R1: repair the text does not give (A13)
    # The parts of a structure's state the GM's override sets (``GMOverride``), in order.
    override_fields: tuple[OverrideField, ...] = ()
    # The printed table's figure columns (GM copy), in order.
    figures: tuple[Figure, ...] = ()
    # H2: the height of one story in metres, for a rule text that counts stories; 0 for one
    # that does not (the Inspector then has no height to type).
    story_m: float = 0
    # The file name of the rule text's sample siege under ``resources/samples`` (package data).
    sample: str = ""
    # The kinds an importer starts from, by role (wall, building, object, door, gate).
    import_kinds: Mapping[str, str] = {}

    @cached_property
    def catalogue(self) -> Catalogue:
        return load_catalogue(self.package)

    # -- actions ----------------------------------------------------------------------------
    def offers(self, action_type: str) -> bool:
        """Whether this rule text has the action (the Actions dock shows only these)."""
        return action_type in self.handlers

    def handler(self, action_type: str) -> Handler:
        try:
            return self.handlers[action_type]
        except KeyError:
            raise RuleError(
                _("'{action_type}' is not an action of {title}").format(
                action_type=action_type, title=self.title)) from None

    def is_charge(self, weapon: Weapon) -> bool:
        """Whether ``weapon`` can be set by hand against a structure (Demolish)."""
        return weapon.role in CHARGE_ROLES

    def shot_preview(self, siege: Siege, weapon: Weapon, point: tuple[float, float],
                     range_m: float | None) -> tuple[list[str], list[tuple[tuple[int, int], int]]]:
        """What the Fire tool shows before a click: words (band, penetration, reach) and the
        10 m squares a blast would reach with the concussion in each ((column, row), value)."""
        return [_("Easy attack (any range in sight)")], []

    # -- make -------------------------------------------------------------------------------
    def section_length(self, options: RulesetOptions) -> float:
        """How long a wall section is cut, in metres (H12, A1)."""
        raise NotImplementedError

    def default_kind(self, wall: bool) -> str:
        """The catalogue kind a new drawing starts as: a wall kind for walls, a house
        otherwise (the first of ``BUILDING_KINDS`` the catalogue has)."""
        kinds = [entry.kind for entry in self.catalogue.structures]
        if wall:
            walls = [kind for kind in kinds if "wall" in kind]
            return walls[0] if walls else kinds[0]
        return next((kind for kind in BUILDING_KINDS if kind in kinds), kinds[0])

    def new_weapon(self, weapon_id: str, name: str) -> Weapon:
        """A weapon the GM starts from in the Weapons dock."""
        return Weapon(id=weapon_id, name=name)

    def stories_from_height(self, height_m: float) -> int:
        """The stories of a structure ``height_m`` metres tall (H2); ``RuleError`` for a
        rule text that counts no stories (``story_m`` is 0)."""
        raise RuleError(_("{title} counts no stories: a height makes none").format(
            title=self.title))

    # -- the GM's hand --------------------------------------------------------------------
    def override_layers(self, structure: Structure) -> tuple[tuple[str, str], ...]:
        """The layers of ``structure`` an override can set, as (word, ``GMOverride.layer``);
        empty when the structure has one layer."""
        return ()

    def override_values(self, structure: Structure, layer: str = "outer") -> dict[str, Any]:
        """The present value of each of ``override_fields`` on ``layer`` of ``structure``."""
        return {spec.name: getattr(structure, spec.name) for spec in self.override_fields}

    def override_limits(self, structure: Structure, layer: str = "outer") -> dict[str, int]:
        """The largest value of each count of ``override_fields`` on ``layer``; a count not
        named has no limit but the model's."""
        return {}

    def removal_refusal(self, siege: Siege, ids: Collection[str]) -> str:
        """Why the structures ``ids`` cannot be removed from the board ("" when they can): a
        battery's scene target (A12) or a mine's section (A8) must stay, or the siege would
        name a structure it no longer holds."""
        for key in ids:
            structure = siege.structures.get(key)
            if structure is None:
                continue
            aimed = [battery.name for battery in siege.batteries.values()
                     if battery.target_id == key]
            if aimed:
                return ngettext("{structure} is the scene target of {batteries}: aim it "
                                "elsewhere first",
                                "{structure} is the scene target of {batteries}: aim them "
                                "elsewhere first", len(aimed)).format(
                    structure=structure.name, batteries=", ".join(aimed))
            mines = [mine.id for mine in siege.mines.values() if mine.structure_id == key]
            if mines:
                return _("{structure} has mine {join} under it").format(
                    structure=structure.name, join=', '.join(mines))
        return ""

    # -- escalade (A11) -------------------------------------------------------------------
    def escalade_refusal(self, structure: Structure) -> str:
        """Why the escalade table does not apply to ``structure`` ("" when it does)."""
        return _("{title} has no escalade table").format(title=self.title)

    def escalade_lines(self, structure: Structure, *, ladders: int, siege_towers: int,
                       grapnels: int, defenders_at_top: bool) -> list[str]:
        """The escalade table of ``structure`` as lines for the GM (A11)."""
        raise RuleError(self.escalade_refusal(structure))

    # -- how a structure reads ---------------------------------------------------------------
    def state(self, structure: Structure) -> StructureState:
        raise NotImplementedError

    def legend_states(self, players: bool) -> list[tuple[str, float]]:
        """The legend's rows: (state word, health its swatch shows)."""
        raise NotImplementedError

    def legend_marks(self) -> list[tuple[str, str]]:
        """(state word, what it means at the table) for the marks the map can show."""
        raise NotImplementedError

    def legend_fires(self) -> list[tuple[str, bool, str]]:
        """(fire badge, out of control, what it means) for the badges the map can show."""
        return [("Fire", False, "burning")]

    def columns(self) -> tuple[Column, Column]:
        """The table's two ruleset columns: what is left (or suffered), and the fire."""
        raise NotImplementedError

    def table_figures(self, structure: Structure,
                      shape: Polygon | None = None) -> dict[str, object]:
        """The figures of ``structure`` for the printed table and ``siegeboard info``.
        ``shape``: its footprint as already made and checked (a ``StructureIndex``'s
        polygon), so a city's table does not make each one again; the structure's own when
        not given."""
        raise NotImplementedError

    def inspector_lines(self, structure: Structure) -> list[str]:
        """The Inspector's lines on the structure's figures, after area and squares."""
        raise NotImplementedError

    def paper_text(self, structure: Structure, players: bool) -> dict[str, str]:
        """The printed table's cells of the ruleset's own columns, by column key."""
        raise NotImplementedError

    @property
    def title(self) -> str:
        """The rule text's title in the current language."""
        return _(self.title_text)

    def fire_title(self, players: bool) -> str:
        """The title of the printed table's fire column."""
        raise NotImplementedError

    def construction_line(self, structures: list[Structure]) -> str:
        """What building ``structures`` would take (the sum for several), or "" when the rule
        text gives no construction (H11)."""
        return ""

    def change_line(self, before: Structure | None, after: Structure | None) -> str:
        """One line on what an action did to a structure, all steps at once (the log of a
        long clock advance, R2); "" when nothing worth a line changed."""
        raise NotImplementedError

    def fires_summary(self, structures: list[Structure]) -> str:
        """One line for the Clock dock: how many fires, how many out of control."""
        raise NotImplementedError

    def breached(self, structure: Structure) -> bool:
        """Whether the way through is open (play the assault)."""
        raise NotImplementedError

    # -- odds (rules.odds is the front) -----------------------------------------------------
    # ``shot_effects`` is each rule text's hook: the deterministic effect of one shot for
    # given dice values, built from its pure functions. The odds evaluate it once per
    # distinct dice outcome; the engine's tests play every outcome and compare.
    shot_effects: Callable[..., Any]

    def shot_odds(self, siege: Siege, spec: Any, index: Any,
                  target_id: str | None) -> list[Any]:
        """The ``StructureOdds`` of every structure the shot may touch, struck one first."""
        raise NotImplementedError

    def rounds_to_fall(self, siege: Siege, spec: Any, target_id: str, index: Any, *,
                       interval_turns: int, max_hits: int, trials: int, seed: int) -> Any:
        """The ``RoundsOdds`` of hits until ``target_id`` falls (collapsed or Breached)."""
        raise NotImplementedError

    def bombardment(self, siege: Siege, shots: list[tuple[Any, str]], index: Any, *,
                    hits: int, interval_turns: int, trials: int,
                    seed: int) -> dict[str, dict[str, object]]:
        """``hits`` rounds of each (shot, target): what is left of each structure."""
        raise NotImplementedError

    def bombardment_line(self, structure_id: str, left: Mapping[str, Any]) -> str:
        """One line on what ``bombardment`` leaves of one structure (``left`` is its entry),
        for the command line; "" for a structure it leaves untouched."""
        raise NotImplementedError
