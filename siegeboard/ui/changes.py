"""The typed change a document announces after every edit, so views redraw only that."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Change:
    """What an edit touched.

    ``added``/``removed``/``changed`` are structure ids; ``map`` the background image or its
    placement; ``grid`` the grid origin; ``options`` the ruleset options or siege name;
    ``reset`` a whole new document (everything must be rebuilt).
    ``batteries`` are battery ids added, moved, edited or removed; ``weapons`` weapon ids;
    ``log`` the event log grew or shrank; ``clock`` the game clock moved; ``fields`` the
    other top-level siege fields an action changed (``mines``, ``scene``...).
    """

    added: frozenset[str] = frozenset()
    removed: frozenset[str] = frozenset()
    changed: frozenset[str] = frozenset()
    map: bool = False
    grid: bool = False
    options: bool = False
    reset: bool = False
    batteries: frozenset[str] = frozenset()
    weapons: frozenset[str] = frozenset()
    log: bool = False
    clock: bool = False
    fields: frozenset[str] = frozenset()

    @property
    def footprints(self) -> bool:
        """True if a structure appeared, vanished or may have changed shape."""
        return bool(self.added or self.removed or self.changed or self.reset)
