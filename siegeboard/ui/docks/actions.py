"""Actions dock: what the GM's people do to the selected structure, each one a rules action
played through the engine (and so logged and undoable): fight a fire, repair, free a trapped
person, kick a door, set demolition charges, mines, and the GM's own override.

A task is typed as its outcome ("success", "failure", "outstanding", "catastrophic") or as a
skill number to roll 1D20 against (H13); several firefighters are separated by commas.
"""

from __future__ import annotations

from typing import get_args

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDockWidget, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
    QLineEdit, QPushButton, QScrollArea, QVBoxLayout, QWidget,
)

from siegeboard.model.actions import (
    Demolish, DigMine, FightFire, FireMine, FreeTrapped, GMOverride, Kick, Repair, StartMine,
    TaskRoll,
)
from siegeboard.model.structure import LadderStep, TaskOutcome
from siegeboard.rules.knowledge import is_known
from siegeboard.ui.changes import Aspect, Change
from siegeboard.ui.document import Document
from siegeboard.ui.number_fields import StrictSpinBox
from siegeboard.ui.plain_words import plain_error

OUTCOMES = get_args(TaskOutcome)


def parse_task(text: str) -> TaskRoll:
    """"success" -> an entered outcome; "12" -> skill 12, rolled (ValueError otherwise)."""
    word = text.strip().lower()
    if word in OUTCOMES:
        return TaskRoll(outcome=word)
    if word.isdigit():
        return TaskRoll(skill=int(word))
    raise ValueError(f"task {text.strip()!r}: type an outcome ({', '.join(OUTCOMES)}) or a "
                     "skill number to roll against")


def parse_tasks(text: str) -> list[TaskRoll]:
    tasks = [parse_task(part) for part in text.split(",") if part.strip()]
    if not tasks:
        raise ValueError("type at least one outcome or skill")
    return tasks


def _button(text: str, slot) -> QPushButton:
    button = QPushButton(text)
    button.clicked.connect(lambda: slot())
    return button


class ActionsDock(QDockWidget):
    def __init__(self, document: Document, play, warn, parent=None):
        """``play(action)`` runs an action (the window's: it reports refusals)."""
        super().__init__("Actions", parent)
        self.setObjectName("ActionsDock")
        self.document = document
        self.play = play
        self.warn = warn
        self._shown_id: str | None = None
        self.heading = QLabel("Select one structure")
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: 600;")

        # Fight a fire (DP ruleset)
        self.firefighters = QLineEdit("success")
        self.firefighters.setToolTip("One per firefighter, comma separated: an outcome or a "
                                     "Constitution skill to roll")
        self.fight_group = self._group("Fight the fire (Difficult, Constitution)", [
            ("Firefighters", self.firefighters), ("", _button("Fight fire", self.fight_fire))])
        # Repair
        self.team = StrictSpinBox("The team", 1, 3)
        self.team.setValue(3)
        self.engineer = QCheckBox("A combat engineer in the team")
        self.engineer.setChecked(True)
        self.repair_task = QLineEdit("success")
        self.repair_group = self._group("Repair", [
            ("Team", self.team), ("", self.engineer), ("Task", self.repair_task),
            ("", _button("Repair", self.repair))])
        # Free a trapped person
        self.occupant = QComboBox()
        self.free_task = QLineEdit("success")
        self.free_group = self._group("Free a trapped person (Formidable, Strength)", [
            ("Who", self.occupant), ("Task", self.free_task),
            ("", _button("Free", self.free_trapped))])
        # Kick a door (Hull ruleset)
        self.kick_task = QLineEdit("success")
        self.kick_group = self._group("Kick the door (Average, Athletics)", [
            ("Task", self.kick_task), ("", _button("Kick", self.kick))])
        # Demolition
        self.charge = QComboBox()
        self.charges = StrictSpinBox("The number of charges", 1, 50)
        self.on_pier = QCheckBox("On a pier (counts double)")
        self.demolish_group = self._group("Demolition charges", [
            ("Charge", self.charge), ("How many", self.charges), ("", self.on_pier),
            ("", _button("Set and fire", self.demolish))])
        # Mines (Hull ruleset)
        self.mine = QComboBox()
        self.besiegers_win = QCheckBox("Besiegers win the opposed Perception check")
        self.besiegers_win.setChecked(True)
        self.countermined = QCheckBox("Countermined")
        self.mine_known = QCheckBox("Known to the players")
        self.mine_known.setToolTip("Checked: the players know of this mine. The defenders' "
                                   "players do not, until marked known.")
        self.mine_known.clicked.connect(self._mark_mine_known)
        self.mine.currentIndexChanged.connect(lambda _i: self._show_mine_known())
        mine_buttons = QWidget()
        mine_row = QHBoxLayout(mine_buttons)
        mine_row.setContentsMargins(0, 0, 0, 0)
        for text, slot in (("Start mine", self.start_mine), ("Dig a day", self.dig_mine),
                           ("Fire mine", self.fire_mine)):
            mine_row.addWidget(_button(text, slot))
        self.mine_group = self._group("Mine under this section", [
            ("Mine", self.mine), ("", self.mine_known), ("", self.besiegers_win),
            ("", self.countermined), ("", mine_buttons)])
        # GM override
        self.dp = StrictSpinBox("DP", 0, 10_000_000)
        self.collapsed = QCheckBox("Collapsed")
        self.cleared = QCheckBox("Cleared")
        self.fire_level = StrictSpinBox("The fire's level", 0, 10_000)
        self.out_of_control = QCheckBox("Out of control")
        self.hull_suffered = StrictSpinBox("Hull suffered", 0, 10_000)
        for box in (self.team, self.charges, self.dp, self.fire_level, self.hull_suffered):
            box.refused.connect(lambda message: self.warn(message))
        self.ladder = QComboBox()
        self.ladder.addItems(list(get_args(LadderStep)))
        self.burning = QCheckBox("Burning")
        self.layer = QComboBox()  # A5: a gate with a portcullis is two layers
        self.layer.addItem("Gate", "outer")
        self.layer.addItem("Portcullis", "inner")
        self.layer.currentIndexChanged.connect(lambda _index: self._show_layer())
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("why (for the log)")
        self.override_group = self._group("GM override", [
            ("DP", self.dp), ("", self.collapsed), ("", self.cleared),
            ("Fire level", self.fire_level), ("", self.out_of_control),
            ("Layer", self.layer), ("Hull suffered", self.hull_suffered), ("Ladder", self.ladder),
            ("", self.burning),
            ("Reason", self.reason), ("", _button("Set", self.override))])
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

    def _group(self, title: str, rows) -> QGroupBox:
        group = QGroupBox(title)
        form = QFormLayout(group)
        for label, widget in rows:
            form.addRow(label, widget)
        group.form = form
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
        overrides = {"dp": self.dp, "collapsed": self.collapsed, "cleared": self.cleared,
                     "fire_level": self.fire_level, "out_of_control": self.out_of_control,
                     "hull_suffered": self.hull_suffered, "ladder": self.ladder,
                     "burning": self.burning}
        for field, widget in overrides.items():
            form.setRowVisible(widget, field in rules.override_fields)
        self.demolish_group.form.setRowVisible(self.on_pier, rules.pier_charges)
        # R1: a rule the text does not give is a house rule, and says so.
        self.repair_group.setTitle("Repair (house rule, A13)" if rules.repair_is_house_rule
                                   else "Repair")
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
            self.heading.setText("Select one structure to act on it")
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
            self.mine.addItem(f"Mine {number} under it: {mine.state}, {mine.days_dug}/"
                              f"{mine.days_needed} days", mine.id)
        self.dp.setMaximum(structure.dp_original)
        self.dp.setValue(structure.dp)
        self.collapsed.setChecked(structure.collapsed)
        self.cleared.setChecked(structure.cleared)
        self.fire_level.setValue(structure.fire_level)
        self.out_of_control.setChecked(structure.out_of_control)
        form.setRowVisible(self.layer, rules.layered_gates and structure.inner_layer is not None)
        if structure.inner_layer is None:
            self.layer.setCurrentIndex(0)
        self._show_layer()
        self.burning.setChecked(structure.burning)
        for group, reason in self.not_applying(structure).items():
            group.setEnabled(not reason)
            group.setToolTip(reason)

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
            fire = f"{structure.name} is not burning."
        elif structure.out_of_control:
            fire = (f"The fire in {structure.name} is out of control: it can no longer be put "
                    "out (ruling H9).")
        trapped = "" if any(p.trapped for p in structure.occupants) \
            else f"Nobody is trapped in {structure.name}."
        repair = "" if state.health < 1 or structure.collapsed \
            else f"{structure.name} is undamaged: there is nothing to repair."
        kick = "" if structure.has_flag("kick_opens") \
            else "Only an interior door opens to a kick."
        return {self.fight_group: fire, self.free_group: trapped, self.repair_group: repair,
                self.kick_group: kick}

    def _layer_state(self, structure) -> tuple[int, int, str]:
        """(hull, suffered, ladder) of the layer the override would set."""
        inner = structure.inner_layer
        if self.layer.currentData() == "inner" and inner is not None:
            return inner.hull, inner.suffered, inner.ladder
        return structure.hull, structure.hull_suffered, structure.ladder

    def _show_layer(self) -> None:
        key = self.structure_id
        structure = self.document.siege.structures.get(key) if key else None
        if structure is None:
            return
        hull, suffered, ladder = self._layer_state(structure)
        self.hull_suffered.setMaximum(hull)
        self.hull_suffered.setValue(suffered)
        self.ladder.setCurrentText(ladder)

    # -- acting ---------------------------------------------------------------------------
    def _act(self, build) -> None:
        key = self.structure_id
        if key is None:
            self.warn("Select one structure first.")
            return
        try:
            action = build(key)
        except ValueError as error:
            self.warn(f"Cannot do that: {plain_error(error)}")
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
                raise ValueError("nobody is trapped here")
            return FreeTrapped(structure_id=key, occupant=self.occupant.currentText(),
                               task=parse_task(self.free_task.text()))
        self._act(build)

    def kick(self) -> None:
        self._act(lambda key: Kick(structure_id=key, task=parse_task(self.kick_task.text())))

    def demolish(self) -> None:
        def build(key):
            if self.charge.currentData() is None:
                raise ValueError("no charge weapon in this siege's catalogue")
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
            raise ValueError("no mine under this section: start one first")
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
            if "ladder" in self.document.rules.override_fields:
                _hull, suffered, ladder = self._layer_state(structure)
                now = {"hull_suffered": suffered, "ladder": ladder, "burning": structure.burning}
                wanted = {"hull_suffered": self.hull_suffered.value(),
                          "ladder": self.ladder.currentText(),
                          "burning": self.burning.isChecked()}
                where = {"layer": self.layer.currentData()}
            else:
                wanted = {"dp": self.dp.value(), "collapsed": self.collapsed.isChecked(),
                          "cleared": self.cleared.isChecked(),
                          "fire_level": self.fire_level.value(),
                          "out_of_control": self.out_of_control.isChecked()}
                now = {name: getattr(structure, name) for name in wanted}
                where = {}
            fields = {name: value for name, value in wanted.items() if now[name] != value}
            if not fields:
                raise ValueError("nothing differs from the structure's state")
            return GMOverride(structure_id=key, reason=self.reason.text().strip(), **where,
                              **fields)
        self._act(build)
