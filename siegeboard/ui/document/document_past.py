"""The document showing the past: the timeline's read-only view of the siege after a log
entry, and the way back to the present. A ``Document`` owns one ``PastView``
(``document.past``)."""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from siegeboard.model.siege import Siege
from siegeboard.persist import SiegeFile
from siegeboard.ui.document.changes import Aspect, Change

if TYPE_CHECKING:
    from siegeboard.model.structure import Structure


class PastHost(Protocol):
    """What a ``PastView`` uses of its document (``Document`` is one)."""

    siege_file: SiegeFile

    @property
    def siege(self) -> Siege: ...

    @property
    def selection(self) -> tuple[str, ...]: ...

    def select(self, ids: Iterable[str]) -> None: ...

    def announce(self, change: Change) -> None: ...

    def forget_index(self) -> None: ...


class PastView:
    """Swaps the siege ``document`` shows for one of the past and back, through the
    document's public interface (``siege_file``, ``selection``, ``select``, ``announce``,
    ``forget_index``). While the past is shown, ``present`` is the siege file as it is now:
    what saves and autosaves write."""

    def __init__(self, document: PastHost):
        self.document = weakref.proxy(document)  # the document owns this part: no cycle
        self.present: SiegeFile | None = None
        self.reason: str | None = None

    def forget(self) -> None:
        """Drop the past shown without announcing it (a new siege replaces everything)."""
        self.present, self.reason = None, None

    def show_past(self, siege: Siege, changed: set[str], reason: str) -> None:
        """Show ``siege`` (the siege as it was, the timeline's own) read-only: every view
        redraws the structures in ``changed``; edits and play are refused with ``reason``
        until ``show_present``. Saves and autosaves keep writing the present siege."""
        document = self.document
        if self.present is None:
            self.present = document.siege_file
        old = document.siege.structures
        document.siege_file = SiegeFile(siege=siege, images=self.present.images)
        self.reason = reason
        self._announce_swap(old, changed)

    def show_present(self, changed: set[str]) -> None:
        """Back to the siege as it is now (``changed``: what differs from the past shown)."""
        if self.present is None:
            return
        old = self.document.siege.structures
        self.document.siege_file, self.present, self.reason = self.present, None, None
        self._announce_swap(old, changed)

    def refuse(self) -> None:
        """``ValueError`` with the reason while the past is shown: no edit, no play."""
        if self.reason is not None:
            raise ValueError(self.reason)

    def _announce_swap(self, old: dict[str, Structure], changed: set[str]) -> None:
        document = self.document
        new = document.siege.structures
        document.forget_index()
        document.select(key for key in document.selection if key in new)
        document.announce(Change(
            added=frozenset(k for k in changed if k in new and k not in old),
            removed=frozenset(k for k in changed if k in old and k not in new),
            changed=frozenset(k for k in changed if k in old and k in new),
            aspects=frozenset({Aspect.STATE, Aspect.SHAPE, Aspect.NAME, Aspect.CLOCK,
                               Aspect.MINES}),
            batteries=frozenset(document.siege.batteries) | frozenset(
                self.present.siege.batteries if self.present is not None else ())))
