"""The document catching up with its file: another writer saved it since this window read
it, so the file is opened as it is now and this window's unsaved actions are played again on
top (issue 13). ``Document`` inherits it (``ui/document/document.py``)."""

from __future__ import annotations

from siegeboard.model.log import LogEntry
from siegeboard.persist import read_siege
from siegeboard.rules import engine
from siegeboard.rules.dice import DiceExhausted
from siegeboard.rules.titles import action_title
from siegeboard.ui.document.play_commands import ApplyAction


class DocumentReload:
    """Mixed into ``Document``: expects ``path``, ``siege``, ``siege_file``, ``load``,
    ``play``, ``undo_stack``, ``unused_dice``, ``_present``, ``_log_on_disk``, ``_unsaved``."""

    @property
    def log_on_disk(self) -> int:
        """How many of the log's entries the file on disk holds (the rest are unsaved)."""
        return self._log_on_disk

    def unsaved_actions(self) -> list[LogEntry]:
        """The actions played in this window since its file was opened or saved, as logged."""
        return list((self._present or self.siege_file).siege.log[self._log_on_disk:])

    def reload_and_replay(self) -> list[str]:
        """The file changed on disk since this window read it: open it as it is now and play
        this window's unsaved actions again on top, each with the dice it rolled where they
        still fit (the rules ask for the same dice), else with fresh dice. Returns one line
        per action saying how it went (its outcome, or why it could not be played), and a
        last line when other unsaved edits (drawing, settings) were not carried over. Each
        action is one undoable step; the document is then unsaved. Raises ``SiegeFileError``
        (nothing changed) when the file cannot be read."""
        path = self.path
        if path is None:
            raise ValueError("reload: the siege has no file")
        actions = self.unsaved_actions()
        others = sum(1 for number in range(self.undo_stack.index())
                     if not isinstance(self.undo_stack.command(number), ApplyAction))
        fresh = read_siege(path)
        self.load(fresh, path)
        report = []
        for entry in actions:
            title = action_title(entry.action, self.siege)
            try:
                outcome, afresh = self._replay_one(entry)
            except (engine.RuleError, ValueError) as error:
                report.append(f"{title}: not played again ({error})")
                continue
            first = outcome.entry.lines[0] if outcome.entry.lines else "done"
            report.append(f"{title}: {first}" + (" (dice rolled afresh)" if afresh else ""))
        if others:
            report.append(f"{others} other unsaved edit{'s were' if others > 1 else ' was'} "
                          f"not carried over (only actions are played again)")
        self._unsaved = bool(actions)
        return report

    def _replay_one(self, entry: LogEntry) -> tuple[engine.Outcome, bool]:
        values = entry.dice_values()
        try:
            outcome = self.play(entry.action, values)
            if not self.unused_dice:
                return outcome, False
            self.undo_stack.undo()  # its dice were for another situation: roll afresh
        except (DiceExhausted, ValueError):
            pass
        return self.play(entry.action), True
