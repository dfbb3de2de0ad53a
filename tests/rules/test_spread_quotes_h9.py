"""Issue 36: when a structure that is not wooden (a stone wall, a brick house) catches fire by
spread, the log quotes H9's spread rule, once an advance, so the GM sees why."""

from __future__ import annotations

from bench.town import build_town, set_fires  # tests/ is on the path

from siegeboard.model.actions import AdvanceClock
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.engine import apply
from siegeboard.rules.harris import numbers as harris


def test_the_first_stone_structure_lit_by_spread_quotes_the_rule_once():
    siege = build_town(60)
    set_fires(siege, 0.3, all_out_of_control=True)
    outcome = apply(siege, AdvanceClock(turns=24), ScriptedDice([1] * 20_000))
    lit = [event.structure_id for event in outcome.events if event.kind == "spread"]
    stone = [key for key in lit if not harris.is_wooden(siege.structures[key])]
    assert stone, "the town has no stone structure lit by spread"
    quoted = [line for line in outcome.entry.lines if 'H9 "Spread: each minute' in line]
    assert len(quoted) == 1
    assert "is not wooden, yet it catches" in quoted[0]
    assert "a 1 sets it alight at level 1" in quoted[0]
