""""Sieges and Fortifications" as the program's ``Ruleset``: actions, settings, how a
structure's state reads under defensive points, and its figures."""

from __future__ import annotations

import functools

from shapely.geometry import Polygon

from siegeboard.geometry import footprint_squares, shape_of, square_of, squares_of_area
from siegeboard.model.siege import RulesetOptions, Siege
from siegeboard.model.structure import Structure
from siegeboard.model.weapon import RangeBand, Weapon
from siegeboard.rules import words
from siegeboard.rules.harris import actions, numbers, odds, rounds, shot
from siegeboard.rules.messages import N_, _, ngettext
from siegeboard.rules.ruleset import (
    PATTERNS,
    Column,
    Figure,
    OverrideField,
    Ruleset,
    Setting,
    StructureState,
)


def blast_squares(weapon: Weapon, point: tuple[float, float], origin: tuple[float, float],
                  falloff: numbers.Falloff) -> list[tuple[tuple[int, int], int]]:
    """The 10 m squares a burst at ``point`` reaches and the concussion in each (H6: the
    Chebyshev distance in squares from the burst's square); [] for a weapon with no blast."""
    if not weapon.explosive or weapon.concussion <= 0:
        return []
    reach = numbers.concussion_reach(weapon.concussion, falloff=falloff)
    column, row = square_of(point, origin)
    values = {d: numbers.concussion_at(weapon.concussion, d, falloff=falloff)
              for d in range(reach + 1)}
    return [((column + dc, row + dr), values[max(abs(dc), abs(dr))])
            for dc in range(-reach, reach + 1) for dr in range(-reach, reach + 1)
            if values[max(abs(dc), abs(dr))]]


def state_word(structure: Structure) -> str:
    """intact, damaged, collapsed or cleared."""
    return _word(structure.cleared, structure.collapsed, structure.dp, structure.dp_original)


def _word(cleared: bool, collapsed: bool, dp: int, dp_original: int) -> str:
    if cleared:
        return "cleared"
    if collapsed:
        return "collapsed"
    return "intact" if dp == dp_original else "damaged"


def _badge(fire_level: int, out_of_control: bool) -> str:
    """"F3" for a fire at level 3, "F3!" out of control, "" when not burning."""
    if fire_level <= 0:
        return ""
    return f"F{fire_level}" + ("!" if out_of_control else "")


_MARKS = {"collapsed": N_("Collapsed"), "cleared": N_("Cleared")}  # shown through ``_``


@functools.lru_cache(maxsize=4096)
def _state(cleared: bool, collapsed: bool, dp: int, dp_original: int, fire_level: int,
           out_of_control: bool, people: int, trapped: int) -> StructureState:
    """The state of a structure with these figures: one shared (frozen) value for each, as
    a town's houses mostly read alike (a scene or a table of 50,000 asks 50,000 times)."""
    word = _word(cleared, collapsed, dp, dp_original)
    health = 1.0 if dp_original <= 0 else max(0.0, min(1.0, dp / dp_original))
    return StructureState(
        word=word,
        players_word="collapsed" if word in ("collapsed", "cleared") else word,
        health=health,
        alarm="breached" if word == "collapsed" else "",
        mark=_MARKS.get(word, ""),
        pattern=PATTERNS[word],
        fire=_badge(fire_level, out_of_control),
        wild_fire=out_of_control and fire_level > 0,
        cleared=cleared,
        people=people, trapped=trapped)


class HarrisRuleset(Ruleset):
    id = "harris"
    title_text = N_("Sieges and Fortifications")
    short = "DP"
    package = "siegeboard.rules.harris"
    handlers = actions.HANDLERS
    settings = (
        Setting("concussion_falloff", N_("Concussion fall-off"), {
            "halving": N_("C / 2^d, halved each square (ruling H6, default)"),
            "one_over_d_plus_1": N_("C / (d + 1) (ruling H6 option)")}),
        Setting("burn_damage_every", N_("Out-of-control fire burns"), {
            "minute": N_("every minute (ruling H9, default)"),
            "turn": N_("every turn (ruling H9 option)")}),
        Setting("harris_section_m", N_("Wall section length")),
    )
    fire_inputs = frozenset({"modifier"})
    make_fields = frozenset({"stories"})
    weapon_fields = frozenset({"range_bands", "damage", "concussion", "explosive",
                               "incendiary", "small_arm", "large_calibre"})
    needs_range = True
    # A battle map's walls are a building's (stone, one story), not a curtain wall's.
    import_kinds = {"wall_kind": "stone_house", "building_kind": "stone_house",
                    "object_kind": "stone_house", "door_kind": "wooden_door",
                    "gate_kind": "wooden_gate"}
    override_fields = (
        OverrideField("dp", N_("DP"), "count"),
        OverrideField("collapsed", N_("Collapsed"), "flag"),
        OverrideField("cleared", N_("Cleared"), "flag"),
        OverrideField("fire_level", N_("Fire level"), "count"),
        OverrideField("out_of_control", N_("Out of control"), "flag"),
    )
    figures = (Figure("av", N_("AV"), 0.7), Figure("dp", N_("DP / original"), 1.6))
    story_m = numbers.STORY_M
    sample = "castle.siege"

    def section_length(self, options: RulesetOptions) -> float:
        return options.harris_section_m

    def stories_from_height(self, height_m: float) -> int:
        return numbers.stories_from_height(height_m)

    def override_limits(self, structure: Structure, layer: str = "outer") -> dict[str, int]:
        return {"dp": structure.dp_original}

    def is_charge(self, weapon: Weapon) -> bool:
        # Any explosive can be set by hand: it then hits like a round at range 0.
        return super().is_charge(weapon) or weapon.explosive

    def new_weapon(self, weapon_id: str, name: str) -> Weapon:
        return Weapon(id=weapon_id, name=name,
                      range_bands=[RangeBand(up_to_m=500, penetration=10)])

    def shot_preview(self, siege: Siege, weapon: Weapon, point: tuple[float, float],
                     range_m: float | None) -> tuple[list[str], list[tuple[tuple[int, int], int]]]:
        parts = []
        if range_m is None:
            parts.append(_("type a range"))
        else:
            band = weapon.band_for(range_m)
            parts.append(_("band up to {up_to_m:g} m, penetration {penetration}").format(
                up_to_m=band.up_to_m, penetration=band.penetration)
                         if band is not None else _("OUT OF RANGE"))
        cells = blast_squares(weapon, point, siege.grid_origin, siege.options.concussion_falloff)
        if cells:
            reach = numbers.concussion_reach(weapon.concussion,
                                             falloff=siege.options.concussion_falloff)
            parts.append(_("blast: concussion {concussion}, reaches {reach} squares").format(
                concussion=weapon.concussion, reach=reach))
        return parts, cells

    def state(self, structure: Structure) -> StructureState:
        return _state(structure.cleared, structure.collapsed, structure.dp,
                      structure.dp_original, structure.fire_level, structure.out_of_control,
                      len(structure.occupants), structure.trapped_count)

    def legend_states(self, players: bool) -> list[tuple[str, float]]:
        if players:
            return [("intact", 1.0), ("damaged", 0.55), ("collapsed", 0.0)]
        return [("intact", 1.0), ("damaged", 0.6), ("collapsed", 0.4), ("cleared", 0.0)]

    def legend_marks(self) -> list[tuple[str, str]]:
        return [("collapsed", _("Collapsed (hatched, red plate and ring): rubble, AV halved "
                                "(rounded up)")),
                ("cleared", _("Cleared: DP 0, the rubble is gone, no cover"))]

    def legend_fires(self) -> list[tuple[str, bool, str]]:
        return [("F3", False, _("fire at level 3: can be fought")),
                ("F7!", True, _("out of control (ringed, !): burns DP each minute, spreads, "
                                "cannot be put out"))]

    def columns(self) -> tuple[Column, Column]:
        return (Column(_("DP"), lambda s: (f"{s.dp}/{s.dp_original}", s.dp)),
                Column(_("Fire"), lambda s: (str(s.fire_level) if s.fire_level else "",
                                          s.fire_level)))

    def table_figures(self, structure: Structure,
                      shape: Polygon | None = None) -> dict[str, object]:
        squares = (footprint_squares(shape_of(structure)) if shape is None
                   else squares_of_area(shape.area))
        return {"av": structure.armor, "squares": squares,
                "stories": structure.stories, "dp": f"{structure.dp}/{structure.dp_original}",
                "fire": structure.fire_level}

    def paper_text(self, structure: Structure, players: bool) -> dict[str, str]:
        fire = ""
        if structure.fire_level:
            fire = _("burning") if players else (
                _("{level}, out of control").format(level=structure.fire_level)
                if structure.out_of_control else f"{structure.fire_level}")
        return {"dp": f"{structure.dp} / {structure.dp_original}", "fire": fire}

    def fire_title(self, players: bool) -> str:
        return _("Fire") if players else _("Fire level")

    def inspector_lines(self, structure: Structure) -> list[str]:
        state = words.state_word(state_word(structure))
        return [_("DP {dp}/{dp_original}").format(dp=structure.dp,
                                                  dp_original=structure.dp_original),
                _("State {state}, fire level {fire_level}").format(
                    state=state, fire_level=structure.fire_level) if structure.fire_level
                else _("State {state}").format(state=state)]

    def construction_line(self, structures: list[Structure]) -> str:
        """H11: months = DP / 100, cost = 400 x DP, of the original DP (the whole structure);
        for several, of their sum: "Construction 2 months, cost 80,000"."""
        if not structures:
            return ""
        months, cost = numbers.construction(sum(s.dp_original for s in structures))
        what = (_("Construction") if len(structures) == 1
                else _("Construction of all {count}").format(count=len(structures)))
        shown = f"{months:,.2f}".removesuffix(".00")
        if "." in shown:
            shown = shown.removesuffix("0")
        line = (_("{what}: {shown} month, cost {cost:,}") if months == 1
                else _("{what}: {shown} months, cost {cost:,}"))
        return line.format(what=what, shown=shown, cost=cost)

    def change_line(self, before: Structure | None, after: Structure | None) -> str:
        if before is None or after is None:
            return ""
        parts = []
        if after.dp != before.dp:
            parts.append(_("DP {before} -> {after}").format(before=before.dp, after=after.dp))
        if after.fire_level != before.fire_level:
            parts.append((_("fire level {before} -> {after} (out)") if after.fire_level == 0
                          else _("fire level {before} -> {after}")).format(
                before=before.fire_level, after=after.fire_level))
        if after.out_of_control and not before.out_of_control:
            parts.append(_("out of control"))
        if after.collapsed and not before.collapsed:
            parts.append(_("collapsed"))
        if after.cleared and not before.cleared:
            parts.append(_("cleared"))
        return _("{name}: {changes}").format(name=after.name, changes=", ".join(parts)) \
            if parts else ""

    def fires_summary(self, structures: list[Structure]) -> str:
        fires = [s for s in structures if s.fire_level > 0]
        if not fires:
            return _("No fire")
        wild = sum(1 for s in fires if s.out_of_control)
        return ngettext("{count} fire, {wild} out of control",
                        "{count} fires, {wild} out of control", len(fires)).format(
            count=len(fires), wild=wild)

    def breached(self, structure: Structure) -> bool:
        return structure.collapsed

    shot_effects = staticmethod(shot.shot_effects)

    def shot_odds(self, siege, spec, index, target_id):
        return odds.shot_odds(siege, spec, index, target_id)

    def rounds_to_fall(self, siege, spec, target_id, index, *, interval_turns, max_hits,
                       trials, seed):
        return rounds.rounds_to_fall(siege, spec, target_id, index,
                                     interval_turns=interval_turns, max_hits=max_hits,
                                     trials=trials, seed=seed)

    def bombardment(self, siege, shots, index, *, hits, interval_turns, trials, seed):
        return rounds.bombardment(siege, [rounds.Battery(spec, target) for spec, target in shots],
                                  index, hits=hits, interval_turns=interval_turns,
                                  trials=trials, seed=seed)

    def bombardment_line(self, structure_id, left):
        if left["dp_mean"] == left["dp_now"] and not left["p_burning"]:
            return ""
        return _("{name} ({id}): DP {now} -> mean {mean:.0f}; collapsed {collapse:.0f}%, "
                 "burning {burning:.0f}%").format(
            name=left["name"], id=structure_id, now=left["dp_now"], mean=left["dp_mean"],
            collapse=100 * left["p_collapse"], burning=100 * left["p_burning"])


HARRIS = HarrisRuleset()
