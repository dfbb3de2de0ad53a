"""H9's spread through its speed device (``spread_batch``: the structures read once an
advance, the targets found among the index's pairs, the distances measured when the lines
are read): the same log entry and the same structures as asking the index for each fire's
neighbours one fire at a time and reading each neighbour as it comes, lighting through
``ignite``; and the same as measuring every footprint (``NaiveIndex``)."""

from __future__ import annotations

from bench.reference import NaiveIndex  # tests/ is on the path (rootdir-based packages)
from bench.town import build_town, set_fires  # tests/ is on the path (rootdir-based packages)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from siegeboard.geometry import StructureIndex
from siegeboard.model import AdvanceClock
from siegeboard.rules.dice import RandomDice, ScriptedDice
from siegeboard.rules.engine import apply
from siegeboard.rules.harris import burning


def _spread_one_by_one(ctx, steps, town, fires, turn):
    """The spread one fire at a time: each fire's neighbours asked of the index with their
    distances, each neighbour's state read as it comes."""
    lit = []
    current = ctx.current
    sources = [key for key in fires if current(key).out_of_control]
    neighbours = ctx.index.neighbours_within(sources, burning.SPREAD_DISTANCE_M, excluding=fires)
    for source_id in sources:
        source_name = current(source_id).name
        targets = [(key, current(key).name, distance) for key, distance in neighbours[source_id]
                   if not current(key).fire_level and current(key).dp]
        if not targets:
            continue
        keys, names, distances = zip(*targets, strict=True)
        dice = ctx.dice.roll_each(6, _Labels(source_name, names))
        told = 0
        for index, die in enumerate(dice):
            if die != 1:
                continue
            neighbour_id = keys[index]
            if neighbour_id in steps.grow or neighbour_id in steps.burn_down:
                if told < index:
                    ctx.say_each(index - told, _lines, turn, source_name, names[told:index],
                                 distances[told:index], dice[told:index])
                told = index
                steps.flush(neighbour_id)
            ctx.say_each(index + 1 - told, _lines, turn, source_name, names[told:index + 1],
                         distances[told:index + 1], dice[told:index + 1])
            told = index + 1
            ctx.event("spread", neighbour_id, source=source_id, turn=turn)
            burning.ignite(ctx, neighbour_id, 1, cause="spread")
            if not town.stone_rule_quoted and not burning.harris.is_wooden(current(neighbour_id)):
                town.stone_rule_quoted = True  # H9 quoted once an advance (issue 36)
                ctx.say(burning._stone_spread_line(turn, current(neighbour_id).name))
            lit.append(neighbour_id)
        if told < len(keys):
            ctx.say_each(len(keys) - told, _lines, turn, source_name, names[told:],
                         distances[told:], dice[told:])
    return lit


class _Labels:
    def __init__(self, source, targets):
        self.source, self.targets = source, targets

    def __len__(self):
        return len(self.targets)

    def each(self):
        return [f"does the fire spread from {self.source} to {name}? (a 1 does)"
                for name in self.targets]

    def together(self):
        return (f"does the fire spread from {self.source} to {', '.join(self.targets)}? "
                f"(1D6 each, a 1 does)")


def _lines(turn, source_name, names, distances, dice):
    head = f"Turn {turn}: fire spread from {source_name} to "
    return [f"{head}{name} ({distance:.1f} m): 1D6 = {die}, not 1: no fire" if die != 1 else
            f"{head}{name} ({distance:.1f} m): 1D6 = 1: it catches fire at level 1"
            for name, distance, die in zip(names, distances, dice, strict=True)]


def _town(size, fraction, seed, wild, rubble, triangles):
    """A seeded town: some fires, some structures at DP 0 that do not burn, and some
    footprints made triangles (measured, not decided by their boxes)."""
    siege = build_town(size)
    fires = set(set_fires(siege, fraction, seed=seed, all_out_of_control=wild))
    others = [key for key in sorted(siege.structures) if key not in fires]
    for key in others[seed % 7::max(2, 40 - rubble)]:
        siege.structures[key] = siege.structures[key].model_copy(update={"dp": 0})
    for key in sorted(siege.structures)[seed % 5::max(2, 40 - triangles)]:
        structure = siege.structures[key]
        (x0, y0), (x1, _), (_, y1) = structure.footprint[:3]
        siege.structures[key] = structure.model_copy(
            update={"footprint": [(x0, y0), (x1 + 3, y0), (x0, y1 + 3)]})
    return siege


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.integers(20, 160), fraction=st.sampled_from([0.05, 0.2, 0.5]),
       seed=st.integers(0, 50), wild=st.booleans(), rubble=st.integers(0, 38),
       triangles=st.integers(0, 38), turns=st.sampled_from([1, 12, 24, 40]),
       scripted=st.booleans())
def test_the_same_spread_as_reading_each_neighbour(size, fraction, seed, wild, rubble,
                                                   triangles, turns, scripted):
    siege = _town(size, fraction, seed, wild, rubble, triangles)

    def dice():  # scripted: a 1 every third die, so fires light targets of later sources
        if scripted:
            return ScriptedDice([1 if n % 3 == 0 else 5 for n in range(20_000)])
        return RandomDice(seed)

    from_pairs = apply(siege, AdvanceClock(turns=turns), dice())
    original = burning._spread
    burning._spread = _spread_one_by_one
    try:
        one_by_one = apply(siege, AdvanceClock(turns=turns), dice())
    finally:
        burning._spread = original
    assert from_pairs.entry.model_dump_json() == one_by_one.entry.model_dump_json()
    assert from_pairs.structures == one_by_one.structures
    assert from_pairs.touched == one_by_one.touched
    measured = apply(siege, AdvanceClock(turns=turns), dice(),
                     index=NaiveIndex(StructureIndex.for_structures(siege.structures)))
    assert measured.entry.model_dump_json() == from_pairs.entry.model_dump_json()
    assert measured.structures == from_pairs.structures


def test_a_target_lit_by_one_source_is_no_target_of_the_next():
    siege = build_town(60)
    set_fires(siege, 0.3, all_out_of_control=True)
    outcome = apply(siege, AdvanceClock(turns=12), ScriptedDice([1] * 5000))
    lit = [event.structure_id for event in outcome.events if event.kind == "spread"]
    assert lit and len(lit) == len(set(lit))  # each lit once, though neighbour of several
    sources = {event.detail["source"] for event in outcome.events if event.kind == "spread"}
    assert len(sources) > 1


def test_an_index_of_another_order_finds_the_same_targets():
    siege = _town(120, 0.2, 3, True, 20, 20)
    own_order = apply(siege, AdvanceClock(turns=24), RandomDice(3))
    reversed_index = StructureIndex.for_structures(dict(reversed(siege.structures.items())))
    assert reversed_index.ids != list(siege.structures)
    other_order = apply(siege, AdvanceClock(turns=24), RandomDice(3), index=reversed_index)
    assert other_order.entry.model_dump_json() == own_order.entry.model_dump_json()
    assert other_order.structures == own_order.structures
