"""The siege told again: a siege stepped through its log, entry by entry (RULINGS R2).

``History(siege)`` starts from the siege as it was before the first entry (its ``base``) and
moves to the siege as it was after entry N (``move_to(n)``) by stepping: forward, an entry
is replayed once (``engine.replay_entry``, its logged dice) and its outcome kept; after that,
forward and back are the outcomes' ``apply_to`` and ``revert``, which write only the
structures and fields that entry changed. The whole siege is copied once, at the start,
never per step. ``History.siege`` is the siege at the current position (the history's own:
the GM's siege is never touched).
"""

from __future__ import annotations

from siegeboard.model.siege import Siege
from siegeboard.rules.context import Outcome, RuleError
from siegeboard.rules.engine import replay_entry
from siegeboard.rules.messages import _


class History:
    """``siege``'s log as steps; ``position`` entries are applied (0: before the first)."""

    def __init__(self, siege: Siege):
        if siege.log and siege.base is None:
            raise RuleError(_("this siege's log was begun by an older siegeboard, which kept no "
                              "siege from before its first entry: it cannot be told again"))
        self.entries = list(siege.log)
        start = siege.base if siege.base is not None else siege
        self.siege = start.model_copy(update={"log": [], "base": None}, deep=True)
        self.outcomes: list[Outcome] = []
        self.position = 0

    def __len__(self) -> int:
        return len(self.entries)

    def move_to(self, position: int) -> set[str]:
        """Step to the siege after entry ``position`` (0 to ``len``); return the ids of the
        structures that changed on the way."""
        if not 0 <= position <= len(self.entries):
            raise ValueError(f"the log has {len(self.entries)} entries, no position {position}")
        changed: set[str] = set()
        while self.position < position:
            if self.position < len(self.outcomes):
                outcome = self.outcomes[self.position]
                outcome.apply_to(self.siege)
            else:
                outcome = replay_entry(self.siege, self.entries[self.position])
                self.outcomes.append(outcome)
            changed.update(outcome.structures)
            self.position += 1
        while self.position > position:
            self.position -= 1
            outcome = self.outcomes[self.position]
            outcome.revert(self.siege)
            changed.update(outcome.structures)
        return changed
