"""New structures: a catalogue row plus a footprint becomes a structure in its pristine state."""

from __future__ import annotations

from collections.abc import Sequence

from siegeboard.geometry import footprint_squares, shape_of
from siegeboard.geometry.footprint import squares_of_area
from siegeboard.model.structure import Occupant, Structure
from siegeboard.rules import harris
from siegeboard.rules.registry import catalogue


def pristine_state(structure: Structure) -> Structure:
    """``structure`` undamaged: DP from its make (H3), no Hull suffered, no fire.

    Returns a new structure; used when a structure is drawn or its make (armor, stories,
    footprint) is edited before play.
    """
    dp = harris.defensive_points(structure.armor, footprint_squares(shape_of(structure)),
                                 structure.stories)
    inner = structure.inner_layer
    return structure.model_copy(update={
        "dp": dp, "dp_original": dp, "collapsed": False, "cleared": False, "fire_level": 0,
        "out_of_control": False, "hull_suffered": 0, "ladder": "intact", "burning": False,
        "effects": [],
        "inner_layer": (inner.model_copy(update={"suffered": 0, "ladder": "intact"})
                        if inner else None),
    }, deep=True)


def new_structure(ruleset: str, kind: str, structure_id: str,
                  footprint: Sequence[tuple[float, float]],
                  *, name: str | None = None, stories: int | None = None,
                  occupants: Sequence[str] = (),
                  holes: Sequence[Sequence[tuple[float, float]]] = ()) -> Structure:
    """A structure of catalogue ``kind`` on ``footprint`` (less its ``holes``, courtyards),
    pristine, with named occupants."""
    entry = catalogue(ruleset).entry(kind)
    structure = Structure(
        id=structure_id, name=name or entry.name, kind=kind, footprint=list(footprint),
        holes=[list(hole) for hole in holes],
        armor=entry.armor, stories=stories or entry.stories, hull=entry.hull,
        material=entry.material, burns=entry.burns, flags=list(entry.flags),
        inner_layer=entry.inner_layer, notes=entry.notes, side=entry.side,
        occupants=[Occupant(name=person) for person in occupants],
    )
    return pristine_state(structure)


def new_structure_of_area(ruleset: str, kind: str, structure_id: str,
                          footprint: Sequence[tuple[float, float]], area_m2: float, *,
                          name: str | None = None, stories: int | None = None,
                          holes: Sequence[Sequence[tuple[float, float]]] = (),
                          gm_notes: str = "") -> Structure:
    """``new_structure`` (with ``gm_notes``) of a footprint already known to be a valid
    polygon, less its ``holes``, of area ``area_m2``: the same structure, made with one
    validation and no copy, for an import of a city. Raises ``ValueError`` where
    ``new_structure`` would, or where its unchecked copy would give a structure that does not
    validate (the caller then makes it the plain way, to say why)."""
    entry = catalogue(ruleset).entry(kind)
    stories = stories or entry.stories
    dp = harris.defensive_points(entry.armor, squares_of_area(area_m2), stories)
    inner = entry.inner_layer
    return Structure(
        id=structure_id, name=name or entry.name, kind=kind, footprint=list(footprint),
        holes=[list(hole) for hole in holes],
        armor=entry.armor, stories=stories, hull=entry.hull,
        material=entry.material, burns=entry.burns, flags=list(entry.flags),
        inner_layer=inner.model_copy(update={"suffered": 0, "ladder": "intact"}, deep=True)
        if inner else None, notes=entry.notes, side=entry.side, gm_notes=gm_notes,
        dp=dp, dp_original=dp,
    )
