"""Odds dock: what the next shot of the chosen battery will probably do to the chosen target,
and how many hits it will take to bring it down.

The target is the selected structure (else the battery's assigned target); the shot is the
Fire dock's (battery or weapon at a typed range, the GM's modifier or Successes and Boons).
The figures are the rules core's (``rules.odds``): exact for the shot, the rounds to fall
sampled (DP ruleset) or exact (Hull ruleset). Two small bar charts: what is left of the
target after one shot, and the number of hits until it falls, the median marked. Nothing
here decides a rule. Work is done only while the dock is shown, once per burst of changes.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QDockWidget,
    QFormLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from siegeboard.model.siege import TURNS_PER_MINUTE
from siegeboard.rules import odds
from siegeboard.rules.chances import floats, one_in, quantile
from siegeboard.ui.docks.fire import FireDock
from siegeboard.ui.document.changes import Aspect, Change
from siegeboard.ui.document.document import Document
from siegeboard.ui.language import tr
from siegeboard.ui.plain_words import plain_clause

BAR = QColor("#4a6fa5")
MEDIAN = QColor("#c0392b")


class ChanceChart(QWidget):
    """A small bar chart of a distribution: values on x, chance on y, the median marked."""

    def __init__(self, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.title = title
        self.values: dict[int, float] = {}
        self.median: int | None = None
        self.note = ""
        self.setMinimumSize(240, 130)

    def show_distribution(self, values: dict[int, float], note: str = "") -> None:
        self.values = dict(sorted(values.items()))
        self.median = quantile(self.values, 0.5) if self.values else None
        self.note = note
        self.update()

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(34, 18, -8, -20)
        painter.fillRect(self.rect(), QColor("white"))
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() - 1))
        painter.setFont(font)
        painter.setPen(QColor("#333"))
        painter.drawText(QRectF(4, 0, self.width() - 8, 16), Qt.AlignmentFlag.AlignLeft,
                         self.title + (f" ({self.note})" if self.note else ""))
        painter.setPen(QPen(QColor("#888"), 1))
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        painter.drawLine(rect.bottomLeft(), rect.topLeft())
        if not self.values:
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, tr("nothing to show"))
            return
        low, high = min(self.values), max(self.values)
        top = max(self.values.values())
        span = high - low + 1
        width = rect.width() / span
        painter.drawText(QRectF(0, rect.top() - 6, 32, 14), Qt.AlignmentFlag.AlignRight,
                         f"{100 * top:.0f}%")
        for value, p in self.values.items():
            x = rect.left() + (value - low) * width
            height = rect.height() * p / top if top else 0
            painter.fillRect(QRectF(x + width * 0.1, rect.bottom() - height,
                                    max(1.0, width * 0.8), height), BAR)
        ticks = {low, high} | ({self.median} if self.median is not None else set())
        painter.setPen(QColor("#333"))
        for value in sorted(ticks):
            x = rect.left() + (value - low + 0.5) * width
            painter.drawText(QRectF(x - 30, rect.bottom() + 2, 60, 16),
                             Qt.AlignmentFlag.AlignHCenter, str(value))
        if self.median is not None:
            x = rect.left() + (self.median - low + 0.5) * width
            painter.setPen(QPen(MEDIAN, 2, Qt.PenStyle.DashLine))
            painter.drawLine(int(x), int(rect.top()), int(x), int(rect.bottom()))
            painter.drawText(QRectF(x + 3, rect.top(), 80, 14), Qt.AlignmentFlag.AlignLeft,
                             "median")
        painter.end()


class OddsDock(QDockWidget):
    """``fire_dock``: the Fire dock, whose settings say what the shot is."""

    def __init__(self, document: Document, fire_dock: FireDock, parent: QWidget | None = None):
        super().__init__(tr("Odds"), parent)
        self.setObjectName("OddsDock")
        self.document = document
        self.fire_dock = fire_dock
        self.shot: odds.ShotOdds | None = None
        self.rounds: odds.RoundsOdds | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)

        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: 600;")
        self.figures = QLabel()
        self.figures.setWordWrap(True)
        self.figures.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.left_chart = ChanceChart(tr("What is left after one shot"))
        self.people_chart = ChanceChart(tr("Damage to those inside"))
        self.rounds_chart = ChanceChart(tr("Hits to bring it down"))
        self.rounds_line = QLabel()
        self.rounds_line.setWordWrap(True)
        self.interval = QSpinBox()
        self.interval.setRange(0, 24 * 60)
        self.interval.setValue(1)
        self.interval.setSuffix(tr(" min"))
        self.interval.setToolTip(tr("Time between hits: fires grow, burn and spread meanwhile"))
        self.pool = QSpinBox()
        self.pool.setRange(0, 100)
        self.pool.setSpecialValueText(tr("Successes and Boons as entered"))
        self.pool.setToolTip(tr("Roll a pool of D6 for the attack instead (each 5-6 a Success, "
                             "each 6 also a Boon)"))
        self.reach = QTableWidget(0, 5)
        self.reach.setHorizontalHeaderLabels([tr(
            "In the blast's reach"), tr("Squares"), tr("Loses"),
                                              tr("Falls"), tr("Burns")])
        self.reach.verticalHeader().setVisible(False)
        self.reach.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.reach.setMinimumHeight(110)

        self.form = QFormLayout()
        self.form.addRow(tr("Between hits"), self.interval)
        self.form.addRow(tr("Dice pool"), self.pool)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.heading)
        layout.addWidget(self.figures)
        layout.addWidget(self.left_chart)
        layout.addWidget(self.people_chart)
        layout.addLayout(self.form)
        layout.addWidget(self.rounds_chart)
        layout.addWidget(self.rounds_line)
        layout.addWidget(self.reach)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setWidget(scroll)

        document.changed.connect(self._on_changed)
        document.selection_changed.connect(lambda _ids: self.schedule())
        fire_dock.battery_chosen.connect(lambda _id: self.schedule())
        for spin in (fire_dock.modifier, fire_dock.successes, fire_dock.boons, fire_dock.range,
                     self.interval, self.pool):
            spin.valueChanged.connect(lambda _v: self.schedule())
        fire_dock.through_slit.toggled.connect(lambda _on: self.schedule())
        self.visibilityChanged.connect(lambda shown: self.schedule() if shown else None)

    # -- when to work -----------------------------------------------------------------------
    def _on_changed(self, change: Change) -> None:
        if (change.reset or change.changed or change.added or change.removed or change.batteries
                or change.weapons or change.touches(Aspect.SETTINGS)
                or change.touches(Aspect.CLOCK)):
            self.schedule()

    def schedule(self) -> None:
        """Recompute once, after the current burst of changes, if the dock is shown."""
        if self.isVisible():
            self._timer.start()

    # -- what the shot is -------------------------------------------------------------------
    def target_id(self) -> str | None:
        siege = self.document.siege
        for key in self.document.selection:
            if key in siege.structures:
                return key
        settings = self.fire_dock.settings()
        battery = siege.batteries.get(settings.battery_id) if settings.battery_id else None
        if battery is not None and battery.target_id in siege.structures:
            return battery.target_id
        return None

    def spec(self, target_id: str) -> odds.ShotSpec:
        settings = self.fire_dock.settings()
        siege = self.document.siege
        point = self.document.index.polygon(target_id).representative_point()
        pool = self.pool.value() if "successes" in self.document.rules.fire_inputs else 0
        return odds.spec_for(
            siege, (point.x, point.y), battery_id=settings.battery_id,
            weapon_id=None if settings.battery_id else settings.weapon_id,
            range_m=settings.range_m, target_id=target_id, modifier=settings.modifier,
            successes=settings.successes, boons=settings.boons,
            through_slit=settings.through_slit, pool=pool or None)

    # -- showing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        self.form.setRowVisible(self.pool, "successes" in self.document.rules.fire_inputs)
        target = self.target_id()
        self.shot = self.rounds = None
        if target is None:
            self._blank(tr("Select a structure to aim at (or give the battery a target)."))
            return
        siege = self.document.siege
        try:
            spec = self.spec(target)
            if spec.range_m is None:
                raise ValueError(tr("with no battery, type the range in the Fire dock"))
            self.shot = shot = odds.shot_odds(siege, spec, index=self.document.index)
            self.rounds = rounds = odds.rounds_to_fall(
                siege, spec, target, interval_turns=self.interval.value() * TURNS_PER_MINUTE,
                index=self.document.index)
        except ValueError as error:
            self._blank(tr("No odds: {error}.").format(error=plain_clause(error)))
            return
        self._show(spec, shot, rounds)

    def _blank(self, message: str) -> None:
        self.heading.setText(message)
        self.figures.clear()
        self.left_chart.show_distribution({})
        self.people_chart.hide()
        self.rounds_chart.show_distribution({})
        self.rounds_line.clear()
        self.reach.setRowCount(0)

    def _show(self, spec: odds.ShotSpec, shot: odds.ShotOdds, rounds: odds.RoundsOdds) -> None:
        struck = shot.struck
        assert struck is not None  # the spec aims at a structure
        where = f", {spec.range_m:.0f} m" if spec.range_m else ""
        self.heading.setText(tr("{name} at {name2}{where}").format(
                name=spec.weapon.name, name2=struck.name, where=where))
        word, p_falls = odds.falls_word(struck)
        parts = []
        if struck.p_penetrate is not None:
            parts.append(tr("penetrates {one_in}").format(one_in=one_in(float(struck.p_penetrate))))
        parts.append(f"{word} {one_in(float(p_falls))}")
        if struck.p_cleared is not None:
            parts.append(tr("cleared {one_in}").format(one_in=one_in(float(struck.p_cleared))))
        if struck.p_cracked is not None:
            parts.append(tr("Cracked {one_in}").format(one_in=one_in(float(struck.p_cracked))))
        parts.append(tr("burning {one_in}").format(one_in=one_in(float(struck.p_ignite))))
        text = ["; ".join(parts)]
        detail = [line.strip() for line in odds.lines(odds.ShotOdds(spec, shot.target_id,
                                                                     [struck]))[2:]]
        text += detail[1:]
        self.figures.setText("\n".join(text))
        what = tr("DP left") if struck.figure == "dp_after" else tr("Hull suffered")
        self.left_chart.title = tr("{what} after one shot").format(what=what)
        self.left_chart.show_distribution(floats(struck.left), tr("now {now}/{of}").format(
                now=struck.now, of=struck.of))
        self.people_chart.setVisible(bool(struck.occupants) and struck.p_people_hurt > 0)
        self.people_chart.show_distribution(floats(struck.people),
                                            tr("{occupants} inside, all together").format(
                                                    occupants=struck.occupants))
        self.rounds_chart.show_distribution(
            rounds.falls, tr("exact") if rounds.exact else tr("{trials} sieges sampled").format(
                    trials=rounds.trials))
        line = rounds.line()
        cleared = quantile(rounds.cleared, 0.5) if rounds.cleared else None
        if cleared is not None:
            line += tr("; cleared after about {cleared}").format(cleared=cleared)
        if not rounds.exact:
            line += (tr(" ({trials} sieges sampled, each chance within "
                     "{value:.1f} points, 95% sure)").format(
                             trials=rounds.trials, value=100 * rounds.error))
        self.rounds_line.setText(line)
        others = [s for s in shot.structures if not s.struck]
        self.reach.setRowCount(len(others))
        for row, other in enumerate(others):
            word, p = odds.falls_word(other)
            mean_left = sum(v * float(q) for v, q in other.left.items())
            cells = [other.name, str(other.squares_away), str(other.concussion),
                     one_in(float(p)) + (tr(" (already)") if other.fallen else ""),
                     one_in(float(other.p_ignite))]
            items = [QTableWidgetItem(value) for value in cells]
            items[0].setToolTip(tr("DP {now} -> {mean_left:.0f}").format(
                    now=other.now, mean_left=mean_left))
            for column, item in enumerate(items):
                self.reach.setItem(row, column, item)
        self.reach.resizeColumnsToContents()
