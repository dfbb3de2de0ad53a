"""How a snapshot draws a structure's state: fill, pattern and words, in colour or greyscale.

The colours come from ``report.palette`` (shared with the map window). A printed page adds
what paper needs: every state has its own pattern, so it stays readable when printed in
greyscale, and the players' copy shows only coarse states, with no colour that would leak
how many DP are left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from PySide6.QtGui import QColor

from siegeboard.model.structure import Structure
from siegeboard.report import palette
from siegeboard.report.table import players_state, structure_state

Pattern = Literal["none", "dots", "hatch", "crosshatch"]

# A state word -> its pattern: the pattern alone tells the state apart in greyscale.
PATTERNS: dict[str, Pattern] = {
    "intact": "none", "damaged": "dots", "cracked": "dots",
    "collapsed": "hatch", "breached": "hatch", "cleared": "crosshatch",
}
# Health fraction a coarse state stands for in the players' copy (colour without figures).
PLAYERS_FRACTION = {"intact": 1.0, "damaged": 0.55, "collapsed": 0.0, "breached": 0.0}
FIRE_COLOUR = QColor("#c81e1e")
# Fills on paper are nearly opaque: the plan's own hatching must not show through a structure
# and pass for a state's pattern. (The window's translucent fill is palette.FILL_ALPHA.)
PRINT_ALPHA = 225


@dataclass(frozen=True)
class StateLook:
    """What to draw for one structure: the state word, the fill, the pattern, the fire badge."""

    state: str
    fill: QColor
    pattern: Pattern
    fire: str  # "" when not burning


def grey(colour: QColor) -> QColor:
    """The colour's luminance as a grey, alpha kept."""
    level = round(0.299 * colour.red() + 0.587 * colour.green() + 0.114 * colour.blue())
    return QColor(level, level, level, colour.alpha())


def grey_for_health(fraction: float) -> QColor:
    """Greyscale fill: light when intact, darker the more is lost (monotonic, unlike the
    colour scale's luminance)."""
    fraction = max(0.0, min(1.0, fraction))
    level = round(105 + 95 * fraction)
    return QColor(level, level, level, 235)


def state_word(structure: Structure, ruleset: str, players: bool) -> str:
    """The first word of the table's state: what the legend and pattern key on."""
    if players:
        return players_state(structure, ruleset)
    return structure_state(structure, ruleset).split(" / ")[0]


def look(structure: Structure, ruleset: str, *, players: bool, greyscale: bool) -> StateLook:
    """How ``structure`` is drawn on a snapshot."""
    state = state_word(structure, ruleset, players)
    if players:
        fraction = PLAYERS_FRACTION[state]
    else:
        fraction = palette.health_fraction(structure, ruleset)
    fill = state_fill(state, fraction, greyscale)
    return StateLook(state=state, fill=fill, pattern=PATTERNS.get(state, "none"),
                     fire=fire_badge(structure, ruleset, players))


def fire_badge(structure: Structure, ruleset: str, players: bool) -> str:
    """"F3" / "F3!" for the GM, "Fire" for the players; "" when not burning."""
    label = palette.fire_label(structure, ruleset)
    if label and players:
        return "Fire"
    return label


def legend_states(ruleset: str, players: bool) -> list[tuple[str, float]]:
    """The legend's rows: (state word, health fraction its swatch shows)."""
    if players:
        last = "breached" if ruleset == "armory" else "collapsed"
        return [("intact", 1.0), ("damaged", 0.55), (last, 0.0)]
    if ruleset == "armory":
        return [("intact", 1.0), ("cracked", 0.5), ("breached", 0.0)]
    return [("intact", 1.0), ("damaged", 0.6), ("collapsed", 0.4), ("cleared", 0.0)]


def state_fill(state: str, fraction: float, greyscale: bool) -> QColor:
    """The fill for a state word at a health fraction: on the map and in the legend."""
    if greyscale:
        return QColor(235, 235, 235, 235) if state == "cleared" else grey_for_health(fraction)
    colour = QColor(palette.CLEARED) if state == "cleared" else palette.damage_colour(fraction)
    colour.setAlpha(PRINT_ALPHA)
    return colour
