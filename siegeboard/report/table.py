"""The structure table as rows of plain values: shared by the CLI, the docks and reports."""

from __future__ import annotations

from siegeboard.geometry import label_of, shape_of, square_of, squares_overlapped
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.rules import registry


def structure_state(structure: Structure, ruleset: str) -> str:
    """The GM's word for the state (``StructureState.word``)."""
    return registry.ruleset(ruleset).state(structure).word


def players_state(structure: Structure, ruleset: str) -> str:
    """The players' word for the state, with no figure behind it (``players_word``)."""
    return registry.ruleset(ruleset).state(structure).players_word


def structure_square(structure: Structure, origin: tuple[float, float]) -> tuple[int, int]:
    """The first 10 m square the footprint overlaps, reading north to south, west to east."""
    xs, ys = [x for x, _ in structure.footprint], [y for _, y in structure.footprint]
    first = square_of((min(xs), min(ys)), origin)
    if first == square_of((max(xs), max(ys)), origin):
        return first  # inside one square: no geometry needed (a town of 10,000 opens 3 s sooner)
    return min(squares_overlapped(shape_of(structure), origin), key=lambda s: (s[1], s[0]))


def structure_rows(siege: Siege) -> list[dict[str, object]]:
    """One dict per structure, sorted by square then name, with the ruleset's own figures."""
    rules = registry.ruleset_of(siege)
    rows = []
    order: dict[str, tuple[int, int]] = {}
    for structure in siege.structures.values():
        row: dict[str, object] = {
            "id": structure.id, "name": structure.name, "kind": structure.kind,
            "square": label_of(structure_square(structure, siege.grid_origin), siege.grid_origin,
                               siege.label_anchor),
        }
        order[structure.id] = structure_square(structure, siege.grid_origin)[::-1]
        figures = rules.table_figures(structure)
        fire = figures.pop("fire")
        row |= figures | {"state": rules.state(structure).word, "fire": fire,
                          "occupants": len(structure.occupants),
                          "trapped": structure.trapped_count}
        rows.append(row)
    rows.sort(key=lambda row: (order[row["id"]], row["name"]))
    return rows
