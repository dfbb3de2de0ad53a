"""The structure table as rows of plain values: shared by the CLI, the docks and reports."""

from __future__ import annotations

from siegeboard.geometry import footprint_squares, square_label, squares_overlapped
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure


def structure_state(structure: Structure, ruleset: str) -> str:
    """One word for the state: intact, damaged, collapsed, cleared; or the ladder step."""
    if ruleset == "armory":
        if structure.inner_layer is not None:
            return f"{structure.ladder} / {structure.inner_layer.name.lower()} {structure.inner_layer.ladder}"
        return structure.ladder
    if structure.cleared:
        return "cleared"
    if structure.collapsed:
        return "collapsed"
    return "intact" if structure.dp == structure.dp_original else "damaged"


def players_state(structure: Structure, ruleset: str) -> str:
    """The state as the players see it, with no figure behind it: intact, damaged, collapsed
    (harris; a cleared site is collapsed too) or intact, damaged, breached (armory; a gate
    with a portcullis is breached only when both layers are)."""
    if ruleset == "armory":
        layers = [structure.ladder] + (
            [structure.inner_layer.ladder] if structure.inner_layer is not None else [])
        if all(step == "breached" for step in layers):
            return "breached"
        return "intact" if all(step == "intact" for step in layers) else "damaged"
    if structure.collapsed or structure.cleared:
        return "collapsed"
    return "intact" if structure.dp == structure.dp_original else "damaged"


def structure_square(structure: Structure, origin: tuple[float, float]) -> tuple[int, int]:
    """The first 10 m square the footprint overlaps, reading north to south, west to east."""
    return min(squares_overlapped(structure.footprint, origin), key=lambda s: (s[1], s[0]))


def structure_rows(siege: Siege) -> list[dict[str, object]]:
    """One dict per structure, sorted by square then name, with the ruleset's own figures."""
    rows = []
    order: dict[str, tuple[int, int]] = {}
    for structure in siege.structures.values():
        row: dict[str, object] = {
            "id": structure.id, "name": structure.name, "kind": structure.kind,
            "square": square_label(structure_square(structure, siege.grid_origin)),
        }
        order[structure.id] = structure_square(structure, siege.grid_origin)[::-1]
        if siege.ruleset == "armory":
            row |= {"armor": structure.armor, "hull": f"{structure.hull_suffered}/{structure.hull}"}
        else:
            row |= {"av": structure.armor, "squares": footprint_squares(structure.footprint),
                    "stories": structure.stories, "dp": f"{structure.dp}/{structure.dp_original}"}
        row |= {
            "state": structure_state(structure, siege.ruleset),
            "fire": (structure.fire_level if siege.ruleset == "harris"
                     else ("burning" if structure.burning else 0)),
            "occupants": len(structure.occupants), "trapped": structure.trapped_count,
        }
        rows.append(row)
    rows.sort(key=lambda row: (order[row["id"]], row["name"]))
    return rows
