"""R3: numbers have bounds a rule text could mean; past them the model refuses with a message
naming the field and the bound. A long advance tells its progress and can be cancelled."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from siegeboard.model import (
    AdvanceClock,
    ChangeSettings,
    FireAt,
    GMOverride,
    RangeBand,
    SceneAttack,
    Siege,
    Structure,
    Weapon,
)
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.engine import apply

SQUARE = [(0, 0), (4, 0), (4, 4), (0, 4)]


def structure(**fields):
    return Structure(**({"id": "s", "name": "S", "kind": "townhouse", "armor": 5,
                         "footprint": SQUARE} | fields))


CASES = [
    # (build one with the value, field, the bound, a value past it, the message)
    (lambda v: RangeBand(up_to_m=100, penetration=v), 999, 1000, "penetration must be at most 999"),
    (lambda v: Weapon(id="w", name="W", damage=v), 999, 1000, "damage must be at most 999"),
    (lambda v: Weapon(id="w", name="W", concussion=v), 9999, 10_000,
     "concussion must be at most 9,999"),
    (lambda v: Weapon(id="w", name="W", hull_damage=v), 999, 1000,
     "hull_damage must be at most 999"),
    (lambda v: structure(armor=v), 999, 1000, "armor must be at most 999"),
    (lambda v: structure(stories=v), 100, 101, "stories must be at most 100, not 101"),
    (lambda v: structure(dp=v, dp_original=v), 2_000_000_000, 2_000_000_001,
     "must be at most 2,000,000,000"),
    (lambda v: FireAt(weapon_id="w", at=(0, 0), modifier=v), 1000, 1001,
     "modifier must be at most 1,000"),
    (lambda v: FireAt(weapon_id="w", at=(0, 0), modifier=v), -1000, -1001,
     "modifier must be at least -1,000"),
    (lambda v: FireAt(weapon_id="w", at=(0, 0), successes=v), 50, 51,
     "successes must be at most 50"),
    (lambda v: FireAt(weapon_id="w", at=(0, 0), boons=v), 50, 51, "boons must be at most 50"),
    (lambda v: SceneAttack(battery_id="b", target_id="t", pool=v), 100, 101,
     "pool must be at most 100"),
    (lambda v: SceneAttack(battery_id="b", target_id="t", successes=v), 50, 51,
     "successes must be at most 50"),
    # 30 days x 24 h x 720 turns = 518,400 turns
    (lambda v: AdvanceClock(turns=v), 518_400, 518_401,
     "turns must be at most 518,400 (30 days of 5 s turns), not 518,401"),
    (lambda v: GMOverride(structure_id="s", dp=v), 2_000_000_000, 2_000_000_001,
     "dp must be at most 2,000,000,000"),
    (lambda v: Siege(ruleset="harris", name="S", dice_seed=v), 2**31 - 1, 2**31,
     "dice_seed must be at most 2,147,483,647"),
    (lambda v: Siege(ruleset="harris", name="S", dice_seed=v), 0, -1,
     "dice_seed must be at least 0, not -1"),
    (lambda v: ChangeSettings(dice_seed=v), 2**31 - 1, 2**31, "dice_seed must be at most"),
]


@pytest.mark.parametrize("build, bound, past, message", CASES)
def test_each_r3_bound_is_accepted_and_refused_past_with_its_name(build, bound, past, message):
    assert build(bound) is not None
    with pytest.raises(ValidationError, match=re.escape(message)):
        build(past)


class Cancelled(Exception):
    pass


def _burning_siege() -> Siege:
    from siegeboard.rules.build import new_structure

    house = new_structure("harris", "timber_house", "t", [(0, 0), (6, 0), (6, 6), (0, 6)])
    # 36 DP (9 cells x AV 2 x 2 stories) burning at level 3: it burns down and out in a few
    # minutes; the clock then runs on to the end with nothing burning.
    house = house.model_copy(update={"fire_level": 3})
    return Siege(ruleset="harris", name="Slow fire", structures={"t": house})


def test_a_long_advance_tells_its_progress_and_can_be_cancelled():
    siege = _burning_siege()
    seen = []
    outcome = apply(siege, AdvanceClock(turns=600), ScriptedDice([]),
                    progress=lambda done, total: seen.append((done, total)))
    # Wooden: the level grows each turn (3 -> 4 at turn 1), out of control above 3.6 at
    # level 4; at turn 12 it burns its level 15 (36 -> 21), at 24 level 27 (-> 0): then -1 a
    # turn, out by turn 51. Nothing burns at turn 120, so progress is told at the end only.
    assert seen[-1] == (600, 600) and outcome.entry.action.turns == 600

    def cancel(done, total):
        raise Cancelled

    before = siege.model_dump()
    with pytest.raises(Cancelled):
        apply(siege, AdvanceClock(turns=600), ScriptedDice([]), progress=cancel)
    assert siege.model_dump() == before


def test_progress_comes_every_ten_minutes_while_fires_burn():
    from siegeboard.rules.build import new_structure

    # A stone keep (AV 60, 5 stories, 25 cells: 7,500 DP) burning at level 1: +1 a minute,
    # out of control only above 750, so it burns on the whole hour: progress at turns 120,
    # 240, ... 720 of 720.
    keep = new_structure("harris", "keep", "k", [(0, 0), (10, 0), (10, 10), (0, 10)])
    siege = Siege(ruleset="harris", name="Keep",
                  structures={"k": keep.model_copy(update={"fire_level": 1})})
    seen = []
    apply(siege, AdvanceClock(turns=720), ScriptedDice([]),
          progress=lambda done, total: seen.append(done))
    assert seen == [120, 240, 360, 480, 600, 720, 720]


def test_a_bound_reads_in_plain_words_for_the_gm():
    from siegeboard.model.validation import plain_message

    with pytest.raises(ValidationError) as refused:
        Weapon(id="w", name="W", concussion=10_000)
    assert plain_message(refused.value) == "concussion must be at most 9,999, not 10,000"
    with pytest.raises(ValidationError) as refused:
        Structure.model_validate({"id": "s", "name": "S", "kind": "k", "armor": -1,
                                  "footprint": SQUARE})
    assert plain_message(refused.value) == "armor: Input should be greater than or equal to 0"
    assert plain_message(ValueError("plain")) == "plain"
