"""A subcommand is one module's ``Subcommand`` and one line in ``cli.parser.SUBCOMMANDS``: the
parser, the help, the dispatch and the "did you mean" all come from that list."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from siegeboard.cli import main, parser
from siegeboard.cli.command import CommandError, Subcommand


def test_every_subcommand_is_parsed_and_listed_once(capsys):
    names = [command.name for command in parser.SUBCOMMANDS]
    assert len(names) == len(set(names)) == len(parser.commands())
    for name in names:
        with pytest.raises(SystemExit) as exit:
            main([name, "--help"])
        assert exit.value.code == 0 and f"usage: siegeboard {name}" in capsys.readouterr().out


def _add_echo(sub: Any) -> None:
    echo = sub.add_parser("echo", help="say a word back")
    echo.add_argument("word")


def _echo(args: argparse.Namespace) -> int:
    if args.word == "nothing":
        raise CommandError("echo: nothing to say")
    print(args.word)
    return 0


def test_a_new_subcommand_is_one_registration(monkeypatch, capsys):
    monkeypatch.setattr(parser, "SUBCOMMANDS", (*parser.SUBCOMMANDS,
                                                Subcommand("echo", _add_echo, _echo)))
    assert main(["echo", "hello"]) == 0
    assert capsys.readouterr().out == "hello\n"
    assert main(["echo", "nothing"]) == 2
    assert capsys.readouterr().err == "siegeboard: echo: nothing to say\n"
    assert main(["ecko", "x.siege"]) == 2
    assert "did you mean echo?" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "say a word back" in capsys.readouterr().out
