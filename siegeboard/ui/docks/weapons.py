"""Weapons dock: the siege's weapons and its ruleset's catalogue, the current weapon, editable.

The list shows the siege's own weapons first, then the catalogue's starter weapons (in
italics) it does not hold yet. The selected one is the current weapon: a new battery gets
it, and the fire tool shoots it when no battery is chosen. Editing a field commits one
undoable ``SetWeapon``; editing a catalogue weapon makes it the siege's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import get_args

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from siegeboard.model import bounds
from siegeboard.model.weapon import Mount, RangeBand, Weapon, WeaponRole
from siegeboard.ui import language
from siegeboard.ui.document.changes import Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr
from siegeboard.ui.plain_words import plain_clause


def bands_text(weapon: Weapon) -> str:
    """"100:2, 400:1": up to 100 m penetration 2, up to 400 m penetration 1."""
    return ", ".join(f"{band.up_to_m:g}:{band.penetration}" for band in weapon.range_bands)


def parse_bands(text: str) -> list[RangeBand]:
    """The inverse of ``bands_text``; ValueError naming the bad part."""
    bands = []
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        reach, colon, penetration = part.partition(":")
        if not colon:
            raise ValueError(tr(
                "range band {part!r}: write it as metres:penetration, e.g. 400:12").format(
                        part=part))
        try:
            bands.append(RangeBand(up_to_m=float(reach), penetration=int(penetration)))
        except ValueError as error:
            raise ValueError(tr("range band {part!r}: {error}").format(
                    part=part, error=plain_clause(error))) from None
    return bands


class WeaponsDock(QDockWidget):
    """``current_changed`` carries the current weapon id (or None)."""

    current_changed = Signal(object)

    def __init__(self, document: Document, warn: Callable[[str], None],
                 parent: QWidget | None = None):
        super().__init__(tr("Weapons"), parent)
        self.setObjectName("WeaponsDock")
        self.document = document
        self.warn = warn
        self._loading = False
        self.current_id: str | None = None

        self.list = QListWidget()
        self.list.currentItemChanged.connect(self._current_item_changed)
        self.name = QLineEdit()
        self.bands = QLineEdit()
        self.bands.setPlaceholderText(tr("metres:penetration, …  e.g. 100:2, 400:1"))
        self.damage = self._spin(bounds.DAMAGE_MAX)  # R3
        self.concussion = self._spin(bounds.CONCUSSION_MAX)
        self.explosive = QCheckBox(tr("Explosive"))
        self.incendiary = QCheckBox(tr("Incendiary"))
        self.small_arm = QCheckBox(tr("Small arm (< 20 mm)"))
        self.large_calibre = QCheckBox(tr("Large calibre (+2D6)"))
        self.hull_damage = self._spin(bounds.DAMAGE_MAX)
        self.pierce = self._spin()
        self.crit = self._spin()
        self.mount = QComboBox()
        language.fill(self.mount, get_args(Mount))
        self.role = QComboBox()
        language.fill(self.role, get_args(WeaponRole))
        self.gunpowder = QCheckBox(tr("Gunpowder"))
        self.indirect = QCheckBox(tr("Indirect"))
        self.source = QLabel()
        self.source.setWordWrap(True)
        self.source.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # dark too

        self.form = QFormLayout()
        self.form.addRow(tr("Name"), self.name)
        self.form.addRow(tr("Range bands"), self.bands)
        self.form.addRow(tr("Damage"), self.damage)
        self.form.addRow(tr("Concussion"), self.concussion)
        flags = QWidget()
        flag_box = QVBoxLayout(flags)
        flag_box.setContentsMargins(0, 0, 0, 0)
        for box in (self.explosive, self.incendiary, self.small_arm, self.large_calibre):
            flag_box.addWidget(box)
        self.form.addRow("", flags)
        # Each row shows the Weapon field it edits, where the siege's rule text uses it.
        self._rows = {"range_bands": self.bands, "damage": self.damage,
                      "concussion": self.concussion, "explosive": flags}
        self.form.addRow(tr("Hull damage"), self.hull_damage)
        self.form.addRow(tr("Pierce"), self.pierce)
        self.form.addRow(tr("Crit"), self.crit)
        self.form.addRow(tr("Mount"), self.mount)
        self.form.addRow(tr("Role"), self.role)
        hull_flags = QWidget()
        hull_box = QHBoxLayout(hull_flags)
        hull_box.setContentsMargins(0, 0, 0, 0)
        hull_box.addWidget(self.gunpowder)
        hull_box.addWidget(self.indirect)
        self.form.addRow("", hull_flags)
        self._rows |= {"hull_damage": self.hull_damage, "pierce": self.pierce,
                       "crit": self.crit, "mount": self.mount, "role": self.role,
                       "gunpowder": hull_flags}
        self.form.addRow(self.source)

        self.new_button = QPushButton(tr("New weapon"))
        self.new_button.clicked.connect(self.new_weapon)
        self.remove_button = QPushButton(tr("Remove"))
        self.remove_button.clicked.connect(self.remove_current)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.remove_button)

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.list, 1)
        layout.addLayout(self.form)
        layout.addLayout(buttons)
        self.setWidget(body)

        self.name.editingFinished.connect(self.commit)
        self.bands.editingFinished.connect(self.commit)
        for spin in (self.damage, self.concussion, self.hull_damage, self.pierce, self.crit):
            spin.editingFinished.connect(self.commit)
        for box in (self.explosive, self.incendiary, self.small_arm, self.large_calibre,
                    self.gunpowder, self.indirect):
            box.toggled.connect(lambda _on: self.commit())
        for combo in (self.mount, self.role):
            combo.activated.connect(lambda _index: self.commit())
        document.changed.connect(self._on_changed)
        self.fill()

    @staticmethod
    def _spin(most: int = 100_000) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, most)
        return spin

    # -- showing --------------------------------------------------------------------------
    def _on_changed(self, change: Change) -> None:
        if change.reset or change.weapons:
            self.fill()

    def fill(self) -> None:
        """Rebuild the list, keeping the current weapon when it still exists."""
        self._loading = True
        fields = self.document.rules.weapon_fields
        for field, widget in self._rows.items():
            self.form.setRowVisible(widget, field in fields)
        self.list.clear()
        keep = self.current_id
        chosen_row = -1
        for row, (weapon, own) in enumerate(self.document.weapon_list()):
            item = QListWidgetItem(weapon.name if own else f"{weapon.name}  (catalogue)")
            item.setData(Qt.ItemDataRole.UserRole, weapon.id)
            if not own:
                font = QFont()
                font.setItalic(True)
                item.setFont(font)
            self.list.addItem(item)
            if weapon.id == keep:
                chosen_row = row
        self._loading = False
        self.list.setCurrentRow(chosen_row if chosen_row >= 0 else 0)
        if self.list.count() == 0:
            self._set_current(None)

    def _current_item_changed(self, item, _previous) -> None:
        if self._loading:
            return
        self._set_current(item.data(Qt.ItemDataRole.UserRole) if item is not None else None)

    def select_weapon(self, weapon_id: str) -> None:
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == weapon_id:
                self.list.setCurrentRow(row)
                return
        raise ValueError(tr("no weapon {weapon_id!r} in the list").format(weapon_id=weapon_id))

    def _set_current(self, weapon_id: str | None) -> None:
        changed = weapon_id != self.current_id
        self.current_id = weapon_id
        self.show_weapon()
        if changed:
            self.current_changed.emit(weapon_id)

    def show_weapon(self) -> None:
        weapon = self.document.weapon(self.current_id) if self.current_id else None
        self._loading = True
        for widget in (self.name, self.bands, self.damage, self.concussion, self.hull_damage,
                       self.pierce, self.crit, self.mount, self.role, self.explosive,
                       self.incendiary, self.small_arm, self.large_calibre, self.gunpowder,
                       self.indirect):
            widget.setEnabled(weapon is not None)
        if weapon is not None:
            self.name.setText(weapon.name)
            self.bands.setText(bands_text(weapon))
            for field in ("damage", "concussion", "hull_damage", "pierce", "crit"):
                getattr(self, field).setValue(getattr(weapon, field))
            for field in ("explosive", "incendiary", "small_arm", "large_calibre", "gunpowder",
                          "indirect"):
                getattr(self, field).setChecked(getattr(weapon, field))
            self.mount.setCurrentIndex(self.mount.findData(weapon.mount))
            self.role.setCurrentIndex(self.role.findData(weapon.role))
            own = weapon.id in self.document.siege.weapons
            self.source.setText((weapon.notes + "\n" if weapon.notes else "")
                                + ("" if own else tr("From the catalogue: an edit makes it this "
                                   "siege's own.")))
        self.remove_button.setEnabled(weapon is not None
                                      and weapon.id in self.document.siege.weapons)
        self._loading = False

    # -- editing --------------------------------------------------------------------------
    def edited_weapon(self) -> Weapon:
        """The current weapon with the form's values (ValueError naming a bad field)."""
        weapon = self.document.weapon(self.current_id) if self.current_id is not None else None
        if weapon is None:
            raise ValueError(tr("no weapon is chosen"))
        fields = {
            "name": self.name.text().strip(), "range_bands": parse_bands(self.bands.text()),
            "damage": self.damage.value(), "concussion": self.concussion.value(),
            "explosive": self.explosive.isChecked(), "incendiary": self.incendiary.isChecked(),
            "small_arm": self.small_arm.isChecked(),
            "large_calibre": self.large_calibre.isChecked(),
            "hull_damage": self.hull_damage.value(), "pierce": self.pierce.value(),
            "crit": self.crit.value(), "mount": self.mount.currentData(),
            "role": self.role.currentData(), "gunpowder": self.gunpowder.isChecked(),
            "indirect": self.indirect.isChecked(),
        }
        return Weapon.model_validate(weapon.model_dump() | fields)

    def commit(self) -> None:
        if self._loading or self.current_id is None:
            return
        try:
            weapon = self.edited_weapon()
            if weapon != self.document.weapon(self.current_id) \
                    or weapon.id not in self.document.siege.weapons:
                if weapon == self.document.weapon(self.current_id):
                    return  # an untouched catalogue weapon stays in the catalogue
                self.document.set_weapon(weapon)
        except ValueError as error:
            self.warn(tr("Weapon not changed: {error}.").format(error=plain_clause(error)))
            self.show_weapon()

    def new_weapon(self) -> None:
        number = 1
        while f"weapon{number}" in self.document.siege.weapons:
            number += 1
        weapon = self.document.rules.new_weapon(f"weapon{number}", f"New weapon {number}")
        self.document.set_weapon(weapon)
        self.select_weapon(weapon.id)

    def remove_current(self) -> None:
        if self.current_id in self.document.siege.weapons:
            try:
                self.document.remove_weapon(self.current_id)
            except ValueError as error:
                self.warn(tr("Cannot remove this weapon: {error}.").format(
                        error=plain_clause(error)))
