"""Option values read and checked the same way by every subcommand: points, dice, views, a
table's item by id or name, and numbers within the bounds of ``model.bounds`` (RULINGS R3)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Mapping
from typing import Any

from siegeboard.cli.command import CommandError
from siegeboard.model import bounds as limits
from siegeboard.model.siege import Siege
from siegeboard.model.weapon import MAX_RANGE_M, Battery, Weapon
from siegeboard.persist.siege_file import SiegeFile
from siegeboard.report.bounds import board_bounds, contains
from siegeboard.rules.arsenal import available_weapons, find_weapon


def numbers(text: str, option: str, form: str, example: str,
            count: int | None = None) -> list[float]:
    """Comma-separated numbers for ``option``; the error shows ``form`` and an example."""
    problem = CommandError(f"{option}: {text!r} is not {form} (e.g. {option} {example})")
    try:
        values = [float(part) for part in text.split(",")]
    except ValueError:
        raise problem from None
    if not all(math.isfinite(value) for value in values) or (count and len(values) != count):
        raise problem
    return values


def parse_point(text: str) -> tuple[float, float]:
    """"120,45" -> (120.0, 45.0): a point in map metres."""
    x, y = numbers(text, "--at", "X,Y in metres", "120,45", count=2)
    return x, y


def parse_dice(text: str) -> list[int]:
    """"3,5,1" -> [3, 5, 1]: the dice rolled at the table, in the order the rules ask."""
    form = "dice values separated by commas, each a whole number 1 or more"
    if not text.strip():
        raise CommandError("--dice: no dice given; give them in order (e.g. --dice 3,5,1), "
                           "or leave --dice out to have them rolled")
    values = numbers(text, "--dice", form, "3,5,1")
    if any(value != int(value) or value < 1 for value in values):
        raise CommandError(f"--dice: {text!r} is not {form} (e.g. --dice 3,5,1)")
    return [int(value) for value in values]


def parse_view(text: str) -> tuple[float, float, float, float]:
    """"0,0,120,80" -> a box of the map in metres, its maximum beyond its minimum."""
    form = "MINX,MINY,MAXX,MAXY in metres with MAXX > MINX and MAXY > MINY"
    minx, miny, maxx, maxy = numbers(text, "--view", form, "0,0,120,80", count=4)
    if maxx <= minx or maxy <= miny:
        raise CommandError(f"--view: {text!r} is not {form} (e.g. --view 0,0,120,80)")
    return minx, miny, maxx, maxy


def find_named(table: Mapping[str, Any], wanted: str, what: str, option: str) -> Any:
    """The item of ``table`` whose id or name is ``wanted`` (case-insensitive)."""
    wanted_folded = wanted.strip().casefold()
    for item in table.values():
        if item.id.casefold() == wanted_folded:
            return item
    matches = [item for item in table.values() if item.name.casefold() == wanted_folded]
    if len(matches) == 1:
        return matches[0]
    known = ", ".join(f"{item.id} ({item.name})" for item in table.values()) or "none"
    if matches:
        raise CommandError(f"{option}: {len(matches)} {what}s are named {wanted!r}; give the id: "
                           f"{', '.join(item.id for item in matches)}")
    raise CommandError(f"{option}: no {what} {wanted!r} in this siege; its {what}s are: {known}")


def choose_weapon(siege: Siege, wanted: str | None, battery: Battery | None) -> Weapon:
    """The weapon a shot is fired with: ``--weapon`` by id or name among the weapons the siege
    can use (its own, then the catalogue's), else ``battery``'s; a weapon that cannot be found
    is one plain ``CommandError`` naming the option, never a ``KeyError``."""
    if wanted:
        table = {weapon.id: weapon for weapon, _own in available_weapons(siege)}
        weapon: Weapon = find_named(table, wanted, "weapon", "--weapon")
        return weapon
    if battery is None:
        raise CommandError("--weapon: name the weapon (its id or name), or give --battery")
    found = find_weapon(siege, battery.weapon_id)
    if found is None:
        raise CommandError(f"--battery: {battery.name}'s weapon {battery.weapon_id!r} is not in "
                           "this siege; give --weapon")
    return found


def aimed_shot(args: argparse.Namespace, siege_file: SiegeFile
               ) -> tuple[Battery | None, Weapon, tuple[float, float]]:
    """A shot's ``--battery``, ``--weapon``, ``--at`` and ``--range``, read and checked in this
    order by every command that fires or weighs a shot: the battery (or None), the weapon and
    the point on the map."""
    siege = siege_file.siege
    battery = (find_named(siege.batteries, args.battery, "battery", "--battery")
               if args.battery else None)
    weapon = choose_weapon(siege, args.weapon, battery)
    at = point_on_map(args.at, siege, siege_file.images)
    check_range(args.range)
    return battery, weapon, at


def within(option: str, value: float, low: float, high: float, what: str) -> None:
    """Refuse ``value`` outside ``low..high`` (RULINGS R3), naming the option and the bound;
    NaN is refused too."""
    if not low <= value <= high:
        if isinstance(value, int):
            shown = f"{value:,}" if abs(value) < 10**15 else f"{value:.3e}"
        else:
            shown = f"{value:g}"
        raise CommandError(f"{option}: {shown} is out of bounds: {what} run from {low:,} to "
                           f"{high:,}")


def point_on_map(text: str, siege: Siege, images: dict[str, bytes]) -> tuple[float, float]:
    """``--at X,Y`` read and refused when off the board (its plan and its structures)."""
    at = parse_point(text)
    bounds = board_bounds(siege, images)
    if not contains(bounds, at):
        raise CommandError(
            f"--at: ({at[0]:g}, {at[1]:g}) is off the map, which spans x {bounds[0]:g} to "
            f"{bounds[2]:g} m and y {bounds[1]:g} to {bounds[3]:g} m")
    return at


def check_range(range_m: float | None) -> None:
    """``--range``: none, or 0 to the longest range a weapon may have (NaN is refused)."""
    if range_m is not None and not 0 <= range_m <= MAX_RANGE_M:
        raise CommandError(f"--range: {range_m:g} m; a range is 0 to {MAX_RANGE_M:,.0f} m")


def check_shot_figures(modifier: int, successes: int, boons: int,
                       pool: int | None = None) -> None:
    """A shot's GM modifier, Successes, Boons and dice pool within ``model.bounds``."""
    within("--modifier", modifier, limits.MODIFIER_MIN, limits.MODIFIER_MAX, "the GM's modifiers")
    within("--successes", successes, 0, limits.SUCCESSES_MAX, "Successes")
    within("--boons", boons, 0, limits.BOONS_MAX, "Boons")
    if pool is not None:
        within("--pool", pool, 0, limits.POOL_MAX, "dice pools")
