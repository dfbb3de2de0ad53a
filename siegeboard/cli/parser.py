"""The command line's parser: the top-level options and every subcommand, in the order
``--help`` lists them. A subcommand is a module of ``siegeboard.cli`` that makes a
``Subcommand`` (its parser and its run function) and one line in ``SUBCOMMANDS``."""

from __future__ import annotations

import argparse

from siegeboard import __version__
from siegeboard.cli import exports, files, odds, play, serve, trace
from siegeboard.cli.command import Subcommand

SUBCOMMANDS: tuple[Subcommand, ...] = (
    files.INFO,
    exports.SNAPSHOT,
    play.FIRE,
    play.ADVANCE,
    files.SAMPLE,
    odds.ODDS,
    files.IMPORT,
    exports.EXPORT_VTT,
    exports.STORY,
    trace.TRACE,
    serve.SERVE,
)


def commands() -> dict[str, Subcommand]:
    """The subcommands by name, in ``SUBCOMMANDS``'s order."""
    return {command.name: command for command in SUBCOMMANDS}


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: the window's options and each subcommand's parser."""
    parser = argparse.ArgumentParser(
        prog="siegeboard", description="A siege board for tabletop game masters. With no "
        "command, opens the board window (on FILE.siege if given).",
        epilog="Exit status: 0 done; 1 the command could not be carried out (a file refused, "
        "locked, changed or unwritable; nothing was saved); 2 the command line is wrong.")
    parser.add_argument("--version", action="version", version=f"siegeboard {__version__}")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", "--register-desktop", action="store_true",
                         help="add siegeboard to this user's desktop menu and open .siege files "
                              "with it (a double-click in the file manager; Windows: the Start "
                              "menu and Explorer; macOS: registers siegeboard.app)")
    desktop.add_argument("--uninstall-desktop", action="store_true",
                         help="remove what --install-desktop added")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in SUBCOMMANDS:
        command.add_parser(sub)
    return parser
