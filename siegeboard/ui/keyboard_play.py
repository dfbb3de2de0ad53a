"""Playing without the mouse: firing at a typed square or at the selection, placing a battery
at a typed position, choosing structures by keys, and going to any dock by keys.

- **Fire at a square**: with the Fire tool (F) the square box on its options bar takes the
  keys: "D6", Enter selects the structure the square names (RULINGS R5) and fires the Fire
  dock's battery at it; several named by one square are offered to choose from; a square
  that names none is fired at its middle after asking. Enter on an empty box fires at the
  selected structure; so does Play > Fire at Selected (Shift+F).
- **Place a battery** at a typed square ("D6": its middle) or position in metres ("45, 62"):
  Play > Place Battery At… (Shift+B), the Weapons dock's weapon, one undoable edit.
- **Choose structures**: Edit > Next / Previous Structure (N, Shift+N) in reading order of
  their squares, the map following; Edit > Find Structure… (Ctrl+F) by name or square.
- **Docks**: View > Go To: the map and each dock by Alt+digit, and F6 / Shift+F6 through the
  map and every open dock, as desktop programs move between panes.

The map view says what is selected to a screen reader: its accessible description is the
structure and its state ("The Keep, Keep (donjon), F4: DP 20670/20700, State damaged,
burning F3, 4 inside"), and a change is announced.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAction, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QInputDialog,
    QLineEdit,
    QMainWindow,
    QMenu,
    QToolBar,
    QWidget,
)

from siegeboard.geometry import SQUARE_M, label_at
from siegeboard.geometry.squares import (
    naming_squares_many,
    square_named,
    structure_square_label,
)
from siegeboard.rules import registry
from siegeboard.ui.language import tr
from siegeboard.ui.tools.fire_square import structures_named_by

if TYPE_CHECKING:
    from siegeboard.model.siege import Siege
    from siegeboard.ui.actions_menus import WindowMenus
    from siegeboard.ui.board.map_view import MapView
    from siegeboard.ui.controllers.play_controller import PlayController
    from siegeboard.ui.dock_layout import Docks
    from siegeboard.ui.document.document import Document
    from siegeboard.ui.tools.fire_square import FireAtSquare


# -- reckoning (no widgets) ------------------------------------------------------------------
def read_position(text: str, origin: tuple[float, float],
                  anchor: tuple[float, float] | None) -> tuple[float, float] | None:
    """A typed position: a square's label ("D6": its middle) or metres ("45, 62" or
    "45 62"); None when it is neither."""
    square = square_named(text, origin, anchor)
    if square is not None:
        return (origin[0] + (square[0] + 0.5) * SQUARE_M,
                origin[1] + (square[1] + 0.5) * SQUARE_M)
    parts = text.replace(",", " ").split()
    if len(parts) != 2:
        return None
    try:
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def reading_order(document: Document) -> list[str]:
    """Every structure in reading order of its naming square (north to south, west to
    east), then by name: the order N and Shift+N step through (a town's squares found in
    one vectorised pass, as the printed table finds them)."""
    siege = document.siege
    ids = list(siege.structures)
    shapes = [document.index.polygon(structure_id) for structure_id in ids]
    named = naming_squares_many(shapes, siege.grid_origin)
    keys = {structure_id: (square[1], square[0], siege.structures[structure_id].name,
                           structure_id)
            for structure_id, (square, _listed) in zip(ids, named, strict=True)}
    return sorted(ids, key=keys.__getitem__)


def selection_words(document: Document) -> str:
    """What a screen reader says of the selection: the one structure and its state, or how
    many are selected; "Nothing selected" when none."""
    siege = document.siege
    chosen = [key for key in document.selection if key in siege.structures]
    if not chosen:
        return tr("Nothing selected")
    if len(chosen) > 1:
        names = ", ".join(siege.structures[key].name for key in chosen[:5])
        more = tr(" and {value} more").format(value=len(chosen) - 5) if len(chosen) > 5 else ""
        return tr("{count} structures selected: {names}{more}").format(
                count=len(chosen), names=names, more=more)
    structure = siege.structures[chosen[0]]
    rules = registry.ruleset_of(siege)
    kinds = {entry.kind: entry.name for entry in rules.catalogue.structures}
    square = structure_square_label(structure, siege.grid_origin, siege.label_anchor)
    words = [structure.name]
    if structure.kind in kinds and kinds[structure.kind] != structure.name:
        words.append(kinds[structure.kind])
    state = rules.state(structure)
    figures = ", ".join(rules.inspector_lines(structure))
    text = f"{', '.join(words)}, {square}: {figures}"
    if state.fire:
        text += tr(", burning {fire}").format(fire=state.fire)
    if state.people:
        text += f", {state.people} inside"
    if state.trapped:
        text += f", {state.trapped} trapped"
    return text


# -- the window's keyboard actions ---------------------------------------------------------
@dataclass(frozen=True)
class KeyboardTargets:
    """The parts of the window the keyboard's actions use, and nothing more."""

    document: Document  # the structures chosen and described
    view: MapView  # the map: followed, focused, described to a screen reader
    playing: PlayController  # the weapon and battery chosen, warnings, the status bar
    menus: WindowMenus  # the Play, Edit and View menus the actions join
    docks: Docks  # Go To's docks, and F6's panes in the View menu's order
    fire_at_square: FireAtSquare  # the Fire tool's square box, which fires at the selection


class KeyboardPlay:
    """Adds the keyboard's actions to the menus of ``window`` (the main window, used only
    through Qt: the parent of the actions, the keyboard's focus, its toolbars) and keeps the
    map's accessible description up to date; everything else comes from ``targets``."""

    POSITION_KEY = "keyboard/battery_position"
    DOCK_KEYS = ("inspector", "structures", "fire", "weapons", "actions", "log", "clock",
                 "odds", "scene")  # Go To's order (Alt+1...), by their names in ``Docks``

    def __init__(self, window: QMainWindow, targets: KeyboardTargets,
                 settings: QSettings | None = None) -> None:
        self.window = window
        self.document = targets.document
        self.view = targets.view
        self.playing = targets.playing
        self.docks = targets.docks
        self.settings = settings
        # Questions asked in small dialogs (tests answer by replacing these).
        self.ask_text = ask_text
        self.ask_item = ask_item
        menus = targets.menus
        self.fire_at_square = targets.fire_at_square
        self.fire_selected_action = self._action(
            tr("Fire at Se&lected"), self.fire_at_selection, "Shift+F",
            tr("Fire the Fire dock's battery at the selected structure"))
        self.place_battery_action = self._action(
            tr("Place Battery &At…"), self.place_battery_at, "Shift+B",
            tr("Place a battery with the Weapons dock's weapon at a typed square or position"))
        self.next_action = self._action(tr("&Next Structure"), lambda: self.step(1), "N",
                                        tr("Select the next structure, square by square"))
        self.previous_action = self._action(tr("Pre&vious Structure"), lambda: self.step(-1),
                                            "Shift+N", tr("Select the previous structure"))
        self.find_action = self._action(tr("&Find Structure…"), self.find_structure,
                                        QKeySequence.StandardKey.Find,
                                        tr("Select a structure by its name or its square"))
        play_menu = menus.play_menu
        first = play_menu.actions()[2] if len(play_menu.actions()) > 2 else None
        played = [self.fire_selected_action, self.place_battery_action]
        if first is None:  # a short menu: at its end
            play_menu.addActions(played)
        else:
            play_menu.insertActions(first, played)
        edit_menu = menus.edit_menu
        edit_menu.addSeparator()
        edit_menu.addActions([self.next_action, self.previous_action, self.find_action])
        self.go_menu = QMenu(tr("&Go To"), window)
        self.go_actions: list[QAction] = []
        self.map_action = self._action(tr("&Map"), self.focus_map, "Alt+0",
                                       tr("Put the keyboard on the map"))
        self.go_actions.append(self.map_action)
        for number, name in enumerate(self.DOCK_KEYS, start=1):
            dock: QDockWidget = getattr(self.docks, name)
            title = dock.windowTitle()
            action = self._action(tr("{title} Dock").format(
                    title=title), lambda dock=dock: self.focus_dock(dock),
                                  f"Alt+{number}", tr("Show the {title} dock and put the "
                                  "keyboard in it").format(title=title))
            self.go_actions.append(action)
        self.next_pane_action = self._action(tr("Next &Pane"), lambda: self.cycle(1), "F6",
                                             tr("The map, then each open dock in turn"))
        self.previous_pane_action = self._action(tr("Previous Pane"), lambda: self.cycle(-1),
                                                 "Shift+F6", tr("Back through the panes"))
        self.go_menu.addActions(self.go_actions)
        self.go_menu.addSeparator()
        self.go_menu.addActions([self.next_pane_action, self.previous_pane_action])
        menus.view_menu.insertMenu(menus.view_menu.actions()[0], self.go_menu)
        menus.view_menu.insertSeparator(menus.view_menu.actions()[1])
        # The toolbars can be hidden and shown again from the keyboard, as the docks can.
        self.toolbars_menu = QMenu(tr("Tool&bars"), window)
        self.toolbars_menu.addActions([bar.toggleViewAction() for bar in window.findChildren(
            QToolBar) if bar.parent() is window])
        menus.view_menu.insertMenu(menus.reset_layout_action, self.toolbars_menu)

        self.view.setAccessibleName(tr("Map"))
        self.document.selection_changed.connect(self.describe_selection)
        self.document.changed.connect(lambda _change: self.describe_selection())
        self.describe_selection()

    def _action(self, text: str, slot: Any, keys: Any, tip: str) -> QAction:
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(keys))
        action.setStatusTip(tip)
        shown = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{text.replace('&', '')} ({shown})")
        action.triggered.connect(lambda checked=False: slot())
        return action

    # -- firing and placing -----------------------------------------------------------------
    def fire_at_selection(self) -> None:
        self.fire_at_square.fire_at_selection()

    def place_battery_at(self) -> None:
        window, document, playing = self.window, self.document, self.playing
        weapon_id = playing.current_weapon_id()
        if weapon_id is None:
            playing.warn(tr("Choose a weapon in the Weapons dock first: a battery needs one."))
            return
        siege = document.siege
        last = str(self.settings.value(self.POSITION_KEY, "")) if self.settings else ""
        text, ok = self.ask_text(window, tr("Place Battery At"),
                            tr("Square (e.g. D6, its middle) or position in metres (x, y):"), last)
        self.keyboard_back(self.view)
        if not ok or not text.strip():
            return
        point = read_position(text, siege.grid_origin, siege.label_anchor)
        if point is None:
            playing.warn(tr("Cannot place a battery at {strip!r}: type a square (D6) or "
                         "a position in metres (45, 62).").format(strip=text.strip()))
            return
        try:
            battery = document.place_battery(point, weapon_id)
        except ValueError as error:
            playing.warn(tr("Cannot place a battery there: {error}.").format(error=error))
            return
        if self.settings is not None:
            self.settings.setValue(self.POSITION_KEY, text.strip())
        playing.choose_battery(battery.id)
        self.view.centerOn(*point)
        playing.show_status(tr("{name} placed at ({value:g}, {value2:g}) m, "
                               "square {point}. Ctrl+Z takes it back.").format(
                                   name=battery.name, value=point[0], value2=point[1],
                                   point=label_of_point(point, siege)))

    def keyboard_back(self, widget: QWidget) -> None:
        """After a small dialog, the keyboard back in the window, on ``widget``: a desktop
        without a window manager (or one slow to hand it back) leaves it nowhere."""
        self.window.activateWindow()
        widget.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    # -- choosing structures ----------------------------------------------------------------
    def step(self, direction: int) -> None:
        """Select the next (1) or previous (-1) structure in reading order; the map shows it."""
        document = self.document
        order = reading_order(document)
        if not order:
            self.playing.show_status(tr("There is no structure to select."))
            return
        current = document.selection[0] if document.selection else None
        if current in order:
            index = (order.index(current) + direction) % len(order)
        else:
            index = 0 if direction > 0 else len(order) - 1
        self.show_structure(order[index])

    def show_structure(self, structure_id: str) -> None:
        self.document.select([structure_id])
        bounds = self.document.index.polygon(structure_id).bounds
        self.view.ensureVisible(bounds[0], bounds[1], bounds[2] - bounds[0],
                                bounds[3] - bounds[1], 40, 40)
        self.playing.show_status(selection_words(self.document))

    def find_structure(self) -> None:
        window, document = self.window, self.document
        siege = document.siege
        order = reading_order(document)
        origin, anchor = siege.grid_origin, siege.label_anchor
        entries = [f"{siege.structures[key].name} "
                   f"({structure_square_label(siege.structures[key], origin, anchor)})"
                   for key in order]
        text, ok = self.ask_item(window, tr(
            "Find Structure"), tr("Name or square (e.g. Keep, or D6):"),
                                 entries)
        self.keyboard_back(self.view)
        if not ok or not text.strip():
            return
        text = text.strip()
        if text in entries:
            self.show_structure(order[entries.index(text)])
            return
        square = square_named(text, siege.grid_origin, siege.label_anchor)
        if square is not None:
            named = structures_named_by(document, square)
            if len(named) == 1:
                self.show_structure(named[0])
                return
            if named:
                document.select(named)
                self.playing.show_status(selection_words(document))
                return
        words = text.lower()
        matches = [key for key in order if words in siege.structures[key].name.lower()]
        if not matches:
            self.playing.warn(tr("No structure is called or named by {text!r}.").format(
                text=text))
            return
        self.show_structure(matches[0])
        if len(matches) > 1:
            self.playing.show_status(tr("{document} (1 of {count} matching "
                                        "{text!r}; Ctrl+F again for another)").format(
                                            document=selection_words(document),
                                            count=len(matches), text=text))

    # -- panes ------------------------------------------------------------------------------
    def panes(self) -> list[QWidget]:
        """The map, then every open dock, in the View menu's order."""
        docks = [dock for dock in self.docks.in_menu_order() if dock.isVisible()]
        return [self.view, *docks]

    def focus_map(self) -> None:
        self.view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_dock(self, dock: QDockWidget) -> None:
        dock.show()
        dock.raise_()
        target = first_focusable(dock.widget()) if dock.widget() is not None else None
        (target or dock).setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.playing.show_status(tr("{windowTitle}: Tab moves through it; F6 moves on, "
                                    "Alt+0 back to the map.").format(
                                        windowTitle=dock.windowTitle()))

    def cycle(self, direction: int) -> None:
        panes = self.panes()
        focus = self.window.focusWidget()
        current = 0
        for index, pane in enumerate(panes):
            if focus is not None and (focus is pane or pane.isAncestorOf(focus)):
                current = index
                break
        target = panes[(current + direction) % len(panes)]
        if target is self.view:
            self.focus_map()
        elif isinstance(target, QDockWidget):
            self.focus_dock(target)

    # -- the map for a screen reader ----------------------------------------------------------
    def describe_selection(self, *_args: object) -> None:
        view = self.view
        words = selection_words(self.document)
        if view.accessibleDescription() == words:
            return
        view.setAccessibleDescription(words)
        QAccessible.updateAccessibility(
            QAccessibleEvent(view, QAccessible.Event.DescriptionChanged))


def first_focusable(widget: QWidget) -> QWidget | None:
    """The first visible child of ``widget`` that takes the keyboard by Tab."""
    for child in widget.findChildren(QWidget):
        if child.isVisible() and child.isEnabled() and \
                child.focusPolicy() & Qt.FocusPolicy.TabFocus:
            return child
    return None


def label_of_point(point: tuple[float, float], siege: Siege) -> str:
    return label_at(point, siege.grid_origin, siege.label_anchor)


def ask_text(parent: QWidget, title: str, label: str, value: str) -> tuple[str, bool]:
    """A line of text asked in a small dialog (tests replace it)."""
    return QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Normal, value)


def ask_item(parent: QWidget, title: str, label: str, items: list[str]) -> tuple[str, bool]:
    """An entry chosen from ``items`` or typed (tests replace it)."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setComboBoxItems(items)
    dialog.setComboBoxEditable(True)
    dialog.setTextValue("")
    ok = dialog.exec() == QInputDialog.DialogCode.Accepted
    return dialog.textValue(), ok

