"""The undo command for everything the rules engine does: a shot, a clock step, a repair...

``ApplyAction`` holds the engine's ``Outcome`` (before and after of every structure and
top-level field it changed, and the log entry with its dice), so redo writes the after-state
and undo the before-state: undo then redo gives the identical siege, dice included. The
engine is asked once, when the GM acts; redo never rolls again.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from siegeboard.rules.engine import Outcome

if TYPE_CHECKING:
    from siegeboard.ui.document.document import Document


class ApplyAction(QUndoCommand):
    """One rules action as applied by the engine (a starter weapon it adopted included)."""

    def __init__(self, document: "Document", outcome: Outcome, text: str):
        super().__init__(text)
        self.document = weakref.proxy(document)  # the stack owns the command: no cycle
        self.outcome = outcome

    def redo(self) -> None:
        self.document.apply_outcome(self.outcome, forward=True)

    def undo(self) -> None:
        self.document.apply_outcome(self.outcome, forward=False)
