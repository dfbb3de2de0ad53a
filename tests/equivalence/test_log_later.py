"""A log entry keeps its rolls, lines and events compact until read (``model.log.Later``):
every reader sees the plain lists, pydantic dumps them as before, and the records are
built once, on first read."""

from __future__ import annotations

import copy
import json

import pytest
from bench.town import build_town, set_fires  # tests/ is on the path (rootdir-based packages)
from pydantic import ValidationError

from siegeboard.model import AdvanceClock, LogEntry, Roll, Siege
from siegeboard.model.log import Later
from siegeboard.model.validation import MAX_ITEMS
from siegeboard.rules.dice import RandomDice, ScriptedDice
from siegeboard.rules.engine import apply, apply_in_place, replay_log


def _wild_minute(seed: int = 11):
    siege = build_town(200)
    set_fires(siege, 0.1, all_out_of_control=True)
    return siege, apply(siege, AdvanceClock(turns=12), RandomDice(seed))


def test_a_minute_keeps_its_text_for_later_and_builds_it_once_on_first_read():
    _, outcome = _wild_minute()
    entry = outcome.entry
    for name in ("rolls", "lines", "events"):
        assert type(entry.__dict__[name]) is Later
    rolls = entry.rolls
    assert rolls and all(type(roll) is Roll for roll in rolls)
    assert entry.rolls is rolls  # built once, then kept
    assert type(entry.__dict__["lines"]) is Later  # each list on its own first read
    assert all(type(line) is str for line in entry.lines)
    assert any("fire spread from" in line for line in entry.lines)
    assert any(roll.label.startswith("does the fire spread from") for roll in rolls)


def test_a_kept_entry_equals_its_built_copy_both_ways_and_dumps_the_same():
    _, first = _wild_minute()
    _, second = _wild_minute()
    built = LogEntry.model_validate_json(second.entry.model_dump_json())
    assert first.entry == built and built == first.entry
    _, third = _wild_minute()
    assert third.entry == first.entry  # both still kept for later
    _, other = _wild_minute(seed=12)
    assert other.entry != first.entry


def test_the_entry_dumps_the_same_inside_a_siege_and_through_every_pydantic_dump():
    siege, outcome = _wild_minute()
    outcome.apply_to(siege)
    entry = siege.log[-1]
    assert type(entry.__dict__["rolls"]) is Later
    document = json.loads(siege.model_dump_json())  # the log serialised from the siege
    _, again = _wild_minute()
    assert document["log"][-1] == json.loads(again.entry.model_dump_json())
    assert entry.model_dump()["rolls"] == [roll.model_dump() for roll in entry.rolls]
    assert Siege.model_validate_json(siege.model_dump_json()) == siege


def test_copies_pickled_state_and_repr_see_the_built_lists():
    _, outcome = _wild_minute()
    entry = outcome.entry
    shallow, deep = copy.copy(entry), entry.model_copy(deep=True)
    assert shallow == entry and deep == entry
    _, fresh = _wild_minute()
    assert "Later" not in repr(fresh.entry)
    _, fresh = _wild_minute()
    assert fresh.entry.__getstate__()["__dict__"]["lines"] == fresh.entry.lines
    _, fresh = _wild_minute()
    assert dict(fresh.entry)["events"] == fresh.entry.events


def test_the_schema_of_the_entry_is_its_fields_own():
    for mode in ("validation", "serialization"):
        properties = LogEntry.model_json_schema(mode=mode)["properties"]
        assert properties["rolls"]["items"] == {"$ref": "#/$defs/Roll"}
        assert properties["lines"]["maxItems"] == MAX_ITEMS
        assert properties["events"]["type"] == "array"


def test_lists_past_the_limit_are_refused_as_before():
    lines = [(lambda count: ["a line"] * count, MAX_ITEMS + 1)]
    with pytest.raises(ValidationError):
        LogEntry.with_later([], lines, [], roll_count=0, line_count=MAX_ITEMS + 1, seq=1,
                            turn=0, action=AdvanceClock(turns=12))


def test_replay_of_kept_entries_gives_the_same_siege():
    siege = build_town(120)
    set_fires(siege, 0.2, all_out_of_control=True)
    for seed in (1, 2, 3):
        apply_in_place(siege, AdvanceClock(turns=12), RandomDice(seed))
    assert replay_log(siege) == siege


def test_typed_dice_are_asked_one_by_one_with_each_label_and_kept_as_one_roll():
    siege = build_town(60)
    set_fires(siege, 0.2, all_out_of_control=True)
    asked: list[str] = []

    class Table(ScriptedDice):
        def roll(self, count, sides, label=None):
            asked.append(label)
            return super().roll(count, sides, label)

    outcome = apply(siege, AdvanceClock(turns=12), Table([4] * 2000, typed=True))
    spread_labels = [label for label in asked if label.startswith("does the fire spread")]
    assert spread_labels and all(label.endswith("(a 1 does)") for label in spread_labels)
    batches = [roll for roll in outcome.rolls if roll.label.startswith("does the fire spread")]
    assert sum(len(roll.values) for roll in batches) == len(spread_labels)
    assert all(roll.typed == len(roll.values) for roll in batches)
