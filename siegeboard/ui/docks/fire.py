"""Fire dock: what the next shot is. The battery to fire from (or none, with a typed range),
the chosen battery's name, weapon and side, and the GM's figures for the shot: the modifier
(DP ruleset) or Successes and Boons (Hull ruleset)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from siegeboard.rules.knowledge import is_known
from siegeboard.ui import language
from siegeboard.ui.document.changes import Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.number_fields import StrictDoubleSpinBox, StrictSpinBox
from siegeboard.ui.per_siege import remember, remembered
from siegeboard.ui.plain_words import plain_clause
from siegeboard.ui.tools.fire import FireSettings

NO_BATTERY = QT_TR_NOOP("No battery: fire the current weapon at a typed range")


class FireDock(QDockWidget):
    """``battery_chosen`` carries the battery id (or None)."""

    battery_chosen = Signal(object)

    def __init__(self, document: Document, warn: Callable[[str], None],
                 current_weapon_id: Callable[[], str | None], parent: QWidget | None = None,
                 settings: QSettings | None = None):
        """``settings``: where the last battery of each siege is remembered."""
        super().__init__(tr("Fire"), parent)
        self.setObjectName("FireDock")
        self.memory = settings
        self.document = document
        self.warn = warn
        self.current_weapon_id = current_weapon_id
        self._loading = False

        self.battery = QComboBox()
        self.battery.activated.connect(lambda _i: self._battery_picked())
        self.range = StrictDoubleSpinBox(tr("The range"), 0, 100_000, 1)
        self.range.setSuffix(" m")
        self.range.setValue(100.0)
        self.weapon_label = QLabel()
        self.weapon_label.setWordWrap(True)
        self.battery_name = QLineEdit()
        self.battery_name.editingFinished.connect(self._rename)
        self.battery_weapon = QComboBox()
        self.battery_weapon.activated.connect(lambda _i: self._rearm())
        self.side = QComboBox()
        language.fill(self.side, ["besieger", "defender"])
        self.side.activated.connect(lambda _i: self._edit(side=self.side.currentData()))
        self.known = QCheckBox(tr("Known to the players"))
        self.known.setToolTip(tr("Checked: the players' copy shows this battery. A battery of "
                              "the other side is hidden until marked known."))
        self.known.clicked.connect(lambda checked: self._edit(known=checked))
        self.remove_button = QPushButton(tr("Remove battery"))
        self.remove_button.clicked.connect(self._remove)
        self.modifier = StrictSpinBox(tr("The modifier"), -1000, 1000)
        self.modifier.setToolTip(tr("Added to the final penetration (ruling H4)"))
        self.successes = StrictSpinBox(tr("Successes"), 0, 100)
        self.boons = StrictSpinBox(tr("Boons"), 0, 100)
        for box in (self.range, self.modifier, self.successes, self.boons):
            box.refused.connect(lambda message: self.warn(message))
        self.through_slit = QCheckBox(tr("Through a firing slit"))

        self.form = QFormLayout()
        self.form.addRow(tr("Fire from"), self.battery)
        self.form.addRow(tr("Range"), self.range)
        self.form.addRow(tr("Weapon"), self.weapon_label)
        self.form.addRow(tr("Battery name"), self.battery_name)
        self.form.addRow(tr("Its weapon"), self.battery_weapon)
        self.form.addRow(tr("Side"), self.side)
        self.form.addRow("", self.known)
        self.form.addRow("", self.remove_button)
        self.form.addRow(tr("GM modifier"), self.modifier)
        self.form.addRow(tr("Successes"), self.successes)
        self.form.addRow(tr("Boons"), self.boons)
        self.form.addRow("", self.through_slit)
        hint = QLabel(tr("Fire tool (F): hover to see range and blast, click to fire. Dice rolled "
                      "at the table go in the toolbar's Dice box."))
        hint.setWordWrap(True)
        hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # dark themes too
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addLayout(self.form)
        layout.addWidget(hint)
        layout.addStretch(1)
        self.setWidget(body)
        document.changed.connect(self._on_changed)
        self.fill()

    # -- state ----------------------------------------------------------------------------
    @property
    def battery_id(self) -> str | None:
        return self.battery.currentData()

    def settings(self) -> FireSettings:
        battery_id = self.battery_id
        return FireSettings(
            weapon_id=self.current_weapon_id(), battery_id=battery_id,
            range_m=None if battery_id else self.range.value(), modifier=self.modifier.value(),
            successes=self.successes.value(), boons=self.boons.value(),
            through_slit=self.through_slit.isChecked())

    def choose(self, battery_id: str | None) -> None:
        index = self.battery.findData(battery_id)
        self.battery.setCurrentIndex(max(0, index))
        self._battery_picked()

    def _battery_picked(self) -> None:
        self.show_battery()
        if not self._loading:
            remember(self.memory, self.document, "last_battery", self.battery_id)
            self.battery_chosen.emit(self.battery_id)

    # -- showing --------------------------------------------------------------------------
    def _on_changed(self, change: Change) -> None:
        if change.reset or change.batteries or change.weapons:
            self.fill()
        if change.reset:  # a reopened siege fires from its last battery, not from nowhere
            last = remembered(self.memory, self.document, "last_battery")
            if last and last in self.document.siege.batteries:
                self.choose(str(last))

    def fill(self) -> None:
        siege = self.document.siege
        keep = self.battery_id
        self._loading = True
        self.battery.clear()
        self.battery.addItem(tr(NO_BATTERY), None)
        for battery in siege.batteries.values():
            self.battery.addItem(battery.name, battery.id)
        self.battery.setCurrentIndex(max(0, self.battery.findData(keep)))
        self.battery_weapon.clear()
        for weapon, _own in self.document.weapon_list():
            self.battery_weapon.addItem(weapon.name, weapon.id)
        inputs = self.document.rules.fire_inputs
        for name in ("modifier", "successes", "boons", "through_slit"):
            self.form.setRowVisible(getattr(self, name), name in inputs)
        self._loading = False
        self.show_battery()

    def show_battery(self) -> None:
        battery = self.document.siege.batteries.get(self.battery_id) if self.battery_id else None
        self._loading = True
        for widget in (self.battery_name, self.battery_weapon, self.side, self.known,
                       self.remove_button):
            widget.setEnabled(battery is not None)
        self.range.setEnabled(battery is None)
        if battery is not None:
            self.battery_name.setText(battery.name)
            self.battery_weapon.setCurrentIndex(self.battery_weapon.findData(battery.weapon_id))
            self.side.setCurrentIndex(self.side.findData(battery.side))
            self.known.setChecked(is_known(battery, self.document.siege.players_side))
            weapon = self.document.weapon(battery.weapon_id)
        else:
            self.battery_name.clear()
            weapon_id = self.current_weapon_id()
            weapon = self.document.weapon(weapon_id) if weapon_id else None
        self.weapon_label.setText(weapon.name if weapon is not None else tr("none chosen"))
        self._loading = False

    def refresh_weapon(self) -> None:
        """The current weapon changed in the Weapons dock."""
        self.show_battery()

    # -- editing the chosen battery -------------------------------------------------------
    def _edit(self, **fields) -> None:
        if self._loading or self.battery_id is None:
            return
        try:
            self.document.edit_battery(self.battery_id, **fields)
        except ValueError as error:
            self.warn(tr("Battery not changed: {error}.").format(error=plain_clause(error)))
            self.show_battery()

    def _rename(self) -> None:
        name = self.battery_name.text().strip()
        if name:
            self._edit(name=name)
        else:
            self.show_battery()

    def _rearm(self) -> None:
        self._edit(weapon_id=self.battery_weapon.currentData())

    def _remove(self) -> None:
        if self.battery_id is None:
            return
        try:
            self.document.remove_battery(self.battery_id)
        except ValueError as error:
            self.warn(tr("Cannot remove this battery: {error}.").format(error=plain_clause(error)))
