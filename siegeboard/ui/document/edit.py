"""The one undo path of the document: every undoable step is an ``Edit``.

An edit keeps what it changes, before and after, from the moment it is made. Before play
begins (RULINGS R2) that is all it is: preparation, on the undo stack and not in the log;
``redo`` and ``undo`` write its after- or before-state through the document's ``writer``.
Once play has begun the same edit is also a log entry: ``Document.push`` asks the rules
engine to play the edit's ``logged_action`` (an ``EditBoard`` or ``ChangeSettings``), which
checks it and logs it, and keeps the engine's ``Outcome`` on the edit; ``redo`` and ``undo``
then write that outcome, log entry included. Either way the edit on the stack is the edit the
GM made (its text, its ids, its states), and the journal records what ``redo`` and ``undo``
write, so recovery plays back the same steps.
"""

from __future__ import annotations

import weakref
from typing import Protocol

from PySide6.QtGui import QUndoCommand

from siegeboard.model.actions import ChangeSettings, EditBoard
from siegeboard.model.siege import Siege
from siegeboard.rules.engine import Outcome
from siegeboard.rules.ruleset import Ruleset
from siegeboard.ui.document.document_changes import SiegeWriter


class EditHost(Protocol):
    """What an ``Edit`` uses of its document: the siege to read and the writer that changes
    it (``Document`` is one)."""

    @property
    def siege(self) -> Siege: ...

    @property
    def images(self) -> dict[str, bytes]: ...

    @property
    def ruleset(self) -> str: ...

    @property
    def rules(self) -> Ruleset: ...

    @property
    def writer(self) -> SiegeWriter: ...


class Edit(QUndoCommand):
    """One undoable step on a document, named verb + noun.

    Subclasses compute their before- and after-state in the constructor (``ValueError`` for
    an edit that cannot be made, before anything changes), write one of them in ``put`` and
    say in ``logged_action`` which log action stands for them once play has begun (None: the
    log does not hold them, as the plan image or a snapshot's mark)."""

    def __init__(self, document: EditHost, text: str):
        super().__init__(text)
        self.document = weakref.proxy(document)  # the stack owns the command: no cycle
        self.outcome: Outcome | None = None

    def logged_action(self) -> ChangeSettings | EditBoard | None:
        """The log action that stands for this edit once play has begun (R2), or None."""
        return None

    def put(self, *, forward: bool) -> None:
        """Write the after-state (``forward``) or the before-state through the writer."""
        raise NotImplementedError

    @property
    def logged(self) -> bool:
        """Whether this step is a log entry (an action, or an edit made in play)."""
        return self.outcome is not None

    def redo(self) -> None:
        self._write(forward=True)

    def undo(self) -> None:
        self._write(forward=False)

    def _write(self, *, forward: bool) -> None:
        if self.outcome is not None:
            self.document.writer.apply_outcome(self.outcome, forward=forward)
        else:
            self.put(forward=forward)
