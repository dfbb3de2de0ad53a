"""Scene dock, the Hull ruleset's "siege in an evening" (A12), and the escalade table (A11).

Each engine (battery) gets a target; Successes and Boons are typed (pre-filled from the last
scene) or rolled from a pool the GM sets. "Resolve scene" plays one ``ResolveScene`` through
the engine: one attack each. Then the dock prompts the characters' own scene and names every
Breached section. Below, the escalade table of the selected section, from the rules core.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from siegeboard.model.actions import Action, ResolveScene, SceneAttack
from siegeboard.rules.context import Outcome
from siegeboard.rules.registry import RULESETS
from siegeboard.ui import language
from siegeboard.ui.document.changes import Aspect, Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import QT_TR_NOOP, tr
from siegeboard.ui.plain_words import plain_clause

_Widget = TypeVar("_Widget", bound=QWidget)

# R1: rolling from a pool is a house rule (A12), and its columns say so.
COLUMNS = (QT_TR_NOOP("Engine"), QT_TR_NOOP("Target"), QT_TR_NOOP("Successes"),
        QT_TR_NOOP("Boons"), QT_TR_NOOP("Roll pool (house rule)"), QT_TR_NOOP("Pool D6"))


def last_scene_attacks(siege) -> dict[str, SceneAttack]:
    """The attacks of the most recent scene in the log, by battery id ({} when none)."""
    for entry in reversed(siege.log):
        if entry.action.type == "scene":
            return {attack.battery_id: attack for attack in entry.action.attacks}
    return {}


class SceneDock(QDockWidget):
    def __init__(self, document: Document, play: Callable[[Action], Outcome | None],
                 warn: Callable[[str], None], parent: QWidget | None = None):
        super().__init__(tr("Scene"), parent)
        self.setObjectName("SceneDock")
        self.document = document
        self.play = play
        self.warn = warn
        self._loading = False
        self.rows: list[str] = []

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([tr(text) for text in COLUMNS])
        self.table.verticalHeader().setVisible(False)
        self.length = QComboBox()
        language.fill(self.length, ["day", "week"])
        self.resolve_button = QPushButton(tr("Resolve scene"))
        self.resolve_button.clicked.connect(self.resolve)
        self.scene_label = QLabel()
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        # Dark text on its own light ground, whatever the theme's text colour.
        self.prompt.setStyleSheet("background: #fff4d6; color: #1e1a14; padding: 6px; "
                                  "border: 1px solid #c9a13b;")
        self.breached = QLabel()
        self.breached.setWordWrap(True)
        self.breached.setStyleSheet("color: #8b0000; font-weight: 600;")

        self.ladders = self._count(1)
        self.towers = self._count(1)
        self.grapnels = self._count(1)
        self.defenders = QCheckBox(tr("Defenders at the top of the ladders"))
        for widget in (self.ladders, self.towers, self.grapnels):
            widget.valueChanged.connect(lambda _v: self.show_escalade())
        self.defenders.toggled.connect(lambda _on: self.show_escalade())
        self.escalade = QLabel()
        self.escalade.setWordWrap(True)
        escalade_group = QGroupBox(tr("Escalade, selected wall section (ruling A11)"))
        form = QFormLayout(escalade_group)
        form.addRow(tr("Ladders"), self.ladders)
        form.addRow(tr("Siege towers"), self.towers)
        form.addRow(tr("Grapnels"), self.grapnels)
        form.addRow("", self.defenders)
        form.addRow(self.escalade)

        top = QHBoxLayout()
        top.addWidget(self.scene_label, 1)
        top.addWidget(QLabel(tr("Length")))
        top.addWidget(self.length)
        top.addWidget(self.resolve_button)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.breached)
        layout.addWidget(self.prompt)
        layout.addWidget(escalade_group)
        self.setWidget(body)
        document.changed.connect(self._on_changed)
        document.selection_changed.connect(lambda _ids: self.show_escalade())
        self.fill()

    @staticmethod
    def _count(value: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, 100)
        spin.setValue(value)
        return spin

    # -- showing --------------------------------------------------------------------------
    def _on_changed(self, change: Change) -> None:
        if change.reset or change.batteries or change.added or change.removed:
            self.fill()
        elif Aspect.LOG in change.aspects or change.changed:
            self.show_status()
            self.show_escalade()

    def fill(self) -> None:
        """One row per battery, pre-filled from the last scene."""
        siege = self.document.siege
        self.setEnabled(True)
        self.resolve_button.setEnabled(self.document.rules.offers("scene"))
        self._loading = True
        previous = last_scene_attacks(siege)
        self.rows = list(siege.batteries)
        self.table.setRowCount(len(self.rows))
        for row, key in enumerate(self.rows):
            battery = siege.batteries[key]
            name = QLabel(f"{battery.name} ({battery.side})")
            target = QComboBox()
            target.addItem(tr("— no target —"), None)
            for structure in siege.structures.values():
                target.addItem(structure.name, structure.id)
            target.setCurrentIndex(max(0, target.findData(battery.target_id)))
            target.activated.connect(lambda _i, key=key, box=target: self._assign(key, box))
            successes, boons = self._count(0), self._count(0)
            roll = QCheckBox()
            pool = self._count(4)
            last = previous.get(key)
            if last is not None:
                if last.pool is not None:
                    roll.setChecked(True)
                    pool.setValue(last.pool)
                else:
                    successes.setValue(last.successes or 0)
                    boons.setValue(last.boons or 0)
            for column, widget in enumerate((name, target, successes, boons, roll, pool)):
                self.table.setCellWidget(row, column, widget)
        self.table.resizeColumnsToContents()
        self._loading = False
        self.show_status()
        self.show_escalade()

    def show_status(self) -> None:
        siege = self.document.siege
        rules = self.document.rules
        having = " and ".join(other.title for other in RULESETS.values() if other.offers("scene"))
        self.scene_label.setText(tr("Scenes played: {scene}").format(
                scene=siege.scene) if rules.offers("scene") else
                                 tr("{title} has no scenes ({having} has)").format(
                                         title=rules.title, having=having))
        breached = [s.name for s in siege.structures.values()
                    if rules.offers("scene") and rules.breached(s)]
        self.breached.setText((tr("Breached: ") + ", ".join(breached) + tr(". Play the assault."))
                              if breached else "")
        self.breached.setVisible(bool(breached))

    def show_escalade(self) -> None:
        selection = self.document.selection
        structure = (self.document.siege.structures.get(selection[0])
                     if len(selection) == 1 else None)
        rules = self.document.rules
        if structure is None or not rules.has_escalade:
            self.escalade.setText(tr("Select one wall section."))
            self.escalade.setEnabled(False)
            return
        refusal = rules.escalade_refusal(structure)  # A11: walls are climbed, not houses
        if refusal:
            self.escalade.setText(refusal)
            self.escalade.setEnabled(False)
            return
        self.escalade.setEnabled(True)
        self.escalade.setText("\n".join(rules.escalade_lines(
            structure, ladders=self.ladders.value(), siege_towers=self.towers.value(),
            grapnels=self.grapnels.value(), defenders_at_top=self.defenders.isChecked())))

    # -- acting ---------------------------------------------------------------------------
    def _assign(self, battery_id: str, box: QComboBox) -> None:
        if self._loading:
            return
        try:
            self.document.edit_battery(battery_id, target_id=box.currentData())
        except ValueError as error:
            self.warn(tr("Target not set: {error}.").format(error=plain_clause(error)))

    def attacks(self) -> list[SceneAttack]:
        """The rows with a target, as the engine takes them."""
        attacks = []
        for row, key in enumerate(self.rows):
            target = self._cell(row, 1, QComboBox).currentData()
            if target is None:
                continue
            if self._cell(row, 4, QCheckBox).isChecked():
                attacks.append(SceneAttack(battery_id=key, target_id=target,
                                           pool=self._cell(row, 5, QSpinBox).value()))
            else:
                attacks.append(SceneAttack(battery_id=key, target_id=target,
                                           successes=self._cell(row, 2, QSpinBox).value(),
                                           boons=self._cell(row, 3, QSpinBox).value()))
        return attacks

    def set_row(self, battery_id: str, *, successes: int | None = None, boons: int | None = None,
                pool: int | None = None) -> None:
        """Fill one engine's row as the GM would (tests and scripts)."""
        row = self.rows.index(battery_id)
        if successes is not None:
            self._cell(row, 2, QSpinBox).setValue(successes)
        if boons is not None:
            self._cell(row, 3, QSpinBox).setValue(boons)
        self._cell(row, 4, QCheckBox).setChecked(pool is not None)
        if pool is not None:
            self._cell(row, 5, QSpinBox).setValue(pool)

    def _cell(self, row: int, column: int, kind: type[_Widget]) -> _Widget:
        widget = self.table.cellWidget(row, column)
        assert isinstance(widget, kind)  # as the row was made
        return widget

    def resolve(self) -> None:
        attacks = self.attacks()
        if not attacks:
            self.warn(tr("Give at least one engine a target first."))
            return
        outcome = self.play(ResolveScene(attacks=attacks, length=self.length.currentData()))
        if outcome is None:
            return
        self.prompt.setText("\n".join(outcome.prompts))
        self.fill()
