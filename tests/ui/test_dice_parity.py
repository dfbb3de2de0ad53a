"""The same file and the same shot roll the same dice in the window and on the command line
(both use ``siege_dice(seed, seq, attempt)``, the command line with attempt 0)."""

from __future__ import annotations

import pytest

from siegeboard import cli
from siegeboard.model.actions import FireAt
from siegeboard.persist import read_siege, write_sample
from siegeboard.rules.dice import parse_table_dice


def test_window_and_command_line_roll_the_same_dice(window, tmp_path, capsys):
    path = write_sample(tmp_path / "castle.siege")
    assert cli.main(["fire", str(path), "--battery", "Great Battery", "--at", "60,75"]) == 0
    capsys.readouterr()
    command_line = read_siege(path).siege.log[-1]

    window_copy = write_sample(tmp_path / "window.siege")
    assert window.files.open_path(window_copy, ask=False)
    battery = next(b for b in window.document.siege.batteries.values()
                   if b.name == "Great Battery")
    outcome = window.document.play(FireAt(weapon_id=battery.weapon_id, battery_id=battery.id,
                                          at=(60.0, 75.0)))
    assert outcome.entry.dice_values() == command_line.dice_values()
    assert len(command_line.dice_values()) >= 2  # the large calibre's 2D6 at least
    assert outcome.lines == command_line.lines


@pytest.mark.parametrize("text, dice", [("3 5 6", [3, 5, 6]), ("3,5,6", [3, 5, 6]),
                                        (" 4 ,2 ", [4, 2]), ("", None), ("   ", None)])
def test_table_dice_as_typed(text, dice):
    assert parse_table_dice(text) == dice


@pytest.mark.parametrize("text", ["3 x", "0", "-2", "2.5", "3;4"])
def test_table_dice_that_are_not_dice_are_refused_in_words(text):
    with pytest.raises(ValueError, match="are not dice: type whole numbers"):
        parse_table_dice(text)
