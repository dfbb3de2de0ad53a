"""One undo command per edit, named verb + noun.

Each is an ``Edit`` (``ui/document/edit.py``): its constructor computes and keeps the old and
the new state, ``put`` hands one of them to the document writer's ``apply_*`` methods, which
announce the change, and ``logged_action`` says which log action stands for it once play has
begun (R2). Constructors raise ``ValueError`` for an edit that cannot be made, before anything
changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from siegeboard.model.actions import ChangeSettings, EditBoard
from siegeboard.model.siege import MapImage, RulesetOptions
from siegeboard.model.structure import Side, Structure
from siegeboard.rules import edits
from siegeboard.rules.walls import reshared_walls
from siegeboard.ui.document.edit import Edit
from siegeboard.ui.language import tr
from siegeboard.ui.plain_words import field_names

if TYPE_CHECKING:
    from siegeboard.ui.document.edit import EditHost


class StructuresEdit(Edit):
    """Swap a set of structures between their old and new states (None = absent)."""

    def __init__(self, document: EditHost, text: str,
                 before: Mapping[str, Structure | None], after: Mapping[str, Structure | None]):
        super().__init__(document, text)
        self.before = dict(before)
        self.after = dict(after)
        # An edit that removes structures remembers their order: its undo puts them back in
        # their old places, not at the end, so the siege is the same to the byte.
        structures = document.siege.structures
        gone = [key for key, state in self.after.items() if state is None and key in structures]
        _refuse_if_referenced(document, gone)
        self.order_before = list(structures) if gone else None

    def logged_action(self) -> EditBoard:
        return EditBoard(title=self.text(), structures=self.after)

    def put(self, *, forward: bool) -> None:
        if forward:
            self.document.writer.apply_structures(self.after)
        else:
            self.document.writer.apply_structures(self.before, self.order_before)


def _refuse_if_referenced(document: EditHost, ids: Sequence[str]) -> None:
    """ValueError when the siege's rule text refuses removing ``ids`` (a battery aims at one,
    a mine lies under one: ``Ruleset.removal_refusal``), as ``RemoveBattery`` refuses."""
    refusal = document.rules.removal_refusal(document.siege, ids)
    if refusal:
        raise ValueError(refusal)


def _plural(count: int, noun: str) -> str:
    """"1 structure", "3 sections": ``noun`` is "structure" or "section"."""
    if noun == "section":
        return tr("%n section", "", count) if count == 1 else tr("%n sections", "", count)
    return tr("%n structure", "", count) if count == 1 else tr("%n structures", "", count)


class AddStructures(StructuresEdit):
    def __init__(self, document: EditHost, structures: Sequence[Structure],
                 text: str | None = None):
        taken = [s.id for s in structures if s.id in document.siege.structures]
        if taken:
            raise ValueError(tr("add: id {value!r} is already on the board").format(value=taken[0]))
        super().__init__(document, text or tr("Add {plural}").format(
                plural=_plural(len(structures), 'structure')),
                         {s.id: None for s in structures}, {s.id: s for s in structures})


class RemoveStructures(StructuresEdit):
    def __init__(self, document: EditHost, ids: Sequence[str]):
        structures = document.siege.structures
        super().__init__(document, tr("Delete {plural}").format(
                plural=_plural(len(ids), 'structure')),
                         {key: structures[key] for key in ids}, {key: None for key in ids})


class MoveStructures(StructuresEdit):
    def __init__(self, document: EditHost, ids: Sequence[str], dx: float, dy: float):
        structures = document.siege.structures
        super().__init__(document, tr("Move {plural}").format(
                plural=_plural(len(ids), 'structure')),
                         {key: structures[key] for key in ids},
                         {key: edits.translated(structures[key], dx, dy) for key in ids})


class RotateStructures(StructuresEdit):
    def __init__(self, document: EditHost, ids: Sequence[str], degrees: float,
                 centre: tuple[float, float]):
        structures = document.siege.structures
        super().__init__(document, tr("Rotate {plural} by {degrees:g}°").format(
                plural=_plural(len(ids), 'structure'), degrees=degrees),
                         {key: structures[key] for key in ids},
                         {key: edits.rotated(structures[key], degrees, centre) for key in ids})


class EditVertices(StructuresEdit):
    def __init__(self, document: EditHost, structure_id: str,
                 footprint: Sequence[tuple[float, float]]):
        old = document.siege.structures[structure_id]
        new = edits.remade(old, footprint=[tuple(point) for point in footprint])
        super().__init__(document, tr("Edit the corners of {name}").format(name=old.name),
                         {structure_id: old}, {structure_id: new})


class CutHole(StructuresEdit):
    """A courtyard cut out of one building (one undo step)."""

    def __init__(self, document: EditHost, structure_id: str,
                 ring: Sequence[tuple[float, float]]):
        old = document.siege.structures[structure_id]
        super().__init__(document, tr("Cut a courtyard in {name}").format(name=old.name),
                         {structure_id: old}, {structure_id: edits.with_hole(old, ring)})


class RemoveHole(StructuresEdit):
    """A courtyard filled in again (one undo step)."""

    def __init__(self, document: EditHost, structure_id: str, number: int):
        old = document.siege.structures[structure_id]
        super().__init__(document, tr("Fill in a courtyard of {name}").format(name=old.name),
                         {structure_id: old}, {structure_id: edits.without_hole(old, number)})


class EditStructure(StructuresEdit):
    """Change fields of one structure, or of several alike (``structure_id`` may be a list of
    ids: one undo step for all); ``kind`` re-makes each from the catalogue first."""

    def __init__(self, document: EditHost, structure_id: str | Sequence[str],
                 fields: Mapping[str, object]):
        ids = [structure_id] if isinstance(structure_id, str) else list(structure_id)
        remade: dict[str, Structure] = {}
        label = ""
        for key in ids:
            old = document.siege.structures[key]
            wanted = dict(fields)
            new = old
            if "kind" in wanted and wanted["kind"] != old.kind:
                new = edits.with_kind(old, document.ruleset, str(wanted.pop("kind")))
            else:
                wanted.pop("kind", None)
            if wanted:
                new = edits.remade(new, **wanted)
            remade[key] = new
            label = field_names(wanted) if wanted else field_names(["kind"])
        # H12: a section's new make re-shares its wall's DP with the other sections.
        after = reshared_walls(document.siege.structures, remade)
        what = document.siege.structures[ids[0]].name if len(ids) == 1 \
            else _plural(len(ids), "structure")
        super().__init__(document, tr("Edit {label} of {what}").format(label=label, what=what),
                         {key: document.siege.structures[key] for key in after}, after)

    def makes_a_difference(self) -> bool:
        return any(self.before[key] != self.after[key] for key in self.after)


class MarkKnown(StructuresEdit):
    """Mark structures known to the players (what is inside them), or hidden: one step."""

    def __init__(self, document: EditHost, ids: Sequence[str], known: bool):
        before = {key: document.siege.structures[key] for key in ids}
        after = {key: old.model_copy(update={"known": known}) for key, old in before.items()}
        names = before[ids[0]].name if len(ids) == 1 else _plural(len(ids), "structure")
        text = (tr("Mark {names} known to the players") if known else
                tr("Mark {names} hidden from the players"))
        super().__init__(document, text.format(names=names), before, after)

    def makes_a_difference(self) -> bool:
        return any(before is not None and after is not None and before.known != after.known
                   for before, after in ((self.before[key], self.after[key])
                                         for key in self.after))


class MarkMineKnown(Edit):
    """Mark a mine known to the players, or hidden from them (a mine is the besiegers')."""

    def __init__(self, document: EditHost, mine_id: str, known: bool):
        under = document.siege.structures.get(document.siege.mines[mine_id].structure_id)
        super().__init__(document,
                         (tr("Mark the mine under {name} known to the players") if known else
                          tr("Mark the mine under {name} hidden from the players")).format(
                             name=under.name if under else tr("a section")))
        self.mine_id = mine_id
        self.old, self.new = document.siege.mines[mine_id].known, known

    def put(self, *, forward: bool) -> None:
        self.document.writer.apply_mine_known(self.mine_id, self.new if forward else self.old)


class SplitSection(StructuresEdit):
    def __init__(self, document: EditHost, structure_id: str):
        old = document.siege.structures[structure_id]
        taken = set(document.siege.structures) - {structure_id}
        self.new_ids = edits.unused_ids(taken, 2)
        pieces = edits.split_in_two(old, *self.new_ids)
        before: dict[str, Structure | None] = {structure_id: old}
        before |= {piece.id: None for piece in pieces if piece.id != structure_id}
        after: dict[str, Structure | None] = {structure_id: None}
        after |= {piece.id: piece for piece in pieces}
        super().__init__(document, tr("Split {name}").format(name=old.name), before, after)


class MergeSections(StructuresEdit):
    def __init__(self, document: EditHost, ids: Sequence[str]):
        structures = [document.siege.structures[key] for key in ids]
        self.merged_id = ids[0]
        merged = edits.merged(structures, self.merged_id)
        before = {s.id: s for s in structures}
        after: dict[str, Structure | None] = {s.id: None for s in structures}
        after[self.merged_id] = merged
        super().__init__(document, tr("Merge {plural}").format(
                plural=_plural(len(ids), 'section')), before, after)


class MapEdit(Edit):
    """The image under the board changed: the plan's file, scale, place or legend. Not a log
    entry (R2 logs the board's structures and the settings, not the picture under them)."""

    def __init__(self, document: EditHost, text: str, new_map: MapImage | None,
                 images: dict[str, bytes] | None = None):
        super().__init__(document, text)
        self.old_map = document.siege.map
        self.new_map = new_map
        self.old_images = dict(document.images) if images is not None else None
        self.new_images = images
        siege = document.siege
        self.old_anchor = siege.label_anchor
        self.new_anchor = siege.label_anchor
        fresh = not siege.structures and not siege.log
        if new_map is not None and images is not None and (self.old_anchor is None or fresh):
            # R0b: A1 is the square holding the plan's north-west corner, fixed from the
            # first plan on (a later plan, a calibration or a move renames nothing).
            self.new_anchor = (new_map.offset[0], new_map.offset[1])

    def put(self, *, forward: bool) -> None:
        if forward:
            self.document.writer.apply_map(self.new_map, self.new_images, self.new_anchor)
        else:
            self.document.writer.apply_map(self.old_map, self.old_images, self.old_anchor)


class SetMap(MapEdit):
    def __init__(self, document: EditHost, new_map: MapImage | None, images: dict[str, bytes]):
        super().__init__(document, tr("Import map image") if new_map else tr("Remove map image"),
                         new_map, images)


class CalibrateMap(MapEdit):
    def __init__(self, document: EditHost, pixels_per_metre: float):
        if not pixels_per_metre > 0:
            raise ValueError(tr(
                "calibrate: the scale must be above 0, not {pixels_per_metre}").format(
                        pixels_per_metre=pixels_per_metre))
        old = document.siege.map
        if old is None:
            raise ValueError(tr("calibrate: there is no map image to calibrate"))
        super().__init__(document, tr("Calibrate map to {value:g} px per 2 m").format(
                value=pixels_per_metre * 2),
                         old.model_copy(update={"pixels_per_metre": pixels_per_metre}))


class PlaceMap(MapEdit):
    """Move, rotate, lock or unlock the map image."""

    def __init__(self, document: EditHost, fields: Mapping[str, object]):
        old = document.siege.map
        if old is None:
            raise ValueError(tr("there is no map image to place"))
        new = MapImage.model_validate(old.model_dump() | dict(fields))
        verb = (tr("Set the plan's legend") if "legend" in fields else
                tr("Lock map image") if fields.get("locked") is True else
                tr("Unlock map image") if fields.get("locked") is False else
                tr("Rotate map image") if "rotation_deg" in fields else tr("Move map image"))
        super().__init__(document, verb, new)


class MoveGridOrigin(Edit):
    def __init__(self, document: EditHost, origin: tuple[float, float]):
        super().__init__(document, tr("Move grid origin to ({value:g}, {value2:g}) m").format(
                value=origin[0], value2=origin[1]))
        self.old = tuple(document.siege.grid_origin)
        self.new = (float(origin[0]), float(origin[1]))
        # R0b: the origin only aligns the lines. A siege whose labels still count from the
        # origin keeps them where they are: its anchor becomes the old origin.
        self.old_anchor = document.siege.label_anchor
        self.new_anchor = self.old_anchor if self.old_anchor is not None else self.old

    def logged_action(self) -> ChangeSettings:
        return ChangeSettings(grid_origin=self.new)

    def put(self, *, forward: bool) -> None:
        if forward:
            self.document.writer.apply_grid_origin(self.new, self.new_anchor)
        else:
            self.document.writer.apply_grid_origin(self.old, self.old_anchor)


class MarkSnapshot(Edit):
    """Record the turn of a snapshot just printed or exported: the next snapshot's log starts
    there. Undoable like any edit (undo forgets the mark; the file written stays)."""

    def __init__(self, document: EditHost, turn: int):
        super().__init__(document, tr("Record snapshot at turn {turn}").format(turn=turn))
        self.old = document.siege.last_snapshot_turn
        self.new = turn

    def put(self, *, forward: bool) -> None:
        self.document.writer.apply_snapshot_turn(self.new if forward else self.old)


class EditSiegeSettings(Edit):
    """Change the siege's name, ruleset options, dice seed and players' side together."""

    def __init__(self, document: EditHost, name: str, options: RulesetOptions, dice_seed: int,
                 players_side: Side | None = None):
        super().__init__(document, tr("Edit siege settings"))
        siege = document.siege
        self.old = (siege.name, siege.options.model_copy(), siege.dice_seed, siege.players_side)
        self.new = (name, options.model_copy(), dice_seed, players_side or siege.players_side)

    def logged_action(self) -> ChangeSettings:
        name, options, dice_seed, players_side = self.new
        return ChangeSettings(name=name, options=options, dice_seed=dice_seed,
                              players_side=players_side)

    def put(self, *, forward: bool) -> None:
        self.document.writer.apply_settings(*(self.new if forward else self.old))
