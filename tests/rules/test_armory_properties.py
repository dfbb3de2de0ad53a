"""Properties of the Hull ruleset under random play: Hull suffered stays within 0..Hull, the
ladder never climbs back without a GM override or a repair, replay equals live play, and
undo restores the siege exactly."""

from __future__ import annotations

from armory_fixtures import armory_siege
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from siegeboard.model import (
    AdvanceClock,
    Demolish,
    DigMine,
    FireAt,
    FireMine,
    GMOverride,
    Repair,
    StartMine,
    TaskRoll,
)
from siegeboard.rules import armory
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.engine import RuleError, apply, replay

STRUCTURES = [("stone_curtain_wall", "wall"), ("castle_gate_portcullis", "gate"),
              ("wooden_palisade", "palisade"), ("earth_rampart", "rampart"),
              ("timber_house", "house"), ("stone_bridge", "bridge"),
              ("reinforced_concrete_block", "block")]
IDS = [sid for _, sid in STRUCTURES]
FIRED = ["bow", "musket", "cannon", "heavy_gun", "mortar", "trebuchet", "fire_pot", "shell",
         "bombard", "swivel"]
CHARGES = ["petard", "breaching_charge", "demolition_charge"]
MINES = ["m1", "m2"]
CLIMBING = ("override", "repair")

targets = st.sampled_from(IDS)
counts = st.integers(min_value=0, max_value=6)
actions = st.one_of(
    st.builds(FireAt, weapon_id=st.sampled_from(FIRED), at=st.just((0.0, 0.0)), target_id=targets,
              successes=counts, boons=counts),
    st.builds(AdvanceClock, turns=st.integers(min_value=1, max_value=8)),
    st.builds(Demolish, structure_id=targets,
              weapon_ids=st.lists(st.sampled_from(CHARGES), min_size=1, max_size=3),
              on_pier=st.booleans()),
    st.builds(StartMine, structure_id=targets, mine_id=st.sampled_from(MINES)),
    st.builds(DigMine, mine_id=st.sampled_from(MINES), besiegers_win=st.booleans(),
              countermined=st.sampled_from([False, False, False, True])),
    st.builds(FireMine, mine_id=st.sampled_from(MINES)),
    st.builds(GMOverride, structure_id=targets,
              hull_suffered=st.none() | st.integers(min_value=0, max_value=6),
              ladder=st.none() | st.sampled_from(armory.LADDER),
              burning=st.none() | st.booleans()),
    st.builds(Repair, structure_id=targets, team_size=st.integers(min_value=1, max_value=3),
              task=st.sampled_from([TaskRoll(outcome="success"), TaskRoll(outcome="failure"),
                                    TaskRoll(outcome="outstanding"), TaskRoll(skill=10)])),
)


def layers(siege) -> dict[tuple[str, str], tuple[int, int, int]]:
    """(id, layer) -> (suffered, hull, ladder index)."""
    found = {}
    for sid, structure in siege.structures.items():
        found[(sid, "outer")] = (structure.hull_suffered, structure.hull,
                                 armory.LADDER.index(structure.ladder))
        if structure.inner_layer is not None:
            inner = structure.inner_layer
            found[(sid, "inner")] = (inner.suffered, inner.hull, armory.LADDER.index(inner.ladder))
    return found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plays=st.lists(actions, min_size=1, max_size=14), seed=st.integers(0, 2**32),
       mode=st.sampled_from(["hull", "as_written"]))
def test_random_play_keeps_the_invariants(plays, seed, mode):
    base = armory_siege(*STRUCTURES, ladder_mode=mode)
    siege = base.model_copy(deep=True)
    dice = RandomDice(seed)
    history = []
    for action in plays:
        before_dump = siege.model_dump()
        before = layers(siege)
        try:
            outcome = apply(siege, action, dice)
        except RuleError:
            assert siege.model_dump() == before_dump     # a refused action changes nothing
            continue
        assert siege.model_dump() == before_dump         # apply never mutates
        outcome.apply_to(siege)
        history.append((outcome, before_dump))
        after = layers(siege)
        for key, (suffered, hull, step) in after.items():
            assert 0 <= suffered <= hull, key
            if action.type not in CLIMBING:
                assert step >= before[key][2], (key, action)       # the ladder never climbs
                assert suffered >= before[key][0], (key, action)   # nor does damage heal
        for structure in siege.structures.values():
            assert structure.effects == armory.section_effects(structure)
    assert replay(base, siege.log).model_dump() == siege.model_dump()
    for outcome, before_dump in reversed(history):
        outcome.revert(siege)
        assert siege.model_dump() == before_dump
    assert siege.model_dump() == base.model_dump()
