"""The colours of the map, shared by the window and snapshots (``report.renderer`` draws with
them).

The damage scale runs from intact to destroyed through the Okabe-Ito colours (blue, sky blue,
yellow, orange, vermillion), which stay distinct under the common colour-vision deficiencies;
state never relies on colour alone: collapse is hatched, Cracked and Breached carry a mark,
fire carries its level as a number.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

# The scale itself is Qt-free (the players' devices colour from it too).
from siegeboard.report.damage_scale import (  # noqa: F401  (the palette's names, kept)
    DAMAGE_STOPS,
    OUTLINE_DARKER,
    WINDOW_ALPHA_INTACT,
    WINDOW_ALPHA_LOST,
    damage_rgb,
    fill_alpha,
    shade_step,
)

FILL_ALPHA = 140
# The alarm marks: a Breached (armory) or Collapsed (harris) section, a Cracked one. They are
# drawn at a fixed size on screen so a 4 m section is seen with the whole castle in view.
BREACH_MARK = QColor("#D55E00")     # vermillion plate, white words, black ring
BREACH_MARK_TEXT = QColor("#ffffff")
CRACK_MARK = QColor("#F0E442")      # yellow plate, black words
CRACK_MARK_TEXT = QColor("#000000")
MARK_RING = QColor("#000000")
OUTLINE = QColor("#1b1b1b")
SELECTED_OUTLINE = QColor("#ff00ff")
CLEARED = QColor("#9a9a9a")
FIRE_BADGE = QColor("#202020")
FIRE_TEXT = QColor("#ffcc33")
GRID_FINE = QColor(40, 40, 40, 60)
GRID_SQUARE = QColor(20, 20, 20, 150)
GRID_LABEL = QColor(20, 20, 20, 200)
PREVIEW = QColor("#cc79a7")  # reddish purple: drawing in progress, distinct from any state


def damage_colour(fraction: float) -> QColor:
    """The scale's colour at ``fraction`` (clamped to 0..1), in steps (``shade_step``)."""
    return QColor.fromRgbF(*damage_rgb(shade_step(fraction)))
