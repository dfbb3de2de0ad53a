"""``siegeboard [FILE | COMMAND ...]``: the window on a file, or a subcommand run headless;
every refusal is one line on stderr and an exit status (``EXIT_USAGE``, ``EXIT_FAILED``)."""

from __future__ import annotations

import argparse
import difflib
import os
import sys
import warnings
from pathlib import Path

from pydantic import ValidationError

from siegeboard.cli.command import EXIT_FAILED, EXIT_USAGE, CommandError, CommandFailed
from siegeboard.cli.parser import build_parser, commands
from siegeboard.persist import SiegeFileError
from siegeboard.rules.engine import RuleError


def _desktop(install: bool) -> int:
    from siegeboard import desktop

    try:
        files, ran = desktop.install() if install else desktop.uninstall()
    except desktop.NotHere as error:
        raise CommandFailed(f"--install-desktop: {error}") from None
    except OSError as error:
        raise CommandFailed(f"--install-desktop: cannot write {error.filename}: "
                           f"{error.strerror}") from None
    for path in files:
        print(path)
    done = "installed for this user" if install else f"removed ({len(files)} files)"
    print(f"siegeboard: desktop entry, .siege file type and icons {done}"
          + (f"; ran {', '.join(ran)}" if ran else ""))
    return 0


def _open_window(path: Path | None) -> int:
    """The window on ``path``, or on a new siege copied from the sample when None."""
    from siegeboard.ui.app import run  # Qt is loaded only when a window is wanted

    return run(path)


def _joined_negative_values(argv: list[str]) -> list[str]:
    """``--at -5,3`` as ``--at=-5,3``: argparse would take a value starting with a minus for
    an option of its own."""
    joined: list[str] = []
    words = iter(argv)
    for word in words:
        if word in ("--at", "--view"):
            value = next(words, None)
            if value is not None and len(value) > 1 and value[0] == "-" and \
                    (value[1].isdigit() or value[1] == "."):
                joined.append(f"{word}={value}")
                continue
            joined.append(word)
            if value is not None:
                joined.append(value)
            continue
        joined.append(word)
    return joined


def _names_a_file(word: str) -> bool:
    """Whether a first word that is no command means a file to open in the window."""
    return (word.lower().endswith(".siege") or os.sep in word or "/" in word
            or Path(word).exists())


def unknown_command(word: str) -> str:
    """"unknown command 'fier' (did you mean fire?)"."""
    names = list(commands())
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.5)
    hint = f"did you mean {close[0]}?" if close else f"the commands are {', '.join(names)}"
    return f"unknown command {word!r} ({hint})"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and not argv[0].startswith("-") and argv[0] not in commands():
        if not _names_a_file(argv[0]):
            print(f"siegeboard: {unknown_command(argv[0])}", file=sys.stderr)
            return EXIT_USAGE
        # `siegeboard FILE.siege` opens FILE in the window
        return _open_window(Path(argv[0]))
    args = build_parser().parse_args(_joined_negative_values(argv))
    with warnings.catch_warnings():
        # The libraries' warnings (zipfile, Pillow, pydantic) are not the GM's business: what
        # matters reaches the GM as the command's own message.
        warnings.simplefilter("ignore")
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    try:
        if args.install_desktop or args.uninstall_desktop:
            return _desktop(args.install_desktop)
        if args.command is not None:
            return commands()[args.command].run(args)
        return _open_window(None)
    except CommandError as error:
        print(f"siegeboard: {error}", file=sys.stderr)
        return EXIT_USAGE
    except ValidationError as error:  # an action the model refuses: its first problem, plainly
        problem = error.errors(include_url=False)[0]
        where = ".".join(str(part) for part in problem["loc"])
        print(f"siegeboard: {where}: {problem['msg'].removeprefix('Value error, ')}",
              file=sys.stderr)
        return EXIT_USAGE
    except (SiegeFileError, CommandFailed, RuleError) as error:
        print(f"siegeboard: {error}", file=sys.stderr)
        return EXIT_FAILED
    except BrokenPipeError:
        # The reader (`| head`) left: the work is done and saved; say nothing more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILED
    except OSError as error:
        # A fault of the disk or the system (full, read-only, no permission) that a writer
        # did not word itself: one line; the writers leave the old file as it was.
        where = f"{error.filename}: " if error.filename else ""
        print(f"siegeboard: {where}{error.strerror or error}; nothing was saved",
              file=sys.stderr)
        return EXIT_FAILED
    except MemoryError:
        print("siegeboard: out of memory; nothing was saved", file=sys.stderr)
        return EXIT_FAILED
