"""Helpers for the Hull-ruleset (``armory``) tests: sieges built from the catalogue.

Each structure sits on its own 4 x 3 m footprint along y = 0, 10 m apart, so a click at
``centre(i)`` hits the i-th structure and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable

from siegeboard.model import Battery, Siege, Weapon
from siegeboard.rules.build import new_structure
from siegeboard.rules.dice import ScriptedDice
from siegeboard.rules.engine import Outcome, apply_in_place
from siegeboard.rules.registry import catalogue

# Weapons the catalogue does not carry, to pin one property at a time.
TEST_WEAPONS = [
    Weapon(id="shell", name="Shell", hull_damage=8, crit=2, mount="standard", gunpowder=True,
           explosive=True),
    Weapon(id="ballista", name="Ballista", hull_damage=4, crit=3, mount="heavy"),
    Weapon(id="bombard", name="Bombard", hull_damage=9, pierce=0, crit=2, mount="capital",
           gunpowder=True),
    Weapon(id="swivel", name="Swivel gun", hull_damage=3, crit=2, mount="light", gunpowder=True),
]


def footprint(slot: int) -> list[tuple[float, float]]:
    x = 10.0 * slot
    return [(x, 0.0), (x + 4, 0.0), (x + 4, 3.0), (x, 3.0)]


def centre(slot: int) -> tuple[float, float]:
    return (10.0 * slot + 2, 1.5)


def armory_siege(*kinds: tuple[str, str], ladder_mode: str = "hull",
                 batteries: Iterable[Battery] = ()) -> Siege:
    """A siege of (kind, id) structures in slots 0, 1, 2...; names are the ids."""
    structures = {sid: new_structure("armory", kind, sid, footprint(slot), name=sid)
                  for slot, (kind, sid) in enumerate(kinds)}
    weapons = {w.id: w for w in [*catalogue("armory").weapons, *TEST_WEAPONS]}
    siege = Siege(name="Armory test", ruleset="armory", structures=structures, weapons=weapons,
                  batteries={b.id: b for b in batteries})
    siege.options.ladder_mode = ladder_mode
    return siege


def play(siege: Siege, action, dice: Iterable[int] = ()) -> Outcome:
    """Apply ``action`` in place with scripted dice, which must all be used."""
    scripted = ScriptedDice(dice)
    outcome = apply_in_place(siege, action, scripted)
    assert scripted.remaining == 0, f"{scripted.remaining} scripted dice left unused"
    return outcome


def kinds(outcome: Outcome) -> list[str]:
    return [event.kind for event in outcome.events]
