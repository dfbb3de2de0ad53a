"""``siegeboard trace``: a building's outline off a plan image (or every building of one
colour in a box), in image pixels, and in map metres with a siege's calibration."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from siegeboard.cli.command import CommandError, CommandFailed, Subcommand
from siegeboard.cli.values import numbers
from siegeboard.model.siege import LegendEntry, MapImage
from siegeboard.persist import read_siege


def _trace(args: argparse.Namespace) -> int:
    """The outline of the building at --at on PLAN (or of every building of one colour in
    --box), as corners in image pixels (and in map metres with --siege's calibration), one
    per line or as JSON."""
    from siegeboard.geometry import GRID_M
    from siegeboard.plan import (
        DEFAULT_TOLERANCE,
        TOLERANCE_RANGE,
        colour_at,
        legend_entry_for,
        read_plan,
        trace,
        trace_box,
    )

    if args.at is None and args.box is None:
        raise CommandError("give --at PX,PY (a point inside a building) or --box X0,Y0,X1,Y1 "
                           "(every building of one colour in a box)")
    at: tuple[float, float] | None = None
    if args.at is not None:
        x, y = numbers(args.at, "--at", "PX,PY in image pixels", "419,840", count=2)
        at = (x, y)
    box = numbers(args.box, "--box", "X0,Y0,X1,Y1 in image pixels", "300,770,435,905",
                   count=4) if args.box is not None else None
    if box is not None and (box[0] == box[2] or box[1] == box[3]):
        raise CommandError(f"--box {args.box}: the box has no area (X0 = X1 or Y0 = Y1)")
    colour: tuple[int, ...] | None = None
    if args.colour is not None:
        text = args.colour.strip().lstrip("#")
        if len(text) != 6 or any(c not in "0123456789abcdefABCDEF" for c in text):
            raise CommandError(f"--colour {args.colour}: give it as #rrggbb (e.g. #ebdfac)")
        red, green, blue = (int(text[i:i + 2], 16) for i in (0, 2, 4))
        colour = (blue, green, red)   # the plan's pixels are blue, green, red
    if args.tolerance is None:
        args.tolerance = DEFAULT_TOLERANCE
    low, high = TOLERANCE_RANGE
    if not low <= args.tolerance <= high:
        raise CommandError(f"--tolerance: {args.tolerance} is not from {low} to {high} "
                           "(the largest difference per colour channel, e.g. --tolerance 32)")
    calibration: MapImage | None = None
    origin: tuple[float, float] = (0.0, 0.0)
    legend: Sequence[LegendEntry] = ()
    if args.siege is not None:
        siege = read_siege(args.siege).siege
        if siege.map is None:
            raise CommandError(f"--siege: {args.siege} has no plan image, so no calibration "
                               "to turn pixels into metres (import and calibrate one first)")
        calibration, origin, legend = siege.map, siege.grid_origin, siege.map.legend
    elif args.snap:
        raise CommandError("--snap: snapping to the 2 m grid needs the plan's calibration "
                           "(give --siege FILE.siege)")
    if not args.plan.is_file():
        raise CommandFailed(f"{args.plan}: no such file")
    try:
        image = read_plan(args.plan)
    except (OSError, ValueError) as error:
        raise CommandFailed(f"{args.plan}: {error}") from None
    how = dict(tolerance=args.tolerance, rectangle=args.rectangle, calibration=calibration,
               snap_step=GRID_M if args.snap else None, grid_origin=origin)
    if box is not None:
        start = at or (box[0], box[1])
        try:
            chosen = colour_at(image, start) if colour is None else colour
            outlines = trace_box(image, ((box[0], box[1]), (box[2], box[3])), at=at,
                                 colour=chosen, **how)
        except ValueError as error:
            raise CommandError(f"--box {args.box}: {error}") from None
        if not outlines:
            raise CommandError(f"--box {args.box}: no building of the colour "
                               f"{_hex(chosen)} lies wholly in the box (give --at a point "
                               f"inside one, or --colour)")
        if args.json:
            print(json.dumps({"plan": str(args.plan), "box": box, "at": at,
                              "tolerance": args.tolerance, "rectangle": args.rectangle,
                              "colour": _hex(chosen),
                              "buildings": [_outline_json(o, legend, args.tolerance)
                                            for o in outlines]}))
            return 0
        for number, outline in enumerate(outlines, start=1):
            entry = legend_entry_for(legend, outline.colour, args.tolerance)
            print(f"building {number}" + (f" ({entry.kind})" if entry else "") + ":")
            _print_outline(outline, "  ")
        return 0
    assert at is not None  # --at or --box was given, and --box has returned
    try:
        outline = trace(image, at, colour=colour, **how)
    except ValueError as error:   # NothingToTrace too
        raise CommandError(f"--at {args.at}: {error}") from None
    if args.json:
        result = {"plan": str(args.plan), "at": at, "tolerance": args.tolerance,
                  "rectangle": args.rectangle,
                  **_outline_json(outline, legend, args.tolerance)}
        print(json.dumps(result))
        return 0
    _print_outline(outline, "")
    return 0


def _hex(colour: Sequence[int]) -> str:
    """The plan's blue, green, red as #rrggbb (a grey plan's one channel three times)."""
    blue, green, red = colour[:3] if len(colour) >= 3 else tuple(colour) * 3
    return f"#{red:02x}{green:02x}{blue:02x}"


def _outline_json(outline: Any, legend: Sequence[Any] = (),
                  tolerance: int = 32) -> dict[str, Any]:
    """An outline for --json; ``kind`` when the plan's legend (--siege) names its colour."""
    from siegeboard.plan import legend_entry_for

    result = {"colour": _hex(outline.colour), "clipped": outline.clipped,
              "pixels": [[round(x, 2), round(y, 2)] for x, y in outline.pixels]}
    entry = legend_entry_for(legend, outline.colour, tolerance)
    if entry is not None:
        result["kind"] = entry.kind
    if outline.metres is not None:
        result["metres"] = [[round(x, 3), round(y, 3)] for x, y in outline.metres]
    return result


def _print_outline(outline: Any, indent: str) -> None:
    metres = outline.metres or [None] * len(outline.pixels)
    for (x, y), metre in zip(outline.pixels, metres, strict=True):
        line = f"{indent}{x:.2f},{y:.2f}"
        print(line if metre is None else f"{line}\t{metre[0]:.3f},{metre[1]:.3f} m")


def _add_trace_parser(sub: Any) -> None:
    trace = sub.add_parser(
        "trace", help="trace a building's outline off a plan image from a point inside it, "
        "or every building of one colour in a box",
        description="Print the outline of the region of like colour around --at on PLAN (a "
        "building on a scanned plan): its corners in image pixels (x right, y down, from the "
        "image's top-left corner), one per line, and in map metres with --siege. With --box, "
        "every building of one colour lying wholly in the box (the colour at --at, else "
        "--colour, else at the box's first corner; the building at --at too), as the Trace "
        "tool's Shift-drag does. With --siege, a colour its plan's legend names gives the "
        "kind too.")
    trace.add_argument("plan", type=Path, metavar="PLAN.png",
                       help="the plan image (PNG, JPEG, TIFF, WEBP, BMP)")
    trace.add_argument("--at", metavar="PX,PY",
                       help="a point inside the building, in image pixels")
    trace.add_argument("--box", metavar="X0,Y0,X1,Y1",
                       help="trace every building of one colour wholly inside this box "
                       "(image pixels)")
    trace.add_argument("--colour", "--color", metavar="#RRGGBB",
                       help="the colour to trace (default: the colour at --at)")
    trace.add_argument("--tolerance", type=int, metavar="N",  # default: plan's, read lazily
                       help="largest difference per colour channel, 0-255 (default 32)")
    trace.add_argument("--rectangle", action="store_true",
                       help="the smallest rotated rectangle around the building")
    trace.add_argument("--siege", type=Path, metavar="FILE.siege",
                       help="also give the outline in metres, with this siege's calibration")
    trace.add_argument("--snap", action="store_true",
                       help="with --siege: put the corners on the 2 m grid")
    trace.add_argument("--json", action="store_true",
                       help='print {"pixels": [[x, y], ...], "metres": [...], ...} as JSON '
                       '({"buildings": [...]} with --box)')


TRACE = Subcommand("trace", _add_trace_parser, _trace)
