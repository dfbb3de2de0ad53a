"""The colours of the map, shared by the window and snapshots (``report.renderer`` draws with
them).

The damage scale runs from intact to destroyed through the Okabe-Ito colours (blue, sky blue,
yellow, orange, vermillion), which stay distinct under the common colour-vision deficiencies;
state never relies on colour alone: collapse is hatched, Cracked and Breached carry a mark,
fire carries its level as a number.
"""

from __future__ import annotations

import functools
from itertools import pairwise

from PySide6.QtGui import QColor

# (health fraction, colour): 1.0 is untouched, 0.0 is nothing left.
DAMAGE_STOPS: tuple[tuple[float, str], ...] = (
    (0.0, "#D55E00"),   # vermillion
    (0.25, "#E69F00"),  # orange
    (0.5, "#F0E442"),   # yellow
    (0.75, "#56B4E9"),  # sky blue
    (1.0, "#0072B2"),   # blue
)
FILL_ALPHA = 140
# The window's fills are thin enough for the plan's ink to show through: faint when intact,
# stronger as the structure fails, so damage still stands out. The outline carries the colour.
WINDOW_ALPHA_INTACT = 55
WINDOW_ALPHA_LOST = 150
OUTLINE_DARKER = 135  # QColor.darker factor: the outline is the fill's colour, deepened
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


def shade_step(fraction: float) -> float:
    """The step of the damage scale a health ``fraction`` is shown at: 1.0 only when untouched,
    any loss at all down to the next stop (a keep at 20,670 of 20,700 DP is sky blue, not
    the intact blue), then one step a quarter: five shades a GM tells apart at a glance,
    where a smooth ramp made a scratch and a whole keep look alike."""
    fraction = max(0.0, min(1.0, fraction))
    if fraction >= 1.0:
        return 1.0
    return max(low for low, _ in DAMAGE_STOPS if low <= fraction)


def damage_colour(fraction: float) -> QColor:
    """The scale's colour at ``fraction`` (clamped to 0..1), in steps (``shade_step``)."""
    return QColor.fromRgbF(*_damage_rgb(shade_step(fraction)))


@functools.lru_cache(maxsize=4096)
def _damage_rgb(fraction: float) -> tuple[float, float, float]:
    # Cached: a town is mostly intact (fraction 1.0), and building 50,000 map items asked
    # for the same few colours twice each.
    for (low, low_hex), (high, high_hex) in pairwise(DAMAGE_STOPS):
        if fraction <= high:
            t = (fraction - low) / (high - low)
            a, b = QColor(low_hex), QColor(high_hex)
            return (a.redF() + (b.redF() - a.redF()) * t,
                    a.greenF() + (b.greenF() - a.greenF()) * t,
                    a.blueF() + (b.blueF() - a.blueF()) * t)
    last = QColor(DAMAGE_STOPS[-1][1])
    return last.redF(), last.greenF(), last.blueF()


def fill_alpha(fraction: float) -> int:
    """The window fill's opacity at a health ``fraction``: faint intact, stronger when failing."""
    fraction = max(0.0, min(1.0, fraction))
    return int(WINDOW_ALPHA_LOST + (WINDOW_ALPHA_INTACT - WINDOW_ALPHA_LOST) * fraction)
