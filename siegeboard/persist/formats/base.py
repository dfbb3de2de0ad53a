"""What every map format offers, as Tiled's ``MapFormat``: a name, a file-dialog filter, a
test of whether it reads a path, ``read`` and (where the format has one) ``write``.

``read`` returns an ``ImportedMap``: a ``SiegeFile`` (so it saves with ``write_siege`` and
opens in the window like any siege) carrying an ``ImportReport`` of what was read, made,
clipped and skipped. A file the format cannot read raises ``SiegeFileError`` with one plain
message; nothing is written anywhere by ``read``.

``progress`` is an optional callable ``progress(done, total)`` called as the work goes on; it
may raise (any exception) to cancel, and that exception comes out of ``read`` unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from siegeboard.geometry.squares import north_west_anchor
from siegeboard.model.collection import no_cycle_collection
from siegeboard.persist.siege_file import SiegeFile, SiegeFileError
from siegeboard.rules import registry

if TYPE_CHECKING:
    from siegeboard.persist.formats.kinds import KindMapping

Progress = Callable[[int, int], None]
ClosedAs = Literal["walls", "buildings"]

FIVE_FEET_M = 1.524
MAX_CELL_M = 5.0  # a 20,000 px picture at one pixel a cell stays within R4's 100 km
MIN_THICKNESS_M = 0.05  # R4: no side shorter than 5 cm
MAX_THICKNESS_M = 50.0
MAX_STORIES = 100  # R3
MIN_DPI, MAX_DPI = 10.0, 1200.0  # a PDF page drawn as the plan

# Starting makes of imported structures, per ruleset (``Ruleset.import_kinds``): a door
# narrower than ``gate_width_m`` is a door, a wider portal a gate.
IMPORT_DEFAULTS: dict[str, dict[str, str]] = {
    rules.id: dict(rules.import_kinds) for rules in registry.RULESETS.values()}


@dataclass(frozen=True)
class ImportOptions:
    """The GM's choices for an import. ``None`` means the ruleset's default (``resolved``).

    ``cell_m``: the size of one grid cell of the imported map in metres (Universal VTT files
    carry no unit; 5 ft is usual). ``closed_as``: whether a closed wall line becomes wall
    sections or one building. ``objects``: bring object outlines (pillars, furniture) in as
    structures. ``pixels_per_metre``: the scale given to a plain plan image (and to a PDF
    page). ``page`` and ``dpi``: the PDF page that is the plan and its resolution.
    ``scene``: which scene of a Foundry VTT compendium (.db) to import.
    """

    ruleset: str = registry.DEFAULT.id
    cell_m: float = FIVE_FEET_M
    wall_kind: str | None = None
    wall_thickness_m: float = 0.5
    stories: int = 1
    closed_as: ClosedAs = "walls"
    objects: bool = False
    building_kind: str | None = None
    object_kind: str | None = None
    door_kind: str | None = None
    gate_kind: str | None = None
    gate_width_m: float = 2.5
    pixels_per_metre: float = 10.0
    name: str | None = None
    # Real maps (OpenStreetMap, GeoJSON): the kind mapping (``kinds.KindMapping``; None: the
    # ruleset's default), a box (W, S, E, N in degrees) to import a part of the file, and a
    # projection (a PROJ string, ``Siege.projection``) to land in an existing siege's frame.
    kinds: KindMapping | None = None
    bbox: tuple[float, float, float, float] | None = None
    projection: str | None = None
    # A PDF: the page that is the plan (counted from 1) and the resolution it is drawn at.
    page: int = 1
    dpi: float = 150.0
    # A Foundry VTT module's .db of scenes: the scene to import, by name or by its number
    # in the file (counted from 1); None: the first.
    scene: str | None = None

    def resolved(self) -> ImportOptions:
        """These options with every default filled in; ``ValueError`` in plain words for a
        choice that cannot be used (unknown ruleset or kind, a size out of bounds)."""
        if self.ruleset not in IMPORT_DEFAULTS:
            raise ValueError(f"unknown ruleset {self.ruleset!r}; use one of "
                             f"{', '.join(IMPORT_DEFAULTS)}")
        _check_number("the cell size", self.cell_m, 0.01, MAX_CELL_M, "m")
        _check_number("the wall thickness", self.wall_thickness_m, MIN_THICKNESS_M,
                      MAX_THICKNESS_M, "m")
        _check_number("the gate width", self.gate_width_m, 0.0, 1000.0, "m")
        _check_number("the plan's scale", self.pixels_per_metre, 1e-3, 1e4, "px a metre")
        _check_number("the resolution", self.dpi, MIN_DPI, MAX_DPI, "dpi")
        if isinstance(self.page, bool) or not isinstance(self.page, int) or self.page < 1:
            raise ValueError(f"the page must be a whole number from 1, not {self.page!r}")
        if isinstance(self.stories, bool) or not isinstance(self.stories, int) or not (
                1 <= self.stories <= MAX_STORIES):
            raise ValueError(f"stories must be a whole number from 1 to {MAX_STORIES}, not "
                             f"{self.stories!r}")
        if self.closed_as not in ("walls", "buildings"):
            raise ValueError(f"closed lines become 'walls' or 'buildings', not "
                             f"{self.closed_as!r}")
        defaults = IMPORT_DEFAULTS[self.ruleset]
        kinds = registry.catalogue(self.ruleset).kinds
        filled: dict[str, Any] = {}
        for role, default in defaults.items():
            kind = getattr(self, role) or default
            if kind not in kinds:
                raise ValueError(f"{role.replace('_', ' ')}: the {self.ruleset} ruleset has no "
                                 f"kind {kind!r}; it has {', '.join(sorted(kinds))}")
            filled[role] = kind
        return replace(self, **filled)


def _check_number(what: str, value: float, low: float, high: float, unit: str) -> None:
    """Refuse anything but a finite number from ``low`` to ``high``."""
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not math.isfinite(value) or not low <= value <= high):
        raise ValueError(f"{what} must be a number from {low:g} to {high:g} {unit}, not "
                         f"{value!r}")


@dataclass
class ImportReport:
    """What an import read from the file, what it made of it, and what it had to change.

    ``read`` and ``made`` count by plain plural nouns ("wall lines", "doors"); ``clipped``,
    ``skipped`` and ``notes`` are sentences for the GM.
    """

    source: str = ""
    read: dict[str, int] = field(default_factory=dict)
    made: dict[str, int] = field(default_factory=dict)
    clipped: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def count_made(self, noun: str, count: int = 1) -> None:
        self.made[noun] = self.made.get(noun, 0) + count

    def lines(self) -> list[str]:
        """The report as lines of text, as the command line prints it and the window shows it."""
        def counts(table: dict[str, int]) -> str:
            shown = [f"{count:,} {noun.removesuffix('s') if count == 1 else noun}"
                     for noun, count in table.items()]
            return ", ".join(shown) if shown else "nothing"

        lines = [f"Read from {self.source}: {counts(self.read)}.",
                 f"Made: {counts(self.made)}."]
        for title, items in (("Clipped to the picture", self.clipped),
                             ("Left out", self.skipped), ("Notes", self.notes)):
            if items:
                lines.append(f"{title} ({len(items)}):")
                lines.extend(f"  - {item}" for item in items)
        return lines


@dataclass
class ImportedMap(SiegeFile):
    """A siege made from another format, with the report of how it was made.

    A siege that comes in without a label anchor gets one (R0b, R5): the north-west-most of
    its plan's corner and its structures, so no square of the plan or of the town it brings
    gets a negative label ("-A", "-1"), whatever frame its coordinates came in."""

    report: ImportReport = field(default_factory=ImportReport)
    # The bytes ``write_siege`` writes for the siege as imported, set by ``checked_import``
    # (which made them to check them): ``write_siege(path, imported, encoded=imported.encoded)``
    # saves the import without making them again. They are of the siege as it was imported:
    # once the siege is changed they are not its bytes.
    encoded: bytes | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        siege = self.siege
        if siege.label_anchor is None:
            points = [point for structure in siege.structures.values()
                      for point in structure.footprint]
            if siege.map is not None:
                points.append((siege.map.offset[0], siege.map.offset[1]))
            anchor = north_west_anchor(points)
            if anchor is not None:
                siege.label_anchor = (float(anchor[0]), float(anchor[1]))


ECHO_LIMIT = 200


def echo(text: object, limit: int = ECHO_LIMIT) -> str:
    """``text`` as a message may quote it: its first line, cut to ``limit`` characters (an
    input's own words are echoed, never a megabyte of them)."""
    line = str(text).strip()
    line = line.splitlines()[0] if line else ""
    return line if len(line) <= limit else line[:limit] + "…"


def json_problem(error: ValueError) -> str:
    """What ``json.loads`` found wrong, in one plain line (Python's advice on its integer
    limit is for programmers, not for the GM)."""
    text = str(error)
    if "int_max_str_digits" in text or "integer string conversion" in text:
        return "a number in it has thousands of digits, more than any map needs"
    return echo(text)


def checked_import(imported: ImportedMap, source: str) -> ImportedMap:
    """``imported`` when it is a siege siegeboard will open; ``SiegeFileError`` otherwise.

    An import that made no structure and no plan is refused (there is nothing to save, and
    saving an empty siege would only hide why). Whatever was made is checked by the very
    reader that opens a ``.siege`` uses (R3's numbers, R4's geometry, the plan's extent;
    ``siege_file.check_as_opened``), so an import never writes a file that siegeboard then
    refuses; the bytes checked are kept as ``imported.encoded``.
    """
    from siegeboard.persist.siege_file import check_as_opened

    if not imported.siege.structures and imported.siege.map is None:
        skipped = imported.report.skipped
        why = f" (left out: {echo(skipped[0])}" + (
            f", and {len(skipped) - 1:,} more)" if len(skipped) > 1 else ")") if skipped else ""
        raise SiegeFileError(f"{source}: nothing to import: no structure and no plan could be "
                             f"made of it{why}")
    try:
        imported.encoded = check_as_opened(imported, source)
    except SiegeFileError as error:
        raise SiegeFileError(f"cannot import {source}: the siege made of it would not open "
                             f"({echo(error, 300)})") from None
    return imported


@runtime_checkable
class MapFormat(Protocol):
    """A file format siegeboard reads (and perhaps writes)."""

    name: str  # "Universal VTT battle map"
    name_filter: str  # for a file dialog: "Universal VTT maps (*.dd2vtt *.df2vtt *.uvtt)"
    can_write: bool

    @property
    def suffixes(self) -> tuple[str, ...]:
        """The file name endings, lower case, with the dot."""

    def supports(self, path: str | Path) -> bool:
        """Whether this format is the one to read ``path`` (by its name; nothing is opened)."""

    def read(self, path: str | Path, options: ImportOptions | None = None,
             progress: Progress | None = None) -> SiegeFile:
        """The file as a siege; ``SiegeFileError`` with one plain message if it cannot be."""

    def write(self, path: str | Path, siege_file: SiegeFile) -> None:
        """Save ``siege_file`` in this format (only where ``can_write``)."""


def has_suffix(path: str | Path, suffixes: tuple[str, ...]) -> bool:
    """Whether ``path``'s name ends in one of ``suffixes`` (compound ones too: .osm.pbf)."""
    return Path(path).name.lower().endswith(suffixes)


class FormatBySuffix:
    """A ``MapFormat`` chosen by its file's name: ``supports`` is whether the name ends in one
    of its ``suffixes``. Every format of siegeboard is one."""

    suffixes: tuple[str, ...] = ()

    def supports(self, path: str | Path) -> bool:
        return has_suffix(path, self.suffixes)


class CityFormat(FormatBySuffix):
    """A format whose file may hold a whole city: ``read`` runs the format's ``read_city``
    with Python's cycle collector paused. A city is millions of acyclic objects made in one
    burst (the parsed file, the outlines, the structures): the collector, left on, walks them
    all again and again to free nothing (a third of the import's time)."""

    def read(self, path: str | Path, options: ImportOptions | None = None,
             progress: Progress | None = None) -> ImportedMap:
        with no_cycle_collection():
            return self.read_city(path, options, progress)

    def read_city(self, path: str | Path, options: ImportOptions | None,
                  progress: Progress | None) -> ImportedMap:
        """The file as a siege (``read``'s contract), the collector paused."""
        raise NotImplementedError


def resolve_options(options: ImportOptions | None, name: str) -> ImportOptions:
    """``options`` (default: ImportOptions()) with every default filled in; a choice that
    cannot be used is one ``SiegeFileError`` naming the file being imported."""
    try:
        return (options or ImportOptions()).resolved()
    except ValueError as error:
        raise SiegeFileError(f"cannot import {name}: {error}") from None
