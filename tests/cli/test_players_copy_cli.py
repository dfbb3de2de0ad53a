"""The players' copy on the command line (issue 14): the besiegers' copy of the Hull sample
mentions no defender's name, occupant count, or the Tower gun and Gate archers batteries,
until the GM marks them known; ``--side defender`` is the defenders' copy."""

from __future__ import annotations

import pytest
from pdf_reading import pdf_text

from siegeboard.cli import main
from siegeboard.persist import read_siege, write_siege
from siegeboard.rules.knowledge import players_view

DEFENDERS = ["Lord Aldric Vane", "Lady Maud Vane", "Steward Godric", "Captain Ralf",
             "Crossbowman Giles", "Smith Ulf", "Porter Osric", "Sergeant Hobb"]


@pytest.fixture
def hull(tmp_path, capsys):
    path = tmp_path / "castle_armory.siege"
    assert main(["sample", "--ruleset", "armory", "-o", str(path)]) == 0
    capsys.readouterr()
    return path


def keep_row(text: str) -> str:
    """The table's row of The Keep: name, kind, square, state, then the occupant count."""
    return next(line for line in text.splitlines() if line.startswith("The Keep Stone tower"))


def snapshot(path, out, *extra) -> str:
    assert main(["snapshot", str(path), "-o", str(out), "--no-record", "--since", "0",
                 "--players", *extra]) == 0
    return pdf_text(out)


def test_the_besiegers_copy_keeps_the_defenders_secrets(hull, tmp_path, capsys):
    text = snapshot(hull, tmp_path / "besiegers.pdf")
    assert "Players' copy (besiegers)" in text
    assert "The Keep" in text and "Gatehouse" in text  # buildings and walls are seen
    for name in DEFENDERS + ["Tower gun", "Gate archers"]:
        assert name not in text, name
    assert "Bombard" in text and "Trebuchet" in text  # their own batteries
    assert keep_row(text).endswith("intact"), "no occupant count for the Keep"
    view = players_view(read_siege(hull).siege)
    assert all(not s.occupants for s in view.structures.values() if s.side == "defender")
    assert set(view.batteries) == {"bombard", "trebuchet"}

    # The GM marks the Keep's people and the Tower gun known.
    siege_file = read_siege(hull)
    siege_file.siege.structures["keep"].known = True
    siege_file.siege.batteries["tower-gun"].known = True
    write_siege(hull, siege_file)
    text = snapshot(hull, tmp_path / "known.pdf")
    assert keep_row(text).endswith("intact 4")  # the Keep's four are known now
    assert "Tower gun" in text
    assert "Gate archers" not in text and "Smith Ulf" not in text
    view = players_view(read_siege(hull).siege)
    assert len(view.structures["keep"].occupants) == 4


def test_the_defenders_copy_hides_the_besiegers_batteries(hull, tmp_path):
    text = snapshot(hull, tmp_path / "defenders.pdf", "--side", "defender")
    assert "Players' copy (defenders)" in text
    assert "Tower gun" in text and "Gate archers" in text
    assert "Bombard" not in text and "Trebuchet" not in text


def test_side_without_players_is_refused(hull, tmp_path, capsys):
    assert main(["snapshot", str(hull), "-o", str(tmp_path / "x.pdf"), "--side",
                 "defender"]) == 2
    assert "--side: only with --players" in capsys.readouterr().err


def test_the_story_has_a_side_too(hull, tmp_path, capsys):
    """``story --players --side``: each moment as that side knows it, captions as text."""
    assert main(["fire", str(hull), "--battery", "tower-gun", "--at", "0,0",
                 "--target", "ram-shed"]) == 0
    capsys.readouterr()
    out = tmp_path / "story.pdf"
    assert main(["story", str(hull), "-o", str(out), "--players"]) == 0
    besiegers = pdf_text(out)
    assert "Before the first action" in besiegers.replace("\ufb01", "fi")
    assert "Tower gun" not in besiegers and "Bombard" in besiegers
    assert main(["story", str(hull), "-o", str(out), "--players", "--side", "defender"]) == 0
    defenders = pdf_text(out)
    assert "Tower gun" in defenders and "Bombard" not in defenders
    assert main(["story", str(hull), "-o", str(out), "--side", "defender"]) == 2
    assert "--side: give --players too" in capsys.readouterr().err
