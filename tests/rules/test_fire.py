"""Fire in the DP ruleset (H9, H10) through the engine: growth, out of control, burning
damage, spread, burn-out, their order, and fighting a fire. Every roll is scripted."""

from __future__ import annotations

import pytest

from siegeboard.model import AdvanceClock, FightFire, GMOverride, Siege, TaskRoll
from siegeboard.rules.build import new_structure
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.engine import RuleError, apply, apply_in_place


def run(siege, action, dice=()):
    scripted = ScriptedDice(dice)
    outcome = apply_in_place(siege, action, scripted)
    assert scripted.remaining == 0, f"{scripted.remaining} scripted dice unused"
    return outcome


def set_state(siege, structure_id, **state):
    run(siege, GMOverride(structure_id=structure_id, **state))


def kinds(outcome, structure_id=None):
    return [event.kind for event in outcome.events
            if structure_id is None or event.structure_id == structure_id]


def fires(siege):
    return {key: s.fire_level for key, s in siege.structures.items() if s.fire_level}


# ---- the clock ------------------------------------------------------------------------------

def test_advance_sets_the_clock_and_nothing_burns(harris_siege):
    outcome = run(harris_siege, AdvanceClock(turns=30))
    assert harris_siege.clock.turn == 30
    assert outcome.lines == ["Clock: turn 0 -> 30 (30 turns of 5 s); burning damage each minute",
                             "No fire burns: nothing else happens"]
    assert outcome.fields["clock"][0].turn == 0


# ---- growth ---------------------------------------------------------------------------------

def test_a_stone_or_concrete_fire_grows_1_a_minute(harris_siege):
    set_state(harris_siege, "bunker", fire_level=1)
    run(harris_siege, AdvanceClock(turns=11))
    assert fires(harris_siege) == {"bunker": 1}
    outcome = run(harris_siege, AdvanceClock(turns=1))
    assert fires(harris_siege) == {"bunker": 2}
    assert "Turn 12: Bunker fire grows 1 -> 2 (+1 each minute)" in outcome.lines
    run(harris_siege, AdvanceClock(turns=36))
    assert fires(harris_siege) == {"bunker": 5}


def test_a_wooden_fire_grows_1_a_turn_told_in_one_line(harris_siege):
    set_state(harris_siege, "timber", fire_level=1)
    outcome = run(harris_siege, AdvanceClock(turns=2))
    assert fires(harris_siege) == {"timber": 3}
    assert "Turns 1-2: Timber house fire grows 1 -> 3 (+1 each turn, wooden)" in outcome.lines
    grew = [e for e in outcome.events if e.kind == "fire_grew"]
    assert [(e.detail["previous"], e.detail["level"]) for e in grew] == [(1, 3)]


def test_out_of_control_once_above_a_tenth_of_the_original(harris_siege):
    set_state(harris_siege, "timber", fire_level=3)  # 30 is not above 36
    assert not harris_siege.structures["timber"].out_of_control
    outcome = run(harris_siege, AdvanceClock(turns=1))
    assert harris_siege.structures["timber"].out_of_control
    assert kinds(outcome, "timber") == ["fire_grew", "out_of_control"]
    assert ("Timber house: fire level 4 is above 36 / 10: out of control, it can no longer be "
            "put out and it spreads") in outcome.lines


# ---- burning damage ---------------------------------------------------------------------------

def test_out_of_control_fire_burns_its_level_in_dp_at_the_end_of_each_minute(harris_siege):
    set_state(harris_siege, "timber", fire_level=4)
    # turn 12: level 16 burns 16: DP 36 -> 20; spread rolls for farm then town: no fire
    outcome = run(harris_siege, AdvanceClock(turns=12), [2, 3])
    timber = harris_siege.structures["timber"]
    assert (timber.fire_level, timber.dp, timber.collapsed) == (16, 20, False)
    assert ("Timber house: DP 36 -> 20 (turn 12: out-of-control fire at level 16 burns 16 DP)"
            in outcome.lines)
    assert fires(harris_siege) == {"timber": 16}


def test_a_fire_that_is_not_out_of_control_does_no_damage(harris_siege):
    set_state(harris_siege, "bunker", fire_level=30)
    run(harris_siege, AdvanceClock(turns=11))
    run(harris_siege, AdvanceClock(turns=1))  # level 31: out of control, burns 31
    assert harris_siege.structures["bunker"].dp == 269


def test_burning_damage_each_turn_option_collapses_clears_and_burns_out(harris_siege):
    harris_siege.options.burn_damage_every = "turn"
    set_state(harris_siege, "timber", fire_level=4)
    outcome = run(harris_siege, AdvanceClock(turns=6))
    # levels 5, 6, 7, 8, 9, 10 burn: 36 -> 31 -> 25 -> 18 (collapse) -> 10 -> 1 -> 0 (cleared),
    # then burn-out the same turn: 10 -> 9
    timber = harris_siege.structures["timber"]
    assert (timber.dp, timber.collapsed, timber.cleared, timber.fire_level) == (0, True, True, 9)
    assert kinds(outcome, "timber").count("collapsed") == 1
    assert kinds(outcome, "timber")[-3:] == ["cleared", "fire_damage", "fire_burning_out"]
    # turns 7-12: burning itself out, still spreading at the minute (farm, town: no fire)
    run(harris_siege, AdvanceClock(turns=6), [2, 3])
    assert harris_siege.structures["timber"].fire_level == 3
    outcome = run(harris_siege, AdvanceClock(turns=5))
    timber = harris_siege.structures["timber"]
    assert (timber.fire_level, timber.out_of_control) == (0, False)
    assert kinds(outcome, "timber") == ["fire_burning_out", "burned_out"]
    assert "Turn 15: Timber house's fire has burned out" in outcome.lines


# ---- spread ---------------------------------------------------------------------------------

def test_spread_within_10_m_on_a_1(harris_siege):
    set_state(harris_siege, "timber", fire_level=40, out_of_control=True)
    outcome = run(harris_siege, AdvanceClock(turns=12), [1, 4])  # farm on a 1, town not
    assert harris_siege.structures["farm"].fire_level == 1
    assert harris_siege.structures["town"].fire_level == 0
    assert ("Turn 12: fire spread from Timber house to Brick farmhouse (4.0 m): 1D6 = 1: it "
            "catches fire at level 1") in outcome.lines
    assert ("Turn 12: fire spread from Timber house to Townhouse (2.0 m): 1D6 = 4, not 1: "
            "no fire") in outcome.lines
    spread = [e for e in outcome.events if e.kind == "spread"]
    assert [(e.structure_id, e.detail["source"]) for e in spread] == [("farm", "timber")]


def test_a_structure_already_burning_is_not_rolled_for(harris_siege):
    set_state(harris_siege, "timber", fire_level=40, out_of_control=True)
    set_state(harris_siege, "farm", fire_level=1)
    run(harris_siege, AdvanceClock(turns=12), [6])  # only the town is rolled for


def test_each_out_of_control_fire_rolls_for_its_neighbour(harris_siege):
    # timber and farm both out of control: the town is near timber only (farm is 12 m off);
    # the farm's neighbour timber burns already; the timber's neighbour farm burns already.
    set_state(harris_siege, "timber", fire_level=40, out_of_control=True)
    set_state(harris_siege, "farm", fire_level=20, out_of_control=True)
    # burning damage first: the farm burns 21 (DP 27 -> 6) and collapses on its four
    # occupants (1 hit of 1 each); the timber house burns 52 (DP 0). Then one spread roll.
    outcome = run(harris_siege, AdvanceClock(turns=12), [1, 1] * 4 + [5])
    assert (outcome.rolls[-1].label
            == "does the fire spread from Timber house to Townhouse? (a 1 does)")


def _spread_siege(gap_m: float) -> Siege:
    hut = new_structure("harris", "wooden_shed", "hut", [(0, 0), (4, 0), (4, 4), (0, 4)])
    other = new_structure("harris", "stone_house", "other",
                          [(4 + gap_m, 0), (8 + gap_m, 0), (8 + gap_m, 4), (4 + gap_m, 4)])
    return Siege(ruleset="harris", name="spread", structures={"hut": hut, "other": other})


@pytest.mark.parametrize("gap, rolls", [(10.0, [1]), (10.5, [])])
def test_spread_reaches_exactly_10_m_footprint_to_footprint(gap, rolls):
    siege = _spread_siege(gap)
    set_state(siege, "hut", fire_level=5)  # DP 4: out of control
    run(siege, AdvanceClock(turns=12), rolls)
    assert (siege.structures["other"].fire_level == 1) is bool(rolls)


def test_a_newly_lit_neighbour_spreads_from_the_next_minute_only(harris_siege):
    set_state(harris_siege, "timber", fire_level=40, out_of_control=True)
    run(harris_siege, AdvanceClock(turns=12), [1, 1])  # farm and town catch at level 1
    assert fires(harris_siege) == {"timber": 51, "farm": 1, "town": 1}
    # next minute: farm and town grow to 2 (not out of control), only timber spreads: nobody
    # left to roll for; the timber house (DP 0 since turn 12) burns down 1 a turn
    run(harris_siege, AdvanceClock(turns=12))
    assert fires(harris_siege) == {"timber": 39, "farm": 2, "town": 2}


# ---- order: growth, burning damage, spread, burn-out --------------------------------------------

def test_growth_comes_before_burning_damage(harris_siege):
    run(harris_siege, AdvanceClock(turns=11))
    set_state(harris_siege, "timber", fire_level=4)
    run(harris_siege, AdvanceClock(turns=1), [2, 3])
    assert harris_siege.structures["timber"].dp == 36 - 5


def test_spread_comes_before_burn_out(harris_siege):
    run(harris_siege, AdvanceClock(turns=11))
    set_state(harris_siege, "timber", dp=0, collapsed=True, cleared=True, fire_level=1,
              out_of_control=True)
    outcome = run(harris_siege, AdvanceClock(turns=1), [2, 3])  # still spreads, then burns out
    assert kinds(outcome) == ["fire_burning_out", "burned_out"]
    # R2: a clock advance records its rolls compactly: one source's spread dice are one
    # Roll (they were one Roll per neighbour), the same dice in the same order; issue 14:
    # each roll's label says what it is for, in a GM's words.
    assert [(roll.label, roll.values) for roll in outcome.rolls] == [
        ("does the fire spread from Timber house to Brick farmhouse, Townhouse? (1D6 each, a 1 "
         "does)", [2, 3])]
    assert outcome.lines.index("Turn 12: Timber house's fire has burned out") > max(
        i for i, line in enumerate(outcome.lines) if "fire spread" in line)


def test_damage_to_0_then_burn_out_in_the_same_turn(harris_siege):
    run(harris_siege, AdvanceClock(turns=11))
    set_state(harris_siege, "timber", dp=3, collapsed=True, fire_level=4)
    outcome = run(harris_siege, AdvanceClock(turns=1), [2, 3])
    timber = harris_siege.structures["timber"]
    # growth 4 -> 5, damage 5: DP 3 -> 0 cleared, spread (2 rolls), burn-out 5 -> 4
    assert (timber.dp, timber.cleared, timber.fire_level) == (0, True, 4)
    assert kinds(outcome, "timber") == ["fire_grew", "cleared", "fire_damage", "fire_burning_out"]


def test_a_long_advance_is_quick_and_ends_with_every_fire_out(harris_siege):
    set_state(harris_siege, "bunker", fire_level=1)  # grows 1 a minute to 31, then burns
    outcome = apply(harris_siege, AdvanceClock(turns=12 * 60 * 24), _AlwaysSix())
    after = {key: before for key, (_, before) in outcome.structures.items()}
    assert after["bunker"].dp == 0 and after["bunker"].fire_level == 0
    assert len(outcome.lines) < 200


class _AlwaysSix:
    def roll(self, count, sides):
        return [6] * count


# ---- fighting a fire -----------------------------------------------------------------------------

def test_firefighters_lower_the_level_and_put_it_out(harris_siege):
    set_state(harris_siege, "bunker", fire_level=3)
    outcome = run(harris_siege, FightFire(structure_id="bunker", firefighters=[
        TaskRoll(outcome="success"), TaskRoll(outcome="outstanding"),
        TaskRoll(skill=10)]))  # the third does not roll: the fire is out
    bunker = harris_siege.structures["bunker"]
    assert bunker.fire_level == 0 and not bunker.out_of_control
    assert kinds(outcome) == ["fire_fought", "extinguished"]
    assert "Firefighter 3: the fire is already out, no roll" in outcome.lines


@pytest.mark.parametrize("roll, level", [(1, 3), (5, 4), (6, 5), (19, 5)])
def test_fighting_a_fire_is_a_difficult_constitution_task(harris_siege, roll, level):
    set_state(harris_siege, "bunker", fire_level=5)
    run(harris_siege, FightFire(structure_id="bunker", firefighters=[TaskRoll(skill=10)]), [roll])
    assert harris_siege.structures["bunker"].fire_level == level


def test_a_catastrophic_firefighter_is_burned(harris_siege):
    set_state(harris_siege, "bunker", fire_level=5)
    outcome = run(harris_siege, FightFire(structure_id="bunker",
                                          firefighters=[TaskRoll(skill=10)]), [20])
    assert kinds(outcome) == ["burned"]
    assert outcome.events[0].detail == {"firefighter": 1}
    assert any("no firefighter records" in line for line in outcome.lines)


def test_an_out_of_control_fire_cannot_be_fought(harris_siege):
    set_state(harris_siege, "timber", fire_level=4)
    with pytest.raises(RuleError, match="out of control"):
        apply(harris_siege, FightFire(structure_id="timber", firefighters=[
            TaskRoll(outcome="success")]), ScriptedDice([]))


def test_no_fire_no_fight(harris_siege):
    with pytest.raises(RuleError, match="not burning"):
        apply(harris_siege, FightFire(structure_id="timber", firefighters=[
            TaskRoll(outcome="success")]), ScriptedDice([]))
