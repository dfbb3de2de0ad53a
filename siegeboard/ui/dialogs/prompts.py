"""Every question the window asks the GM, in one place: warnings, numbers, choices, paths.

The controllers ask through a ``Prompts`` object, looking its methods up at call time, so a
test answers a dialog by replacing the method on the window's ``prompts`` (no blocking
dialog is ever shown under test).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QFileDialog,
    QInputDialog,
    QMessageBox,
    QWidget,
)

from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_error

if TYPE_CHECKING:
    from siegeboard.persist import SiegeFileChanged

APP = "siegeboard"
SIEGE_FILTER = QT_TR_NOOP("Siege files (*.siege)")
IMAGE_FILTER = QT_TR_NOOP("Images (*.png *.jpg *.jpeg *.tif *.tiff *.webp *.bmp)")


class Prompts:
    """Modal questions over ``parent``. ``start_folder`` says where file dialogs open;
    ``document_name`` is the open siege's file name (for "Save the changes to ...?")."""

    def __init__(self, parent: QWidget, start_folder: Callable[[], str],
                 document_name: Callable[[], str]):
        self.parent = parent
        self.start_folder = start_folder
        self.document_name = document_name

    def warn(self, message: str) -> None:
        QMessageBox.warning(self.parent, APP, message)

    def inform(self, message: str) -> None:
        QMessageBox.information(self.parent, APP, message)

    def confirm(self, question: str, yes: str = QT_TR_NOOP("Yes")) -> bool:
        """Ask a yes/no ``question`` before something the GM may not have meant; No is the
        default (Enter does not do it by accident)."""
        box = QMessageBox(QMessageBox.Icon.Question, APP, question,
                          QMessageBox.StandardButton.NoButton, self.parent)
        do = box.addButton(tr(yes), QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(keep)
        box.exec()
        return box.clickedButton() is do

    def guard(self, what: str, edit: Callable[[], object]) -> None:
        """Run ``edit``; a refusal (ValueError) is one message "Cannot <what>: ..."."""
        try:
            edit()
        except ValueError as error:
            self.warn(tr("Cannot {what}: {error}").format(what=what, error=plain_error(error)))

    def ask_number(self, title: str, label: str, value: float, decimals: int = 2) -> float | None:
        number, ok = QInputDialog.getDouble(self.parent, title, label, value, -1e9, 1e9, decimals)
        return number if ok else None

    def ask_choice(self, title: str, label: str, choices: list[str]) -> str | None:
        choice, ok = QInputDialog.getItem(self.parent, title, label, choices, 0, False)
        return choice if ok else None

    def ask_save_changes(self) -> str:
        """"save", "discard" or "cancel"."""
        answer = QMessageBox.question(
            self.parent, APP, tr("Save the changes to {document_name} first?").format(
                    document_name=self.document_name()),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(answer, "cancel")

    def ask_changed_on_disk(self, name: str, error: SiegeFileChanged) -> str:
        """"reload", "save_as", "overwrite" or "cancel": what to do with a file another
        program or window saved since this window read it."""
        now = error.now.describe() if error.now is not None else "removed"
        box = QMessageBox(QMessageBox.Icon.Warning, APP,
                          tr("{name} was changed by another program or window since this window "
                          "read it.").format(
                                  name=name), QMessageBox.StandardButton.Cancel, self.parent)
        box.setInformativeText(
            tr("When read here: {describe}\nNow: {now}\n\nReload it and play this "
            "window's unsaved actions again on top of it, save this window's siege as another "
            "file, or overwrite the other changes?").format(
                    describe=error.read.describe(), now=now))
        buttons: dict[QAbstractButton, str] = {
            box.addButton(tr("Reload and play again"), QMessageBox.ButtonRole.AcceptRole): "reload",
            box.addButton(tr("Save As..."), QMessageBox.ButtonRole.ActionRole): "save_as",
            box.addButton(tr("Overwrite"), QMessageBox.ButtonRole.DestructiveRole): "overwrite"}
        box.exec()
        return buttons.get(box.clickedButton(), "cancel")

    def ask_replace_read_only(self, name: str) -> bool:
        answer = QMessageBox.question(
            self.parent, APP, tr("{name} is read-only. Replace it all the same (it stays "
            "read-only)?").format(
                    name=name), QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def ask_recover(self, description: str) -> bool:
        """Whether to recover the autosave ``description`` (``RecoveryCandidate.describe``)."""
        answer = QMessageBox.question(
            self.parent, APP, tr("siegeboard did not close properly last time. An autosave of "
            "unsaved work is left:\n\n{description}\n\nRecover it? (If not, it is kept until "
            "siegeboard next closes normally.)").format(description=description),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    def run_dialog(self, dialog: QDialog) -> bool:
        """Show a modal dialog (settings, snapshot options, print preview); True if accepted."""
        return dialog.exec() == QDialog.DialogCode.Accepted

    def ask_open_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self.parent, tr("Open siege"), self.start_folder(),
                                              tr(SIEGE_FILTER))
        return Path(name) if name else None

    def ask_save_path(self) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self.parent, tr("Save siege as"), self.start_folder(),
                                              tr(SIEGE_FILTER))
        if not name:
            return None
        path = Path(name)
        return path if path.suffix == ".siege" else path.with_suffix(".siege")

    def ask_image_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self.parent, tr("Import map image"),
                                              self.start_folder(), tr(IMAGE_FILTER))
        return Path(name) if name else None
