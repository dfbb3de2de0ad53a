"""Properties of the DP ruleset under random play: bounds, one collapse, replay, undo/redo,
and ``apply`` leaving its input alone."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from siegeboard.model import (
    AdvanceClock,
    Demolish,
    FightFire,
    FireAt,
    FreeTrapped,
    Repair,
    TaskRoll,
)
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import RuleError, apply, replay

STRUCTURES = ["bunker", "farm", "timber", "town", "wall", "shed"]
PEOPLE = ["Able", "Baker", "Ann", "Bob", "Cy", "Dee"]
WEAPONS = ["rifle", "tank_gun", "he_shell", "incendiary_shell", "catapult", "demolition_charge",
           "gun45", "mortar", "grenade", "firebomb"]
OUTCOMES = ["catastrophic", "failure", "success", "outstanding"]

tasks = st.one_of(st.builds(TaskRoll, outcome=st.sampled_from(OUTCOMES)),
                  st.builds(TaskRoll, skill=st.integers(0, 20)))
coordinate = st.floats(-5, 95, allow_nan=False)
actions = st.one_of(
    st.builds(FireAt, weapon_id=st.sampled_from(WEAPONS), at=st.tuples(coordinate, coordinate),
              range_m=st.floats(0, 1200, allow_nan=False), modifier=st.integers(-10, 10)),
    st.builds(FireAt, weapon_id=st.sampled_from(WEAPONS), at=st.tuples(coordinate, coordinate),
              range_m=st.just(5.0), target_id=st.sampled_from(STRUCTURES)),
    st.builds(AdvanceClock, turns=st.integers(1, 30)),
    st.builds(Repair, structure_id=st.sampled_from(STRUCTURES), team_size=st.integers(1, 3),
              engineer=st.booleans(), task=tasks),
    st.builds(FightFire, structure_id=st.sampled_from(STRUCTURES),
              firefighters=st.lists(tasks, min_size=1, max_size=3)),
    st.builds(FreeTrapped, structure_id=st.sampled_from(STRUCTURES),
              occupant=st.sampled_from(PEOPLE), task=tasks),
    st.builds(Demolish, structure_id=st.sampled_from(STRUCTURES),
              weapon_ids=st.lists(st.sampled_from(["demolition_charge", "grenade"]),
                                  min_size=1, max_size=2)),
)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(actions, min_size=1, max_size=8), st.integers(0, 2**32 - 1),
       st.sampled_from(["halving", "one_over_d_plus_1"]), st.sampled_from(["minute", "turn"]))
def test_random_play_keeps_the_rules_and_replays_undoes_and_redoes(
        harris_siege_factory, plan, seed, falloff, burn_every):
    base = harris_siege_factory()
    # Start mid-siege so that repairs and firefighting have something to work on.
    base.structures["bunker"].dp = 250
    base.structures["bunker"].fire_level = 2
    base.structures["town"].dp = 150
    base.structures["timber"].fire_level = 2
    base.options.concussion_falloff = falloff
    base.options.burn_damage_every = burn_every
    siege = base.model_copy(deep=True)
    dice = RandomDice(seed)
    outcomes = []
    collapses: Counter[str] = Counter()
    for action in plan:
        before = siege.model_dump()
        try:
            outcome = apply(siege, action, dice)
        except RuleError:
            assert siege.model_dump() == before
            event(f"refused {action.type}")
            continue
        event(f"applied {action.type}")
        assert siege.model_dump() == before, "apply changed its input"
        was_collapsed = {key for key, s in siege.structures.items() if s.collapsed}
        outcome.apply_to(siege)
        outcomes.append(outcome)
        for structure in siege.structures.values():
            assert 0 <= structure.dp <= structure.dp_original
            assert structure.fire_level >= 0
            if structure.dp == 0 and structure.dp_original:
                assert structure.collapsed
        assert was_collapsed <= {key for key, s in siege.structures.items() if s.collapsed}
        for happened in outcome.events:
            if happened.kind == "collapsed":
                collapses[happened.structure_id] += 1
            if happened.kind == "hit":
                assert happened.detail["attack_value"] >= 0
    assert all(count == 1 for count in collapses.values())

    live = siege.model_dump()
    assert replay(base, siege.log).model_dump() == live

    for outcome in reversed(outcomes):
        outcome.revert(siege)
    assert siege.model_dump() == base.model_dump()
    for outcome in outcomes:
        outcome.apply_to(siege)
    assert siege.model_dump() == live
