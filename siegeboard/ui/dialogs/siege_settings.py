"""Play > Siege Settings: the siege's name, its dice seed, the players' side and the
ruleset's options.

The options are the rulings marked *option* in RULINGS.md (model ``RulesetOptions``): each is
shown only for the rule text it belongs to (its ``Ruleset.settings``), with the ruling's
default named. Accepting the dialog
pushes one undoable ``EditSiegeSettings`` through the document.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from siegeboard.model.siege import RulesetOptions
from siegeboard.model.structure import Side
from siegeboard.rules import registry
from siegeboard.rules.dice import MAX_SEED
from siegeboard.ui.language import tr


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
    """Edits a copy of the settings; read the result with ``values()`` once accepted.

    ``option_widgets`` holds one editor per option of the siege's rule text (its
    ``Ruleset.settings``), keyed by the ``RulesetOptions`` field it edits.
    """

    def __init__(self, name: str, ruleset: str, options: RulesetOptions, dice_seed: int,
                 parent: QWidget | None = None, players_side: str = "besieger"):
        super().__init__(parent)
        self.setWindowTitle(tr("Siege Settings"))
        rules = registry.ruleset(ruleset)
        self._options = options
        form = QFormLayout()
        self.name_edit = QLineEdit(name)
        form.addRow(tr("Name"), self.name_edit)
        form.addRow(tr("Ruleset"), QLabel(f"{rules.title} ({rules.short})"))
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, MAX_SEED)  # RULINGS R3
        self.seed_box.setValue(dice_seed)
        self.seed_box.setToolTip(tr("The program's own rolls come from this seed and the log's "
                                 "length, so the same siege always rolls the same way. A new "
                                 "siege starts with a random seed (0 to 2,147,483,647)."))
        form.addRow(tr("Dice seed"), self.seed_box)
        self.side_box = _combo([("besieger", tr(
            "the besiegers")), ("defender", tr("the defenders"))],
                               players_side)
        self.side_box.setToolTip(tr("The players' copy shows what this side knows: its own "
                                 "everything, of the other side the walls and buildings, and "
                                 "what the GM marks known."))
        form.addRow(tr("The players are"), self.side_box)
        self.option_widgets: dict[str, QComboBox | QDoubleSpinBox] = {}
        for setting in rules.settings:
            value = getattr(options, setting.field)
            # Choices are keyed by their text ("True", "5"), a length is a number of metres.
            widget = (_combo(list(setting.choices.items()), str(value)) if setting.choices
                      else _metres(value))
            if setting.tip:
                widget.setToolTip(setting.tip)
            self.option_widgets[setting.field] = widget
            form.addRow(setting.label, widget)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(tr("Section length applies to walls drawn from now on.")))
        layout.addWidget(buttons)

    def values(self) -> tuple[str, RulesetOptions, int]:
        """(name, options, dice seed) as the dialog shows them; a blank name keeps the old one."""
        update = {field: widget.currentData() if isinstance(widget, QComboBox) else widget.value()
                  for field, widget in self.option_widgets.items()}
        options = RulesetOptions.model_validate(self._options.model_dump() | update)
        return self.name_edit.text().strip(), options, self.seed_box.value()

    def players_side(self) -> Side:
        """"besieger" or "defender": whose copy the players' copy is."""
        return self.side_box.currentData()
