"""The document catching up with its file: another writer saved it since this window read
it, so the file is opened as it is now and this window's unsaved actions are played again on
top (issue 13). A ``Document`` owns one ``Reloader`` (``document.reloader``)."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QUndoStack

from siegeboard.model.log import LogEntry
from siegeboard.model.siege import Siege
from siegeboard.persist import FileStamp, SiegeFile, read_siege
from siegeboard.rules import engine
from siegeboard.rules.dice import AskFunction, DiceExhausted
from siegeboard.rules.titles import action_title
from siegeboard.ui.document.edit import Edit
from siegeboard.ui.language import tr


class ReloadHost(Protocol):
    """What a ``Reloader`` uses of its document (``Document`` is one)."""

    @property
    def path(self) -> Path | None: ...

    @property
    def siege(self) -> Siege: ...

    @property
    def undo_stack(self) -> QUndoStack: ...

    @property
    def unused_dice(self) -> int: ...

    def unsaved_actions(self) -> list[LogEntry]: ...

    def load(self, siege_file: SiegeFile, path: Path | None, *, unsaved: bool = False,
             read_as: FileStamp | None = None, log_on_disk: int | None = None) -> None: ...

    def mark_unsaved(self, unsaved: bool = True) -> None: ...

    def play(self, action, dice_values: Sequence[int] | None = None,
             ask: AskFunction | None = None) -> engine.Outcome: ...


class Reloader:
    """Reloads ``document``'s file and replays its unsaved actions, through the document's
    public interface (``path``, ``unsaved_actions``, ``undo_stack``, ``load``, ``play``,
    ``unused_dice``, ``mark_unsaved``)."""

    def __init__(self, document: ReloadHost):
        self.document = weakref.proxy(document)  # the document owns this part: no cycle

    def reload_and_replay(self) -> list[str]:
        """The file changed on disk since this window read it: open it as it is now and play
        this window's unsaved actions again on top, each with the dice it rolled where they
        still fit (the rules ask for the same dice), else with fresh dice. Returns one line
        per action saying how it went (its outcome, or why it could not be played), and a
        last line when other unsaved edits (drawing before play, the plan) were not carried
        over. Each action is one undoable step; the document is then unsaved. Raises
        ``SiegeFileError`` (nothing changed) when the file cannot be read."""
        document = self.document
        path = document.path
        if path is None:
            raise ValueError(tr("reload: the siege has no file"))
        actions = document.unsaved_actions()
        stack = document.undo_stack
        others = 0
        for number in range(stack.index()):
            step = stack.command(number)
            if not (isinstance(step, Edit) and step.logged):
                others += 1
        fresh = read_siege(path)
        document.load(fresh, path)
        report = []
        for entry in actions:
            title = action_title(entry.action, document.siege)
            try:
                outcome, afresh = self._replay_one(entry)
            except (engine.RuleError, ValueError) as error:
                report.append(tr("{title}: not played again ({error})").format(
                        title=title, error=error))
                continue
            first = outcome.entry.lines[0] if outcome.entry.lines else tr("done")
            report.append(f"{title}: {first}" + (tr(" (dice rolled afresh)") if afresh else ""))
        if others:
            report.append(
                tr("%n other unsaved edit was not carried over (only actions are played "
                   "again)", "", others) if others == 1 else
                tr("%n other unsaved edits were not carried over (only actions are played "
                   "again)", "", others))
        document.mark_unsaved(bool(actions))
        return report

    def _replay_one(self, entry: LogEntry) -> tuple[engine.Outcome, bool]:
        document = self.document
        values = entry.dice_values()
        try:
            outcome = document.play(entry.action, values)
            if not document.unused_dice:
                return outcome, False
            document.undo_stack.undo()  # its dice were for another situation: roll afresh
        except (DiceExhausted, ValueError):
            pass
        return document.play(entry.action), True

