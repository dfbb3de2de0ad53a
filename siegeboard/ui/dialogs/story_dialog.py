"""File > Export > Siege Story: the siege told again as an animated GIF (a frame an action)
or a PDF (a page a chosen entry), made by ``report.story`` under a progress dialog whose
Cancel writes nothing."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QWidget

from siegeboard.model.progress import Cancelled
from siegeboard.model.structure import Side
from siegeboard.persist.siege_file import SiegeFile
from siegeboard.report.story import DEFAULT_WIDTH, StoryError, export_story, parse_entries
from siegeboard.ui.dialogs.export_dialog import side_box
from siegeboard.ui.dialogs.file_export_dialog import FileExportDialog, FileExporter
from siegeboard.ui.dialogs.progress_dialog import run_with_progress
from siegeboard.ui.language import QT_TR_NOOP, tr

STORY_FILTER = QT_TR_NOOP("Animated GIF (*.gif);;PDF, a page an entry (*.pdf)")


class StoryDialog(FileExportDialog):
    """Where to write, which entries, whose copy and how wide."""

    def __init__(self, parent: QWidget | None, path: Path, total: int,
                 players_side: str = "besieger"):
        super().__init__(parent, tr("Export Siege Story"), path, tr(STORY_FILTER), (".gif", ".pdf"),
                         tr("File (.gif or .pdf)"))
        self.total = total
        self.entries_edit = QLineEdit("all")
        self.entries_edit.setToolTip(tr(
            "all, or entries such as 1, 3, 5-8 (the log has {total})").format(total=total))
        self.copy_box = QComboBox()
        self.copy_box.addItem(tr("The players' copy (a handout)"), True)
        self.copy_box.addItem(tr("The GM's copy (every state word)"), False)
        self.side_box = side_box(players_side)
        self.copy_box.currentIndexChanged.connect(
            lambda _: self.side_box.setEnabled(self.players))
        self.width_box = QSpinBox()
        self.width_box.setRange(200, 8000)
        self.width_box.setValue(DEFAULT_WIDTH)
        self.width_box.setSuffix(tr(" px wide"))
        self.width_box.setToolTip(tr("A GIF frame's width; a PDF's pages are drawn as the "
                                  "snapshot's map is, its captions as words"))
        self.form.addRow(tr("Entries"), self.entries_edit)
        self.form.addRow(tr("Copy"), self.copy_box)
        self.form.addRow(tr("The players play"), self.side_box)
        self.form.addRow(tr("Frames"), self.width_box)
        self.add_buttons()

    @property
    def players(self) -> bool:
        return bool(self.copy_box.currentData())

    def side(self) -> Side | None:
        """The players' side chosen (None: the siege's own); None for the GM's copy."""
        return self.side_box.currentData() if self.players else None

    def positions(self) -> list[int] | None:
        return parse_entries(self.entries_edit.text(), self.total)


class StoryExporter(FileExporter):
    """Runs the dialog and the export for ``document``."""

    settings_key = "story"

    def run(self) -> None:
        siege = self.document.file_to_save().siege
        if not siege.log:
            self.prompts.warn(tr("No story yet: the log is empty. Play an action first."))
            return
        dialog = StoryDialog(self.prompts.parent, self.default_path("-story.gif"),
                             len(siege.log), siege.players_side)
        if not self.prompts.run_dialog(dialog):
            return
        try:
            positions = dialog.positions()
        except ValueError as error:
            self.prompts.warn(tr("No story written: {error}").format(error=error))
            return
        self.export_to(dialog.path(), positions, width=dialog.width_box.value(),
                       players=dialog.players, side=dialog.side())

    def export_to(self, path: Path, positions: list[int] | None, *, width: int,
                  players: bool, side: Side | None = None) -> bool:
        present = self.document.file_to_save()
        siege_file = SiegeFile(siege=present.siege, images=self.document.images)

        def work(progress):
            return export_story(path, siege_file, positions, width=width, players=players,
                                side=side, progress=progress)

        try:
            run_with_progress(self.prompts.parent, tr("Telling the siege again"), work)
        except StoryError as error:
            self.prompts.warn(tr("No story written: {error}").format(error=error))
            return False
        except Cancelled:
            self.show_status(tr("Siege Story cancelled: nothing written."))
            return False
        self.remember(path)
        self.show_status(tr("Siege Story written to {name}.").format(name=path.name))
        return True
