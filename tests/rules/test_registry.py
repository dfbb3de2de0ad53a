"""Every rule text is a Ruleset of the registry, and what the window, the paper and the command
line show of it is asked of that Ruleset: titles, figure columns, override fields, escalade,
story height, bombardment wording, sample, the edits a battery or mine forbids."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from siegeboard.model import Battery, Siege, Weapon
from siegeboard.model.siege import SCHEMA_VERSION, Mine
from siegeboard.persist.migrate import migrate
from siegeboard.persist.samples import SAMPLES, read_sample, sample_name
from siegeboard.rules import registry
from siegeboard.rules.build import new_structure
from siegeboard.rules.context import RuleError

SQUARE = [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (0.0, 3.0)]
HARRIS = registry.ruleset("harris")
ARMORY = registry.ruleset("armory")


def test_the_registry_knows_each_rule_text_by_its_id_the_default_first():
    assert registry.ids() == ("harris", "armory")
    assert registry.DEFAULT is HARRIS
    assert (HARRIS.title, ARMORY.title) == ("Sieges and Fortifications", "The Heavy Armory")
    with pytest.raises(RuleError, match=r"unknown ruleset 'chess': this siegeboard knows "
                                        r"harris \(Sieges and Fortifications\), armory"):
        registry.ruleset("chess")
    assert registry.offering("through_slit") == [ARMORY]
    assert registry.offering("modifier") == [HARRIS]


def test_the_model_stores_a_plain_id_and_names_none():
    # Which ids exist is the registry's: the model takes any well-formed id, and has no
    # default (whoever makes a siege names its rule text).
    assert Siege(name="x", ruleset="chess").ruleset == "chess"
    with pytest.raises(ValidationError, match="ruleset"):
        Siege(name="x")
    with pytest.raises(ValidationError, match="should match pattern"):
        Siege(name="x", ruleset="Chess rules")
    with pytest.raises(RuleError, match="unknown ruleset 'chess'"):
        registry.ruleset_of(Siege(name="x", ruleset="chess"))


def test_a_document_naming_no_rule_text_reads_as_it_did():
    # Before the model lost its default, a document without "ruleset" was a DP siege.
    data, _version = migrate({"schema_version": 8, "name": "x", "base": {"name": "x"}})
    assert data["ruleset"] == "harris" and data["base"]["ruleset"] == "harris"
    named = {"schema_version": SCHEMA_VERSION, "name": "x", "ruleset": "armory"}
    assert migrate(named)[0] is named  # a current document that names it is left as it is


def test_each_rule_text_has_a_sample_that_opens_as_itself():
    assert set(SAMPLES) == set(registry.ids())
    assert sample_name() == HARRIS.sample == "castle.siege"
    assert read_sample("armory").siege.ruleset == "armory"
    with pytest.raises(ValueError, match="no sample siege for the ruleset 'chess'"):
        sample_name("chess")


def test_figure_columns_name_keys_the_rule_text_fills():
    for rules in registry.RULESETS.values():
        structure = new_structure(rules.id, rules.default_kind(wall=False), "s1", SQUARE)
        text = rules.paper_text(structure, players=False)
        figures = rules.table_figures(structure)
        for figure in rules.figures:
            assert figure.key in text or figure.key in figures, (rules.id, figure.key)
            assert figure.width > 0
    assert [(f.key, f.title) for f in HARRIS.figures] == [("av", "AV"), ("dp", "DP / original")]


def test_override_fields_read_the_layer_they_set():
    house = new_structure("harris", "townhouse", "h1", SQUARE)
    assert [spec.name for spec in HARRIS.override_fields] == [
        "dp", "collapsed", "cleared", "fire_level", "out_of_control"]
    assert HARRIS.override_values(house) == {"dp": house.dp, "collapsed": False,
                                             "cleared": False, "fire_level": 0,
                                             "out_of_control": False}
    assert HARRIS.override_limits(house) == {"dp": house.dp_original}
    assert HARRIS.override_layers(house) == ()

    gate = new_structure("armory", "castle_gate_portcullis", "g1", SQUARE)
    gate = gate.model_copy(update={"hull_suffered": 2})
    assert ARMORY.override_layers(gate) == (("Gate", "outer"), ("Portcullis", "inner"))
    assert ARMORY.override_values(gate, "outer")["hull_suffered"] == 2
    assert ARMORY.override_values(gate, "inner") == {"hull_suffered": 0, "ladder": "intact",
                                                     "burning": False}
    assert ARMORY.override_limits(gate, "outer") == {"hull_suffered": 6}
    assert ARMORY.override_limits(gate, "inner") == {"hull_suffered": 4}
    ladder = next(spec for spec in ARMORY.override_fields if spec.name == "ladder")
    assert ladder.choices == ("intact", "cracked", "breached")


def test_escalade_is_the_wall_sections_of_the_rule_text_that_has_it():
    wall = new_structure("armory", "stone_curtain_wall", "w1", SQUARE, name="North wall")
    tower = new_structure("armory", "stone_tower", "t1", SQUARE, name="Keep")
    assert ARMORY.escalade_refusal(wall) == ""
    assert ARMORY.escalade_refusal(tower) == ("Escalade is for a wall section; Keep is "
                                              "stone tower or keep.")
    lines = ARMORY.escalade_lines(wall, ladders=2, siege_towers=0, grapnels=1,
                                  defenders_at_top=True)
    assert lines[0].startswith("Escalade, North wall:")
    assert any(line.startswith("Ladder x2") and "+2 Bane Dice" in line for line in lines)
    house = new_structure("harris", "curtain_wall", "c1", SQUARE)
    assert HARRIS.escalade_refusal(house) == "Sieges and Fortifications has no escalade table"
    with pytest.raises(RuleError, match="no escalade table"):
        HARRIS.escalade_lines(house, ladders=1, siege_towers=1, grapnels=1,
                              defenders_at_top=False)


def test_a_story_height_only_where_the_rule_text_counts_stories():
    assert HARRIS.story_m == 4
    assert [HARRIS.stories_from_height(h) for h in (0, 11.5, 12, 12.1)] == [1, 3, 3, 4]
    assert ARMORY.story_m == 0
    with pytest.raises(RuleError, match="The Heavy Armory counts no stories"):
        ARMORY.stories_from_height(12)


def test_bombardment_lines_in_each_rule_texts_words():
    assert HARRIS.bombardment_line("h1", {
        "name": "Hall", "dp_now": 650, "dp_mean": 120.4, "p_collapse": 0.25,
        "p_burning": 0.5}) == "Hall (h1): DP 650 -> mean 120; collapsed 25%, burning 50%"
    assert HARRIS.bombardment_line("h1", {
        "name": "Hall", "dp_now": 650, "dp_mean": 650.0, "p_collapse": 0.0,
        "p_burning": 0.0}) == ""  # untouched
    assert ARMORY.bombardment_line("w1", {
        "name": "Wall", "hull_suffered_now": 0, "hull_suffered_mean": 12.6, "hull": 20,
        "p_breached": 0.1, "p_burning": 0.0}) == (
        "Wall (w1): Hull suffered 0 -> mean 13; Breached 10%, burning 0%")


def test_a_battery_or_a_mine_forbids_removing_its_structure():
    wall = new_structure("armory", "stone_curtain_wall", "w1", SQUARE, name="North wall")
    house = new_structure("armory", "brick_house", "h1", [(10, 0), (14, 0), (14, 3), (10, 3)],
                          name="Inn")
    siege = Siege(name="x", ruleset="armory", structures={"w1": wall, "h1": house},
                  weapons={"gun": Weapon(id="gun", name="Gun")},
                  batteries={"b1": Battery(id="b1", name="Great gun", weapon_id="gun",
                                           position=(0, 50), target_id="w1")})
    assert ARMORY.removal_refusal(siege, ["h1"]) == ""
    assert ARMORY.removal_refusal(siege, ["h1", "w1"]) == (
        "North wall is the scene target of Great gun: aim it elsewhere first")
    mined = siege.model_copy(update={"mines": {"m1": Mine(id="m1", structure_id="h1",
                                                          days_needed=2)}})
    assert ARMORY.removal_refusal(mined, ["h1"]) == "Inn has mine m1 under it"


def test_a_siege_and_its_beginning_play_one_rule_text():
    with pytest.raises(ValidationError, match="base.ruleset: the siege before its first log "
                                              "entry plays 'armory', the siege 'harris'"):
        Siege(name="x", ruleset="harris", base=Siege(name="x", ruleset="armory"))
