"""The ``siegeboard`` command: opens the board; subcommands for headless work."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from siegeboard import __version__
from siegeboard.persist import SiegeFileError, read_siege
from siegeboard.report.table import structure_rows

SAMPLE = Path(__file__).resolve().parents[1] / "maps" / "castle.siege"


def _print_table(path: Path, as_json: bool) -> int:
    siege_file = read_siege(path)
    rows = structure_rows(siege_file.siege)
    if as_json:
        print(json.dumps({"name": siege_file.siege.name, "ruleset": siege_file.siege.ruleset,
                          "clock": siege_file.siege.clock.label(), "structures": rows}, indent=1))
        return 0
    siege = siege_file.siege
    print(f"{siege.name}  ({siege.ruleset} ruleset, {siege.clock.label()})")
    if not rows:
        print("(no structures)")
        return 0
    headers = list(rows[0])
    widths = {h: max(len(h), *(len(str(row[h])) for row in rows)) for h in headers}
    print("  ".join(h.ljust(widths[h]) for h in headers))
    for row in rows:
        print("  ".join(str(row[h]).ljust(widths[h]) for h in headers))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="siegeboard", description="A siege board for tabletop game masters.")
    parser.add_argument("--version", action="version", version=f"siegeboard {__version__}")
    sub = parser.add_subparsers(dest="command")
    info = sub.add_parser("info", help="print a siege's structure table")
    info.add_argument("file", type=Path)
    info.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and not argv[0].startswith("-") and argv[0] not in ("info",):
        argv = ["info", *argv]  # `siegeboard FILE` shows FILE until the window exists
    args = build_parser().parse_args(argv)
    try:
        if args.command == "info":
            return _print_table(args.file, args.json)
        return _print_table(SAMPLE, False)
    except SiegeFileError as error:
        print(f"siegeboard: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
