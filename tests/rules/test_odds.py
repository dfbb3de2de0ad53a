"""The odds of one shot (rules.odds): hand-computed cases, then the engine's own dice.

The test siege (conftest): the bunker AV 50 (300 DP), the brick farm AV 3 (27 DP, four
inside), the timber house AV 2 (36 DP, wooden), the townhouse AV 5 (200 DP), the curtain
wall AV 45 (2,025 DP). Catalogue weapons: HE shell (large calibre, penetration 38 to
3,000 m, concussion 40, damage 20), incendiary shell (large calibre, 20 to 3,000 m, damage
10), rifle (small arm, 1 from 100 to 400 m), tank gun (large calibre, 110 to 500 m).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from armory_fixtures import armory_siege, centre

from siegeboard.model import Battery, RangeBand, Weapon
from siegeboard.model.actions import FireAt, ResolveScene, SceneAttack
from siegeboard.rules import engine, odds
from siegeboard.rules.chances import ShotSpec, collapse_damage_one, dice_sum
from siegeboard.rules.dice import RandomDice
from siegeboard.rules.harris.odds import turns_to_out_of_control


def _point(siege, structure_id):
    from siegeboard.geometry.index import StructureIndex
    polygon = StructureIndex.for_structures(siege.structures).polygon(structure_id)
    return tuple(polygon.representative_point().coords[0])


def harris_odds(siege, weapon_id, target, *, range_m=300.0, modifier=0):
    spec = ShotSpec(weapon=siege.weapons[weapon_id], point=_point(siege, target),
                    range_m=range_m, modifier=modifier)
    return odds.shot_odds(siege, spec)


# -- hand-computed cases ------------------------------------------------------------------

def test_an_he_round_sets_a_building_alight_one_time_in_six(harris_siege_factory):
    # HE at the townhouse (AV 5, 200 DP): penetration 38 + 2D6 = 40..50, always above 5, so
    # the attack value is 40..50, plus the full concussion 40: it loses 80..90 and keeps at
    # least 110 DP. The fire's 1D6 is always rolled and sets it alight on a 6: 1 in 6.
    # The fire starts at level penetration - AV = 35..45 > 200 / 10: out of control at once.
    siege = harris_siege_factory()
    town = harris_odds(siege, "he_shell", "town").struck
    assert town.p_ignite == Fraction(1, 6)
    assert town.fire.wild == Fraction(1, 6)
    assert min(town.fire.level) == 35 and max(town.fire.level) == 45
    # 2D6 = 7 (6 in 36) gives penetration 45: 200 - 45 - 40 = 115 DP left.
    assert town.left[115] == Fraction(6, 36)
    assert town.p_collapse == 0 and town.p_penetrate == 1


def test_an_incendiary_round_sets_it_alight_two_times_in_six(harris_siege_factory):
    # Incendiary shell at the townhouse: 20 + 2D6 = 22..32 > AV 5, attack 22..32, DP never
    # 0; 1D6 + 1 >= 6 on a 5 or a 6: 2 in 6.
    siege = harris_siege_factory()
    town = harris_odds(siege, "incendiary_shell", "town").struck
    assert town.p_ignite == Fraction(2, 6)


def test_a_fire_that_is_not_out_of_control_says_when_it_will_be(harris_siege_factory):
    # HE at the curtain wall (AV 45, 2,025 DP): it catches fire on a 6 at level
    # max(1, penetration - 45): level 1 when 2D6 <= 8 (38 + 8 = 46 gives 46 - 45 = 1 too):
    # 26 in 36. Out of control needs a
    # level above 202.5, i.e. 203; stone grows +1 a minute at each minute's end, so from
    # turn 0 a level-1 fire needs 202 minutes: 2,424 turns.
    siege = harris_siege_factory()
    wall = harris_odds(siege, "he_shell", "wall").struck
    assert wall.p_ignite == Fraction(1, 6)
    assert wall.fire.wild == 0
    assert wall.fire.level[1] == Fraction(1, 6) * Fraction(26, 36)
    assert wall.fire.turns_to_wild[2424] == Fraction(1, 6) * Fraction(26, 36)
    # 2D6 = 12: penetration 50, level 5: 198 minutes = 2,376 turns.
    assert wall.fire.turns_to_wild[2376] == Fraction(1, 6) * Fraction(1, 36)
    # At turn 7 the first minute ends 5 turns on; a wooden level-1 fire on 36 DP needs
    # level 4: 3 turns.
    timber = siege.structures["timber"]
    assert turns_to_out_of_control(1, siege.structures["wall"], 7) == 5 + 12 * 201
    assert turns_to_out_of_control(1, timber, 7) == 3


def test_a_structure_that_burns_is_surely_alight_under_the_hull_ruleset():
    # A10: an incendiary weapon sets a structure that burns alight, no roll: the fire pot
    # (Hull damage 0) on a timber house: certain. An explosive one on a 6: the mortar,
    # 1 in 6. A brick house does not burn: never. Once alight the house (Hull 6, nothing
    # suffered) is Breached by its fire in 6 rounds.
    siege = armory_siege(("timber_house", "house"), ("brick_house", "brick"))
    pot = odds.shot_odds(siege, ShotSpec(weapon=siege.weapons["fire_pot"],
                                         point=centre(0))).struck
    assert pot.p_ignite == 1 and pot.fire.rounds_to_breach == 6
    mortar = odds.shot_odds(siege, ShotSpec(weapon=siege.weapons["mortar"],
                                            point=centre(0))).struck
    assert mortar.p_ignite == Fraction(1, 6)
    brick = odds.shot_odds(siege, ShotSpec(weapon=siege.weapons["fire_pot"],
                                           point=centre(1))).struck
    assert brick.p_ignite == 0 and brick.fire is None


def test_the_chance_that_2d6_lifts_the_penetration_over_the_armor(harris_siege_factory):
    # HE at the wall (AV 45): 38 + 2D6 > 45 when 2D6 >= 8: 5+4+3+2+1 = 15 in 36.
    # At the bunker (AV 50): 38 + 12 = 50 is not above 50: never; with the GM's +5:
    # 43 + 2D6 > 50 when 2D6 >= 8: 15 in 36 again.
    siege = harris_siege_factory()
    assert harris_odds(siege, "he_shell", "wall").struck.p_penetrate == Fraction(15, 36)
    assert harris_odds(siege, "he_shell", "bunker").struck.p_penetrate == 0
    assert harris_odds(siege, "he_shell", "bunker", modifier=5).struck.p_penetrate == \
        Fraction(15, 36)


def test_a_small_arm_below_half_the_armor_scratches_one_time_in_twenty(harris_siege_factory):
    # Rifle at 300 m: penetration 1 against the bunker's AV 50, below half: 1D20, a 1 takes
    # 1 DP: 299 one time in 20, 300 otherwise.
    siege = harris_siege_factory()
    bunker = harris_odds(siege, "rifle", "bunker").struck
    assert bunker.left == {299: Fraction(1, 20), 300: Fraction(19, 20)}


def test_the_people_inside_take_the_personnel_dice_and_a_collapse(harris_siege_factory):
    # A gun of penetration 10, damage 5 at the farm (AV 3, 27 DP, four inside): it
    # penetrates, (5 - 3) = 2D6 for those inside; attack 10 leaves 17 > 13.5: no collapse.
    # So their damage is exactly 2D6: 7 in 6 of 36.
    siege = harris_siege_factory()
    siege.weapons["pin"] = Weapon(id="pin", name="Pin gun", damage=5,
                                  range_bands=[RangeBand(up_to_m=500, penetration=10)])
    farm = harris_odds(siege, "pin", "farm").struck
    assert farm.people == dice_sum(2) and farm.people[7] == Fraction(6, 36)
    assert farm.p_collapse == 0 and farm.p_trapped == 0
    # With penetration 20: attack 20 leaves 7, it collapses: each of the four takes 1D6
    # hits of 1D6 (mean 3.5 x 3.5 = 12.25) and is trapped; the personnel dice are 2D6 too.
    siege.weapons["pin"].range_bands = [RangeBand(up_to_m=500, penetration=20)]
    farm = harris_odds(siege, "pin", "farm").struck
    assert farm.p_collapse == 1 and farm.p_trapped == 1
    mean = sum(v * p for v, p in farm.people.items())
    assert mean == 7 + 4 * Fraction(49, 4)
    assert sum(v * p for v, p in collapse_damage_one().items()) == Fraction(49, 4)


def test_a_structure_already_collapsed_has_probability_one_and_the_blast_is_listed(
        harris_siege_factory):
    siege = harris_siege_factory()
    siege.structures["timber"].collapsed = True
    siege.structures["timber"].dp = 10
    shot = harris_odds(siege, "he_shell", "farm")
    timber = shot.of("timber")
    assert not timber.struck and timber.p_collapse == 1 and timber.squares_away == 1
    assert timber.left == {0: 1} and timber.p_cleared == 1  # 20 concussion takes the last 10
    assert {s.id for s in shot.structures} >= {"farm", "timber", "town", "bunker"}
    data = odds.as_json(shot)
    assert data["structures"][0]["id"] == "farm"
    assert data["structures"][0]["p_collapse"] == 1.0


def test_the_hull_pool_is_enumerated_exactly():
    # Cannon (Hull 6, Pierce 1, Crit 2, gunpowder, Standard) at a stone curtain wall
    # (Armor 4, vulnerable to guns -2: effective 2, less Pierce 1 = 1; Hull 20): damage
    # 5 + Successes + 2 x (Boons // 2). A pool of 1 D6: 1-4 nothing (5), a 5 one Success (6),
    # a 6 a Success and a Boon (6 as well: one Boon is less than Crit 2).
    siege = armory_siege(("stone_curtain_wall", "wall"))
    spec = ShotSpec(weapon=siege.weapons["cannon"], point=centre(0), pool=1)
    wall = odds.shot_odds(siege, spec).struck
    assert wall.left == {5: Fraction(4, 6), 6: Fraction(2, 6)}
    assert wall.p_cracked == 0 and wall.p_breached == 0
    # Entered: 5 Successes, 2 Boons: 5 + 5 + 2 = 12, at least half of 20: Cracked.
    spec = ShotSpec(weapon=siege.weapons["cannon"], point=centre(0), successes=5, boons=2)
    assert odds.shot_odds(siege, spec).struck.p_cracked == 1


# -- the engine's dice agree ---------------------------------------------------------------

def _within(observed: int, n: int, p: float, what: str) -> None:
    """``observed`` of ``n`` within 4.5 standard errors of ``p`` (a false alarm about one
    run in 150,000 for each figure)."""
    error = math.sqrt(max(p * (1 - p), 1e-12) / n)
    assert abs(observed / n - p) <= 4.5 * error + 1e-9, (what, observed / n, p, error)


QUICK_SHOTS = 1_000
"""The default run's sample: a few seconds, and still far outside 4.5 standard errors of odds
computed for a shot one step off (``test_the_quick_sample_catches_odds_of_another_shot``)."""


@pytest.mark.parametrize("weapon_id", ["he_shell", "incendiary_shell"])
def test_engine_shots_agree_with_the_computed_odds(weapon_id, harris_siege):
    _engine_shots_agree(harris_siege, weapon_id, QUICK_SHOTS)


def test_the_quick_sample_catches_odds_of_another_shot(harris_siege):
    """Odds computed with the GM's +2 (2D6 >= 6 instead of 8 penetrates the wall: 26 in 36,
    not 15 in 36) are refused by the quick sample of the engine firing without it."""
    with pytest.raises(AssertionError):
        _engine_shots_agree(harris_siege, "he_shell", QUICK_SHOTS, odds_modifier=2)


def test_engine_pool_attacks_agree_with_the_computed_odds():
    _engine_pool_agrees(QUICK_SHOTS)


@pytest.mark.long
@pytest.mark.parametrize("weapon_id", ["he_shell", "incendiary_shell"])
def test_10_000_engine_shots_agree_with_the_computed_odds(weapon_id, harris_siege):
    _engine_shots_agree(harris_siege, weapon_id, 10_000)


@pytest.mark.long
@pytest.mark.parametrize("weapon_id", ["he_shell", "incendiary_shell"])
def test_100_000_engine_shots_agree_with_the_computed_odds(weapon_id, harris_siege):
    _engine_shots_agree(harris_siege, weapon_id, 100_000)


@pytest.mark.long
def test_10_000_engine_pool_attacks_agree_with_the_computed_odds():
    _engine_pool_agrees(10_000)


@pytest.mark.long
def test_100_000_engine_pool_attacks_agree_with_the_computed_odds():
    _engine_pool_agrees(100_000)


def _engine_shots_agree(siege, weapon_id: str, n: int, odds_modifier: int = 0) -> None:
    wall = siege.structures["wall"]
    wall.dp = 1087  # collapses when the shot takes 75 or more: it depends on the 2D6
    siege.structures["farm"].dp = 20
    target = "wall" if weapon_id == "he_shell" else "town"  # town: 2 in 6 to burn, 11 DP values
    point = _point(siege, target)
    shot = odds.shot_odds(siege, ShotSpec(weapon=siege.weapons[weapon_id], point=point,
                                          range_m=300.0, modifier=odds_modifier))
    dice = RandomDice(2026)
    counts = {s.id: {"collapse": 0, "ignite": 0, "left": {}} for s in shot.structures}
    action = FireAt(weapon_id=weapon_id, at=point, range_m=300.0)
    from siegeboard.geometry.index import StructureIndex
    index = StructureIndex.for_structures(siege.structures)
    for _ in range(n):
        outcome = engine.apply(siege, action, dice, index=index)
        for key, tally in counts.items():
            after = outcome.structures.get(key, (None, siege.structures[key]))[1]
            tally["collapse"] += after.collapsed
            tally["ignite"] += after.fire_level > 0
            tally["left"][after.dp] = tally["left"].get(after.dp, 0) + 1
    for structure in shot.structures:
        tally = counts[structure.id]
        _within(tally["collapse"], n, float(structure.p_collapse), (structure.id, "collapse"))
        _within(tally["ignite"], n, float(structure.p_ignite), (structure.id, "ignite"))
        for value in set(structure.left) | set(tally["left"]):
            _within(tally["left"].get(value, 0), n, float(structure.left.get(value, 0)),
                    (structure.id, "dp", value))
    struck = shot.struck
    assert 0 < struck.p_collapse < 1 or 0 < struck.p_cleared < 1 or weapon_id != "he_shell"


def _engine_pool_agrees(n: int) -> None:
    # The scene's pool (A12) is the engine's way of rolling a Hull attack: 3D6 from a shell
    # (Hull 8, Crit 2, explosive) at a siege tower (Armor 2, Hull 12, burns) with 4 suffered:
    # 6 + Successes + 2 x (Boons // 2) Breaches it from 8; a 6 on the fire's 1D6 lights it.
    siege = armory_siege(("siege_tower", "wall"), batteries=[
        Battery(id="gun", name="Gun", position=(0.0, 50.0), weapon_id="shell")])
    siege.structures["wall"].hull_suffered = 4
    # A14: a scene now takes the clock forward a day, and a tower left burning is Breached by
    # its end; this tower is made not to burn, so the scene is the one pool attack alone.
    siege.structures["wall"].burns = False
    siege.structures["wall"].flags = [f for f in siege.structures["wall"].flags if f != "burns"]
    spec = ShotSpec(weapon=siege.weapons["shell"], point=centre(0), pool=3)
    wall = odds.shot_odds(siege, spec).struck
    dice = RandomDice(7)
    action = ResolveScene(attacks=[SceneAttack(battery_id="gun", target_id="wall", pool=3)])
    seen: dict[int, int] = {}
    breached = burning = 0
    for _ in range(n):
        after = engine.apply(siege, action, dice).structures["wall"][1]
        seen[after.hull_suffered] = seen.get(after.hull_suffered, 0) + 1
        breached += after.ladder == "breached"
        burning += after.burning
    for value in set(seen) | set(wall.left):
        _within(seen.get(value, 0), n, float(wall.left.get(value, 0)), ("suffered", value))
    _within(breached, n, float(wall.p_breached), "breached")
    _within(burning, n, float(wall.p_ignite), "burning")
    assert 0 < wall.p_breached < 1 and wall.p_ignite == 0 and burning == 0
