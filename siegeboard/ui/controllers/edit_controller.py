"""The Edit menu's work on the selected structures: copy and paste, duplicate, delete,
select all, rotate, split and merge. A refused edit is one message and changes nothing."""

from __future__ import annotations

from siegeboard.ui.dialogs.prompts import Prompts
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr
from siegeboard.ui.tools.base import snap_to_grid


class EditController:
    """Edits of ``document``'s selection; keeps the clipboard (copies of structures)."""

    def __init__(self, document: Document, prompts: Prompts):
        self.document = document
        self.prompts = prompts
        self.clipboard: list = []
        self._paste_count = 0

    def delete_selection(self) -> None:
        self.prompts.guard(tr("delete"),
                           lambda: self.document.remove_structures(self.document.selection))

    def select_all(self) -> None:
        self.document.select(self.document.siege.structures)

    def copy_selection(self) -> None:
        self.clipboard = [s.model_copy(deep=True) for s in self.document.selected_structures()]
        self._paste_count = 0

    def paste(self) -> None:
        if self.clipboard:
            self._paste_count += 1
            step = 2.0 * self._paste_count
            self.document.paste(self.clipboard, (step, step))

    def duplicate_selection(self) -> None:
        self.document.duplicate(self.document.selection)

    def _selection_centre(self) -> tuple[float, float]:
        xs = [x for s in self.document.selected_structures() for x, _ in s.footprint]
        ys = [y for s in self.document.selected_structures() for _, y in s.footprint]
        centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        return snap_to_grid(centre, self.document.siege.grid_origin)

    def rotate_selection(self, degrees: float) -> None:
        if self.document.selection:
            self.prompts.guard(tr("rotate"), lambda: self.document.rotate_structures(
                self.document.selection, degrees, self._selection_centre()))

    def rotate_selection_by(self) -> None:
        if not self.document.selection:
            return
        degrees = self.prompts.ask_number(tr("Rotate"), tr("Degrees clockwise"), 15.0, 1)
        if degrees is not None:
            self.rotate_selection(degrees)

    def split_selection(self) -> None:
        if len(self.document.selection) == 1:
            self.prompts.guard(tr("split"),
                               lambda: self.document.split_section(self.document.selection[0]))

    def remove_courtyard(self) -> None:
        """Fill in the last courtyard of the one selected building."""
        selection = self.document.selection
        if len(selection) != 1:
            return
        if not self.document.structure(selection[0]).holes:
            self.prompts.warn(tr("This building has no courtyard to fill in."))
            return
        self.prompts.guard(tr("fill in a courtyard"),
                           lambda: self.document.remove_hole(selection[0]))

    def merge_selection(self) -> None:
        if len(self.document.selection) >= 2:
            self.prompts.guard(tr("merge"),
                               lambda: self.document.merge_sections(self.document.selection))
