"""The range rings' legend: where a band's ring cannot be seen, its limit is said in a small
plate at the view's top-right corner.

At castle zoom a gun's long band (1,200 m, 3 km) is a ring far off the screen; zoomed out on a
town, a short band may be a ring round a battery out of sight. Each band whose ring's label
is not in view is listed with where the view stands against it ("all of this view is within
it", "beyond it", "its ring crosses the view") and which way the battery lies. The plate is a
child of the view, not of its viewport (viewport scrolling would drag it along), and follows
the view's zoom, scroll and size. ``bands_out_of_sight`` is the reckoning, without Qt widgets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtWidgets import QGraphicsView, QLabel

from siegeboard.ui.language import QT_TR_NOOP, tr

# Arrows by compass point, east first, counter-clockwise on the map (y grows southwards).
# The words are shown through tr() (``compass`` gives them in English).
_COMPASS = ((QT_TR_NOOP("east"), "→"), (QT_TR_NOOP("north-east"), "↗"),
            (QT_TR_NOOP("north"), "↑"), (QT_TR_NOOP("north-west"), "↖"),
            (QT_TR_NOOP("west"), "←"), (QT_TR_NOOP("south-west"), "↙"),
            (QT_TR_NOOP("south"), "↓"), (QT_TR_NOOP("south-east"), "↘"))


@dataclass(frozen=True)
class BandSight:
    """One band whose ring's label is not in view: its ring's radius and label, and where
    the view stands against the ring: "within", "beyond" or "crossing"."""

    radius: float
    label: str
    where: str


def compass(dx: float, dy: float) -> tuple[str, str]:
    """The compass point (and its arrow) of a map direction (x east, y south)."""
    angle = math.degrees(math.atan2(-dy, dx)) % 360
    return _COMPASS[int((angle + 22.5) // 45) % 8]


def distance_words(metres: float) -> str:
    """"850 m", "1.2 km", "12 km"."""
    if metres < 1000:
        return f"{metres:,.0f} m"
    return f"{metres / 1000:.1f} km" if metres < 10_000 else f"{metres / 1000:,.0f} km"


def bands_out_of_sight(centre: tuple[float, float], rings: list[tuple[float, str]],
                       view: tuple[float, float, float, float]) -> list[BandSight]:
    """The rings round ``centre`` whose label point (the ring's north point, where the
    rings item writes it) is outside ``view`` (minx, miny, maxx, maxy in metres), each
    with where the view stands against it."""
    minx, miny, maxx, maxy = view
    cx, cy = centre
    nearest = math.hypot(max(minx - cx, 0.0, cx - maxx), max(miny - cy, 0.0, cy - maxy))
    farthest = max(math.hypot(x - cx, y - cy) for x in (minx, maxx) for y in (miny, maxy))
    found = []
    for radius, label in rings:
        north = (cx, cy - radius)
        if minx <= north[0] <= maxx and miny <= north[1] <= maxy:
            continue  # its own label is in sight
        if farthest <= radius:
            where = "within"
        elif nearest > radius:
            where = "beyond"
        else:
            where = "crossing"
        found.append(BandSight(radius, label, where))
    return found


_WHERE = {"within": QT_TR_NOOP("all of this view is within it"),
          "beyond": QT_TR_NOOP("all of this view is beyond it"),
          "crossing": QT_TR_NOOP("its ring crosses this view")}


class RangeLegend(QLabel):
    """The plate over ``view``; ``show_for(name, centre, rings)`` sets what it tells (None
    hides it), and it redraws itself as the view moves."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self._view = view
        self._name = ""
        self._centre: tuple[float, float] | None = None
        self._rings: list[tuple[float, str]] = []
        self.setObjectName("rangeLegend")
        self.setAccessibleName(tr("Range bands out of sight"))
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setMaximumWidth(340)
        self.setStyleSheet("QLabel#rangeLegend { background: rgba(255, 255, 255, 225); "
                           "color: #00466e; border: 1px solid #0072B2; border-radius: 4px; "
                           "padding: 4px 6px; font-weight: bold; }")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._seen: tuple | None = None  # the view's rect and size the plate was made for
        # Every way the view moves (wheel, keys, a fit, a scroll bar, a resize) paints its
        # viewport: the plate is checked then, and remade only when the view has moved.
        view.viewport().installEventFilter(self)
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint and self._centre is not None:
            seen = self.visible_rect()
            key = (seen.getRect(), self._view.viewport().size().toTuple())
            if key != self._seen:
                self._seen = key
                self.refresh()
        return False

    def show_for(self, name: str, centre: tuple[float, float] | None,
                 rings: list[tuple[float, str]]) -> None:
        self._name, self._centre, self._rings = name, centre, list(rings)
        self._seen = None
        self.refresh()

    def visible_rect(self) -> QRectF:
        """The part of the map the view shows, in metres."""
        return self._view.mapToScene(self._view.viewport().rect()).boundingRect()

    def lines(self) -> list[str]:
        """What the plate says; [] when every ring's label is in sight."""
        if self._centre is None or not self._rings:
            return []
        seen = self.visible_rect()
        view = (seen.left(), seen.top(), seen.right(), seen.bottom())
        out = bands_out_of_sight(self._centre, self._rings, view)
        if not out:
            return []
        middle = seen.center()
        dx, dy = self._centre[0] - middle.x(), self._centre[1] - middle.y()
        lines = [tr("Range from {name}").format(name=self._name)]
        if not seen.contains(QPointF(*self._centre)):
            point, arrow = compass(dx, dy)
            lines[0] += tr(", {distance_words} to the {point} {arrow}").format(
                    distance_words=distance_words(math.hypot(dx, dy)), point=tr(point),
                    arrow=arrow)
        lines += [f"{band.label}: {tr(_WHERE[band.where])}" for band in out]
        return lines

    def refresh(self, *_args: object) -> None:
        lines = self.lines()
        if not lines:
            self.hide()
            return
        self.setText("\n".join(lines))
        self.setAccessibleDescription(self.text())
        self.adjustSize()
        area = self._view.viewport().geometry()
        self.move(area.right() - self.width() - 10, area.top() + 10)
        self.show()
        self.raise_()
