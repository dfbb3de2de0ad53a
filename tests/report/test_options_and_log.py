"""Snapshot options, the players' state words and the log as each copy prints it."""

from __future__ import annotations

import pytest

from siegeboard.model.actions import FireAt
from siegeboard.report.log_text import entries_since, printed_entries
from siegeboard.report.options import SnapshotOptions, parse_scale
from siegeboard.report.table import players_state
from siegeboard.rules.build import new_structure
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.engine import apply_in_place


@pytest.mark.parametrize("text, denominator", [("1:500", 500), (" 1 : 1000 ", 1000)])
def test_parse_scale(text, denominator):
    assert parse_scale(text) == denominator


@pytest.mark.parametrize("text", ["500", "1:0", "1:abc", "2:500", ""])
def test_parse_scale_refuses_what_is_not_a_scale(text):
    with pytest.raises(ValueError, match="1:500"):
        parse_scale(text)


@pytest.mark.parametrize("change, field", [
    ({"copy": "gms"}, "copy"), ({"paper": "B7"}, "paper"), ({"orientation": "up"}, "orientation"),
    ({"scale": 0}, "scale"), ({"since_turn": -1}, "since_turn"), ({"dpi": 5}, "dpi"),
    ({"view": (10, 10, 5, 20)}, "view"),
])
def test_bad_options_name_the_field(change, field):
    with pytest.raises(ValueError, match=f"^{field}:"):
        SnapshotOptions(**change)


def test_players_state_words():
    barn = new_structure("harris", "timber_house", "barn", [(0, 0), (10, 0), (10, 6), (0, 6)])
    assert players_state(barn, "harris") == "intact"
    barn.dp -= 1
    assert players_state(barn, "harris") == "damaged"
    barn.collapsed = True
    assert players_state(barn, "harris") == "collapsed"
    barn.cleared = True
    assert players_state(barn, "harris") == "collapsed"


def test_armory_gate_is_breached_for_players_only_when_both_layers_are():
    from siegeboard.rules.registry import catalogue
    kind = next(entry.kind for entry in catalogue("armory").structures if entry.inner_layer)
    gate = new_structure("armory", kind, "gate", [(0, 0), (4, 0), (4, 2), (0, 2)])
    assert players_state(gate, "armory") == "intact"
    gate.ladder = "breached"
    assert players_state(gate, "armory") == "damaged"
    gate.inner_layer.ladder = "breached"
    assert players_state(gate, "armory") == "breached"


def test_players_log_tells_events_without_figures(siege):
    apply_in_place(siege, FireAt(weapon_id="cannon", at=(50, 50), range_m=60),
                   ScriptedDice([3] * 35 + [2]))
    gm = printed_entries(siege, 0, players=False)
    players = printed_entries(siege, 0, players=True)
    assert len(gm) == len(players) == 1
    assert any("DP" in line for line in gm[0][1])
    assert players[0][1][0] == "An explosive round struck the Keep: people inside hurt"
    assert players[0][1][1].startswith("Shaken by the blast: ")
    assert "Barn" in players[0][1][1] and "Gatehouse" in players[0][1][1]
    assert not any(any(ch.isdigit() for ch in line) for line in players[0][1])


def test_entries_since_defaults_to_the_last_snapshot(siege):
    apply_in_place(siege, FireAt(weapon_id="cannon", at=(50, 50), range_m=60),
                   ScriptedDice([3] * 35 + [2]))
    assert len(entries_since(siege, None)) == 1
    siege.last_snapshot_turn = 38
    assert entries_since(siege, None) == []
    assert len(entries_since(siege, 37)) == 1


@pytest.mark.parametrize("rotation", [0.0, 30.0, -90.0, 200.0])
def test_the_qt_free_plan_corners_match_the_painted_plan(rotation):
    from PySide6.QtCore import QPointF

    from siegeboard.model.siege import MapImage, Siege
    from siegeboard.report.bounds import plan_corners
    from siegeboard.report.extent import plan_transform

    calibration = MapImage(member="plan.png", pixels_per_metre=4.0, offset=(12.0, -5.0),
                           rotation_deg=rotation)
    painted = plan_transform(Siege(ruleset="harris", name="Corners", map=calibration))
    pixels = [(0, 0), (320, 0), (320, 200), (0, 200)]
    for (x, y), (px, py) in zip(plan_corners(calibration, (320, 200)), pixels, strict=True):
        point = painted.map(QPointF(px, py))
        assert x == pytest.approx(point.x(), abs=1e-9) and y == pytest.approx(point.y(), abs=1e-9)
