"""What the parts of ``Document`` (``document_changes``, ``document_past``,
``document_reload``) read of one another: the state, its readings (``siege``, ``images``,
``rules``) and the few methods ``Document`` holds.

The parts are mixed into ``Document``; each derives from ``DocumentState``, so that each is
checked against what ``Document`` really gives it. ``Document`` sets the state in its
``__init__`` and defines the methods declared here. The undo commands (``commands``,
``arsenal_commands``, ``play_commands``) act on a ``DocumentChanges``: naming ``Document``
would make them and it import each other.
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
from siegeboard.rules.registry import ruleset_of
from siegeboard.rules.ruleset import Ruleset


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

    @property
    def images(self) -> dict[str, bytes]:
        return self.siege_file.images

    @property
    def ruleset(self) -> str:
        return self.siege.ruleset

    @property
    def rules(self) -> Ruleset:
        """The siege's rule text (``rules.registry``)."""
        return ruleset_of(self.siege)

    def select(self, ids: Iterable[str]) -> None:
        raise NotImplementedError

    def load(self, siege_file: SiegeFile, path: Path | None, *, unsaved: bool = False,
             read_as: FileStamp | None = None, log_on_disk: int | None = None) -> None:
        raise NotImplementedError

    def play(self, action, dice_values: Sequence[int] | None = None,
             ask: AskFunction | None = None) -> Outcome:
        raise NotImplementedError
