"""The scale bar and the legend's rows and swatches: each state of the siege's rule text drawn
as the map draws it (``look``, ``labels``, ``batteries``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPen,
    QPolygonF,
)

from siegeboard.report.batteries import paint_battery
from siegeboard.report.labels import Labels, paint_fire_badge, paint_labels, paint_plate
from siegeboard.report.look import (
    HALO,
    INK,
    NAME_FONT,
    SCALE_FONT,
    Look,
    fill_colour,
    paint_footprint,
    paint_pattern,
    sized_font,
    structure_style,
)
from siegeboard.rules.messages import _
from siegeboard.rules.ruleset import PATTERNS, Alarm, Ruleset, StructureState
from siegeboard.rules.words import state_word

# -- the scale bar ------------------------------------------------------------------------------


def nice_length(at_most: float) -> float:
    """The largest 1, 2 or 5 x 10^n metres not above ``at_most``."""
    if at_most <= 0:
        raise ValueError(f"scale bar: no room ({at_most} m)")
    power = 10 ** math.floor(math.log10(at_most))
    for step in (5, 2, 1):
        if step * power <= at_most:
            return step * power
    return power


def length_label(metres: float) -> str:
    return f"{metres:g} m" if metres < 1000 else f"{metres / 1000:g} km"


def scale_bar_height(look: Look) -> float:
    return (5 + 2) * look.unit + sized_font(look, SCALE_FONT)[1].height()


def paint_scale_bar(painter: QPainter, top_left: QPointF, metres: float, length: float,
                    look: Look) -> float:
    """A bar ``length`` device units long standing for ``metres``: black and white segments
    (four or two) with 0 and the length under its ends. Returns the height used."""
    u = look.unit
    x, y = top_left.x(), top_left.y()
    segments = 4 if metres % 4 == 0 or metres >= 20 else 2
    painter.setPen(QPen(INK, 0.8 * u))
    for i in range(segments):
        painter.setBrush(INK if i % 2 == 0 else QColor("white"))
        painter.drawRect(QRectF(x + i * length / segments, y, length / segments, 5 * u))
    fnt, fm = sized_font(look, SCALE_FONT)
    painter.setFont(fnt)
    painter.setPen(INK)
    text_y = y + 7 * u
    painter.drawText(QRectF(x - 20 * u, text_y, 40 * u, fm.height()),
                     Qt.AlignmentFlag.AlignHCenter, "0")
    label = length_label(metres)
    width = fm.horizontalAdvance(label) + 4 * u
    painter.drawText(QRectF(x + length - width / 2, text_y, width, fm.height()),
                     Qt.AlignmentFlag.AlignHCenter, label)
    return scale_bar_height(look)


# -- the legend -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LegendRow:
    """One row of a legend: what its swatch shows and what it means. ``what`` is "state"
    (a footprint in ``state``), "ramp" (the fill scale), "fire", "people", "battery" (``side``)."""

    what: str
    text: str
    state: StructureState | None = None
    fire: str = ""
    wild_fire: bool = False
    side: str = ""
    people: str = ""


def _legend_state(rules: Ruleset, word: str, health: float, players: bool) -> StructureState:
    """A state of ``word`` for a swatch: its mark, pattern and alarm as the map shows them."""
    marks = dict(rules.legend_marks())
    alarm: Alarm = ""
    if word in ("collapsed", "breached"):
        alarm = "breached"
    elif word == "cracked" and not players:
        alarm = "cracked"
    shown = word in marks or players and alarm
    return StructureState(word=word, players_word=word, health=health, alarm=alarm,
                          mark=word.capitalize() if shown else "",
                          pattern=PATTERNS.get(word, "none"), cleared=word == "cleared")


def legend_rows(rules: Ruleset, look: Look, *, ramp: tuple[float, ...] = ()) -> list[LegendRow]:
    """The legend for ``rules`` in ``look``: the fill scale (``ramp``: the health fractions
    shown as their own rows, in colour only; empty: one ramp row), the states with their
    patterns and marks, the fire
    badges, the people mark and the two batteries."""
    marks = dict(rules.legend_marks())
    rows = []
    if not look.players:
        left = _("{short} left").format(short=_(rules.short))
        if ramp:
            rows += [LegendRow("state", _scale_words(f, left),
                               state=StructureState(word="damaged", players_word="damaged",
                                                    health=f))
                     for f in ramp]
        else:
            rows.append(LegendRow("ramp", left))
    for word, health in rules.legend_states(look.players):
        if ramp and word == "intact":
            continue  # the scale's first row shows it
        text = state_word(word)
        if not look.players:
            shade = _("damaged (the shade tells the {short} left)").format(short=_(rules.short))
            text = marks.get(word, {"damaged": shade}.get(word, state_word(word)))
        rows.append(LegendRow("state", text,
                              state=_legend_state(rules, word, health, look.players)))
    fires = rules.legend_fires()
    if look.players:
        fires = [(_("Fire"), False, _("burning"))]
    rows += [LegendRow("fire", text, fire=badge, wild_fire=wild) for badge, wild, text in fires]
    rows.append(LegendRow("people", _("people trapped or hurt inside (red words)"),
                          people=_("{trapped} trapped").format(trapped=2)))
    rows += [LegendRow("battery", _("battery of the besiegers (name and weapon beside it)"),
                       side="besieger"),
             LegendRow("battery", _("battery of the defenders"), side="defender")]
    return rows


def _scale_words(health: float, left: str) -> str:
    """A row of the fill scale: "60 % of its DP left", the ends named."""
    percent = round(health * 100)
    if health == 1.0:
        return _("{percent} % of its {left}: intact").format(percent=percent, left=left)
    if health == 0.0:
        return _("{percent} % of its {left}: nothing left").format(percent=percent, left=left)
    return _("{percent} % of its {left}").format(percent=percent, left=left)


def paint_swatch(painter: QPainter, rect: QRectF, row: LegendRow, look: Look) -> None:
    """``row``'s swatch in ``rect`` (device units), drawn with the map's own pieces."""
    centre = rect.center()
    if row.what == "battery":
        paint_battery(painter, centre, row.side, look)
        return
    if row.what == "ramp":
        steps = 20
        for step in range(steps):
            health = step / (steps - 1)
            state = StructureState(word="damaged", players_word="damaged", health=health)
            painter.fillRect(QRectF(rect.left() + step * rect.width() / steps, rect.top(),
                                    rect.width() / steps + 0.2, rect.height()),
                             fill_colour(state, look))
        painter.setPen(QPen(INK, 0.6 * look.unit))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)
        return
    state = row.state or StructureState(word="intact", players_word="intact", health=1.0)
    style = structure_style(state, replace(look, players=False), row.people)
    body = rect.adjusted(HALO / 2 * look.unit, HALO / 2 * look.unit,
                         -HALO / 2 * look.unit, -HALO / 2 * look.unit)
    polygon = QPolygonF(body)
    paint_footprint(painter, polygon, style)
    paint_pattern(painter, polygon, style, look)
    if style.plate:
        paint_plate(painter, centre, style.plate, style.alarm, look)
    elif row.fire:
        paint_fire_badge(painter, centre, row.fire, row.wild_fire, look)
    elif style.note or row.people:
        text = style.note or row.people
        width = sized_font(look, NAME_FONT)[1].horizontalAdvance(text) + 6 * look.unit
        paint_labels(painter, centre, Labels(((text, width),), people_line=not style.note),
                     style, look)
