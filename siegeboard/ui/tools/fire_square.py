"""The Fire tool's square box: the keyboard's way to fire ("F, then D6, Enter").

Enter fires the Fire dock's battery at the structure the typed square names (RULINGS R5: the
square holding the largest part of it); several named by one square are offered to choose
from; a square naming none is fired at its middle after asking. Enter on an empty box fires
at the selected structure. The shot is the Fire tool's own (``action_at``), played through the
window like a click, so it is undone like one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit
from shapely.geometry import box

from siegeboard.geometry import SQUARE_M, label_of
from siegeboard.geometry.squares import naming_squares, square_named
from siegeboard.ui.language import tr
from siegeboard.ui.tools.base import ToolHost

if TYPE_CHECKING:
    from siegeboard.model.actions import FireAt
    from siegeboard.ui.document.document import Document


class SquareEdit(QLineEdit):
    """A line edit that leaves Undo and Redo to the window while it is empty: after "D6,
    Enter" the box is cleared and keeps the keyboard, and Ctrl+Z then takes back the shot
    (a line edit otherwise claims the key for its own typing)."""

    def event(self, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if (event.type() == QEvent.Type.ShortcutOverride and not self.text()
                and isinstance(event, QKeyEvent) and _undo_or_redo(event)):
            event.ignore()
            return True
        return super().event(event)


_UNDO_REDO = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)


def _undo_or_redo(event: QKeyEvent) -> bool:
    """Whether ``event`` is the platform's Undo or Redo key, or Ctrl+Y."""
    ctrl_y = (event.key() == Qt.Key.Key_Y
              and event.modifiers() == Qt.KeyboardModifier.ControlModifier)
    return ctrl_y or any(event.matches(key) for key in _UNDO_REDO)


def structures_named_by(document: Document, square: tuple[int, int]) -> list[str]:
    """The structures whose R5 naming square is ``square``, by name."""
    siege = document.siege
    origin = siege.grid_origin
    x0, y0 = origin[0] + square[0] * SQUARE_M, origin[1] + square[1] * SQUARE_M
    found = [structure_id
             for structure_id in document.index.in_bounds((x0, y0, x0 + SQUARE_M, y0 + SQUARE_M))
             if naming_squares(document.index.polygon(structure_id), origin)[0] == square]
    return sorted(found, key=lambda key: siege.structures[key].name)


def aim_point(document: Document, structure_id: str) -> tuple[float, float]:
    """Where a shot at a structure is aimed: inside its footprint, in the square that names
    it (the part the GM called out), as central as the shape allows."""
    siege = document.siege
    polygon = document.index.polygon(structure_id)
    square = naming_squares(polygon, siege.grid_origin)[0]
    x0 = siege.grid_origin[0] + square[0] * SQUARE_M
    y0 = siege.grid_origin[1] + square[1] * SQUARE_M
    part = polygon.intersection(box(x0, y0, x0 + SQUARE_M, y0 + SQUARE_M))
    inside = part if not part.is_empty and part.area > 0 else polygon
    centroid = inside.centroid
    point = centroid if inside.contains(centroid) else inside.representative_point()
    return (round(point.x, 3), round(point.y, 3))


class SquareHost(ToolHost, Protocol):
    """What the square box asks of the Fire tool's host beyond any tool's (``FireHost`` is
    one)."""

    def ask_choice(self, title: str, label: str, choices: list[str]) -> str | None:
        """One of ``choices`` the GM picks (which of the structures a square names), or
        None when the GM cancels."""


class SquareFiring(Protocol):
    """What the square box uses of the Fire tool: its document, its host and the shot it
    would fire at a point."""

    @property
    def document(self) -> Document: ...

    @property
    def host(self) -> ToolHost: ...

    @property
    def fire_host(self) -> SquareHost: ...  # the same host, for what only the Fire tool asks

    def action_at(self, point: tuple[float, float]) -> FireAt: ...


class FireAtSquare:
    """The Fire tool's square box (``entry``): Enter fires at what the typed square names,
    or, empty, at the selected structure."""

    def __init__(self, tool: SquareFiring) -> None:
        """``tool``: the Fire tool (its document, host and ``action_at``)."""
        self.tool = tool
        self.entry = SquareEdit()
        self.entry.setPlaceholderText(tr("square, e.g. D6; Enter fires"))
        self.entry.setAccessibleName(tr("Fire at square"))
        self.entry.setAccessibleDescription(
            tr("Type a 10 m square and press Enter to fire the chosen battery at the structure "
            "it names; Enter with the box empty fires at the selected structure"))
        self.entry.setToolTip(tr("Type a square (D6) and press Enter: the chosen battery fires "
                              "at the structure that square names. Empty: at the selection."))
        self.entry.setMaximumWidth(190)
        self.entry.returnPressed.connect(self.fire_typed)

    def fire_typed(self) -> bool:
        text = self.entry.text().strip()
        fired = self.fire_at_square(text) if text else self.fire_at_selection()
        if fired:
            self.entry.clear()
        return fired

    def fire_at_selection(self) -> bool:
        """Fire at the one selected structure; True when a shot was played."""
        document, host = self.tool.document, self.tool.host
        chosen = [key for key in document.selection if key in document.siege.structures]
        if len(chosen) != 1:
            host.warn(tr("Cannot fire: select one structure first (N steps through them, Ctrl+F "
                      "finds one), or type a square in the Fire box.") if not chosen else
                      tr("Cannot fire: {count} structures are selected; select one, or "
                      "type a square in the Fire box.").format(count=len(chosen)))
            return False
        return self._fire_at(chosen[0])

    def fire_at_square(self, text: str) -> bool:
        """Fire at the structure that ``text`` (a square's label) names; True when fired."""
        document, host = self.tool.document, self.tool.fire_host
        siege = document.siege
        square = square_named(text, siege.grid_origin, siege.label_anchor)
        if square is None:
            host.warn(tr("Cannot fire: {text!r} is not a square; type a column and a row, "
                      "e.g. D6.").format(text=text))
            return False
        label = label_of(square, siege.grid_origin, siege.label_anchor)
        named = structures_named_by(document, square)
        if not named:
            middle = (siege.grid_origin[0] + (square[0] + 0.5) * SQUARE_M,
                      siege.grid_origin[1] + (square[1] + 0.5) * SQUARE_M)
            if not host.confirm(tr("No structure is named by {label}. Fire at the middle of "
                                "{label} anyway?").format(label=label), tr("Fire Anyway")):
                return False
            return self._fire(middle, None)
        target = named[0]
        if len(named) > 1:
            choices = [siege.structures[key].name for key in named]
            chosen = host.ask_choice(tr("Fire at"), tr("{label} names {count} "
                                     "structures. Fire at which?").format(
                                         label=label, count=len(named)), choices)
            if chosen is None:
                return False
            target = named[choices.index(chosen)]
        return self._fire_at(target)

    def _fire_at(self, structure_id: str) -> bool:
        self.tool.document.select([structure_id])
        return self._fire(aim_point(self.tool.document, structure_id), structure_id)

    def _fire(self, point: tuple[float, float], target_id: str | None) -> bool:
        tool = self.tool
        try:
            action = tool.action_at(point)
        except ValueError as error:
            tool.host.warn(tr("Cannot fire: {error}.").format(error=error))
            return False
        if target_id is not None:
            action = action.model_copy(update={"target_id": target_id})
        return tool.host.play(action) is not None
