"""H12: a wall drawn as one line is one structure's worth of DP shared by its sections."""

from __future__ import annotations

import pytest

from siegeboard.model import Siege
from siegeboard.rules import edits
from siegeboard.rules.walls import draw_wall, reshared_walls, section_count, wall_dp

CURTAIN = "curtain_wall"  # AV 45, 3 stories: 135 DP a square


def wall(length: float, thickness: float, *, section_m: float = 10.0, ruleset: str = "harris",
         kind: str = CURTAIN, y: float = 0.0):
    line = [(0.0, y), (length, y)]
    count = section_count(line, thickness, section_m)
    return draw_wall(ruleset, kind, line, thickness, section_m,
                     [f"s{n}" for n in range(1, count + 1)], wall_id="w1")


def test_the_texts_30_m_curtain_wall_is_three_sections_of_675():
    # 30 m x 2 m = 60 m2 = 15 squares x 45 x 3 = 2,025; by length, 675 each.
    sections = wall(30, 2)
    assert [(s.dp, s.dp_original) for s in sections] == [(675, 675)] * 3
    assert {s.wall_id for s in sections} == {"w1"}
    assert [s.name for s in sections] == ["Curtain wall 1", "Curtain wall 2", "Curtain wall 3"]


def test_a_30_by_3_m_wall_shares_the_whole_walls_3105_not_3240():
    # Whole: 90 m2 / 4 = 22.5 -> 23 squares x 135 = 3,105. Each section alone would be
    # 30 m2 / 4 = 7.5 -> 8 squares x 135 = 1,080, 3,240 in all. 3,105 / 3 = 1,035 each.
    sections = wall(30, 3)
    assert wall_dp(sections) == 3105
    assert [s.dp_original for s in sections] == [1035, 1035, 1035]


def test_largest_remainder_makes_the_shares_add_up_to_the_whole():
    # 20 m x 3 m at 7 m sections (20 / 7 = 2.86 -> 3): 60 m2 = 15 squares x 135 = 2,025
    # over three equal lengths: 675 each. 20 m x 2.2 m at 6 m (3.33 -> 3): 44 m2 = 11
    # squares x 135 = 1,485 over 3: 495 each. A 10 m x 2 m palisade (AV 4, 1 story) at
    # 3.3 m (3.03 -> 3): 5 squares x 4 = 20 over 3 = 6.67 each: 7, 7, 6 (the remainders
    # tie, the first ones take the points).
    assert [s.dp for s in wall(20, 3, section_m=7)] == [675, 675, 675]
    assert [s.dp for s in wall(20, 2.2, section_m=6)] == [495, 495, 495]
    assert [s.dp for s in wall(10, 2, section_m=3.3, kind="palisade")] == [7, 7, 6]


def test_a_change_of_make_to_one_section_reshares_the_walls_dp():
    # Three sections of the 30 x 2 m wall (15 squares). Section 2 re-made a palisade (AV 4,
    # 1 story): weights length x AV x stories = 135, 4, 135 (equal lengths); the whole is
    # 15 x (135 + 4 + 135) / 3 = 1,370; shares 1,370 x 135 / 274 = 675.0 (x2) and
    # 1,370 x 4 / 274 = 20.0: 675, 20, 675.
    sections = {s.id: s for s in wall(30, 2)}
    changed = edits.with_kind(sections["s2"], "harris", "palisade")
    after = reshared_walls(sections, {"s2": changed})
    assert sorted(after) == ["s2"]  # s1 and s3 keep 675: their share did not move
    assert (after["s2"].dp, after["s2"].dp_original) == (20, 20)
    # Stories of all three to 1: 15 squares x 45 x 1 = 675 over three: 225 each.
    now = dict(sections)
    for key in list(now):
        new = edits.remade(now[key], stories=1)
        now |= {key: value for key, value in reshared_walls(now, {key: new}).items()}
    assert [s.dp for s in now.values()] == [225, 225, 225]


def test_a_damaged_section_keeps_its_damage_as_a_proportion_when_reshared():
    # 30 x 3 m wall: 1,035 each. s1 down to 690 (two thirds). All three to 1 story: the
    # whole is 23 x 45 = 1,035, 345 each; s1 keeps two thirds: 690 x 345 / 1,035 = 230.
    sections = {s.id: s for s in wall(30, 3)}
    sections["s1"] = sections["s1"].model_copy(update={"dp": 690})
    now = dict(sections)
    for key in list(now):
        now |= reshared_walls(now, {key: edits.remade(now[key], stories=1)})
    assert [(s.dp, s.dp_original) for s in now.values()] == [(230, 345), (345, 345), (345, 345)]


def test_split_divides_dp_by_length_and_leaves_the_wall():
    # A 675 DP section cut in two halves of 5 m: 338 and 337 (half up to the first).
    section = wall(30, 2)[0]
    first, second = edits.split_in_two(section, "a", "b")
    assert (first.dp, second.dp) == (338, 337)
    assert (first.wall_id, second.wall_id) == (None, None)


def test_a_reshaped_section_leaves_its_wall():
    section = wall(30, 2)[0]
    moved = [(x, y + (1 if x == 0 else 0)) for x, y in section.footprint]
    assert edits.remade(section, footprint=moved).wall_id is None
    assert edits.remade(section, stories=2).wall_id == "w1"


def test_the_hull_rulesets_sections_keep_the_tables_hull_each():
    # A1: a 12 m stone curtain wall at 4 m is three sections of Hull 20 each.
    sections = wall(12, 2, section_m=4, ruleset="armory", kind="stone_curtain_wall")
    assert [(s.hull, s.armor) for s in sections] == [(20, 4)] * 3


def test_sections_validate_with_their_wall_id_in_a_siege():
    siege = Siege(ruleset="harris", name="W", structures={s.id: s for s in wall(30, 3)})
    again = Siege.model_validate(siege.model_dump(mode="json"))
    assert again.structures["s2"].wall_id == "w1"


def test_draw_wall_needs_one_id_per_section():
    with pytest.raises(ValueError, match="a wall of 3 sections needs 3 ids, not 2"):
        draw_wall("harris", CURTAIN, [(0, 0), (30, 0)], 2, 10, ["a", "b"], wall_id="w1")
