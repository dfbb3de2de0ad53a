"""The command line's dice at the table (issue 14), in process: ``--dice`` may be shorter
than the shot needs (the rest are rolled, and the output says which), longer is refused,
``--ask`` asks on the terminal for each roll."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest
from shapely.geometry import Polygon

from siegeboard.cli import main
from siegeboard.persist import read_siege

SAMPLE = Path(str(resources.files("siegeboard.resources")  # package data
                  .joinpath("samples", "castle.siege")))


@pytest.fixture
def castle(tmp_path) -> Path:
    shutil.copyfile(SAMPLE, tmp_path / "castle.siege")
    return tmp_path / "castle.siege"


def stables_args(path: Path) -> list[str]:
    point = Polygon(read_siege(path).siege.structures["stables"].footprint).representative_point()
    return ["fire", str(path), "--battery", "Great Battery", "--at", f"{point.x},{point.y}"]


def test_fewer_dice_than_the_shot_needs_are_used_first_and_the_rest_rolled(castle, capsys):
    assert main(stables_args(castle) + ["--dice", "3,4"]) == 0
    out = capsys.readouterr().out
    (entry,) = read_siege(castle).siege.log
    assert entry.rolls[0].values == [3, 4] and entry.rolls[0].source == "typed"
    assert entry.rolls[1].source == "rolled"
    assert "Large calibre: + 2D6 (3 + 4) = 45" in out
    assert "Rolled by the program: damage to the people inside the Stables" in out


def test_more_dice_than_the_shot_needs_are_refused_and_nothing_saved(castle, capsys):
    before = castle.read_bytes()
    typed = ",".join(["3", "4"] + ["1"] * 18 + ["2", "5", "6", "6", "4", "4"])
    assert main(stables_args(castle) + ["--dice", typed]) == 2
    err = capsys.readouterr().err
    assert "--dice: 2 more dice than the action needs" in err and "not needed: 4,4" in err
    assert castle.read_bytes() == before


def test_ask_asks_for_each_roll_on_the_terminal(castle, capsys, monkeypatch):
    answers = iter(["3 4", "", "7", "2", "5 6", "6"])  # blank: roll the 18D6; 7 asked again
    questions = []

    def answer(prompt):
        questions.append(prompt.split("\n")[0])
        return next(answers)

    monkeypatch.setattr("builtins.input", answer)
    assert main(stables_args(castle) + ["--ask"]) == 0
    out = capsys.readouterr().out
    assert questions == [
        "2D6: large calibre, added to the Artillery HE shell's penetration",
        "18D6: damage to the people inside the Stables, shared among them",
        "1D6: hits on Groom Dickon, trapped by the collapse of the Stables",
        "1D6: hits on Groom Dickon, trapped by the collapse of the Stables",
        "2D6: damage of the 2 hits on Groom Dickon, one die a hit",
        "1D6: does the Stables catch fire? (6 or more sets it alight)",
    ]
    assert "7 cannot come from a D6 (1 to 6)" in out
    (entry,) = read_siege(castle).siege.log
    assert [roll.source for roll in entry.rolls] == ["typed", "rolled", "typed", "typed", "typed"]
    assert "Stables collapses" in out and "catches fire" in out


def test_ask_cancelled_changes_nothing(castle, capsys, monkeypatch):
    before = castle.read_bytes()
    answers = iter(["3 4", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert main(stables_args(castle) + ["--ask"]) == 1
    assert "cancelled at 18D6: damage to the people inside the Stables" in capsys.readouterr().err
    assert castle.read_bytes() == before
