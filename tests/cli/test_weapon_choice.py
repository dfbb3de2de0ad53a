"""The weapon a shot is fired with, chosen the same way by every command that fires or
weighs a shot (``cli.values.choose_weapon``): by id or name, else the battery's; an unknown
weapon is one plain line and exit status 2 in each command, never a traceback."""

from __future__ import annotations

import argparse
import shutil
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from siegeboard.cli import main
from siegeboard.cli.command import EXIT_USAGE, CommandError
from siegeboard.cli.parser import commands
from siegeboard.cli.values import choose_weapon
from siegeboard.persist import read_siege

SAMPLE = Path(str(resources.files("siegeboard.resources").joinpath("samples", "castle.siege")))
GREAT_HALL = "83,32"  # inside the Great Hall

# Every subcommand that takes --weapon, with what else it needs to get as far as the weapon.
WEAPON_COMMANDS = {
    "fire": ["--range", "100", "--at", GREAT_HALL],
    "odds": ["--range", "100", "--at", GREAT_HALL],
}


@pytest.fixture(scope="module")
def siege():
    return read_siege(SAMPLE).siege


@pytest.fixture
def castle(tmp_path) -> Path:
    shutil.copyfile(SAMPLE, tmp_path / "castle.siege")
    return tmp_path / "castle.siege"


def test_a_weapon_is_found_by_id_or_by_name_whatever_its_case(siege):
    assert choose_weapon(siege, "he_shell", None).id == "he_shell"
    assert choose_weapon(siege, "  artillery HE SHELL ", None).id == "he_shell"


def test_without_weapon_the_battery_fires_its_own(siege):
    battery = siege.batteries["tank"]
    assert choose_weapon(siege, None, battery).id == "tank_gun"
    assert choose_weapon(siege, "rifle", battery).id == "rifle"  # --weapon wins


def test_a_battery_whose_weapon_the_siege_lacks_fires_the_catalogues(siege):
    # A starter weapon of the rule text the siege does not hold yet: the engine adopts it.
    lacking = siege.model_copy(update={"weapons": {key: weapon for key, weapon in
                                                   siege.weapons.items() if key != "he_shell"}})
    assert choose_weapon(lacking, None, lacking.batteries["great-battery"]).id == "he_shell"


def test_a_battery_whose_weapon_is_nowhere_is_refused_by_name(siege):
    battery = siege.batteries["tank"].model_copy(update={"weapon_id": "trebuchet"})
    with pytest.raises(CommandError, match=r"^--battery: Tank's weapon 'trebuchet' is not in "):
        choose_weapon(siege, None, battery)


def test_no_weapon_and_no_battery_is_refused(siege):
    with pytest.raises(CommandError, match=r"^--weapon: name the weapon .* or give --battery$"):
        choose_weapon(siege, None, None)


@pytest.mark.parametrize("command", sorted(WEAPON_COMMANDS))
def test_an_unknown_weapon_is_one_plain_line_and_exit_2(command, castle, capsys):
    before = castle.read_bytes()
    status = main([command, str(castle), *WEAPON_COMMANDS[command], "--weapon", "bazooka"])
    err = capsys.readouterr().err
    assert status == EXIT_USAGE
    assert err.splitlines() == [err.strip()]  # one line
    assert err.startswith("siegeboard: --weapon: no weapon 'bazooka' in this siege; its "
                          "weapons are: rifle (Rifle (7.62 mm)), ")
    assert castle.read_bytes() == before  # nothing saved


@pytest.mark.parametrize("command", sorted(WEAPON_COMMANDS))
def test_no_weapon_and_no_battery_is_the_same_line_in_every_command(command, castle, capsys):
    assert main([command, str(castle), *WEAPON_COMMANDS[command]]) == EXIT_USAGE
    assert capsys.readouterr().err.strip() == (
        "siegeboard: --weapon: name the weapon (its id or name), or give --battery")


def test_every_command_with_a_weapon_option_is_tested_here():
    made: dict[str, argparse.ArgumentParser] = {}
    real = argparse.ArgumentParser().add_subparsers()

    class Keeping:  # argparse's subparsers, keeping each parser a command adds
        def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
            made[name] = real.add_parser(name, **kwargs)
            return made[name]

    for command in commands().values():
        command.add_parser(Keeping())
    with_weapon = {name for name, parser in made.items() if "--weapon" in parser.format_help()}
    assert with_weapon == set(WEAPON_COMMANDS)
