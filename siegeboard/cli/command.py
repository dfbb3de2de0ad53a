"""What every subcommand shares: its exit codes, its two kinds of refusal, and the record
that registers it (``Subcommand``: a name, the function that adds its parser, the function
that runs it)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

EXIT_FAILED = 1
"""The command could not be carried out: a file refused, locked, changed, unwritable; a rule
refused the action. Nothing was saved."""
EXIT_USAGE = 2
"""The command line itself is wrong: an unknown command, option or value (argparse's code)."""


class CommandError(Exception):
    """Bad input to a subcommand: the message names the option and what to write instead.
    Exits with ``EXIT_USAGE``."""


class CommandFailed(Exception):
    """A well-formed command that could not be carried out (the file is locked, changed or
    read-only, a picture unreadable...): exits with ``EXIT_FAILED``."""


@dataclass(frozen=True)
class Subcommand:
    """One ``siegeboard NAME ...`` command. ``add_parser(sub)`` adds its parser to argparse's
    subparsers (``sub.add_parser(name, ...)``); ``run(args)`` carries it out and returns the
    exit status, raising ``CommandError`` or ``CommandFailed`` to refuse. Listed once in
    ``cli.parser.SUBCOMMANDS``."""

    name: str
    add_parser: Callable[[Any], None]
    run: Callable[[argparse.Namespace], int]
