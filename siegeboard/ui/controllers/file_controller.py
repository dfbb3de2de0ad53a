"""The File menu's work: new, open, save, save as, the recent files, where file dialogs
start, and at start-up the recovery of an autosave a crashed session left.

Opening decodes everything the file holds (the siege, its images, the scene's items) under
a progress dialog with Cancel, and only then replaces the document: a file that cannot be
shown is one message, and it or a cancel leaves the open siege as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu

from siegeboard.model.progress import Cancelled, Progress
from siegeboard.model.siege import Siege
from siegeboard.persist import (
    SiegeFile,
    SiegeFileChanged,
    SiegeFileError,
    SiegeFileReadOnly,
    journal,
    read_siege,
)
from siegeboard.persist.autosave import Autosaver, RecoveryCandidate
from siegeboard.persist.journal import JournalReplay
from siegeboard.rules.dice import fresh_dice_seed
from siegeboard.rules.registry import RULESETS
from siegeboard.ui.board.map_scene import MapScene
from siegeboard.ui.dialogs.progress_dialog import run_with_progress
from siegeboard.ui.dialogs.prompts import Prompts
from siegeboard.ui.document.autosave_keeper import AutosaveKeeper
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr
from siegeboard.ui.plain_words import plain_clause

MAX_RECENT = 8


class FileController:
    """Files of ``document``. ``settings`` keeps the recent files; ``refresh_title`` is
    called when the document's saved state changes without a signal (a recovery)."""

    def __init__(self, document: Document, scene: MapScene, prompts: Prompts,
                 settings: QSettings,
                 autosaver: Autosaver, autosave: AutosaveKeeper,
                 show_message: Callable[[str], None], refresh_title: Callable[[], None]):
        self.document = document
        self.scene = scene
        self.prompts = prompts
        self.settings = settings
        self.autosaver = autosaver
        self.autosave = autosave
        self.show_status = show_message
        self.refresh_title = refresh_title
        self.recent_menu = QMenu(tr("Open &Recent"), prompts.parent)
        self.fill_recent_menu()

    def display_name(self) -> str:
        return self.document.path.name if self.document.path else tr("Untitled.siege")

    # -- autosave and crash recovery ---------------------------------------------------------
    def start_session(self) -> bool:
        """At start-up: offer the newest autosave a crashed session left, then start this
        session's autosaving. True if the GM recovered one (it is then the open, unsaved
        document, whose Save goes to its original file, or asks for a name)."""
        candidates = self.autosaver.pending()  # before begin(): it reads the last session's mark
        self.autosaver.begin()
        if not candidates:
            return False
        return self.recover(candidates[0]) \
            if self.prompts.ask_recover(candidates[0].describe()) else False

    def recover(self, candidate: RecoveryCandidate) -> bool:
        """Open ``candidate`` as unsaved work: the autosave with the changes of its journal
        played on it. A declined or unreadable one stays in the autosave folder until the
        next clean exit. A journal cut short by the crash, or damaged, is played as far as
        it can be, and one message says what was left out."""
        def work(progress: Progress) -> tuple[SiegeFile, JournalReplay]:
            progress.report(0, 0, tr("Reading {name}").format(name=candidate.path.name))
            siege_file, replayed = journal.recover(candidate.path, candidate.journal)
            self.scene.prepare(siege_file, progress)
            return siege_file, replayed

        try:
            siege_file, replayed = run_with_progress(self.prompts.parent,
                                                     tr("Recovering the autosave"), work)
        except (SiegeFileError, ValueError) as error:
            self.prompts.warn(tr("Cannot recover the autosave: {error}. "
                              "It is kept in {path}.").format(
                                      error=plain_clause(error), path=candidate.path))
            return False
        except Cancelled:
            self.show_status(tr("Recovery cancelled: the autosave is kept in {path}.").format(
                    path=candidate.path))
            return False
        read_as, log_on_disk = candidate.source_stamp, candidate.log_on_disk
        if replayed.saved is not None:  # the GM saved after the autosave was written
            read_as, log_on_disk = replayed.saved
        if log_on_disk is not None:
            log_on_disk = min(log_on_disk, len(siege_file.siege.log))
        self.document.load(siege_file, candidate.source_path, unsaved=True,
                           read_as=read_as, log_on_disk=log_on_disk)
        # Kept under this session's name before the old copy goes.
        if self.autosave.save_now() is not None:
            self.autosaver.discard(candidate)
        self.refresh_title()
        where = candidate.source_path.name if candidate.source_path else tr("a new file")
        self.show_status(tr("Recovered the autosave of {astimezone:%H:%M}. "
                         "Save goes to {where}.").format(
                                 astimezone=candidate.saved_at.astimezone(), where=where))
        if replayed.problem is not None:
            applied = replayed.applied
            self.prompts.warn((
                tr("Recovered the autosave and %n later change, but {problem}.", "", applied)
                if applied == 1 else
                tr("Recovered the autosave and %n later changes, but {problem}.", "", applied)
            ).format(problem=replayed.problem))
        return True

    def end_session(self) -> None:
        """At a clean exit: no more autosaves, and none is left to offer next time."""
        self.autosave.stop()
        self.autosaver.clean_exit()

    # -- files --------------------------------------------------------------------------------
    def read(self, path: Path, title: str) -> SiegeFile:
        """Read ``path`` and prepare the scene for it, under a progress dialog: raises
        ``SiegeFileError`` (the file), ``ValueError`` (what the scene cannot show) or
        ``Cancelled``, each with the document unchanged."""
        def work(progress: Progress) -> SiegeFile:
            progress.report(0, 0, tr("Reading {name}").format(name=Path(path).name))
            siege_file = read_siege(path)
            self.scene.prepare(siege_file, progress)
            return siege_file

        return run_with_progress(self.prompts.parent, title, work)

    def maybe_save(self) -> bool:
        """True if the GM's unsaved work is safe (saved, or knowingly discarded)."""
        if not self.document.modified:
            return True
        answer = self.prompts.ask_save_changes()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_siege(self) -> None:
        if not self.maybe_save():
            return
        titles = {rules.title: rules.id for rules in RULESETS.values()}  # by title, not id
        title = self.prompts.ask_choice(tr("New siege"), tr("Rule text"), list(titles))
        if title is None:
            return
        ruleset = titles[title]
        siege = Siege(name=tr("Untitled siege"), ruleset=ruleset, dice_seed=fresh_dice_seed())
        self.document.load(SiegeFile(siege=siege), None)

    def open_dialog(self) -> None:
        if not self.maybe_save():
            return
        path = self.prompts.ask_open_path()
        if path is not None:
            self.open_path(path, ask=False)

    def open_path(self, path: Path, ask: bool = True) -> bool:
        """Open ``path``; a bad file gives one message and leaves the current siege as it was."""
        if ask and not self.maybe_save():
            return False
        path = Path(path)
        try:
            siege_file = self.read(path, tr("Opening {name}").format(name=path.name))
        except (SiegeFileError, ValueError) as error:  # ValueError: an image Qt cannot show
            self.prompts.warn(tr("Cannot open {name}: {error}.").format(
                    name=path.name, error=plain_clause(error)))
            return False
        except Cancelled:
            self.show_status(tr("Opening {name} cancelled: nothing has changed.").format(
                    name=path.name))
            return False
        self.document.load(siege_file, path)
        self._add_recent(Path(path))
        count = len(self.document.siege.structures)
        self.show_status((tr("Opened {name}: %n structure.", "", count) if count == 1 else
                          tr("Opened {name}: %n structures.", "", count)).format(
                             name=Path(path).name))
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        path = self.prompts.ask_save_path()
        return self._save_to(path) if path is not None else False

    def _save_to(self, path: Path, **how) -> bool:
        try:
            self.document.save(path, **how)
        except SiegeFileChanged as error:
            answer = self.prompts.ask_changed_on_disk(path.name, error)
            if answer == "overwrite":
                return self._save_to(path, **how, overwrite=True)
            if answer == "save_as":
                return self.save_as()
            if answer == "reload":
                self._reload_and_replay(path)
            return False
        except SiegeFileReadOnly:
            if self.prompts.ask_replace_read_only(path.name):
                return self._save_to(path, **how, replace_read_only=True)
            return False
        except SiegeFileError as error:
            self.prompts.warn(tr("Not saved: {error}.").format(error=plain_clause(error)))
            return False
        self._add_recent(path)
        self.refresh_title()
        self.show_status(tr("Saved {name}.").format(name=path.name))
        return True

    def _reload_and_replay(self, path: Path) -> None:
        """The file changed since it was read: reopen it and play this window's unsaved
        actions again on top; the outcomes are shown and the result is left unsaved."""
        try:
            report = self.document.reload_and_replay()
        except SiegeFileError as error:
            self.prompts.warn(tr("Cannot reload {name}: {error}. Nothing was changed.").format(
                    name=path.name, error=error))
            return
        self.refresh_title()
        lines = "\n".join(f"- {line}" for line in report) or tr("- (no actions to play again)")
        self.prompts.warn(tr("Reloaded {name} as it is now and played this window's unsaved "
                          "actions again on top of it:\n{lines}\n\nNot saved yet: look it over, "
                          "then save.").format(name=path.name, lines=lines))

    # -- recent files -------------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_files", [])
        if isinstance(value, str):  # one file, as QSettings hands a list of one back
            return [value]
        return [str(item) for item in value] if isinstance(value, list | tuple) else []

    def last_dir(self) -> str:
        """Where file dialogs start: the open siege's folder, the last file's, or home."""
        if self.document.path is not None:
            return str(self.document.path.parent)
        files = self.recent_files()
        if files and Path(files[0]).parent.is_dir():
            return str(Path(files[0]).parent)
        return str(Path.home())

    def _add_recent(self, path: Path) -> None:
        name = str(Path(path).resolve())
        files = [name] + [item for item in self.recent_files() if item != name]
        self.settings.setValue("recent_files", files[:MAX_RECENT])
        self.fill_recent_menu()

    def fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for number, name in enumerate(files, start=1):
            action = self.recent_menu.addAction(f"&{number} {Path(name).name}")
            action.setToolTip(name)
            action.triggered.connect(lambda checked=False, name=name: self.open_path(Path(name)))
        self.recent_menu.setEnabled(bool(files))
