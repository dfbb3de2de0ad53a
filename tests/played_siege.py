"""The siege with secrets on both sides, played a little, that every test of what a side may
see starts from: the players' own devices (tests/share/) and every players' output on paper
and picture (tests/report/test_secrets_everywhere.py).

The sample castle with a hidden defenders' battery, a besiegers' gun and mine, a note only the
GM reads and a named groom in the stables, after two shots (the Great Battery at the stables,
the hidden mortar at the Great Battery) and a minute."""

from __future__ import annotations

from siegeboard.model.actions import AdvanceClock, FireAt
from siegeboard.model.siege import Mine, Siege
from siegeboard.model.structure import Occupant
from siegeboard.model.weapon import Battery
from siegeboard.persist.samples import read_sample
from siegeboard.persist.siege_file import SiegeFile
from siegeboard.rules.context import Outcome
from siegeboard.rules.dice import Dice, RandomDice
from siegeboard.rules.engine import apply_in_place


def played_file() -> SiegeFile:
    """A fresh copy each call: a test that plays on changes only its own."""
    siege_file = read_sample("harris")
    siege = siege_file.siege
    siege.batteries["hidden-mortar"] = Battery(
        id="hidden-mortar", name="Hidden Mortar", position=(60.0, 40.0), weapon_id="he_shell",
        side="defender")
    siege.batteries["sapper-gun"] = Battery(
        id="sapper-gun", name="Sapper Gun", position=(20.0, 90.0), weapon_id="rifle")
    siege.mines["sapper-mine"] = Mine(id="sapper-mine", structure_id="keep", days_needed=5)
    stables = siege.structures["stables"]
    siege.structures["stables"] = stables.model_copy(update={
        "gm_notes": "A secret note",
        "occupants": [*stables.occupants, Occupant(name="Groom Dickon")]})
    dice = RandomDice(7)
    great = siege.batteries["great-battery"].position
    fire(siege, dice, at=(47.0, 60.0), target="stables")
    apply_in_place(siege, FireAt(weapon_id="he_shell", battery_id="hidden-mortar",
                                 at=great, range_m=80.0), dice)
    apply_in_place(siege, AdvanceClock(turns=12), dice)
    return siege_file


def fire(siege: Siege, dice: Dice, at: tuple[float, float] = (78.0, 78.0),
         target: str | None = None) -> Outcome:
    """The Great Battery's HE shell at ``at`` (``target``: the structure aimed at)."""
    return apply_in_place(siege, FireAt(weapon_id="he_shell", battery_id="great-battery",
                                        at=at, target_id=target), dice)
