"""One weapon look-up: the siege's own weapons, then its rule text's starter weapons; a starter
weapon an action names joins the siege inside the engine, as part of the outcome."""

from __future__ import annotations

from siegeboard import cli
from siegeboard.model.actions import FireAt
from siegeboard.persist import read_sample, read_siege, write_siege
from siegeboard.rules import engine
from siegeboard.rules.arsenal import available_weapons, find_weapon
from siegeboard.rules.dice import RandomDice


def sample_without_the_incendiary():
    siege_file = read_sample()
    del siege_file.siege.weapons["incendiary_shell"]  # no battery fires it
    return siege_file


def test_a_starter_weapon_is_found_after_the_siege_s_own():
    siege = sample_without_the_incendiary().siege
    listed = [(weapon.id, own) for weapon, own in available_weapons(siege)]
    assert listed[-1] == ("incendiary_shell", False)
    assert all(own for _id, own in listed[:-1])
    assert find_weapon(siege, "incendiary_shell").name == "Incendiary shell"
    assert find_weapon(siege, "laser") is None


def test_the_engine_adopts_a_starter_weapon_and_undo_takes_it_away():
    siege = sample_without_the_incendiary().siege
    action = FireAt(weapon_id="incendiary_shell", range_m=200, at=(45.0, 60.0))
    outcome = engine.apply(siege, action, RandomDice(seed=3))
    assert "incendiary_shell" not in siege.weapons  # apply changes nothing
    before, after = outcome.fields["weapons"]
    assert set(after) - set(before) == {"incendiary_shell"}
    outcome.apply_to(siege)
    assert siege.weapons["incendiary_shell"].name == "Incendiary shell"
    outcome.revert(siege)
    assert "incendiary_shell" not in siege.weapons


def test_the_command_line_adopts_it_as_the_window_does(tmp_path, capsys):
    path = tmp_path / "castle.siege"
    write_siege(path, sample_without_the_incendiary())
    assert cli.main(["fire", str(path), "--weapon", "Incendiary shell", "--range", "200",
                     "--at", "45,60"]) == 0
    assert "Incendiary shell" in capsys.readouterr().out
    assert "incendiary_shell" in read_siege(path).siege.weapons
