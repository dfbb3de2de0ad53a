"""The one painter of the map, for the screen and for paper: a structure (footprint, outline,
pattern, name), its alarm plate, its fire badge, its people, a battery, the scale bar and the
legend's swatches. QPainter only, no widgets; nothing here decides a rule.

Every piece is drawn from a ``StructureState`` (``rules.registry``) and a ``Look``: screen or
paper, the GM's copy or the players', colour or greyscale. Sizes are written once, in *units*:
a unit is a device pixel on screen and 0.75 point on paper (a 96-dpi pixel), so a plate, a badge
or a battery is as big on the page as in the window. Footprints are drawn in whatever
coordinates the painter holds (metres on screen with cosmetic pens, points on paper); marks,
words and patterns in units, with the painter's transform reset (screen) or in page points
(paper).

What is expensive is made once: ``structure_style`` (pens, brushes, words of one state in one
look) and fonts are cached, so a window's repaint builds nothing.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace
from collections.abc import Sequence
from typing import Literal

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen, QPolygonF,
    QStaticText, QTransform,
)

from siegeboard.model.structure import Structure
from siegeboard.report import palette
from siegeboard.report import vector_clip
from siegeboard.report.damage_scale import players_state
from siegeboard.rules.ruleset import PATTERNS, Pattern, Ruleset, StructureState

Medium = Literal["screen", "paper"]

# -- sizes, in units (a screen pixel; 0.75 pt on paper) -------------------------------------
PAPER_UNIT = 0.75        # points per unit on paper
# Font sizes are whole points on paper (a font's size is a whole number of page units there),
# so the screen's, rounded to whole pixels, is within half a pixel of the page's.
NAME_FONT = 8 / PAPER_UNIT       # names and people: 8 pt, 11 px
NAME_FONTS = tuple(points / PAPER_UNIT for points in (8, 7, 6))  # a long name, set smaller
BADGE_FONT = 7 / PAPER_UNIT      # the fire badge: 7 pt, 9 px
MARK_FONT = 8 / PAPER_UNIT       # the alarm plate's word (bold)
BATTERY_FONT = 8 / PAPER_UNIT    # a battery's name and weapon (bold)
SCALE_FONT = 7 / PAPER_UNIT      # the scale bar's lengths
OUTLINE = 1.6            # the footprint's outline
SELECTED = 3.0           # the selected footprint's outline
HALO = 5.0               # the alarm ring, half of it outside the footprint
PATTERN_STEP = 6.0       # hatch lines and dots, this far apart
PATTERN_LINE = 1.0
PATTERN_DOT = 1.6
MARK_HEIGHT = 15.0       # the alarm plate
NAME_MIN_WIDTH = 40.0    # narrower than this, a structure shows no name
NAME_MIN_HEIGHT = 22.0
BATTERY_RADIUS = 9.0

# -- colours ------------------------------------------------------------------------------------
INK = QColor("#1b1b1b")
LABEL_PLATE = QColor(255, 255, 255, 200)
NAME_TEXT = QColor("#000000")
PEOPLE_TEXT = QColor("#8b0000")
PATTERN_INK = QColor(0, 0, 0, 170)
# An out-of-control fire is inverted and ringed, so it differs by more than its "!".
WILD_FIRE_BADGE = QColor("#ffcc33")
WILD_FIRE_TEXT = QColor("#000000")
WILD_FIRE_RING = QColor("#D55E00")
# A burning structure is ringed in flame colour, seen at a glance and not only by its badge;
# out of control, the ring is wider.
FIRE_RING = QColor("#E69F00")
FIRE_RING_WIDTH, WILD_FIRE_RING_WIDTH = 4.0, 6.0
BESIEGER = QColor("#000000")
DEFENDER = QColor("#009E73")  # Okabe-Ito bluish green: never a damage colour
BATTERY_RIM = QColor("#ffffff")
CHOSEN = QColor("#ff00ff")
# Fills on paper are nearly opaque: the plan's own hatching must not show through a structure
# and pass for a state's pattern. On screen they are thin enough for the plan's ink to show.
PAPER_ALPHA = 225


@dataclass(frozen=True)
class Look:
    """How the map is drawn: on ``screen`` or ``paper``, for the GM or the ``players``, in
    colour or ``greyscale``, at ``pixels_per_metre`` (units per metre; 0 where unknown)."""

    medium: Medium = "screen"
    players: bool = False
    greyscale: bool = False
    pixels_per_metre: float = 0.0

    @property
    def unit(self) -> float:
        """Device units (screen pixels, page points) per unit of the sizes above."""
        return 1.0 if self.medium == "screen" else PAPER_UNIT

    def at_scale(self, pixels_per_metre: float) -> Look:
        return replace(self, pixels_per_metre=pixels_per_metre)

    def ink(self, colour: QColor) -> QColor:
        """``colour`` as this look prints it: its grey in greyscale."""
        return grey(colour) if self.greyscale else colour

    @property
    def key(self) -> tuple[str, bool, bool]:
        """What styles depend on (not the zoom)."""
        return self.medium, self.players, self.greyscale


SCREEN = Look()


def grey(colour: QColor) -> QColor:
    """The colour's luminance as a grey, alpha kept."""
    level = round(0.299 * colour.red() + 0.587 * colour.green() + 0.114 * colour.blue())
    return QColor(level, level, level, colour.alpha())


@functools.lru_cache(maxsize=64)
def font(size: float, bold: bool = False) -> QFont:
    """A font ``size`` device units tall (pixels on screen, points on paper), made once."""
    chosen = QFont("DejaVu Sans")
    chosen.setPixelSize(max(1, math.floor(size + 0.5)))  # half up: 10.5 px is 11
    chosen.setBold(bold)
    return chosen


@functools.lru_cache(maxsize=64)
def metrics(size: float, bold: bool = False) -> QFontMetricsF:
    return QFontMetricsF(font(size, bold))


def _font(look: Look, size: float, bold: bool = False) -> tuple[QFont, QFontMetricsF]:
    size *= look.unit
    return font(size, bold), metrics(size, bold)


# -- what a structure shows -----------------------------------------------------------------


def shown_state(state: StructureState, look: Look) -> StructureState:
    """The state as this copy may show it: the players see the coarse word, "Fire" and
    whether the way is open, never a figure, a crack or a fire's level."""
    if not look.players:
        return state
    return players_state(state)


def people_mark(structure: Structure) -> str:
    """"2 trapped, 1 hurt": the occupants to look after; "" when there are none."""
    if not structure.occupants:
        return ""  # most of a city: asked of every structure on every sheet
    trapped = structure.trapped_count
    hurt = sum(1 for person in structure.occupants if person.damage > 0)
    parts = ([f"{trapped} trapped"] if trapped else []) + ([f"{hurt} hurt"] if hurt else [])
    return ", ".join(parts)


@dataclass(frozen=True, eq=False)
class StructureStyle:
    """Everything one state draws with in one look, made once (``structure_style``)."""

    state: StructureState   # as shown (``shown_state``)
    fill: QColor
    brush: QBrush
    outline: QPen
    selected: QPen
    halo: QPen | None       # the alarm ring, None without an alarm
    pattern: Pattern
    pattern_ink: QColor
    pattern_fill: QBrush | None  # screen: the fill with its pattern, one tiled brush
    plate: str              # the alarm plate's word ("" without an alarm)
    note: str               # a state word shown under the name when there is no plate
    fire: str
    wild_fire: bool
    people: str
    fire_ring: QPen | None = None  # burning: the flame-coloured ring inside the outline

    @property
    def alarm(self) -> str:
        return self.state.alarm

    @property
    def patterned(self) -> bool:
        return self.pattern != "none"

    def tooltip(self, name: str) -> str:
        parts = [name] + [part for part in (self.plate or self.note,) if part]
        if self.fire:
            parts.append(f"fire {self.fire}" + (" (out of control)" if self.wild_fire else ""))
        if self.people:
            parts.append(self.people)
        return " · ".join(parts)


def fill_colour(state: StructureState, look: Look) -> QColor:
    """The footprint's fill: the damage scale at the state's health (grey when cleared),
    translucent on screen, nearly opaque on paper, light to dark in greyscale."""
    health = 0.0 if state.cleared else state.health
    if look.greyscale:
        if state.cleared:
            return QColor(235, 235, 235, PAPER_ALPHA)
        level = round(105 + 95 * palette.shade_step(health))  # lighter the more is left
        return QColor(level, level, level, PAPER_ALPHA)
    colour = QColor(palette.CLEARED if state.cleared else palette.damage_colour(health))
    colour.setAlpha(palette.fill_alpha(health) if look.medium == "screen" else PAPER_ALPHA)
    return colour


def outline_colour(state: StructureState, look: Look) -> QColor:
    """The opaque outline: the state's colour deepened, so a thin wall still shows its state."""
    colour = palette.CLEARED if state.cleared else palette.damage_colour(
        0.0 if state.cleared else state.health)
    return look.ink(QColor(colour).darker(palette.OUTLINE_DARKER))


def _pen(look: Look, colour: QColor, width: float) -> QPen:
    pen = QPen(colour)
    pen.setWidthF(width * look.unit)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    # On screen the footprint is drawn in metres: the pen stays this many pixels at any zoom.
    pen.setCosmetic(look.medium == "screen")
    return pen


@functools.lru_cache(maxsize=8192)
def _style(state: StructureState, key: tuple[str, bool, bool], people: str) -> StructureStyle:
    look = Look(*key)
    shown = shown_state(state, look)
    fill = fill_colour(shown, look)
    halo = None
    if shown.alarm:
        halo = _pen(look, look.ink(palette.BREACH_MARK if shown.alarm == "breached"
                                   else palette.MARK_RING), HALO)
        if shown.alarm == "cracked":
            halo.setDashPattern([1.2, 0.8])
    return StructureStyle(
        state=shown, fill=fill, brush=QBrush(fill),
        outline=_pen(look, outline_colour(shown, look), OUTLINE),
        selected=_pen(look, palette.SELECTED_OUTLINE, SELECTED), halo=halo,
        pattern=shown.pattern, pattern_ink=look.ink(PATTERN_INK),
        pattern_fill=(pattern_brush(shown.pattern, look.ink(PATTERN_INK).rgba(),
                                    round(PATTERN_STEP), fill.rgba())
                      if shown.pattern != "none" and look.medium == "screen" else None),
        plate=shown.mark if shown.alarm else "", note="" if shown.alarm else shown.mark,
        fire=shown.fire, wild_fire=shown.wild_fire, people=people,
        fire_ring=_fire_ring(look, shown.wild_fire) if shown.fire else None)


def _fire_ring(look: Look, wild: bool) -> QPen:
    pen = _pen(look, look.ink(WILD_FIRE_RING if wild else FIRE_RING),
               WILD_FIRE_RING_WIDTH if wild else FIRE_RING_WIDTH)
    pen.setDashPattern([2.0, 1.2])  # a flicker, told from the alarm's solid halo
    return pen


def structure_style(state: StructureState, look: Look = SCREEN, people: str = "") -> StructureStyle:
    """The style of ``state`` in ``look`` (``people``: ``people_mark``), shared by every
    structure in that state: pens and brushes are made once per state, not per repaint."""
    return _style(state, look.key, people)


# -- a structure: footprint and pattern --------------------------------------------------------


def footprint_path(outer: QPolygonF, holes: Sequence[QPolygonF]) -> QPainterPath:
    """A footprint with holes (courtyards) as one path filled by the odd-even rule, so the
    holes show as holes: drawn, patterned and hit-tested alike."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in (outer, *holes):
        path.addPolygon(ring)
        path.closeSubpath()
    return path


def _draw_outline(painter: QPainter, shape: QPolygonF | QPainterPath) -> None:
    if isinstance(shape, QPainterPath):
        painter.drawPath(shape)
    else:
        painter.drawPolygon(shape)


def paint_footprint(painter: QPainter, polygon: QPolygonF | QPainterPath, style: StructureStyle,
                    selected: bool = False, patterned: bool = False,
                    aliased_fill: bool = False) -> None:
    """Halo (when alarmed), fill and outline of ``polygon`` (a ``footprint_path`` for a
    footprint with holes), in the painter's coordinates.
    ``patterned`` (screen, ``polygon`` in device pixels): the fill and its pattern in one
    pass, with ``style.pattern_fill``.
    ``aliased_fill`` (screen, antialiased painter): the fill without antialiasing, then the
    outline with it. The outline (1.6 px and more, centred on the edge) covers the pixels where
    the two fills differ, so a channel moves by 3 at most; Qt's raster engine fills a shape
    32 device rows tall or more with antialiasing about seven times slower."""
    if style.halo is not None:
        painter.setPen(style.halo)
        painter.setBrush(_NO_BRUSH)
        _draw_outline(painter, polygon)
    if aliased_fill:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(_NO_PEN)
        painter.setBrush(style.pattern_fill if patterned else style.brush)
        _draw_outline(painter, polygon)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(_NO_BRUSH)
    else:
        painter.setBrush(style.pattern_fill if patterned else style.brush)
    painter.setPen(style.selected if selected else style.outline)
    _draw_outline(painter, polygon)
    if style.fire_ring is not None:
        painter.setPen(style.fire_ring)
        painter.setBrush(_NO_BRUSH)
        _draw_outline(painter, polygon)


@functools.lru_cache(maxsize=1024)
def pattern_brush(pattern: Pattern, rgba: int, step: int, background: int = 0) -> QBrush:
    """The screen's pattern as a tiled brush of ``step`` pixels (drawn in device pixels),
    over the ``background`` colour (an rgba; 0: clear)."""
    tile = QImage(step, 2 * step, QImage.Format.Format_ARGB32_Premultiplied)
    tile.fill(QColor.fromRgba(background))
    painter = QPainter(tile)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor.fromRgba(rgba)
    if pattern == "dots":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        radius = PATTERN_DOT / 2
        for x, y in ((0, step / 2), (step, step / 2), (step / 2, 1.5 * step)):
            painter.drawEllipse(QPointF(x, y), radius, radius)
    else:
        painter.setPen(QPen(colour, PATTERN_LINE))
        for shift in range(-2, 3):  # whole lines across the tile, wrapped at its edges
            base = shift * step
            painter.drawLine(QLineF(base, 2 * step, base + 2 * step, 0))
            if pattern == "crosshatch":
                painter.drawLine(QLineF(base, 0, base + 2 * step, 2 * step))
    painter.end()
    return QBrush(tile)


def as_path(shape: QPolygonF | QPainterPath) -> QPainterPath:
    """``shape`` as a closed path (a path is returned as it is)."""
    if isinstance(shape, QPainterPath):
        return shape
    path = QPainterPath()
    path.addPolygon(shape)
    path.closeSubpath()
    return path


def paint_pattern(painter: QPainter, polygon: QPolygonF | QPainterPath, style: StructureStyle,
                  look: Look) -> None:
    """The state's pattern inside ``polygon`` (device pixels on screen, points on paper):
    the same lines and dots, the same distance apart, on both."""
    if not style.patterned:
        return
    if look.medium == "screen":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pattern_brush(style.pattern, style.pattern_ink.rgba(),
                                       round(PATTERN_STEP)))
        _draw_outline(painter, polygon)
        return
    # Paper: vectors, so the pattern prints the same at any resolution.
    if isinstance(polygon, QPainterPath):
        path = polygon
    else:
        path = QPainterPath()
        path.addPolygon(polygon)
        path.closeSubpath()
    paint_pattern_path(painter, path, style.pattern, style.pattern_ink, look)


def paint_pattern_path(painter: QPainter, path: QPainterPath, pattern: Pattern,
                       colour: QColor, look: Look) -> None:
    """``pattern`` inside ``path`` as vector lines or dots, ``PATTERN_STEP`` units apart."""
    box = path.boundingRect()
    step = PATTERN_STEP * look.unit
    clips = vector_clip.device_clips(painter)  # an SVG is given the clipped pieces instead
    painter.save()
    if clips:
        painter.setClipPath(path, Qt.ClipOperation.IntersectClip)
    if pattern == "dots":
        pen = QPen(colour, PATTERN_DOT * look.unit)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        dots = []
        row = 0
        y = box.top() + step / 2
        while y < box.bottom() + step:
            x = box.left() + (step / 2 if row % 2 else 0)
            while x < box.right() + step:
                dots.append(QPointF(x, y))
                x += step
            y += step
            row += 1
        if clips:
            painter.drawPoints(dots)
        else:
            vector_clip.fill_dots_within(painter, dots, PATTERN_DOT * look.unit, path, colour)
    else:
        painter.setPen(QPen(colour, PATTERN_LINE * look.unit))
        lines = _diagonals(box, step, rising=True)
        if pattern == "crosshatch":
            lines += _diagonals(box, step, rising=False)
        if clips:
            painter.drawLines(lines)
        else:
            vector_clip.fill_lines_within(painter, lines, PATTERN_LINE * look.unit, path,
                                          colour)
    painter.restore()


def _diagonals(box: QRectF, step: float, *, rising: bool) -> list[QLineF]:
    lines = []
    span = box.width() + box.height()
    offset = 0.0
    while offset <= span:
        if rising:
            lines.append(QLineF(box.left() + offset, box.bottom(),
                                box.left() + offset - box.height(), box.top()))
        else:
            lines.append(QLineF(box.left() + offset - box.height(), box.bottom(),
                                box.left() + offset, box.top()))
        offset += step
    return lines


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
        fm = _font(look, size)[1]
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
        people = people.replace(" trapped", "T").replace(" hurt", "H").replace(", ", " ")
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
    fnt, fm = _font(look, labels.size)
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
    fnt, fm = _font(look, labels.size)
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
_NO_BRUSH = Qt.BrushStyle.NoBrush
_CENTRE = Qt.AlignmentFlag.AlignCenter
_PLATE_BRUSH = QBrush(LABEL_PLATE)


@functools.lru_cache(maxsize=2)
def _text_pens(greyscale: bool) -> tuple[QPen, QPen]:
    """The pens of names and of people's words."""
    look = Look(greyscale=greyscale)
    return QPen(look.ink(NAME_TEXT)), QPen(look.ink(PEOPLE_TEXT))


def plate_rect(text: str, look: Look) -> QRectF:
    """The alarm plate's rectangle about (0, 0), in device units."""
    _, fm = _font(look, MARK_FONT, True)
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
    painter.setFont(_font(look, MARK_FONT, True)[0])
    painter.setPen(look.ink(palette.BREACH_MARK_TEXT if breached else palette.CRACK_MARK_TEXT))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def badge_height(look: Look) -> float:
    return _font(look, BADGE_FONT, True)[1].height() + 2 * look.unit


def paint_fire_badge(painter: QPainter, centre: QPointF, text: str, wild: bool,
                     look: Look) -> QRectF:
    """The fire badge at ``centre``: a flame and the level ("F3") on a dark plate; a fire out
    of control is inverted (yellow) and ringed in vermillion. Returns its rectangle."""
    fnt, fm = _font(look, BADGE_FONT, True)
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


# -- a battery ----------------------------------------------------------------------------------


def battery_colour(side: str) -> QColor:
    return DEFENDER if side == "defender" else BESIEGER


def paint_battery(painter: QPainter, point: QPointF, side: str, look: Look,
                  chosen: bool = False) -> None:
    """A gun position: a triangle for the besiegers (black), a square for the defenders
    (bluish green), rimmed in white; the shape alone tells the sides apart in greyscale.
    The battery the fire tool shoots from is rimmed in magenta."""
    u = look.unit
    r = BATTERY_RADIUS * u
    pen = QPen(CHOSEN if chosen else BATTERY_RIM, (3 if chosen else 2) * u)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    painter.setBrush(look.ink(battery_colour(side)))
    x, y = point.x(), point.y()
    if side == "defender":
        half = r * 0.78
        painter.drawRect(QRectF(x - half, y - half, 2 * half, 2 * half))
    else:
        painter.drawPolygon(QPolygonF([QPointF(x, y - r), QPointF(x + r * 0.95, y + r * 0.7),
                                       QPointF(x - r * 0.95, y + r * 0.7)]))
    # A white dot on the spot the battery fires from.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(BATTERY_RIM)
    painter.drawEllipse(point, 1.6 * u, 1.6 * u)


def battery_text(name: str, weapon_name: str) -> str:
    return f"{name} ({weapon_name})" if weapon_name else name


def battery_label_size(text: str, look: Look) -> tuple[float, float]:
    _, fm = _font(look, BATTERY_FONT, True)
    return fm.horizontalAdvance(text) + 8 * look.unit, fm.height()


def battery_label_beside(point: QPointF, text: str, look: Look) -> QRectF:
    """The label's box to the right of a battery at ``point``."""
    width, height = battery_label_size(text, look)
    return QRectF(point.x() + (BATTERY_RADIUS + 3) * look.unit, point.y() - height / 2,
                  width, height)


def paint_battery_label(painter: QPainter, box: QRectF, text: str, side: str,
                        look: Look) -> None:
    """The battery's name and weapon on a pale plate, in the side's colour."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 215))
    painter.drawRoundedRect(box, 3 * look.unit, 3 * look.unit)
    painter.setFont(_font(look, BATTERY_FONT, True)[0])
    painter.setPen(look.ink(battery_colour(side)))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


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
    return (5 + 2) * look.unit + _font(look, SCALE_FONT)[1].height()


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
    fnt, fm = _font(look, SCALE_FONT)
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
    alarm = ""
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
        left = f"{rules.short} left"
        if ramp:
            rows += [LegendRow("state", f"{round(f * 100)} % of its {left}" + (
                         ": intact" if f == 1.0 else ": nothing left" if f == 0.0 else ""),
                               state=StructureState(word="damaged", players_word="damaged",
                                                    health=f))
                     for f in ramp]
        else:
            rows.append(LegendRow("ramp", left))
    for word, health in rules.legend_states(look.players):
        if ramp and word == "intact":
            continue  # the scale's first row shows it
        text = word
        if not look.players:
            text = marks.get(word, {"damaged": f"damaged (the shade tells the {rules.short} left)"}.get(
                word, word))
        rows.append(LegendRow("state", text,
                              state=_legend_state(rules, word, health, look.players)))
    fires = rules.legend_fires()
    if look.players:
        fires = [("Fire", False, "burning")]
    rows += [LegendRow("fire", text, fire=badge, wild_fire=wild) for badge, wild, text in fires]
    rows.append(LegendRow("people", "people trapped or hurt inside (red words)",
                          people="2 trapped"))
    rows += [LegendRow("battery", "battery of the besiegers (name and weapon beside it)",
                       side="besieger"),
             LegendRow("battery", "battery of the defenders", side="defender")]
    return rows


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
        width = _font(look, NAME_FONT)[1].horizontalAdvance(text) + 6 * look.unit
        paint_labels(painter, centre, Labels(((text, width),), people_line=not style.note),
                     style, look)
