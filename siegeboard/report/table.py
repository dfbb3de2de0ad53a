"""The structure table as rows of plain values: shared by the CLI, the docks and reports."""

from __future__ import annotations

from typing import Any

from siegeboard.geometry import StructureIndex, shape_of, square_of
from siegeboard.geometry.squares import (
    naming_squares,
    naming_squares_many,
    squares_text,
    structure_square_label,
)
from siegeboard.model.progress import NO_PROGRESS, Progress
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.rules import registry
from siegeboard.rules.messages import _
from siegeboard.rules.ruleset import StructureState


def players_state(structure: Structure, ruleset: str) -> str:
    """The players' word for the state, with no figure behind it (``players_word``)."""
    return registry.ruleset(ruleset).state(structure).players_word


def structure_square(structure: Structure, origin: tuple[float, float]) -> tuple[int, int]:
    """The 10 m square that names the structure (R5: the one holding the largest part of
    its footprint, ties the north-west-most)."""
    xs, ys = [x for x, _ in structure.footprint], [y for _, y in structure.footprint]
    first = square_of((min(xs), min(ys)), origin)
    if first == square_of((max(xs), max(ys)), origin):
        return first  # inside one square: no geometry needed (a town of 10,000 opens 3 s sooner)
    return naming_squares(shape_of(structure), origin)[0]


def structure_square_text(structure: Structure, origin: tuple[float, float],
                          anchor: tuple[float, float] | None) -> str:
    """The structure's square as R5 lists it ("E4", "E4-F4", "E4, F4, E5"):
    ``geometry.squares.structure_square_label``, the one function that names it."""
    return structure_square_label(structure, origin, anchor)


ROWS_PER_REPORT = 5000  # a table this long says how far it has got, every this many rows


def structure_rows(siege: Siege, index: StructureIndex | None = None,
                   progress: Progress = NO_PROGRESS,
                   states: dict[str, StructureState] | None = None) -> list[dict[str, Any]]:
    """One dict per structure, sorted by square then name, with the ruleset's own figures.
    ``index``: the siege's ``StructureIndex`` when the caller has one (its footprints are
    reused, not rebuilt). ``progress`` is told after every ``ROWS_PER_REPORT`` rows (a
    city's table takes a second; a town's, too little to watch) and may cancel. ``states``,
    when given, gets each structure's ``StructureState`` by id (a snapshot's map draws the
    same states: asked once, not twice)."""
    rules = registry.ruleset_of(siege)
    structures = list(siege.structures.values())
    shapes = ([index.polygon(structure.id) for structure in structures] if index is not None
              else [shape_of(structure) for structure in structures])
    origin, anchor = siege.grid_origin, siege.label_anchor
    rows: list[dict[str, Any]] = []
    order: dict[str, tuple[int, int]] = {}
    labels: dict[tuple, str] = {}  # a square's label, made once for its houses
    total = len(structures)
    for done, (structure, shape, (square, listed)) in enumerate(
            zip(structures, shapes, naming_squares_many(shapes, origin), strict=True)):
        if done and done % ROWS_PER_REPORT == 0:
            progress.report(done, total, _("Laying out the table"))
        label = labels.get(tuple(listed))
        if label is None:
            label = labels[tuple(listed)] = squares_text(listed, origin, anchor)
        row: dict[str, object] = {
            "id": structure.id, "name": structure.name, "kind": structure.kind,
            "square": label,
        }
        order[structure.id] = square[::-1]
        figures = rules.table_figures(structure, shape)
        fire = figures.pop("fire")
        state = rules.state(structure)
        if states is not None:
            states[structure.id] = state
        row |= figures
        row["state"] = state.word
        row["fire"] = fire
        row["occupants"] = len(structure.occupants)
        row["trapped"] = structure.trapped_count
        rows.append(row)
    rows.sort(key=lambda row: (order[row["id"]], row["name"]))
    return rows
