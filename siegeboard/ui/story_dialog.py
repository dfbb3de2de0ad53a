"""File > Export > Siege Story: the siege told again as an animated GIF (a frame an action)
or a PDF (a page a chosen entry), made by ``report.story`` under a progress dialog whose
Cancel writes nothing."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QWidget

from siegeboard.model.progress import Cancelled
from siegeboard.persist.siege_file import SiegeFile
from siegeboard.report.story import DEFAULT_WIDTH, StoryError, export_story
from siegeboard.ui.file_export_dialog import FileExportDialog, FileExporter
from siegeboard.ui.progress_dialog import run_with_progress

STORY_FILTER = "Animated GIF (*.gif);;PDF, a page an entry (*.pdf)"


def parse_entries(text: str, total: int) -> list[int] | None:
    """"all" (or blank) -> None; "1, 3, 5-8" -> [1, 3, 5, 6, 7, 8]. ``ValueError`` in plain
    words for anything else or an entry the log does not have."""
    text = text.strip().lower()
    if text in ("", "all"):
        return None
    chosen: list[int] = []
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"{part!r} is not an entry number or a range like 5-8")
        low, high = int(first), int(last) if dash else int(first)
        if low > high or high > total:
            raise ValueError(f"{part}: the log has entries 1 to {total}")
        chosen.extend(range(low, high + 1))
    return chosen


class StoryDialog(FileExportDialog):
    """Where to write, which entries, whose copy and how wide."""

    def __init__(self, parent: QWidget | None, path: Path, total: int):
        super().__init__(parent, "Export Siege Story", path, STORY_FILTER, (".gif", ".pdf"),
                         "File (.gif or .pdf)")
        self.total = total
        self.entries_edit = QLineEdit("all")
        self.entries_edit.setToolTip(f"all, or entries such as 1, 3, 5-8 (the log has {total})")
        self.copy_box = QComboBox()
        self.copy_box.addItem("The players' copy (a handout)", True)
        self.copy_box.addItem("The GM's copy (every state word)", False)
        self.width_box = QSpinBox()
        self.width_box.setRange(200, 8000)
        self.width_box.setValue(DEFAULT_WIDTH)
        self.width_box.setSuffix(" px wide")
        self.form.addRow("Entries", self.entries_edit)
        self.form.addRow("Copy", self.copy_box)
        self.form.addRow("Frames", self.width_box)
        self.add_buttons()

    def positions(self) -> list[int] | None:
        return parse_entries(self.entries_edit.text(), self.total)


class StoryExporter(FileExporter):
    """Runs the dialog and the export for ``document``."""

    def run(self) -> None:
        siege = self.document.file_to_save().siege
        if not siege.log:
            self.prompts.warn("No story yet: the log is empty. Play an action first.")
            return
        dialog = StoryDialog(self.prompts.parent, self.default_path("-story.gif"),
                             len(siege.log))
        if not self.prompts.run_dialog(dialog):
            return
        try:
            positions = dialog.positions()
        except ValueError as error:
            self.prompts.warn(f"No story written: {error}")
            return
        self.export_to(dialog.path(), positions, width=dialog.width_box.value(),
                       players=bool(dialog.copy_box.currentData()))

    def export_to(self, path: Path, positions: list[int] | None, *, width: int,
                  players: bool) -> bool:
        present = self.document.file_to_save()
        siege_file = SiegeFile(siege=present.siege, images=self.document.images)

        def work(progress):
            return export_story(path, siege_file, positions, width=width, players=players,
                                progress=progress)

        try:
            run_with_progress(self.prompts.parent, "Telling the siege again", work)
        except StoryError as error:
            self.prompts.warn(f"No story written: {error}")
            return False
        except Cancelled:
            self.show_status("Siege Story cancelled: nothing written.")
            return False
        self.show_status(f"Siege Story written to {path.name}.")
        return True
