"""The typed change a document announces after every edit, so views redraw only that.

A ``Change`` says which structures, batteries and weapons an edit touched and which
``Aspect``s of the siege changed. Structure aspects (shape, make, state, name) are about
the structures in ``changed``; the others about the siege (its map image, grid, settings,
log, clock, mines). ``reset`` is a whole new document: everything must be rebuilt.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from operator import itemgetter

from siegeboard.model.structure import Structure


class Aspect(StrEnum):
    """What about the siege an edit changed."""

    SHAPE = "shape"        # a structure's footprint
    MAKE = "make"          # what it is built as: kind, armour, stories, material, full DP/Hull
    STATE = "state"        # everything it suffered or holds: damage, fire, people, notes...
    NAME = "name"          # a structure's name
    MAP = "map"            # the image under the board, or its placement
    GRID = "grid"          # the grid's origin
    SETTINGS = "settings"  # the siege's name, dice seed or ruleset options
    LOG = "log"            # the event log grew or shrank (an action played or undone)
    CLOCK = "clock"        # the game clock moved
    MINES = "mines"        # the mines (armory)


# The fields of a structure that are its make; footprint and name have their own aspects,
# every other field is its state.
MAKE_FIELDS = frozenset({"kind", "armor", "stories", "material", "burns", "dp_original", "hull"})


def structure_aspects(old: Structure, new: Structure) -> frozenset[Aspect]:
    """Which aspects differ between two states of one structure. Two states that differ
    in none of shape, name and make differ in their state (a changed structure always
    differs somewhere: that saves comparing every field of each structure a shot touched)."""
    if old is new:
        return frozenset()
    before, after = old.__dict__, new.__dict__
    aspects = set()
    if before["footprint"] != after["footprint"]:
        aspects.add(Aspect.SHAPE)
    if before["name"] != after["name"]:
        aspects.add(Aspect.NAME)
    if _make_of(before) != _make_of(after):
        aspects.add(Aspect.MAKE)
    if not aspects:
        return _STATE_ONLY
    if any(value != before.get(name) for name, value in after.items()
           if name not in _NOT_STATE):
        aspects.add(Aspect.STATE)
    return frozenset(aspects)


_make_of = itemgetter(*sorted(MAKE_FIELDS))
_STATE_ONLY = frozenset({Aspect.STATE})
_NOT_STATE = MAKE_FIELDS | {"footprint", "name"}


@dataclass(frozen=True)
class Change:
    """What an edit touched.

    ``added``/``removed``/``changed`` are structure ids (an added or removed structure is
    new or gone as a whole; a changed one changed in the structure ``aspects``);
    ``batteries`` are battery ids added, moved, edited or removed; ``weapons`` weapon ids;
    ``aspects`` what else changed. An edit no view shows (the last snapshot's turn) is an
    empty ``Change()``.
    """

    added: frozenset[str] = frozenset()
    removed: frozenset[str] = frozenset()
    changed: frozenset[str] = frozenset()
    aspects: frozenset[Aspect] = frozenset()
    batteries: frozenset[str] = frozenset()
    weapons: frozenset[str] = frozenset()
    reset: bool = False

    @classmethod
    def of(cls, *aspects: Aspect) -> Change:
        """A change of these siege aspects only."""
        return cls(aspects=frozenset(aspects))

    def touches(self, aspect: Aspect) -> bool:
        """True if ``aspect`` may have changed: it did, or the whole document is new."""
        return self.reset or aspect in self.aspects
