"""The subcommands that paint, for the table or another program: ``snapshot`` (map, table
and log on paper or as a picture), ``story`` (the siege told again, a frame an action) and
``export-vtt`` (the map as it stands for a virtual tabletop). Qt is loaded only when one of
them runs: the other commands stay Qt-free."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from siegeboard.cli.command import CommandError, CommandFailed, Subcommand
from siegeboard.cli.files import save, writing
from siegeboard.cli.values import parse_view
from siegeboard.persist import SiegeFileError, read_siege
from siegeboard.report.options import PAPER_SIZES, SnapshotOptions, parse_scale

# -- snapshot ---------------------------------------------------------------------------------


def _snapshot(args: argparse.Namespace) -> int:
    # Qt is loaded only for the commands that paint: info, fire and advance stay Qt-free.
    from siegeboard.report.snapshot import (
        SnapshotError,
        export_snapshot,
        mark_snapshot,
        silence_qt_messages,
        snapshot_cost,
    )

    silence_qt_messages()

    siege_file = read_siege(args.file)
    siege = siege_file.siege
    if args.side and not args.players:
        raise CommandError("--side: only with --players (the GM's copy shows both sides)")
    output = args.output
    if output.is_dir():  # a wrong -o is the command line's fault (exit 2), not a failure
        raise CommandError(f"-o: {output} is a folder; give a file name ending in .pdf, .png "
                           f"or .svg")
    if output.suffix.lower() not in (".pdf", ".png", ".svg"):
        raise CommandError(f"-o: {output.name}: unknown snapshot format "
                           f"{output.suffix.lower() or '(none)'!r}; name the output .pdf, .png "
                           f"or .svg")
    if not output.parent.is_dir():
        raise CommandError(f"-o: {output}: the folder {output.parent} does not exist")
    try:
        options = SnapshotOptions(
            copy="players" if args.players else "gm", greyscale=args.greyscale,
            paper=args.paper, orientation="portrait" if args.portrait else "landscape",
            view=parse_view(args.view) if args.view else None,
            scale=parse_scale(args.scale) if args.scale else None,
            since_turn=args.since, dpi=args.dpi, side=args.side)
    except ValueError as error:
        raise CommandError(f"snapshot options: {error}") from None
    try:
        cost = snapshot_cost(siege, siege_file.images, options, args.output.suffix.lower())
    except SnapshotError as error:
        raise CommandError(f"--view: {error}" if args.view else str(error)) from None
    if cost.problems() and not args.yes:
        raise CommandError(f"this snapshot is too large: {'; '.join(cost.problems())}; choose "
                           f"a smaller --scale, --dpi, --paper or --view, or give --yes to "
                           f"make it all the same")
    layouts: list[Any] = []
    try:
        written = export_snapshot(args.output, siege, siege_file.images, options,
                                  all_pages=args.all_pages, told=layouts.append)
    except SnapshotError as error:
        raise CommandFailed(str(error)) from None
    if options.scale is not None and layouts:  # how many sheets the tiling made
        print(f"siegeboard: {layouts[0].sheets_told()} at 1:{options.scale}", file=sys.stderr)
    if not args.no_record and siege.last_snapshot_turn != siege.clock.turn:
        # The painting took a while; the record is a read-modify-write of its own, of the file
        # as it is now, so that a shot saved meanwhile is kept.
        try:
            with writing(args.file):
                current = read_siege(args.file)
                if current.siege.last_snapshot_turn != siege.clock.turn:
                    mark_snapshot(siege)
                    current.siege.last_snapshot_turn = siege.last_snapshot_turn
                    save(args.file, current, args.force)
        except (SiegeFileError, CommandFailed) as error:
            for path in written:
                print(path)
            raise CommandFailed(f"the snapshot was written, but its turn was not recorded in "
                                f"{args.file.name} (give --no-record to leave it): "
                                f"{error}") from None
    for path in written:
        print(path)
    return 0


def _add_snapshot_parser(sub: Any) -> None:
    snapshot = sub.add_parser(
        "snapshot", help="export a snapshot (map, structure table, log) to PDF, PNG or SVG",
        description="Export a snapshot of FILE without opening a window: the map with its "
        "legend and scale bar, the structure table and the log. A PDF holds every page; a PNG "
        "or SVG holds the map page (--all-pages writes the others as OUT-2.png, ...). The "
        "turn is recorded in FILE as the last snapshot (unless --no-record), so the next "
        "snapshot's log starts there.")
    snapshot.add_argument("file", type=Path, metavar="FILE.siege")
    snapshot.add_argument("-o", "--output", type=Path, required=True, metavar="OUT",
                          help="the file to write: OUT.pdf, OUT.png or OUT.svg")
    snapshot.add_argument("--players", action="store_true",
                          help="the players' copy: what they know, states only, no DP or Hull "
                               "figure, no GM note")
    snapshot.add_argument("--side", choices=("besieger", "defender"),
                          help="with --players: the copy of this side's players (default: the "
                               "siege's players' side)")
    snapshot.add_argument("--scale", metavar="1:N",
                          help="print the map at this scale (e.g. 1:500), tiled over pages")
    snapshot.add_argument("--view", metavar="MINX,MINY,MAXX,MAXY",
                          help="only this part of the map, in metres")
    snapshot.add_argument("--since", type=int, metavar="TURN",
                          help="the log from this turn on (default: since the last snapshot)")
    snapshot.add_argument("--greyscale", action="store_true",
                          help="grey only: states by pattern and shade")
    snapshot.add_argument("--paper", default="A4", choices=PAPER_SIZES, help="paper size (A4)")
    snapshot.add_argument("--portrait", action="store_true", help="portrait, not landscape")
    snapshot.add_argument("--dpi", type=int, default=150, help="PNG resolution (150)")
    snapshot.add_argument("--all-pages", action="store_true",
                          help="PNG/SVG: write every page, not just the map")
    snapshot.add_argument("--no-record", action="store_true",
                          help="leave FILE untouched (do not record this snapshot's turn)")
    snapshot.add_argument("--force", action="store_true",
                          help="record the turn even in a read-only FILE")
    snapshot.add_argument("--yes", action="store_true",
                          help="make a snapshot even of more than 100 pages or 512 MB a page")


SNAPSHOT = Subcommand("snapshot", _add_snapshot_parser, _snapshot)


# -- export-vtt: the map as it stands, for a virtual tabletop ----------------------------------


def _export_vtt(args: argparse.Namespace) -> int:
    from siegeboard.report.vtt_export import VttChoices, export_vtt

    if args.output.suffix.lower() not in (".dd2vtt", ".uvtt", ".df2vtt"):
        raise CommandError(f"-o: {args.output.name} must end in .dd2vtt or .uvtt "
                           f"(e.g. -o castle.dd2vtt)")
    if args.side and not args.players:
        raise CommandError("--side: give --players too (the GM's copy shows both sides)")
    choices = VttChoices(look=args.look, cell=args.cell, pixels_per_grid=args.pixels_per_grid,
                         players=args.players, side=args.side)
    try:  # a choice out of its range is the command line's fault (exit 2)
        choices.check()
    except SiegeFileError as error:
        raise CommandError(str(error)) from None
    if args.output.is_dir() or not args.output.parent.is_dir():
        raise CommandError(f"-o: {args.output} is a folder" if args.output.is_dir() else
                           f"-o: {args.output}: the folder {args.output.parent} does not exist")
    siege_file = read_siege(args.file)
    print(export_vtt(args.output, siege_file, choices))
    return 0


def _add_export_vtt_parser(sub: Any) -> None:
    from siegeboard.persist.formats.uvtt.write import CELL_WORDS
    from siegeboard.report.map_picture import LOOK_WORDS
    from siegeboard.report.vtt_export import DEFAULT_CELL, DEFAULT_LOOK, DEFAULT_PIXELS_PER_GRID

    command = sub.add_parser(
        "export-vtt", help="export the map as it stands to a Universal VTT file (.dd2vtt)",
        description="Write FILE as a Universal VTT map (format 0.3) for Foundry, Fantasy "
        "Grounds, MapTool or Owlbear: the map as it stands as a picture (a battle map by "
        "default), its standing walls and buildings (and their courtyards) as walls, breaches "
        "as gaps with their rubble as object outlines, doors and gates as closed doors across "
        "their openings (none where breached), fires as lights, and the map data's "
        "attribution. One cell of the file is 5 ft (1.524 m, what most tabletops measure a "
        "cell as) unless --cell 2m (the board's own grid). docs/vtt.md tells what each "
        "tabletop makes of it.")
    command.add_argument("file", type=Path, metavar="FILE.siege")
    command.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.dd2vtt")
    command.add_argument("--look", choices=tuple(LOOK_WORDS), default=DEFAULT_LOOK,
                         help="map: a battle map, the plan and its damage (rubble, scorch, "
                              "fire), no labels or grid; board: the board as the GM sees it "
                              f"({DEFAULT_LOOK})")
    command.add_argument("--cell", choices=tuple(CELL_WORDS), default=DEFAULT_CELL,
                         help="how long one cell of the file is: "
                              + "; ".join(f"{key}: {words}" for key, words in CELL_WORDS.items())
                              + f" ({DEFAULT_CELL})")
    command.add_argument("--pixels-per-grid", type=int, default=None, metavar="N",
                         help="pixels a cell (default: the plan's own resolution, at least "
                              f"{DEFAULT_PIXELS_PER_GRID}; {DEFAULT_PIXELS_PER_GRID} with no "
                              "plan)")
    command.add_argument("--players", action="store_true",
                         help="the players' look and only what they may see")
    command.add_argument("--side", choices=("besieger", "defender"),
                         help="with --players: the players' side (the other side's "
                              "batteries are left out)")


EXPORT_VTT = Subcommand("export-vtt", _add_export_vtt_parser, _export_vtt)


# -- story: the siege told again, for the table -------------------------------------------------


def _story(args: argparse.Namespace) -> int:
    from siegeboard.report.snapshot import silence_qt_messages
    from siegeboard.report.story import StoryError, export_story, parse_entries

    silence_qt_messages()
    if args.output.suffix.lower() not in (".gif", ".pdf"):
        raise CommandError(f"-o: {args.output.name} must end in .gif (animated) or .pdf "
                           f"(a page an entry)")
    if args.side and not args.players:
        raise CommandError("--side: give --players too (the GM's copy shows both sides)")
    siege_file = read_siege(args.file)
    try:
        positions = parse_entries(args.entries, len(siege_file.siege.log))
    except ValueError as error:
        raise CommandError(f"--entries: {error}") from None
    try:
        print(export_story(args.output, siege_file, positions, width=args.width,
                           players=args.players, side=args.side))
    except StoryError as error:
        raise CommandError(str(error)) from None
    return 0


def _add_story_parser(sub: Any) -> None:
    from siegeboard.report.story import DEFAULT_WIDTH

    command = sub.add_parser(
        "story", help="tell the siege again: an animated GIF or a PDF, a frame an action",
        description="Write FILE's siege told again, from before the first action to now: an "
        "animated GIF (a frame an action) or a PDF (a page an entry, its caption as text). "
        "The players' copy draws each moment as that side knows it.")
    command.add_argument("file", type=Path, metavar="FILE.siege")
    command.add_argument("-o", "--output", type=Path, required=True, metavar="OUT",
                         help="OUT.gif or OUT.pdf")
    command.add_argument("--entries", default="all", metavar="LIST",
                         help="all (default), or entries such as 1,3,5-8")
    command.add_argument("--width", type=int, default=DEFAULT_WIDTH, metavar="PX",
                         help=f"a GIF frame's width in pixels ({DEFAULT_WIDTH})")
    command.add_argument("--players", action="store_true",
                         help="the players' copy: only what they know")
    command.add_argument("--side", choices=("besieger", "defender"),
                         help="with --players: the copy of this side's players (default: the "
                              "siege's players' side)")


STORY = Subcommand("story", _add_story_parser, _story)
