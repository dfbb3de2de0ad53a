"""Play > Siege Settings: the siege's name, its dice seed and the ruleset's options.

The options are the rulings marked *option* in RULINGS.md (model ``RulesetOptions``): each is
shown only for the ruleset it belongs to, with the ruling's default named. Accepting the dialog
pushes one undoable ``EditSiegeSettings`` through the document.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QLabel, QLineEdit,
    QSpinBox, QVBoxLayout, QWidget,
)

from siegeboard.model.siege import RulesetOptions

FALLOFFS = [("halving", "C / 2^d, halved each square (H6, default)"),
            ("one_over_d_plus_1", "C / (d + 1) (H6 option)")]
BURN_EVERY = [("minute", "every minute (H9, default)"), ("turn", "every turn (H9 option)")]
LADDER_MODES = [("hull", "by Hull suffered (A4, default)"),
                ("as_written", "as written: each hit of half the Hull is one step (A4 option)")]


def _combo(choices: list[tuple[str, str]], current: str) -> QComboBox:
    combo = QComboBox()
    for value, label in choices:
        combo.addItem(label, value)
    combo.setCurrentIndex(max(0, combo.findData(current)))
    return combo


def _metres(value: float) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(0.5, 100.0)
    box.setDecimals(1)
    box.setSuffix(" m")
    box.setValue(value)
    return box


class SiegeSettingsDialog(QDialog):
    """Edits a copy of the settings; read the result with ``values()`` once accepted."""

    def __init__(self, name: str, ruleset: str, options: RulesetOptions, dice_seed: int,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Siege Settings")
        self.ruleset = ruleset
        self._options = options
        form = QFormLayout()
        self.name_edit = QLineEdit(name)
        form.addRow("Name", self.name_edit)
        form.addRow("Ruleset", QLabel("Sieges and Fortifications (DP)" if ruleset == "harris"
                                      else "The Heavy Armory (Hull)"))
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 2**31 - 1)  # R3
        self.seed_box.setValue(dice_seed)
        self.seed_box.setToolTip("The program's own rolls come from this seed and the log's "
                                 "length, so the same siege always rolls the same way.")
        form.addRow("Dice seed", self.seed_box)
        if ruleset == "harris":
            self.falloff_combo = _combo(FALLOFFS, options.concussion_falloff)
            self.burn_combo = _combo(BURN_EVERY, options.burn_damage_every)
            self.section_box = _metres(options.harris_section_m)
            form.addRow("Concussion fall-off", self.falloff_combo)
            form.addRow("Out-of-control fire burns", self.burn_combo)
            form.addRow("Wall section length", self.section_box)
        else:
            self.ladder_combo = _combo(LADDER_MODES, options.ladder_mode)
            self.section_box = _metres(options.armory_section_m)
            form.addRow("Breach Ladder", self.ladder_combo)
            form.addRow("Wall section length", self.section_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("Section length applies to walls drawn from now on."))
        layout.addWidget(buttons)

    def values(self) -> tuple[str, RulesetOptions, int]:
        """(name, options, dice seed) as the dialog shows them; a blank name keeps the old one."""
        if self.ruleset == "harris":
            update = {"concussion_falloff": self.falloff_combo.currentData(),
                      "burn_damage_every": self.burn_combo.currentData(),
                      "harris_section_m": self.section_box.value()}
        else:
            update = {"ladder_mode": self.ladder_combo.currentData(),
                      "armory_section_m": self.section_box.value()}
        options = RulesetOptions.model_validate(self._options.model_dump() | update)
        return self.name_edit.text().strip(), options, self.seed_box.value()
