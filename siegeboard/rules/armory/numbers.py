"""The Hull ruleset, "The Heavy Armory, Chapter 5: Structures" (id ``armory``): pure functions.

Damage of a hit (A2), effective Armor (A3), the Breach Ladder in both modes (A4), blast
against earth (A9), demolition charges (A7) and mines (A8). Nothing here touches a siege or
rolls a die: the engine's handlers in ``armory.actions`` do that. Every function checks its
input and raises ``ValueError`` naming the bad value, never returning a wrong number.
"""

from __future__ import annotations

from collections.abc import Sequence

from siegeboard.model.numbers import half_up, whole_number
from siegeboard.model.structure import HullLayer, LadderStep, Structure
from siegeboard.model.weapon import MOUNT_ORDER, Weapon
from siegeboard.rules.armory.escalade import Escalade, EscaladeRow, escalade_table
from siegeboard.rules.armory.layers import fully_breached
from siegeboard.rules.messages import _
from siegeboard.rules.words import ladder_word, mount_word

__all__ = [
    "Escalade", "EscaladeRow", "LADDER", "MINE_HULL_DAMAGE", "blast_applies", "boon_extra",
    "charges_damage", "door_or_gate", "effective_armor", "escalade_table", "fully_breached",
    "halve_blast", "hit_damage", "ladder_after_burning", "ladder_after_hit", "ladder_as_written",
    "ladder_state", "mine_days", "passage",
    "section_effects", "suffer", "weapon_marks", "worse",
]

LADDER: tuple[LadderStep, ...] = ("intact", "cracked", "breached")
MINE_HULL_DAMAGE = 20  # A8: fixed by the text, whatever the mine's catalogue entry says
SLIT_BANE_DICE = 3  # A3: a hit through a pillbox's firing slit



def _step(name: str, value: object) -> LadderStep:
    if value not in LADDER:
        raise ValueError(f"{name} must be one of {', '.join(LADDER)}, not {value!r}")
    return value


def hit_damage(hull_damage: int, successes: int, armor: int, *, pierce: int = 0, boons: int = 0,
               crit: int = 0) -> int:
    """A2: max(0, Hull damage + Successes + 2 x floor(Boons / Crit) - max(0, armor - Pierce)).

    ``armor`` is the section's Armor after its own modifiers (Cracked, vulnerable to guns,
    bunker, slit: see ``effective_armor``); the weapon's Pierce is taken here. Crit 0 means
    the weapon has no Crit, so Boons add nothing. Structures take no critical hits.
    """
    whole_number("hull_damage", hull_damage)
    whole_number("successes", successes)
    whole_number("armor", armor)
    whole_number("pierce", pierce)
    return max(0, hull_damage + successes + boon_extra(boons, crit) - max(0, armor - pierce))


def boon_extra(boons: int, crit: int) -> int:
    """A2: 2 extra Hull damage for each full Crit's worth of Boons (0 when Crit is 0)."""
    whole_number("boons", boons)
    whole_number("crit", crit)
    return 2 * (boons // crit) if crit else 0


def hull_words(suffered: int, hull: int, ladder: str | None = None) -> str:
    """Hull written the one way the program writes it: "Hull suffered 3 of 20", with the
    ladder's step when given ("Hull suffered 3 of 20, Cracked")."""
    words = _("Hull suffered {suffered} of {hull}").format(suffered=suffered, hull=hull)
    return _("{words}, {ladder}").format(words=words, ladder=ladder_word(ladder)) if ladder \
        else words


def ladder_state(suffered: int, hull: int) -> LadderStep:
    """A4 by Hull suffered: under half Intact, half or more Cracked, all of it Breached."""
    whole_number("suffered", suffered)
    whole_number("hull", hull, 1)
    if suffered >= hull:
        return "breached"
    if 2 * suffered >= hull:
        return "cracked"
    return "intact"


def worse(first: LadderStep, second: LadderStep) -> LadderStep:
    """The lower of two steps of the ladder (Breached is the lowest)."""
    return LADDER[max(LADDER.index(_step("first", first)), LADDER.index(_step("second", second)))]


def ladder_as_written(current: LadderStep, damage: int, hull: int) -> LadderStep:
    """A4 *option* "ladder as written": a hit of at least half the Hull moves one step down.

    Smaller hits do nothing, and no hit moves more than one step.
    """
    index = LADDER.index(_step("current", current))
    whole_number("damage", damage)
    whole_number("hull", hull, 1)
    if damage > 0 and 2 * damage >= hull:
        return LADDER[min(index + 1, len(LADDER) - 1)]
    return LADDER[index]


def ladder_after_burning(current: LadderStep, burned_before: int, burned_after: int, hull: int,
                         *, can_breach: bool = True) -> LadderStep:
    """A4 *option* "ladder as written", burning (A10) counted on its own: each half of the
    section's Hull burned since it caught fire moves it one step down (Hull 6: at 3 and 6
    burned; Hull 5: at 3 and 5). Hits do not count here, nor does burning count as a hit.
    ``can_breach`` False (an earth rampart, A9) stops at Cracked."""
    index = LADDER.index(_step("current", current))
    whole_number("burned_before", burned_before)
    whole_number("burned_after", burned_after)
    whole_number("hull", hull, 1)
    steps = (2 * burned_after) // hull - (2 * burned_before) // hull
    index = min(len(LADDER) - 1, index + max(0, steps))
    if not can_breach and LADDER[index] == "breached" and current != "breached":
        index = LADDER.index("cracked")
    return LADDER[index]


def ladder_after_hit(current: LadderStep, suffered_after: int, damage: int, hull: int,
                     mode: str) -> LadderStep:
    """The step after ``damage``: by Hull suffered (``"hull"``) or as written; never higher."""
    if mode == "hull":
        return worse(current, ladder_state(suffered_after, hull))
    if mode == "as_written":
        return ladder_as_written(current, damage, hull)
    raise ValueError(f"ladder_mode must be 'hull' or 'as_written', not {mode!r}")


def suffer(layer: HullLayer, damage: int, *, mode: str, can_breach: bool = True) -> HullLayer:
    """``layer`` after ``damage`` Hull damage; a new layer, the old one is left alone.

    Hull suffered stops at the Hull (damage does not carry to a layer behind, A5). When
    ``can_breach`` is False (an earth rampart hit by anything but a mine, A9) suffered stops
    one short of the Hull and the ladder at Cracked. The ladder never climbs back here.
    """
    whole_number("damage", damage)
    ceiling = layer.hull if can_breach else max(layer.suffered, layer.hull - 1)
    suffered = max(layer.suffered, min(ceiling, layer.suffered + damage))
    step = ladder_after_hit(layer.ladder, suffered, damage, layer.hull, mode)
    if not can_breach and step == "breached" and layer.ladder != "breached":
        step = "cracked"
    return layer.model_copy(update={"suffered": suffered, "ladder": step})


def _mount_at_least(weapon: Weapon, mount: str) -> bool:
    return MOUNT_ORDER.index(weapon.mount) >= MOUNT_ORDER.index(mount)


def weapon_marks(structure: Structure, weapon: Weapon | None) -> bool:
    """A3: False when a reinforced concrete block (``heavy_only``) is fired at from below
    Heavy mount: such a hit deals 0. Set charges (``weapon`` None) are not fired and mark it."""
    return (weapon is None or not structure.has_flag("heavy_only")
            or _mount_at_least(weapon, "heavy"))


def effective_armor(structure: Structure, weapon: Weapon | None, *, through_slit: bool = False,
                    layer: HullLayer | None = None) -> tuple[int, list[str]]:
    """A3: the Armor a hit meets, before the weapon's Pierce, and the parts that made it.

    ``weapon`` None is a set charge (A7): only the section's own state (Cracked) applies.
    ``layer`` is the layer hit (a portcullis behind a gate, A5), by default the structure's
    own Armor and step; the structure's flags apply to every layer. Parts read like "Armor 4",
    "vulnerable to guns -2 (gunpowder, Standard mount)"; never below 0. A hit ``through_slit``
    of a structure without a firing slit is refused.
    """
    armor = structure.armor if layer is None else layer.armor
    step = structure.ladder if layer is None else layer.ladder
    parts = [_("Armor {armor}").format(armor=armor)]
    if through_slit:
        if not structure.has_flag("slit"):
            raise ValueError(f"through_slit: {structure.name} has no firing slit")
        return 0, parts + [_("through the firing slit: Armor 0 (the attack has "
                             "{slit_bane_dice} Bane Dice)").format(
            slit_bane_dice=SLIT_BANE_DICE)]
    if step != "intact":
        armor -= 1
        parts.append(_("{step} -1").format(step=ladder_word(step)))
    if weapon is not None:
        if (structure.has_flag("vulnerable_to_guns") and weapon.gunpowder
                and _mount_at_least(weapon, "standard")):
            armor -= 2
            parts.append(_("vulnerable to guns -2 (gunpowder, {mount} mount)").format(
                mount=mount_word(weapon.mount)))
        if structure.has_flag("indirect_ignores_1") and weapon.indirect:
            armor -= 1
            parts.append(_("indirect fire ignores 1"))
    return max(0, armor), parts


def blast_applies(structure: Structure, weapon: Weapon | None) -> bool:
    """A9: an explosive weapon's damage against an earth rampart or sandbag wall is halved."""
    return weapon is not None and weapon.explosive and structure.has_flag("blast_halved")


def halve_blast(damage: int) -> int:
    """A9: blast damage halved, half up (5 -> 3)."""
    return half_up(whole_number("damage", damage))


def charges_damage(hull_damages: Sequence[int], *, doubled: bool = False) -> int:
    """A7: charges set together add their Hull damage; on a bridge's pier (``doubled``) x2."""
    if not hull_damages:
        raise ValueError("charges: at least one charge is needed")
    total = sum(whole_number("charge hull_damage", value) for value in hull_damages)
    return 2 * total if doubled else total


def mine_days(armor: int) -> int:
    """A8: digging takes a day for each point of the section's Armor."""
    return whole_number("armor", armor)


def passage(structure: Structure) -> bool:
    """A door or gate: Breached means the way is open."""
    return any(structure.has_flag(flag) for flag in ("petard_opens", "kick_opens", "portcullis"))


def door_or_gate(structure: Structure) -> bool:
    """A6: what a Petard or Breaching Charge opens with no arithmetic, in both ladder modes:
    any door or gate (interior door, iron-bound door, castle gate, one layer of a gate with a
    portcullis). The same structures as ``passage``: Breached, each is a way through."""
    return passage(structure)


def section_effects(structure: Structure) -> list[str]:
    """What the state means at the table (A4): "cover lost" once Cracked, then "difficult
    ground" (or "impassable" for a bridge) and "way open" (doors, gates) once Breached."""
    effects = []
    if structure.ladder != "intact":
        effects.append("cover lost")
    if fully_breached(structure):
        effects.append("impassable" if structure.has_flag("breach_impassable")
                       else "difficult ground")
        if passage(structure):
            effects.append("way open")
    return effects
