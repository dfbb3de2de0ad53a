"""The turns within a minute, a wild wooden fire's growth taken at once, play out as turn
by turn: the same log entry and the same structures."""

from __future__ import annotations

import pytest
from bench.town import build_town, set_fires  # tests/ is on the path (rootdir-based packages)

from siegeboard.model import AdvanceClock, Structure
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import apply
from siegeboard.rules.harris import burning


def _turn_by_turn(ctx, steps, fires, first, last):
    for turn in range(first, last + 1):
        burning._grow(ctx, steps, fires.wooden, turn)
        fires = burning._burn_out(ctx, steps, fires, turn)
    return fires


@pytest.mark.parametrize("wild", [True, False])
@pytest.mark.parametrize("turns", [5, 12, 30, 61])
def test_the_same_minute_as_turn_by_turn(monkeypatch, wild, turns):
    siege = build_town(150)
    set_fires(siege, 0.25, seed=turns, all_out_of_control=wild)
    at_once = apply(siege, AdvanceClock(turns=turns), RandomDice(turns))
    monkeypatch.setattr(burning, "_turns_within_a_minute", _turn_by_turn)
    one_by_one = apply(siege, AdvanceClock(turns=turns), RandomDice(turns))
    assert at_once.entry.model_dump_json() == one_by_one.entry.model_dump_json()
    assert at_once.structures == one_by_one.structures
    assert any(event.kind == "fire_grew" for event in at_once.events)


def test_a_minute_leaves_the_siege_as_it_was_its_structures_field_sets_included():
    siege = build_town(150)
    set_fires(siege, 0.25, all_out_of_control=True)
    # Each structure as a file gives it: only the fields not at their defaults set.
    siege.structures = {key: Structure.model_validate(structure.model_dump(exclude_defaults=True))
                        for key, structure in siege.structures.items()}
    before = {key: (structure.model_dump_json(), set(structure.model_fields_set),
                    structure.model_dump_json(exclude_unset=True))
              for key, structure in siege.structures.items()}
    outcome = apply(siege, AdvanceClock(turns=24), RandomDice(5))
    assert len(outcome.structures) > 50
    assert {key: (structure.model_dump_json(), set(structure.model_fields_set),
                  structure.model_dump_json(exclude_unset=True))
            for key, structure in siege.structures.items()} == before
    outcome.apply_to(siege)
    for key, (_, after) in outcome.structures.items():
        assert siege.structures[key] == after
        assert "fire_level" in after.model_fields_set


def test_a_minute_applied_and_undone_keeps_its_outcome_whole():
    """Applying a minute puts its after-states themselves into the siege (a structure in a
    siege is a value, never changed in place): a shot played on them works on copies of its
    own, so after the shot and the minute are undone the outcome is as it was, and a redo
    writes the minute's after-state again."""
    from bench.town import add_bench_weapon, town_centre

    from siegeboard.model import FireAt

    siege = build_town(150)
    weapon_id = add_bench_weapon(siege)
    set_fires(siege, 0.25, all_out_of_control=True)
    outcome = apply(siege, AdvanceClock(turns=12), RandomDice(5))
    after = {key: state.model_dump_json() for key, (_before, state) in outcome.structures.items()
             if state is not None}
    outcome.apply_to(siege)
    assert all(siege.structures[key] is outcome.structures[key][1] for key in after)
    shot = apply(siege, FireAt(weapon_id=weapon_id, at=town_centre(150), range_m=100),
                 RandomDice(6))
    assert set(shot.structures) & set(after)  # the shot changes some of the minute's states
    shot.apply_to(siege)
    shot.revert(siege)
    outcome.revert(siege)
    outcome.apply_to(siege)
    assert {key: outcome.structures[key][1].model_dump_json() for key in after} == after
    assert {key: siege.structures[key].model_dump_json() for key in after} == after
