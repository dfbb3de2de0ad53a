"""The document showing the past: the timeline's read-only view of the siege after a log
entry, and the way back to the present. ``Document`` inherits it (``ui/document/document.py``)."""

from __future__ import annotations

from siegeboard.model.siege import Siege
from siegeboard.persist import SiegeFile
from siegeboard.ui.document.changes import Aspect, Change


class DocumentPast:
    """Mixed into ``Document``: expects ``siege``, ``siege_file``, ``selection``, ``select``,
    ``changed``, ``_index``, ``_present`` and ``_past_reason``."""

    @property
    def showing_past(self) -> str | None:
        """Why the document is read-only (the timeline shows the past), or None."""
        return self._past_reason

    def show_past(self, siege: Siege, changed: set[str], reason: str) -> None:
        """Show ``siege`` (the siege as it was, the timeline's own) read-only: every view
        redraws the structures in ``changed``; edits and play are refused with ``reason``
        until ``show_present``. Saves and autosaves keep writing the present siege."""
        if self._present is None:
            self._present = self.siege_file
        old = self.siege.structures
        self.siege_file = SiegeFile(siege=siege, images=self._present.images)
        self._past_reason = reason
        self._announce_swap(old, changed)

    def show_present(self, changed: set[str]) -> None:
        """Back to the siege as it is now (``changed``: what differs from the past shown)."""
        if self._present is None:
            return
        old = self.siege.structures
        self.siege_file, self._present, self._past_reason = self._present, None, None
        self._announce_swap(old, changed)

    def _announce_swap(self, old: dict, changed: set[str]) -> None:
        new = self.siege.structures
        self._index = None
        self.select(key for key in self.selection if key in new)
        self.changed.emit(Change(
            added=frozenset(k for k in changed if k in new and k not in old),
            removed=frozenset(k for k in changed if k in old and k not in new),
            changed=frozenset(k for k in changed if k in old and k in new),
            aspects=frozenset({Aspect.STATE, Aspect.SHAPE, Aspect.NAME, Aspect.CLOCK,
                               Aspect.MINES}),
            batteries=frozenset(self.siege.batteries) | frozenset(
                self._present.siege.batteries if self._present is not None else ())))

    def _refuse_in_the_past(self) -> None:
        if self._past_reason is not None:
            raise ValueError(self._past_reason)
