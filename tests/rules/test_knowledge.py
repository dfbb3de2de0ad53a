"""What the players know (issue 14): ``players_view`` keeps the other side's secrets."""

from __future__ import annotations

import pytest

from siegeboard.model.actions import FireAt
from siegeboard.persist import read_siege, write_sample
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.engine import apply_in_place
from siegeboard.rules.knowledge import is_known, players_view


@pytest.fixture
def hull(tmp_path):
    return read_siege(write_sample(tmp_path / "a.siege", "armory")).siege


def test_sides_come_from_the_catalogue(hull):
    sides = {key: s.side for key, s in hull.structures.items()}
    assert sides["siege-tower"] == sides["ram-shed"] == sides["camp"] == "besieger"
    assert sides["keep"] == sides["gate"] == sides["wall-n1"] == "defender"
    assert hull.players_side == "besieger"


def test_defaults_own_side_known_other_sides_insides_hidden(hull):
    assert is_known(hull.batteries["bombard"], "besieger")
    assert not is_known(hull.batteries["tower-gun"], "besieger")
    assert not is_known(hull.structures["keep"], "besieger")
    assert is_known(hull.structures["keep"], "defender")
    hull.structures["keep"].known = True
    assert is_known(hull.structures["keep"], "besieger")


def test_players_view_keeps_the_structures_and_hides_the_rest(hull):
    hull.structures["keep"].gm_notes = "the sally port under the chapel"
    before = hull.model_dump()
    view = players_view(hull)
    assert hull.model_dump() == before, "the siege itself is unchanged"
    assert set(view.structures) == set(hull.structures)
    assert view.structures["keep"].occupants == [] and view.structures["keep"].gm_notes == ""
    assert set(view.batteries) == {"bombard", "trebuchet"}
    defenders = players_view(hull, "defender")
    assert set(defenders.batteries) == {"tower-gun", "gate-archers"}
    assert len(defenders.structures["keep"].occupants) == 4


def test_the_players_log_has_no_die_no_line_and_no_hidden_people(tmp_path):
    siege = read_siege(write_sample(tmp_path / "c.siege", "harris")).siege
    hall = siege.structures["great-hall"]
    apply_in_place(siege, FireAt(weapon_id="he_shell", at=hall.footprint[0], range_m=100,
                                 target_id="great-hall"), ScriptedDice([6] * 40))
    assert any(e.kind == "personnel_damage" for e in siege.log[-1].events)
    (entry,) = players_view(siege).log
    assert entry.rolls == [] and entry.lines == []
    assert all(event.detail == {} for event in entry.events)
    assert not any(e.kind == "personnel_damage" for e in entry.events)
    siege.structures["great-hall"].known = True
    (entry,) = players_view(siege).log
    assert any(e.kind == "personnel_damage" for e in entry.events)


def test_the_players_log_says_what_they_saw_land(tmp_path):
    from siegeboard.report.log_text import printed_entries

    siege = read_siege(write_sample(tmp_path / "c.siege", "harris")).siege
    gate = siege.structures["gatehouse"]
    apply_in_place(siege, FireAt(weapon_id="he_shell", at=gate.footprint[0], range_m=100,
                                 target_id="gatehouse", battery_id="great-battery"),
                   ScriptedDice([3, 4] + [2] * 40))
    ((heading, lines),) = printed_entries(players_view(siege), 0, players=True)
    assert "Great Battery" in heading
    assert lines[0] == "A heavy round struck the Gatehouse: damaged"
    text = "\n".join(lines)
    for structure in siege.structures.values():  # names may hold numbers ("Curtain wall E1")
        text = text.replace(structure.name, "")
    assert not any(ch.isdigit() for ch in text) and "DP" not in text
