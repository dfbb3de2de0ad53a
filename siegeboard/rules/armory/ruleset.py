""""The Heavy Armory, Chapter 5" as the program's ``Ruleset``: actions, settings, how a
section's state reads on the Breach Ladder, and its figures."""

from __future__ import annotations

from typing import Any, get_args

from shapely.geometry import Polygon

from siegeboard.model.siege import RulesetOptions
from siegeboard.model.structure import LadderStep, Structure
from siegeboard.rules.armory import actions, mines, odds, shot
from siegeboard.rules.armory.escalade import escalade_table
from siegeboard.rules.armory.numbers import fully_breached, hull_words
from siegeboard.rules.messages import N_, _
from siegeboard.rules.ruleset import (
    PATTERNS,
    Alarm,
    Column,
    Figure,
    OverrideField,
    Ruleset,
    Setting,
    StructureState,
)
from siegeboard.rules.words import ladder_word


def state_word(structure: Structure) -> str:
    """The ladder step, and the inner layer's behind it: "breached / portcullis intact"."""
    if structure.inner_layer is not None:
        inner = structure.inner_layer
        return f"{structure.ladder} / {inner.name.lower()} {inner.ladder}"
    return structure.ladder


def players_word(structure: Structure) -> str:
    """intact, damaged or breached: a gate with a portcullis is breached only when both
    layers are."""
    layers = [structure.ladder] + (
        [structure.inner_layer.ladder] if structure.inner_layer is not None else [])
    if all(step == "breached" for step in layers):
        return "breached"
    return "intact" if all(step == "intact" for step in layers) else "damaged"


def mark_and_alarm(structure: Structure) -> tuple[str, Alarm]:
    """The map's plate and its alarm: "Cracked" or "Breached" for one layer; for a gate
    whose portcullis still stands behind it (A5), what the table says, "Gate breached,
    portcullis holds", on the crack's yellow plate (the way is not open yet)."""
    step = structure.ladder
    inner = structure.inner_layer
    if step == "breached" and inner is not None and inner.ladder != "breached":
        plate = (_("Gate breached, {layer} holds") if inner.ladder == "intact"
                 else _("Gate breached, {layer} cracked, holds"))
        return plate.format(layer=inner.name.lower()), "cracked"
    return {"cracked": N_("Cracked"), "breached": N_("Breached")}.get(step, ""), \
        "" if step == "intact" else step


class ArmoryRuleset(Ruleset):
    id = "armory"
    title_text = N_("The Heavy Armory")
    short = N_("Hull")  # shown through ``_``
    package = "siegeboard.rules.armory"
    handlers = {**actions.HANDLERS, **mines.HANDLERS}
    settings = (
        Setting("ladder_mode", N_("Breach Ladder"), {
            "hull": N_("by Hull suffered (ruling A4, default)"),
            "as_written": N_("as written: each hit of half the Hull is one step (ruling A4 "
                             "option)")}),
        Setting("armory_section_m", N_("Wall section length")),
        Setting("armory_repair", N_("Repair (house rule, A13)"), {
            "True": N_("on: an Average task, 1 Hull a worker, 2 on an outstanding success"),
            "False": N_("off: sections cannot be repaired")},
            tip_text=N_("The chapter has no repair: this is a house rule (ruling R1)."),
            house_rule=True),
        Setting("scene_pool", N_("Scene dice pool (house rule, A12)"), {
            "True": N_("on: Successes and Boons may be rolled from a pool of D6"),
            "False": N_("off: the GM enters Successes and Boons")},
            tip_text=N_("The chapter gives no pool: this is a house rule (ruling R1)."),
            house_rule=True),
        Setting("scene_pool_success", N_("Scene pool: a Success on (house rule, A12)"), {
            "2": N_("2 or more"), "3": N_("3 or more"), "4": N_("4 or more"),
            "5": N_("5 or more (default)"), "6": N_("6 or more")},
            tip_text=N_("Each die of this or more is a Success; each 6 also a Boon."),
            house_rule=True),
    )
    fire_inputs = frozenset({"successes", "boons", "through_slit"})
    make_fields = frozenset({"hull"})
    weapon_fields = frozenset({"hull_damage", "pierce", "crit", "mount", "role", "gunpowder",
                               "indirect"})
    needs_range = False
    pier_charges = True
    has_escalade = True
    repair_is_house_rule = True
    import_kinds = {"wall_kind": "brick_house", "building_kind": "brick_house",
                    "object_kind": "brick_house", "door_kind": "interior_door",
                    "gate_kind": "castle_gate"}
    override_fields = (
        OverrideField("hull_suffered", N_("Hull suffered"), "count"),
        OverrideField("ladder", N_("Ladder"), "choice", get_args(LadderStep)),
        OverrideField("burning", N_("Burning"), "flag"),
    )
    figures = (Figure("armor", N_("Armor"), 0.9), Figure("hull", N_("Hull suffered"), 1.4))
    sample = "castle_armory.siege"

    def section_length(self, options: RulesetOptions) -> float:
        return options.armory_section_m

    # -- the GM's hand (A5: a gate's portcullis is a layer of its own) ---------------------
    def override_layers(self, structure: Structure) -> tuple[tuple[str, str], ...]:
        if structure.inner_layer is None:
            return ()
        return ((_("Gate"), "outer"), (structure.inner_layer.name, "inner"))

    def _layer(self, structure: Structure, layer: str) -> tuple[int, int, str]:
        """(hull, suffered, ladder) of ``layer`` of ``structure``."""
        inner = structure.inner_layer
        if layer == "inner" and inner is not None:
            return inner.hull, inner.suffered, inner.ladder
        return structure.hull, structure.hull_suffered, structure.ladder

    def override_values(self, structure: Structure, layer: str = "outer") -> dict[str, Any]:
        _hull, suffered, ladder = self._layer(structure, layer)
        return {"hull_suffered": suffered, "ladder": ladder, "burning": structure.burning}

    def override_limits(self, structure: Structure, layer: str = "outer") -> dict[str, int]:
        return {"hull_suffered": self._layer(structure, layer)[0]}

    # -- escalade (A11) -------------------------------------------------------------------
    def escalade_refusal(self, structure: Structure) -> str:
        if "wall" in structure.kind:  # walls are climbed, not towers or houses
            return ""
        entry = self.catalogue.kinds.get(structure.kind)
        return (_("Escalade is for a wall section; {structure} is {lower}.").format(
            structure=structure.name,
            lower=(entry.name if entry else structure.kind).lower()))

    def escalade_lines(self, structure: Structure, *, ladders: int, siege_towers: int,
                       grapnels: int, defenders_at_top: bool) -> list[str]:
        return escalade_table(structure, ladders=ladders, siege_towers=siege_towers,
                              grapnels=grapnels, defenders_at_top=defenders_at_top).lines()

    def state(self, structure: Structure) -> StructureState:
        step = structure.ladder
        mark, alarm = mark_and_alarm(structure)
        return StructureState(
            word=state_word(structure), players_word=players_word(structure),
            health=max(0.0, 1.0 - structure.hull_suffered / structure.hull),
            alarm=alarm, mark=mark,
            pattern=PATTERNS[step],
            fire=N_("Fire") if structure.burning else "",  # shown through ``_``
            people=len(structure.occupants), trapped=structure.trapped_count)

    def legend_states(self, players: bool) -> list[tuple[str, float]]:
        if players:
            return [("intact", 1.0), ("damaged", 0.55), ("breached", 0.0)]
        return [("intact", 1.0), ("cracked", 0.5), ("breached", 0.0)]

    def legend_marks(self) -> list[tuple[str, str]]:
        return [("cracked", _("Cracked (yellow plate, dashed ring): Armor 1 lower, cover "
                              "drops a step")),
                ("breached", _("Breached (hatched, red plate and ring): the way is open, play "
                               "the assault"))]

    def legend_fires(self) -> list[tuple[str, bool, str]]:
        return [(_("Fire"), False, _("burning: loses 1 Hull a round until put out"))]

    def columns(self) -> tuple[Column, Column]:
        return (Column(_("Hull suffered"), lambda s: (
                    _("{suffered} of {hull}").format(suffered=s.hull_suffered, hull=s.hull),
                    s.hull_suffered)),
                Column(_("Fire"), lambda s: (_("burning") if s.burning else "",
                                             int(s.burning))))

    def table_figures(self, structure: Structure,
                      shape: Polygon | None = None) -> dict[str, object]:
        return {"armor": structure.armor, "hull": f"{structure.hull_suffered}/{structure.hull}",
                "fire": _("burning") if structure.burning else 0}

    def paper_text(self, structure: Structure, players: bool) -> dict[str, str]:
        layer = structure.inner_layer
        hull = _("{suffered} of {hull}").format(suffered=structure.hull_suffered,
                                                hull=structure.hull)
        if layer:
            hull = _("{suffered} of {hull}; {layer} {layer_suffered} of {layer_hull}").format(
                suffered=structure.hull_suffered, hull=structure.hull,
                layer=layer.name.lower(), layer_suffered=layer.suffered, layer_hull=layer.hull)
        return {"hull": hull, "fire": _("burning") if structure.burning else ""}

    def fire_title(self, players: bool) -> str:
        return _("Fire")

    def inspector_lines(self, structure: Structure) -> list[str]:
        lines = [hull_words(structure.hull_suffered, structure.hull, structure.ladder)]
        if structure.inner_layer is not None:
            inner = structure.inner_layer
            lines.append(_("{layer}: Armor {armor}, {hull}").format(
                layer=inner.name, armor=inner.armor,
                hull=hull_words(inner.suffered, inner.hull, inner.ladder)))
        return lines

    def change_line(self, before: Structure | None, after: Structure | None) -> str:
        if before is None or after is None:
            return ""
        parts = []
        if after.hull_suffered != before.hull_suffered:
            parts.append(_("Hull suffered {before} -> {after} of {hull}").format(
                before=before.hull_suffered, after=after.hull_suffered, hull=after.hull))
        if after.ladder != before.ladder:
            parts.append(_("{before} -> {after}").format(before=ladder_word(before.ladder),
                                                         after=ladder_word(after.ladder)))
        if before.burning and not after.burning:
            parts.append(_("no longer burning"))
        return _("{name}: {changes}").format(name=after.name, changes=", ".join(parts)) \
            if parts else ""

    def fires_summary(self, structures: list[Structure]) -> str:
        burning = sum(1 for s in structures if s.burning)
        return _("{burning} burning").format(burning=burning) if burning else _("No fire")

    def breached(self, structure: Structure) -> bool:
        return fully_breached(structure)

    shot_effects = staticmethod(shot.shot_effects)

    def shot_odds(self, siege, spec, index, target_id):
        return odds.shot_odds(siege, spec, target_id)

    def rounds_to_fall(self, siege, spec, target_id, index, *, interval_turns, max_hits,
                       trials, seed):
        # Exact: the section's states are few (its Hull suffered, step, fire).
        return odds.rounds_to_fall(siege, spec, target_id, interval_turns=interval_turns,
                                   max_hits=max_hits)

    def bombardment(self, siege, shots, index, *, hits, interval_turns, trials, seed):
        return odds.bombardment(siege, shots, hits=hits, interval_turns=interval_turns)

    def bombardment_line(self, structure_id, left):
        if (left["hull_suffered_mean"] == left["hull_suffered_now"]
                and not left["p_burning"]):
            return ""
        return _("{name} ({id}): Hull suffered {now} -> mean {mean:.0f}; Breached "
                 "{breached:.0f}%, burning {burning:.0f}%").format(
            name=left["name"], id=structure_id, now=left["hull_suffered_now"],
            mean=left["hull_suffered_mean"], breached=100 * left["p_breached"],
            burning=100 * left["p_burning"])


ARMORY = ArmoryRuleset()
