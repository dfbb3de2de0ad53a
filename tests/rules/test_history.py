"""The siege told again: stepping through the log gives the siege after each entry."""

from __future__ import annotations

import pytest

from siegeboard.model import AdvanceClock, FireAt
from siegeboard.persist.samples import read_sample
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import RuleError, apply_in_place, replay
from siegeboard.rules.history import History


def played(count=6):
    siege = read_sample("harris").siege
    dice = RandomDice(3)
    targets = ["wall-n2", "wall-n3", "keep", "stables", "wall-e2", "smithy"]
    for number in range(count):
        if number % 3 == 2:
            apply_in_place(siege, AdvanceClock(turns=12), dice)
        else:
            apply_in_place(siege, FireAt(weapon_id="he_shell", at=(0.0, 0.0),
                                         target_id=targets[number], range_m=100.0), dice)
    return siege


def test_each_position_is_the_siege_after_that_many_entries():
    siege = played()
    history = History(siege)
    for position in (3, 6, 1, 0, 4, 6, 2):
        history.move_to(position)
        expected = replay(siege.base, siege.log[:position])
        assert history.siege.structures == expected.structures
        assert history.siege.clock == expected.clock
        assert len(history.siege.log) == position
    assert siege.log and len(siege.log) == 6  # the GM's siege is not touched


def test_steps_report_what_changed_and_positions_are_bounded():
    siege = played(2)
    history = History(siege)
    changed = history.move_to(1)
    assert changed and changed <= set(siege.structures)
    with pytest.raises(ValueError, match="no position 3"):
        history.move_to(3)


def test_a_log_without_its_beginning_cannot_be_told_again():
    siege = played(1)
    siege.base = None
    with pytest.raises(RuleError, match="cannot be told again"):
        History(siege)


def test_the_beginning_shares_unchanged_structures_and_keeps_the_struck_one_as_it_was():
    siege = read_sample("harris").siege
    before = siege.structures["keep"]
    apply_in_place(siege, FireAt(weapon_id="he_shell", at=(0.0, 0.0), target_id="keep",
                                 range_m=100.0), RandomDice(3))
    base = siege.base
    assert siege.structures["keep"] is not before and siege.structures["keep"] != before
    assert base.structures["keep"] is before  # the struck structure as it was
    untouched = [key for key in siege.structures if key not in siege.log[0].touched]
    assert untouched and all(base.structures[key] is siege.structures[key] for key in untouched)
    assert base.structures is not siege.structures and base.weapons is not siege.weapons
    assert base.log == [] and base.base is None
    # Played on, the beginning stays the beginning: the log replays on it to the same siege.
    apply_in_place(siege, AdvanceClock(turns=12), RandomDice(4))
    assert base.structures["keep"] is before
    assert replay(siege.base, siege.log).model_dump() == siege.model_dump()
