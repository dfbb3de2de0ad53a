"""What the parts of ``Document`` (``document_changes``, ``document_past``,
``document_reload``) read of one another: the state and the few methods ``Document`` holds.

The parts are mixed into ``Document``; each derives from ``DocumentState``, so that each is
checked against what ``Document`` really gives it. Only annotations and signatures live here:
``Document`` sets the state in its ``__init__`` and defines the methods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QUndoStack

from siegeboard.geometry.index import StructureIndex
from siegeboard.model.siege import Siege
from siegeboard.persist import SiegeFile
from siegeboard.persist.siege_file import FileStamp
from siegeboard.rules.dice import AskFunction
from siegeboard.rules.engine import Outcome


class DocumentState:
    """The state and methods of ``Document`` its parts rely on (see the module)."""

    changed: SignalInstance
    selection_changed: SignalInstance
    siege_file: SiegeFile
    path: Path | None
    selection: tuple[str, ...]
    undo_stack: QUndoStack
    unused_dice: int
    record_change: Callable[[bytes], None] | None
    _index: StructureIndex | None
    _present: SiegeFile | None
    _past_reason: str | None
    _log_on_disk: int

    @property
    def siege(self) -> Siege:
        return self.siege_file.siege

    def select(self, ids: Iterable[str]) -> None:
        raise NotImplementedError

    def load(self, siege_file: SiegeFile, path: Path | None, *, unsaved: bool = False,
             read_as: FileStamp | None = None, log_on_disk: int | None = None) -> None:
        raise NotImplementedError

    def play(self, action, dice_values: Sequence[int] | None = None,
             ask: AskFunction | None = None) -> Outcome:
        raise NotImplementedError
