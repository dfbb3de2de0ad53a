"""Colours and patterns for a structure's state, shared by the map window and snapshots.

The damage scale runs from intact to destroyed through the Okabe-Ito colours (blue, sky blue,
yellow, orange, vermillion), which stay distinct under the common colour-vision deficiencies;
state never relies on colour alone: collapse is hatched, Cracked and Breached carry a mark,
fire carries its level as a number.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from siegeboard.model.structure import Structure

# (health fraction, colour): 1.0 is untouched, 0.0 is nothing left.
DAMAGE_STOPS: tuple[tuple[float, str], ...] = (
    (0.0, "#D55E00"),   # vermillion
    (0.25, "#E69F00"),  # orange
    (0.5, "#F0E442"),   # yellow
    (0.75, "#56B4E9"),  # sky blue
    (1.0, "#0072B2"),   # blue
)
FILL_ALPHA = 140
OUTLINE = QColor("#1b1b1b")
SELECTED_OUTLINE = QColor("#ff00ff")
CLEARED = QColor("#9a9a9a")
FIRE_BADGE = QColor("#202020")
FIRE_TEXT = QColor("#ffcc33")
GRID_FINE = QColor(40, 40, 40, 60)
GRID_SQUARE = QColor(20, 20, 20, 150)
GRID_LABEL = QColor(20, 20, 20, 200)
PREVIEW = QColor("#cc79a7")  # reddish purple: drawing in progress, distinct from any state


def health_fraction(structure: Structure, ruleset: str) -> float:
    """How much of the structure is left, 0..1: DP / original DP, or 1 - Hull suffered / Hull.

    A display figure only: it reads stored state and decides nothing.
    """
    if ruleset == "armory":
        return max(0.0, 1.0 - structure.hull_suffered / structure.hull)
    if structure.dp_original <= 0:
        return 1.0
    return max(0.0, min(1.0, structure.dp / structure.dp_original))


def damage_colour(fraction: float) -> QColor:
    """The scale's colour at ``fraction`` (clamped to 0..1), interpolated between stops."""
    fraction = max(0.0, min(1.0, fraction))
    for (low, low_hex), (high, high_hex) in zip(DAMAGE_STOPS, DAMAGE_STOPS[1:]):
        if fraction <= high:
            t = (fraction - low) / (high - low)
            a, b = QColor(low_hex), QColor(high_hex)
            return QColor.fromRgbF(a.redF() + (b.redF() - a.redF()) * t,
                                   a.greenF() + (b.greenF() - a.greenF()) * t,
                                   a.blueF() + (b.blueF() - a.blueF()) * t)
    return QColor(DAMAGE_STOPS[-1][1])


def fill_colour(structure: Structure, ruleset: str) -> QColor:
    """The translucent fill for a structure's current state."""
    colour = CLEARED if structure.cleared else damage_colour(health_fraction(structure, ruleset))
    colour = QColor(colour)
    colour.setAlpha(FILL_ALPHA)
    return colour


def collapse_hatch() -> QBrush:
    """The hatch laid over a collapsed (or Breached) structure, in device pixels."""
    return QBrush(QColor(0, 0, 0, 170), Qt.BrushStyle.BDiagPattern)


def state_mark(structure: Structure, ruleset: str) -> str:
    """A short mark printed on the structure: "" when nothing to say."""
    if ruleset == "armory":
        return {"cracked": "Cracked", "breached": "Breached"}.get(structure.ladder, "")
    if structure.cleared:
        return "Cleared"
    if structure.collapsed:
        return "Collapsed"
    return ""


def is_hatched(structure: Structure, ruleset: str) -> bool:
    if ruleset == "armory":
        return structure.ladder == "breached"
    return structure.collapsed or structure.cleared


def fire_label(structure: Structure, ruleset: str) -> str:
    """"F3" for a harris fire at level 3 ("F3!" out of control), "Fire" for a burning section."""
    if ruleset == "armory":
        return "Fire" if structure.burning else ""
    if structure.fire_level <= 0:
        return ""
    return f"F{structure.fire_level}" + ("!" if structure.out_of_control else "")
