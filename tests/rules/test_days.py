"""A14: days on the clock. A scene moves it by its day or week, a day of digging by a day; the
clock shows days once a siege has run one; fires over such spans are worked out in bulk
(that the bulk gives what minute by minute gives: tests/equivalence/test_bulk_fire_growth.py)."""

from __future__ import annotations

import pytest
from armory_fixtures import armory_siege, play
from conftest import rect

from siegeboard.model import (
    AdvanceClock,
    Battery,
    Clock,
    DigMine,
    GMOverride,
    ResolveScene,
    SceneAttack,
    Siege,
    StartMine,
)
from siegeboard.rules.build import new_structure
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import apply

DAY = 17_280  # 24 h x 720 turns of 5 s


@pytest.mark.parametrize("turn, label", [
    (37, "Turn 37, 3 min 5 s"),
    (DAY - 1, "Turn 17279, 1439 min 55 s"),
    (DAY, "1 day 0 h 0 min 0 s (turn 17,280)"),
    (DAY + 12 * 65 + 1, "1 day 1 h 5 min 5 s (turn 18,061)"),
    (7 * DAY, "7 days 0 h 0 min 0 s (turn 120,960)"),
])
def test_the_clock_shows_days_once_a_siege_has_run_one(turn, label):
    assert Clock(turn=turn).label() == label


def _scene_siege():
    return armory_siege(("stone_curtain_wall", "W"), ("wooden_palisade", "P"),
                        batteries=[Battery(id="B", name="Cannon", position=(0.0, 50.0),
                                           weapon_id="cannon", target_id="W")])


@pytest.mark.parametrize("length, turns", [("day", DAY), ("week", 7 * DAY)])
def test_a_scene_moves_the_clock_by_its_day_or_week(length, turns):
    siege = _scene_siege()
    play(siege, ResolveScene(length=length, attacks=[
        SceneAttack(battery_id="B", target_id="W", successes=0)]))
    assert siege.clock.turn == turns


def test_a_section_burning_at_the_start_of_a_day_scene_is_breached_by_its_end():
    # The palisade (Hull 6) alight before the scene: a day is 17,280 rounds, it loses 1 Hull
    # a round: Breached after 6, its fire then out; and the GM is told to play the assault.
    siege = _scene_siege()
    play(siege, GMOverride(structure_id="P", burning=True))
    outcome = play(siege, ResolveScene(attacks=[
        SceneAttack(battery_id="B", target_id="W", successes=0)]))
    palisade = siege.structures["P"]
    assert (palisade.hull_suffered, palisade.ladder, palisade.burning) == (6, "breached", False)
    assert "Section P is Breached: play the assault" in outcome.lines


def test_a_day_of_digging_is_a_day_on_the_clock_and_fires_burn_through_it():
    # A stone curtain wall (Armor 4): four days of digging, each a day on the clock, the lost
    # day too; a timber house (Hull 6) alight meanwhile is Breached within the first day.
    siege = armory_siege(("stone_curtain_wall", "W"), ("timber_house", "H"))
    play(siege, GMOverride(structure_id="H", burning=True))
    play(siege, StartMine(structure_id="W", mine_id="m"))
    assert siege.clock.turn == 0
    play(siege, DigMine(mine_id="m"))
    assert siege.clock.turn == DAY
    assert siege.structures["H"].ladder == "breached" and not siege.structures["H"].burning
    play(siege, DigMine(mine_id="m", besiegers_win=False))  # a lost day is a day all the same
    assert siege.clock.turn == 2 * DAY and siege.mines["m"].days_dug == 1


def test_a_month_long_advance_of_a_slow_fire_is_worked_out_in_bulk():
    # A concrete building of the most DP (2,000,000,000) burning at level 1: +1 a minute,
    # out of control only above 200,000,000: 30 days = 43,200 minutes: level 43,201. Taken
    # ten minutes at a time, not 518,400 turns one by one.
    giant = new_structure("harris", "concrete_building", "g", rect(0, 0, 10, 10))
    giant = giant.model_copy(update={"dp": 2_000_000_000, "dp_original": 2_000_000_000,
                                     "fire_level": 1})
    siege = Siege(ruleset="harris", name="Giant", structures={"g": giant})
    seen = []
    outcome = apply(siege, AdvanceClock(turns=30 * DAY), RandomDice(3),
                    progress=lambda done, total: seen.append(done))
    outcome.apply_to(siege)
    assert siege.structures["g"].fire_level == 43_201 and siege.clock.turn == 30 * DAY
    assert seen[-1] == 30 * DAY and len(seen) == 30 * 144 + 1  # every 10 minutes, then the end
    assert siege.log[-1].rolls == [] and siege.log[-1].dice_seed == 3
