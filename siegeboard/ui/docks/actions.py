"""Actions dock: what the GM's people do to the selected structure, each one a rules action
played through the engine (and so logged and undoable): fight a fire, repair, free a trapped
person, kick a door, set demolition charges, mines, and the GM's own override.

A task is typed as its outcome ("success", "failure", "outstanding", "catastrophic") or as a
skill number to roll 1D20 against (H13); several firefighters are separated by commas.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import get_args

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from siegeboard.model.actions import (
    Action,
    Demolish,
    DigMine,
    FightFire,
    FireMine,
    FreeTrapped,
    GMOverride,
    Kick,
    Repair,
    StartMine,
    TaskRoll,
)
from siegeboard.model.structure import TaskOutcome
from siegeboard.rules.context import Outcome
from siegeboard.rules.knowledge import is_known
from siegeboard.rules.ruleset import Ruleset
from siegeboard.ui.document.changes import Aspect, Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr
from siegeboard.ui.number_fields import StrictSpinBox
from siegeboard.ui.plain_words import plain_error

OUTCOMES = get_args(TaskOutcome)
OVERRIDE_COUNT_MAX = 10_000_000  # a count the rule text gives no limit for (the model's own)


def parse_task(text: str) -> TaskRoll:
    """"success" -> an entered outcome; "12" -> skill 12, rolled (ValueError otherwise)."""
    word = text.strip().lower()
    if word in OUTCOMES:
        return TaskRoll(outcome=word)
    if word.isdigit():
        return TaskRoll(skill=int(word))
    raise ValueError(tr("task {strip!r}: type an outcome ({OUTCOMES}) or a "
                     "skill number to roll against").format(
                             strip=text.strip(), OUTCOMES=', '.join(OUTCOMES)))


def parse_tasks(text: str) -> list[TaskRoll]:
    tasks = [parse_task(part) for part in text.split(",") if part.strip()]
    if not tasks:
        raise ValueError(tr("type at least one outcome or skill"))
    return tasks


def _button(text: str, slot) -> QPushButton:
    button = QPushButton(text)
    button.clicked.connect(lambda: slot())
    return button


class _FormGroup(QGroupBox):
    """A titled group of labelled rows; ``form`` is its layout."""

    def __init__(self, title: str):
        super().__init__(title)
        self.form = QFormLayout(self)


class ActionsDock(QDockWidget):
    def __init__(self, document: Document, play: Callable[[Action], Outcome | None],
                 warn: Callable[[str], None], parent: QWidget | None = None):
        """``play(action)`` runs an action (the window's: it reports refusals)."""
        super().__init__(tr("Actions"), parent)
        self.setObjectName("ActionsDock")
        self.document = document
        self.play = play
        self.warn = warn
        self._shown_id: str | None = None
        self.heading = QLabel(tr("Select one structure"))
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: 600;")

        # Fight a fire (DP ruleset)
        self.firefighters = QLineEdit("success")
        self.firefighters.setToolTip(tr("One per firefighter, comma separated: an outcome or a "
                                     "Constitution skill to roll"))
        self.fight_group = self._group(tr("Fight the fire (Difficult, Constitution)"), [
            (tr("Firefighters"), self.firefighters), ("", _button(tr("Fight fire"),
                    self.fight_fire))])
        # Repair
        self.team = StrictSpinBox(tr("The team"), 1, 3)
        self.team.setValue(3)
        self.engineer = QCheckBox(tr("A combat engineer in the team"))
        self.engineer.setChecked(True)
        self.repair_task = QLineEdit("success")
        self.repair_group = self._group(tr("Repair"), [
            (tr("Team"), self.team), ("", self.engineer), (tr("Task"), self.repair_task),
            ("", _button(tr("Repair"), self.repair))])
        # Free a trapped person
        self.occupant = QComboBox()
        self.free_task = QLineEdit("success")
        self.free_group = self._group(tr("Free a trapped person (Formidable, Strength)"), [
            (tr("Who"), self.occupant), (tr("Task"), self.free_task),
            ("", _button(tr("Free"), self.free_trapped))])
        # Kick a door (Hull ruleset)
        self.kick_task = QLineEdit("success")
        self.kick_group = self._group(tr("Kick the door (Average, Athletics)"), [
            (tr("Task"), self.kick_task), ("", _button(tr("Kick"), self.kick))])
        # Demolition
        self.charge = QComboBox()
        self.charges = StrictSpinBox(tr("The number of charges"), 1, 50)
        self.on_pier = QCheckBox(tr("On a pier (counts double)"))
        self.demolish_group = self._group(tr("Demolition charges"), [
            (tr("Charge"), self.charge), (tr("How many"), self.charges), ("", self.on_pier),
            ("", _button(tr("Set and fire"), self.demolish))])
        # Mines (Hull ruleset)
        self.mine = QComboBox()
        self.besiegers_win = QCheckBox(tr("Besiegers win the opposed Perception check"))
        self.besiegers_win.setChecked(True)
        self.countermined = QCheckBox(tr("Countermined"))
        self.mine_known = QCheckBox(tr("Known to the players"))
        self.mine_known.setToolTip(tr("Checked: the players know of this mine. The defenders' "
                                   "players do not, until marked known."))
        self.mine_known.clicked.connect(self._mark_mine_known)
        self.mine.currentIndexChanged.connect(lambda _i: self._show_mine_known())
        mine_buttons = QWidget()
        mine_row = QHBoxLayout(mine_buttons)
        mine_row.setContentsMargins(0, 0, 0, 0)
        for text, slot in ((tr("Start mine"), self.start_mine), (tr("Dig a day"), self.dig_mine),
                           (tr("Fire mine"), self.fire_mine)):
            mine_row.addWidget(_button(text, slot))
        self.mine_group = self._group(tr("Mine under this section"), [
            (tr("Mine"), self.mine), ("", self.mine_known), ("", self.besiegers_win),
            ("", self.countermined), ("", mine_buttons)])
        # GM override: one input per part of the state the siege's rule text lets the GM set
        # (``Ruleset.override_fields``), made in ``_build_override`` when the rule text changes.
        for box in (self.team, self.charges):
            box.refused.connect(lambda message: self.warn(message))
        self.override_inputs: dict[str, QWidget] = {}
        self._override_rules: Ruleset | None = None
        self.layer = QComboBox()  # the structure's layers (A5: a gate and its portcullis)
        self.layer.currentIndexChanged.connect(lambda _index: self._show_layer())
        self.reason = QLineEdit()
        self.reason.setPlaceholderText(tr("why (for the log)"))
        self.override_group = self._group(tr("GM override"), [
            (tr("Layer"), self.layer), (tr("Reason"), self.reason), ("", _button(tr("Set"),
                    self.override))])
        # Each group is shown only where the siege's rule text offers its action.
        self._offered = {self.fight_group: "fight_fire", self.kick_group: "kick",
                         self.mine_group: "start_mine"}

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.heading)
        for group in (self.fight_group, self.repair_group, self.free_group, self.kick_group,
                      self.demolish_group, self.mine_group, self.override_group):
            layout.addWidget(group)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setWidget(scroll)
        document.selection_changed.connect(lambda _ids: self.show_selection())
        document.changed.connect(self._on_changed)
        self.show_selection()

    def _group(self, title: str, rows) -> _FormGroup:
        group = _FormGroup(title)
        for label, widget in rows:
            group.form.addRow(label, widget)
        return group

    # -- showing --------------------------------------------------------------------------
    @property
    def structure_id(self) -> str | None:
        selection = self.document.selection
        return selection[0] if len(selection) == 1 else None

    def _on_changed(self, change: Change) -> None:
        if change.reset or change.weapons or Aspect.MINES in change.aspects or (
                self.structure_id is not None and self.structure_id in change.changed):
            self.show_selection()

    def show_selection(self) -> None:
        rules = self.document.rules
        for group, action in self._offered.items():
            group.setVisible(rules.offers(action))
        form = self.override_group.form
        self._build_override(rules)
        self.demolish_group.form.setRowVisible(self.on_pier, rules.pier_charges)
        # R1: a rule the text does not give is a house rule, and says so.
        self.repair_group.setTitle(tr("Repair (house rule, A13)") if rules.repair_is_house_rule
                                   else tr("Repair"))
        key = self.structure_id
        structure = self.document.siege.structures.get(key) if key else None
        for group in (self.fight_group, self.repair_group, self.free_group, self.kick_group,
                      self.demolish_group, self.mine_group, self.override_group):
            group.setEnabled(structure is not None)
        self.charge.clear()
        for weapon, _own in self.document.weapon_list():
            if rules.is_charge(weapon):
                self.charge.addItem(weapon.name, weapon.id)
        if structure is None:
            self.heading.setText(tr("Select one structure to act on it"))
            self._shown_id = None
            return
        if key != self._shown_id:  # another structure: nothing typed for the last one stays
            self._shown_id = key
            self.reset_inputs()
        kind = rules.catalogue.kinds.get(structure.kind)
        self.heading.setText(f"{structure.name}\n{kind.name if kind else structure.kind}")
        self.occupant.clear()
        self.occupant.addItems([p.name for p in structure.occupants if p.trapped])
        self.mine.clear()
        under = [mine for mine in self.document.siege.mines.values() if mine.structure_id == key]
        for number, mine in enumerate(under, 1):  # named by where it is, never by its id
            self.mine.addItem(tr("Mine {number} under it: {state}, {days_dug}/"
                              "{days_needed} days").format(
                                      number=number, state=mine.state, days_dug=mine.days_dug,
                                              days_needed=mine.days_needed), mine.id)
        layers = rules.override_layers(structure)
        shown = [self.layer.itemData(row) for row in range(self.layer.count())]
        if shown != [value for _word, value in layers]:
            self.layer.blockSignals(True)
            self.layer.clear()
            for word, value in layers:
                self.layer.addItem(word, value)
            self.layer.blockSignals(False)
        form.setRowVisible(self.layer, bool(layers))
        self._show_layer()
        for box, reason in self.not_applying(structure).items():
            box.setEnabled(not reason)
            box.setToolTip(reason)

    def reset_inputs(self) -> None:
        """Every input back to its first value (a new structure starts afresh)."""
        for task in (self.firefighters, self.repair_task, self.free_task, self.kick_task):
            task.setText("success")
        self.team.setValue(3)
        self.engineer.setChecked(True)
        self.charges.setValue(1)
        self.on_pier.setChecked(False)
        self.besiegers_win.setChecked(True)
        self.countermined.setChecked(False)
        self.layer.setCurrentIndex(0)
        self.reason.clear()

    def not_applying(self, structure) -> dict[QGroupBox, str]:
        """Each group's reason not to apply to ``structure`` ("" where it applies); a group
        that does not apply is greyed, with the reason as its tooltip."""
        state = self.document.rules.state(structure)
        fire = ""
        if not state.burning:
            fire = tr("{name} is not burning.").format(name=structure.name)
        elif structure.out_of_control:
            fire = (tr("The fire in {name} is out of control: it can no longer be put "
                    "out (ruling H9).").format(name=structure.name))
        trapped = "" if any(p.trapped for p in structure.occupants) \
            else tr("Nobody is trapped in {name}.").format(name=structure.name)
        repair = "" if state.health < 1 or structure.collapsed \
            else tr("{name} is undamaged: there is nothing to repair.").format(name=structure.name)
        kick = "" if structure.has_flag("kick_opens") \
            else tr("Only an interior door opens to a kick.")
        return {self.fight_group: fire, self.free_group: trapped, self.repair_group: repair,
                self.kick_group: kick}

    def _build_override(self, rules: Ruleset) -> None:
        """The override's inputs for ``rules``' ``override_fields``, between the Layer row and
        the Reason row (made again only when the siege's rule text changes)."""
        if rules is self._override_rules:
            return
        form = self.override_group.form
        for old in self.override_inputs.values():
            form.removeRow(old)
        self.override_inputs = {}
        for row, spec in enumerate(rules.override_fields, start=1):
            widget: QWidget
            if spec.kind == "count":
                widget = StrictSpinBox(spec.label, 0, OVERRIDE_COUNT_MAX)
                widget.refused.connect(lambda message: self.warn(message))
            elif spec.kind == "flag":
                widget = QCheckBox(spec.label)
            else:
                widget = QComboBox()
                widget.addItems(list(spec.choices))
            self.override_inputs[spec.name] = widget
            form.insertRow(row, "" if spec.kind == "flag" else spec.label, widget)
            form.setRowVisible(widget, True)  # now, not when the event loop next runs
        self._override_rules = rules

    def _layer(self) -> str:
        """The layer the override would set (``GMOverride.layer``)."""
        return self.layer.currentData() or "outer"

    def _show_layer(self) -> None:
        """The override's inputs show the state of the chosen layer."""
        key = self.structure_id
        structure = self.document.siege.structures.get(key) if key else None
        if structure is None:
            return
        rules = self.document.rules
        values = rules.override_values(structure, self._layer())
        limits = rules.override_limits(structure, self._layer())
        for name, widget in self.override_inputs.items():
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(values[name]))
            elif isinstance(widget, QComboBox):
                widget.setCurrentText(str(values[name]))
            elif isinstance(widget, QSpinBox):
                widget.setMaximum(limits.get(name, OVERRIDE_COUNT_MAX))
                widget.setValue(values[name])

    def _override_value(self, widget: QWidget) -> object:
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        if isinstance(widget, QComboBox):
            return widget.currentText()
        assert isinstance(widget, QSpinBox)  # a count
        return widget.value()

    # -- acting ---------------------------------------------------------------------------
    def _act(self, build) -> None:
        key = self.structure_id
        if key is None:
            self.warn(tr("Select one structure first."))
            return
        try:
            action = build(key)
        except ValueError as error:
            self.warn(tr("Cannot do that: {error}").format(error=plain_error(error)))
            return
        self.play(action)

    def fight_fire(self) -> None:
        self._act(lambda key: FightFire(structure_id=key,
                                        firefighters=parse_tasks(self.firefighters.text())))

    def repair(self) -> None:
        self._act(lambda key: Repair(structure_id=key, team_size=self.team.value(),
                                     engineer=self.engineer.isChecked(),
                                     task=parse_task(self.repair_task.text())))

    def free_trapped(self) -> None:
        def build(key):
            if not self.occupant.currentText():
                raise ValueError(tr("nobody is trapped here"))
            return FreeTrapped(structure_id=key, occupant=self.occupant.currentText(),
                               task=parse_task(self.free_task.text()))
        self._act(build)

    def kick(self) -> None:
        self._act(lambda key: Kick(structure_id=key, task=parse_task(self.kick_task.text())))

    def demolish(self) -> None:
        def build(key):
            if self.charge.currentData() is None:
                raise ValueError(tr("no charge weapon in this siege's catalogue"))
            return Demolish(structure_id=key,
                            weapon_ids=[self.charge.currentData()] * self.charges.value(),
                            on_pier=self.on_pier.isChecked())
        self._act(build)

    def start_mine(self) -> None:
        def build(key):
            number = 1
            while f"mine{number}" in self.document.siege.mines:
                number += 1
            return StartMine(structure_id=key, mine_id=f"mine{number}")
        self._act(build)

    def _show_mine_known(self) -> None:
        siege = self.document.siege
        mine = siege.mines.get(self.mine.currentData()) if self.mine.currentData() else None
        self.mine_known.setEnabled(mine is not None)
        self.mine_known.setChecked(mine is not None and is_known(mine, siege.players_side))

    def _mark_mine_known(self, checked: bool) -> None:
        if self.mine.currentData() is not None:
            self.document.mark_mine_known(self.mine.currentData(), checked)

    def _mine_id(self) -> str:
        if self.mine.currentData() is None:
            raise ValueError(tr("no mine under this section: start one first"))
        return self.mine.currentData()

    def dig_mine(self) -> None:
        self._act(lambda key: DigMine(mine_id=self._mine_id(),
                                      besiegers_win=self.besiegers_win.isChecked(),
                                      countermined=self.countermined.isChecked()))

    def fire_mine(self) -> None:
        self._act(lambda key: FireMine(mine_id=self._mine_id()))

    def override(self) -> None:
        def build(key):
            structure = self.document.siege.structures[key]
            rules = self.document.rules
            now = rules.override_values(structure, self._layer())
            wanted = {name: self._override_value(widget)
                      for name, widget in self.override_inputs.items()}
            where = {"layer": self._layer()} if rules.override_layers(structure) else {}
            fields = {name: value for name, value in wanted.items() if now[name] != value}
            if not fields:
                raise ValueError(tr("nothing differs from the structure's state"))
            return GMOverride(structure_id=key, reason=self.reason.text().strip(), **where,
                              **fields)
        self._act(build)
