"""How a structure looks, for the screen and for paper: the sizes and colours, the ``Look``
(screen or paper, the GM's copy or the players', colour or greyscale), a state's style
(``structure_style``: fill, outline, pattern, pens), its footprint and its pattern. QPainter
only, no widgets; nothing here decides a rule. Its words, plate and badge are drawn by
``labels``, a battery by ``batteries``, the scale bar and legend by ``legend``; ``renderer``
names them all.

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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from siegeboard.model.structure import Structure
from siegeboard.report import palette, vector_clip
from siegeboard.report.damage_scale import (  # noqa: F401  (PLAYERS_HEALTH: a name of the look)
    PLAYERS_HEALTH,
    players_state,
)
from siegeboard.rules.messages import _
from siegeboard.rules.ruleset import Pattern, StructureState

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
    def key(self) -> tuple[Medium, bool, bool]:
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


def sized_font(look: Look, size: float, bold: bool = False) -> tuple[QFont, QFontMetricsF]:
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
    parts = (([_("{trapped} trapped").format(trapped=trapped)] if trapped else [])
             + ([_("{hurt} hurt").format(hurt=hurt)] if hurt else []))
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
            parts.append((_("fire {fire} (out of control)") if self.wild_fire
                          else _("fire {fire}")).format(fire=self.fire))
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
def _style(state: StructureState, key: tuple[Medium, bool, bool], people: str) -> StructureStyle:
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
        plate=_(shown.mark) if shown.alarm and shown.mark else "",
        note="" if shown.alarm or not shown.mark else _(shown.mark),
        fire=_(shown.fire) if shown.fire else "", wild_fire=shown.wild_fire, people=people,
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


_NO_PEN = Qt.PenStyle.NoPen
_NO_BRUSH = Qt.BrushStyle.NoBrush
