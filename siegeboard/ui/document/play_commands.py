"""The undo step for everything the rules engine does: a shot, a clock step, a repair...

``ApplyAction`` is an ``Edit`` born with the engine's ``Outcome`` (before and after of every
structure and top-level field it changed, and the log entry with its dice), so redo writes
the after-state and undo the before-state: undo then redo gives the identical siege, dice
included. The engine is asked once, when the GM acts; redo never rolls again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from siegeboard.rules.engine import Outcome
from siegeboard.ui.document.edit import Edit

if TYPE_CHECKING:
    from siegeboard.ui.document.edit import EditHost


class ApplyAction(Edit):
    """One rules action as applied by the engine (a starter weapon it adopted included)."""

    def __init__(self, document: EditHost, outcome: Outcome, text: str):
        super().__init__(document, text)
        self.outcome = outcome

    def put(self, *, forward: bool) -> None:
        # Never reached: an action always holds its outcome, which ``Edit`` writes.
        self.document.writer.apply_outcome(self.outcome, forward=forward)
