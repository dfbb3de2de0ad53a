"""The subcommands about files: ``info`` (a siege's structure table), ``sample`` (a copy of
the sample siege), ``import`` (another format's map as a new siege); and how every command
saves: one writer at a time, and only over the version it read."""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from siegeboard.cli.command import CommandError, CommandFailed, Subcommand
from siegeboard.cli.help_text import import_kinds, ruleset_choices
from siegeboard.model import bounds as limits
from siegeboard.persist import (
    SiegeFile,
    SiegeFileChanged,
    SiegeFileLocked,
    SiegeFileReadOnly,
    hold_lock,
    read_siege,
    write_sample,
    write_siege,
)
from siegeboard.persist.samples import SAMPLES, sample_name
from siegeboard.report.table import structure_rows
from siegeboard.rules import registry
from siegeboard.rules.dice import fresh_dice_seed
from siegeboard.rules.registry import ruleset_of

# -- saving: one writer at a time, and only over the version read ----------------------------


@contextlib.contextmanager
def writing(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock for a read-modify-write; a refusal names who holds it."""
    if not path.is_file():
        read_siege(path)  # no lock beside what is no siege: say what it is (missing, a pipe...)
    try:
        with hold_lock(path):
            yield
    except SiegeFileLocked as error:
        raise CommandFailed(str(error)) from None


def save(path: Path, siege_file: SiegeFile, force: bool) -> None:
    """``write_siege`` with the command line's words for a changed or read-only file."""
    try:
        write_siege(path, siege_file, replace_read_only=force)
    except SiegeFileChanged:
        raise CommandFailed(f"{path} changed since it was read: run the command again") from None
    except SiegeFileReadOnly:
        raise CommandFailed(f"{path} is read-only: nothing was saved (give --force to replace "
                           "it all the same)") from None


# -- info -------------------------------------------------------------------------------------


def _info(args: argparse.Namespace) -> int:
    path, as_json = args.file, args.json
    siege_file = read_siege(path)
    rows = structure_rows(siege_file.siege)
    if as_json:
        print(json.dumps({"name": siege_file.siege.name, "ruleset": siege_file.siege.ruleset,
                          "clock": siege_file.siege.clock.label(),
                          "written_by": siege_file.written_by, "structures": rows}, indent=1))
        return 0
    siege = siege_file.siege
    rules = ruleset_of(siege)
    # Files from before 0.2 do not say which siegeboard wrote them.
    writer = f"; written by {siege_file.written_by}" if siege_file.written_by else ""
    print(f"{siege.name}  ({rules.title}, {siege.clock.label()}{writer})")
    if not rows:
        print("(no structures)")
        return 0
    kinds = rules.catalogue.kinds  # kinds by their names (the JSON keeps the ids)
    rows = [row | {"kind": kinds[row["kind"]].name if row["kind"] in kinds else row["kind"]}
            for row in rows]
    headers = list(rows[0])
    widths = {h: max(len(h), *(len(str(row[h])) for row in rows)) for h in headers}
    print("  ".join(h.ljust(widths[h]) for h in headers))
    for row in rows:
        print("  ".join(str(row[h]).ljust(widths[h]) for h in headers))
    return 0


def _add_info_parser(sub: Any) -> None:
    info = sub.add_parser("info", help="print a siege's structure table",
                          description="Print the structure table of FILE, sorted by square.")
    info.add_argument("file", type=Path, metavar="FILE.siege")
    info.add_argument("--json", action="store_true", help="print JSON instead of a table")


INFO = Subcommand("info", _add_info_parser, _info)


# -- sample -----------------------------------------------------------------------------------


def _sample(args: argparse.Namespace) -> int:
    output = args.output or Path(sample_name(args.ruleset))
    if output.exists() and not args.force:
        raise CommandError(f"-o: {output} exists; choose another name, or add --force to "
                           "replace it")
    if not output.parent.is_dir():
        raise CommandError(f"-o: the folder {output.parent} does not exist")
    if args.seed is not None and not 0 <= args.seed <= limits.SEED_MAX:
        raise CommandError(f"--seed: a dice seed is 0 to {limits.SEED_MAX}; {args.seed} is not")
    seed = fresh_dice_seed() if args.seed is None else args.seed
    print(write_sample(output, args.ruleset, dice_seed=seed))
    return 0


def _add_sample_parser(sub: Any) -> None:
    sample = sub.add_parser(
        "sample", help="write a copy of the sample siege (the Castle of Harrowmere)",
        description="Write a copy of the sample siege, to play, script or print.")
    sample.add_argument("-o", "--output", type=Path, metavar="FILE.siege",
                        help="where to write it (default: "
                             f"{' or '.join(SAMPLES.values())} here)")
    sample.add_argument("--ruleset", choices=list(SAMPLES), default=registry.DEFAULT.id,
                        help=ruleset_choices(SAMPLES))
    sample.add_argument("--force", action="store_true", help="replace an existing file")
    sample.add_argument("--seed", type=int, metavar="N",
                        help="the copy's dice seed (default: a fresh one for each copy, so no "
                             "two tables roll the same dice)")


SAMPLE = Subcommand("sample", _add_sample_parser, _sample)


# -- import: another format's map as a new siege ----------------------------------------------


def _import(args: argparse.Namespace) -> int:
    from siegeboard.persist.formats import IMPORT_FORMATS, ImportedMap, ImportOptions, format_for

    output: Path = args.output
    if output.suffix.lower() != ".siege":
        raise CommandError(f"-o: {output.name} must end in .siege (e.g. -o map.siege)")
    if output.exists() and not args.force:
        raise CommandError(f"-o: {output} already exists; choose another name or add --force "
                           f"to replace it")
    if not output.parent.is_dir():
        raise CommandError(f"-o: the folder {output.parent} does not exist")
    options = ImportOptions(
        ruleset=args.ruleset, cell_m=args.cell_m, wall_kind=args.wall_kind,
        wall_thickness_m=args.wall_thickness, stories=args.stories, closed_as=args.closed_as,
        objects=args.objects, building_kind=args.building_kind, object_kind=args.object_kind,
        door_kind=args.door_kind, gate_kind=args.gate_kind, gate_width_m=args.gate_width,
        pixels_per_metre=args.pixels_per_metre, name=args.name, page=args.page, dpi=args.dpi,
        scene=args.scene, **_real_map_options(args))
    try:
        options.resolved()
    except ValueError as error:
        raise CommandError(f"import options: {error}") from None
    imported = format_for(args.source, IMPORT_FORMATS).read(args.source, options)
    # An import's bytes were made (and checked) by the import: written as they are.
    write_siege(output, imported,
                encoded=imported.encoded if isinstance(imported, ImportedMap) else None)
    if isinstance(imported, ImportedMap):  # every importer's is: it says what it made
        for line in imported.report.lines():
            print(line)
    print(f"Wrote {output}: {len(imported.siege.structures)} structures "
          f"({imported.siege.ruleset} ruleset).")
    return 0


def _add_import_parser(sub: Any) -> None:
    from siegeboard.persist.formats import FIVE_FEET_M

    command = sub.add_parser(
        "import", help="make a new siege from a map: Universal VTT, Foundry VTT scene, plan "
        "image, PDF page, JPEG 2000, OpenStreetMap, GeoJSON",
        description="Make a new siege NEW.siege from SOURCE: a Universal VTT battle map "
        "(.dd2vtt, .df2vtt, .uvtt: its picture becomes the plan, its walls wall sections, its "
        "doors doors set into them), a Foundry VTT scene (an exported scene .json or a "
        "module's .db of scenes: walls, doors, grid; the background picture looked for in the "
        "folders above it), a plan image (PNG, JPEG, TIFF, WEBP, BMP), a page of a PDF "
        "(--page, --dpi), a JPEG 2000 picture (.jp2), an OpenStreetMap extract or a GeoJSON "
        "map. Prints what was read, made, clipped and left out. Never replaces a file unless "
        "--force.")
    command.add_argument("source", type=Path, metavar="SOURCE")
    command.add_argument("-o", "--output", type=Path, required=True, metavar="NEW.siege",
                         help="the siege file to write")
    command.add_argument("--force", action="store_true", help="replace NEW.siege if it exists")
    command.add_argument("--ruleset", choices=registry.ids(), default=registry.DEFAULT.id,
                         help=f"the rule text of the new siege: {ruleset_choices()}")
    command.add_argument("--cell-m", type=float, default=FIVE_FEET_M, metavar="M",
                         help=f"the size of one grid cell of the map in metres ({FIVE_FEET_M}, "
                         f"5 ft; 2 for a 2 m grid)")
    command.add_argument("--wall-kind", metavar="KIND",
                         help=f"catalogue kind of the walls ({import_kinds('wall_kind')})")
    command.add_argument("--wall-thickness", type=float, default=0.5, metavar="M",
                         help="wall thickness in metres (0.5)")
    command.add_argument("--stories", type=int, default=1, metavar="N",
                         help="stories of walls, doors and buildings (1)")
    command.add_argument("--closed-as", choices=("walls", "buildings"), default="walls",
                         help="a closed wall line becomes wall sections or one building (walls)")
    command.add_argument("--objects", action="store_true",
                         help="bring object outlines (pillars, furniture) in as structures")
    command.add_argument("--building-kind", metavar="KIND", help="catalogue kind of buildings")
    command.add_argument("--object-kind", metavar="KIND", help="catalogue kind of objects")
    command.add_argument("--door-kind", metavar="KIND",
                         help=f"catalogue kind of doors ({import_kinds('door_kind')})")
    command.add_argument("--gate-kind", metavar="KIND",
                         help=f"catalogue kind of gates ({import_kinds('gate_kind')})")
    command.add_argument("--gate-width", type=float, default=2.5, metavar="M",
                         help="a portal at least this wide is a gate (2.5 m)")
    command.add_argument("--pixels-per-metre", type=float, default=10.0, metavar="PX",
                         help="plan images: the picture's scale until calibrated (10)")
    command.add_argument("--name", help="the siege's name (default: SOURCE's name)")
    command.add_argument("--page", type=int, default=1, metavar="N",
                         help="PDF: the page that is the plan, counted from 1 (1)")
    command.add_argument("--dpi", type=float, default=150.0, metavar="DPI",
                         help="PDF: the resolution the page is drawn at, 10 to 1200 (150)")
    command.add_argument("--scene", metavar="NAME",
                         help="Foundry .db of scenes: the scene to import, by its name or "
                         "number (default: the first)")
    command.add_argument("--kinds", type=Path, metavar="MAPPING.json",
                         help="OpenStreetMap/GeoJSON: the kind mapping from tags to kinds (a "
                         "siegeboard_kinds JSON file; default: the ruleset's own)")
    command.add_argument("--bbox", metavar="W,S,E,N",
                         help="OpenStreetMap/GeoJSON: import only what lies in this box "
                         "(degrees of longitude and latitude)")
    command.add_argument("--frame", type=Path, metavar="OTHER.siege",
                         help="OpenStreetMap/GeoJSON: project into OTHER.siege's frame, so "
                         "the two line up")


def _real_map_options(args: argparse.Namespace) -> dict[str, Any]:
    """The kind mapping, box and frame of an OpenStreetMap or GeoJSON import."""
    from siegeboard.persist.formats.geo import parse_bbox
    from siegeboard.persist.formats.kinds import load_mapping

    found: dict[str, Any] = {}
    for flag, given, read in (("kinds", args.kinds,
                               lambda path: load_mapping(path).checked(args.ruleset)),
                              ("bbox", args.bbox, parse_bbox)):
        if given is not None:
            try:
                found[flag] = read(given)
            except ValueError as error:
                raise CommandError(f"--{flag}: {error}") from None
    if args.frame is not None:
        projection = read_siege(args.frame).siege.projection
        if projection is None:
            raise CommandError(f"--frame: {args.frame.name} was not imported from a real map, "
                               f"so it has no frame on the Earth")
        found["projection"] = projection
    return found


IMPORT = Subcommand("import", _add_import_parser, _import)
