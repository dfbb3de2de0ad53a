"""The ``siegeboard`` command: opens the board; subcommands for headless work.

``entry`` reads the command line and runs it, ``parser`` lists the subcommands, and each
subcommand lives in the module of its idea: ``files`` (info, sample, import, and how every
command saves), ``play`` (fire, advance), ``odds``, ``exports`` (snapshot, story,
export-vtt), ``trace``. ``values`` reads and bounds option values for all of them
(``model.bounds``)."""

from siegeboard.cli.command import EXIT_FAILED, EXIT_USAGE, CommandError, CommandFailed
from siegeboard.cli.entry import main
from siegeboard.cli.parser import build_parser

__all__ = ["EXIT_FAILED", "EXIT_USAGE", "CommandError", "CommandFailed", "build_parser", "main"]
