"""A structure's words (its name and its people, laid out to fit its box), its alarm plate and
its fire badge, on screen and paper alike, in the units of ``look``."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QStaticText,
    QTransform,
)

from siegeboard.report import palette
from siegeboard.report.look import (
    BADGE_FONT,
    LABEL_PLATE,
    MARK_FONT,
    MARK_HEIGHT,
    NAME_FONT,
    NAME_FONTS,
    NAME_MIN_HEIGHT,
    NAME_MIN_WIDTH,
    NAME_TEXT,
    PEOPLE_TEXT,
    WILD_FIRE_BADGE,
    WILD_FIRE_RING,
    WILD_FIRE_TEXT,
    Look,
    StructureStyle,
    sized_font,
)

# -- a structure: words, plate, badge ------------------------------------------------------


@dataclass(frozen=True)
class Labels:
    """The words on a structure, laid out for a box of one size: the lines (text, plate
    width) across the middle. (No name runs upright along a narrow wall: the table names it,
    and rotated words break the text a PDF reader finds on the page.)"""

    lines: tuple[tuple[str, float], ...]
    people_line: bool = False   # the last line is the people's (red words)
    size: float = NAME_FONT     # the font size, in units


def words_fit(width: float, height: float, look: Look) -> bool:
    """Whether a box ``width`` x ``height`` device units is big enough for any words."""
    return width >= NAME_MIN_WIDTH * look.unit and height >= NAME_MIN_HEIGHT * look.unit


def lay_out_labels(name: str, style: StructureStyle, width: float, height: float,
                   look: Look) -> Labels | None:
    """The words for a box ``width`` x ``height`` device units; None where they do not fit
    (a thin wall keeps its colour visible; the tooltip and the table have its name). A name
    too long for the box is set smaller, down to ``NAME_FONTS[-1]``, then cut short."""
    u = look.unit
    if not words_fit(width, height, look):
        return None
    pad = 6 * u
    room = width - 4 * u
    for size in NAME_FONTS:
        fm = sized_font(look, size)[1]
        if fm.horizontalAdvance(name) <= room:
            lines = [name]
            break
    else:
        lines = [fm.elidedText(name, Qt.TextElideMode.ElideRight, room)]
    # Under the name, as many as the box holds: the people first (the pattern and the legend
    # also tell a state), then the state's word.
    fits = max(1, int((height + 2 * u) // fm.height()))
    people = style.people if fits > 1 else ""
    if people and fm.horizontalAdvance(people) > room:  # short form: "2T 1H"
        people = re.sub(r"(\d+) (\w)\w*", lambda m: f"{m[1]}{m[2].upper()}", people)
        people = people.replace(", ", " ")
    if style.note and fits > len(lines) + bool(people):
        lines.append(style.note)
    if people:
        lines.append(people)
    return Labels(tuple((line, fm.horizontalAdvance(line) + pad) for line in lines),
                  people_line=bool(people), size=size)


def paint_labels(painter: QPainter, centre: QPointF, labels: Labels, style: StructureStyle,
                 look: Look) -> float:
    """The words at ``centre`` (device units), each on a pale plate that keeps it legible over
    the plan; under the alarm plate when there is one. Returns the top of the first line."""
    # Drawn for every visible structure on every repaint: no pen, brush or enum made here.
    fnt, fm = sized_font(look, labels.size)
    height = fm.height()
    u = look.unit
    top = centre.y() - height * len(labels.lines) / 2
    if style.plate:
        top = centre.y() + MARK_HEIGHT * u / 2 + 1
    x = centre.x()
    if look.medium == "screen":
        words = screen_words(labels, look)
        set_screen_words(painter, words)
        paint_screen_words(painter, x, top, words)
        return top
    painter.setFont(fnt)
    radius = 2 * u
    name_pen, people_pen = _text_pens(look.greyscale)
    people_at = len(labels.lines) - 1 if labels.people_line else -1
    for number, (text, width) in enumerate(labels.lines):
        plate = QRectF(x - width / 2, top + number * height, width, height)
        painter.setPen(_NO_PEN)
        painter.setBrush(_PLATE_BRUSH)
        painter.drawRoundedRect(plate, radius, radius)
        painter.setPen(people_pen if number == people_at else name_pen)
        painter.drawText(plate, _CENTRE, text)
    return top


@dataclass(frozen=True, eq=False)
class ScreenWords:
    """``Labels`` made ready to draw on a screen anywhere (``paint_screen_words``): each
    line's plate and words as offsets from the first line's top left, worked out once, not
    for every structure and frame."""

    font: QFont
    top: float     # from the centre of a plain structure's words up to their first line's top
    height: float  # a line's (and its plate's)
    radius: float  # the plates' corners
    # Each line: half its plate's width, the width, its top below the first line's, its pen,
    # its words laid out, and where they start right of the plate's left edge.
    lines: tuple[tuple[float, float, float, QPen, QStaticText, float], ...]


@functools.lru_cache(maxsize=4096)
def screen_words(labels: Labels, look: Look) -> ScreenWords:
    """``labels`` ready to draw on a screen ``look`` (made once for equal labels)."""
    fnt, fm = sized_font(look, labels.size)
    height = fm.height()
    name_pen, people_pen = _text_pens(look.greyscale)
    people_at = len(labels.lines) - 1 if labels.people_line else -1
    lines = []
    for number, (text, width) in enumerate(labels.lines):
        words = _static_text(text, fnt)
        lines.append((width / 2, width, number * height,
                      people_pen if number == people_at else name_pen, words,
                      (width - words.size().width()) / 2))
    return ScreenWords(fnt, height * len(labels.lines) / 2, height, 2 * look.unit, tuple(lines))


def paint_screen_words(painter: QPainter, x: float, top: float, words: ScreenWords) -> None:
    """The words on a screen, centred across on ``x``, their first line's top at ``top``
    (the same pixels as drawText centred in each plate, its layout kept: a plate is one line
    high, so drawText puts the line at its top); the painter's font is ``words.font`` and its
    brush the plates' (``set_screen_words``: once for many)."""
    height, radius = words.height, words.radius
    set_pen, plate, draw = painter.setPen, painter.drawRoundedRect, painter.drawStaticText
    for half, width, below, pen, text, inset in words.lines:
        left = x - half
        line_top = top + below
        set_pen(_NO_PEN)
        plate(QRectF(left, line_top, width, height), radius, radius)
        set_pen(pen)
        draw(QPointF(left + inset, line_top), text)


def set_screen_words(painter: QPainter, words: ScreenWords) -> None:
    """Ready ``painter`` for ``paint_screen_words``."""
    painter.setFont(words.font)
    painter.setBrush(_PLATE_BRUSH)


@functools.lru_cache(maxsize=4096)
def _static_text(text: str, fnt: QFont) -> QStaticText:
    """``text`` laid out once in ``fnt`` (screen words: drawn many times a second)."""
    words = QStaticText(text)
    words.setTextFormat(Qt.TextFormat.PlainText)
    words.prepare(QTransform(), fnt)
    return words


_NO_PEN = Qt.PenStyle.NoPen
_CENTRE = Qt.AlignmentFlag.AlignCenter
_PLATE_BRUSH = QBrush(LABEL_PLATE)


@functools.lru_cache(maxsize=2)
def _text_pens(greyscale: bool) -> tuple[QPen, QPen]:
    """The pens of names and of people's words."""
    look = Look(greyscale=greyscale)
    return QPen(look.ink(NAME_TEXT)), QPen(look.ink(PEOPLE_TEXT))


def plate_rect(text: str, look: Look) -> QRectF:
    """The alarm plate's rectangle about (0, 0), in device units."""
    _, fm = sized_font(look, MARK_FONT, True)
    width = fm.horizontalAdvance(text) + 10 * look.unit
    height = MARK_HEIGHT * look.unit
    return QRectF(-width / 2, -height / 2, width, height)


def paint_plate(painter: QPainter, centre: QPointF, text: str, alarm: str, look: Look) -> None:
    """The alarm plate ("Breached", "Cracked", "Collapsed"): vermillion with white words for
    a way that is open, yellow with black words for a crack, ringed in black; a fixed size."""
    breached = alarm == "breached"
    rect = plate_rect(text, look).translated(centre)
    painter.setPen(QPen(look.ink(palette.MARK_RING), 1.5 * look.unit))
    painter.setBrush(look.ink(palette.BREACH_MARK if breached else palette.CRACK_MARK))
    painter.drawRoundedRect(rect, 3 * look.unit, 3 * look.unit)
    painter.setFont(sized_font(look, MARK_FONT, True)[0])
    painter.setPen(look.ink(palette.BREACH_MARK_TEXT if breached else palette.CRACK_MARK_TEXT))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def badge_height(look: Look) -> float:
    return sized_font(look, BADGE_FONT, True)[1].height() + 2 * look.unit


def paint_fire_badge(painter: QPainter, centre: QPointF, text: str, wild: bool,
                     look: Look) -> QRectF:
    """The fire badge at ``centre``: a flame and the level ("F3") on a dark plate; a fire out
    of control is inverted (yellow) and ringed in vermillion. Returns its rectangle."""
    fnt, fm = sized_font(look, BADGE_FONT, True)
    u = look.unit
    height = fm.height() + 2 * u
    width = fm.horizontalAdvance(text) + 16 * u
    rect = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
    if wild:
        painter.setPen(QPen(look.ink(WILD_FIRE_RING), 2 * u))
        painter.setBrush(look.ink(WILD_FIRE_BADGE))
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(look.ink(palette.FIRE_BADGE))
    painter.drawRoundedRect(rect, 3 * u, 3 * u)
    text_colour = look.ink(WILD_FIRE_TEXT if wild else palette.FIRE_TEXT)
    flame = QPainterPath()  # a flame: the badge reads as fire without its colour
    fx, fy, r = rect.left() + 5.5 * u, rect.center().y(), height / 2
    flame.moveTo(fx, fy + 0.6 * r)
    flame.cubicTo(fx - 0.55 * r, fy + 0.2 * r, fx - 0.2 * r, fy - 0.4 * r, fx, fy - 0.7 * r)
    flame.cubicTo(fx + 0.2 * r, fy - 0.4 * r, fx + 0.55 * r, fy + 0.2 * r, fx, fy + 0.6 * r)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(text_colour)
    painter.drawPath(flame)
    painter.setFont(fnt)
    painter.setPen(text_colour)
    painter.drawText(rect.adjusted(9 * u, 0, 0, 0), Qt.AlignmentFlag.AlignCenter, text)
    return rect


def paint_marks(painter: QPainter, centre: QPointF, box: QRectF, name: str,
                style: StructureStyle, look: Look, labels: Labels | None = None,
                lay_out: bool = True) -> None:
    """Everything drawn over a structure's footprint, in device units: its words (where they
    fit in ``box``), its alarm plate (paper only: the screen's plate is an item of its own)
    and its fire badge, which no zoom hides (above the words, or above the plate)."""
    if labels is None and lay_out:
        labels = lay_out_labels(name, style, box.width(), box.height(), look)
    if style.plate and look.medium == "paper":
        paint_plate(painter, centre, style.plate, style.alarm, look)
    top = None
    if labels is not None:
        top = paint_labels(painter, centre, labels, style, look)
    if style.fire:
        half = badge_height(look) / 2
        if style.plate:
            above = centre.y() - MARK_HEIGHT * look.unit / 2
        elif top is not None:
            above = top
        else:
            above = centre.y() + half + 1
        paint_fire_badge(painter, QPointF(centre.x(), above - half - 1), style.fire,
                         style.wild_fire, look)
