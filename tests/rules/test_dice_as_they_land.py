"""Dice as they land (issue 14): every roll names what it is for; dice typed in advance come
first and the program rolls the rest; asked dice give the same outcome as the same dice
typed in order; every logged die says whether it was typed or rolled."""

from __future__ import annotations

import pytest
from shapely.geometry import Polygon

from siegeboard.model.actions import FireAt
from siegeboard.persist import read_siege, write_sample
from siegeboard.rules.dice import (
    AskingDice,
    DiceCancelled,
    DiceExhausted,
    RandomDice,
    ScriptedDice,
    TypedFirstDice,
    roll_prompt,
)
from siegeboard.rules.engine import apply, replay


@pytest.fixture(scope="module")
def castle(tmp_path_factory):
    return read_siege(write_sample(tmp_path_factory.mktemp("c") / "c.siege", "harris")).siege


def shot_at_stables(siege) -> FireAt:
    centre = Polygon(siege.structures["stables"].footprint).centroid
    return FireAt(weapon_id="he_shell", at=(centre.x, centre.y), range_m=100.0,
                  target_id="stables")


class Recorder:
    """An ``ask`` that answers from a list, one roll at a time, and keeps the questions."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.asked: list[str] = []

    def __call__(self, count, sides, label):
        self.asked.append(roll_prompt(count, sides, label))
        return self.answers.pop(0)


# The Stables (DP 112) take 45 + 40: they collapse, Groom Dickon takes 2 hits, then the
# fire roll comes after the collapse's dice.
TYPED = [3, 4] + [1] * 18 + [2] + [5, 6] + [6]


def test_asked_one_by_one_is_the_same_as_typed_in_order(castle):
    action = shot_at_stables(castle)
    typed = apply(castle, action, ScriptedDice(TYPED, typed=True))
    ask = Recorder([[3, 4], [1] * 18, [2], [5, 6], [6]])
    asked = apply(castle, action, AskingDice(ask, RandomDice(0)))
    assert asked.lines == typed.lines
    assert asked.entry.rolls == typed.entry.rolls
    assert any("collapses" in line for line in asked.lines)
    assert ask.asked == [
        "2D6: large calibre, added to the Artillery HE shell's penetration",
        "18D6: damage to the people inside the Stables, shared among them",
        "1D6: hits on Groom Dickon, trapped by the collapse of the Stables",
        "2D6: damage of the 2 hits on Groom Dickon, one die a hit",
        "1D6: does the Stables catch fire? (6 or more sets it alight)",
    ]
    assert all(roll.source == "typed" for roll in asked.entry.rolls)


def test_roll_these_for_me_marks_the_roll_rolled(castle):
    ask = Recorder([None, [1] * 18, [2], [5, 6], None])
    outcome = apply(castle, shot_at_stables(castle), AskingDice(ask, RandomDice(3)))
    assert [roll.source for roll in outcome.entry.rolls] == [
        "rolled", "typed", "typed", "typed", "rolled"]


def test_a_cancelled_roll_cancels_the_action_and_changes_nothing(castle):
    before = castle.model_dump()

    def ask(count, sides, label):
        if "catch fire" in label:
            raise DiceCancelled()
        return [1] * count

    with pytest.raises(DiceCancelled):
        apply(castle, shot_at_stables(castle), AskingDice(ask, RandomDice(0)))
    assert castle.model_dump() == before


def test_typed_first_rolls_the_rest_and_reports_what_it_did_not_need(castle):
    action = shot_at_stables(castle)
    short = TypedFirstDice([3, 4, 1, 1], RandomDice(5))
    outcome = apply(castle, action, short)
    first, second = outcome.entry.rolls[:2]
    assert first.values == [3, 4] and first.source == "typed"
    assert second.values[:2] == [1, 1] and second.source == "2 typed, 16 rolled"
    assert short.remaining == 0 and short.rolled == len(outcome.entry.dice_values()) - 4
    long = TypedFirstDice(TYPED + [4, 4], RandomDice(5))
    apply(castle, action, long)
    assert long.remaining == 2 and long.unused == [4, 4]


def test_a_die_that_cannot_be_names_its_roll(castle):
    with pytest.raises(ValueError, match="7 cannot come from a D6 .for large calibre"):
        apply(castle, shot_at_stables(castle), TypedFirstDice([7], RandomDice(0)))
    with pytest.raises(DiceExhausted, match=r"asked for 18D6 \(for damage to the people inside"):
        apply(castle, shot_at_stables(castle), ScriptedDice([3, 4]))
    with pytest.raises(ValueError, match="2 dice of D6 asked for, 1 given .for large calibre"):
        apply(castle, shot_at_stables(castle), AskingDice(lambda *_: [3], RandomDice(0)))


def test_replay_keeps_which_dice_were_typed(castle):
    siege = castle.model_copy(deep=True)
    outcome = apply(siege, shot_at_stables(siege), TypedFirstDice([3, 4, 1], RandomDice(2)))
    outcome.apply_to(siege)
    again = replay(castle, siege.log)
    assert again.log[-1].rolls == siege.log[-1].rolls
    assert [roll.typed for roll in again.log[-1].rolls][:2] == [2, 1]


def test_dice_written_before_labels_still_roll(castle):
    class OldDice:
        def roll(self, count, sides):
            return [1] * count

    rolls = apply(castle, shot_at_stables(castle), OldDice()).entry.rolls
    assert rolls[0].values == [1, 1] and all(roll.source == "rolled" for roll in rolls)
