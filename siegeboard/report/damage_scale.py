"""The damage scale and the players' coarse look as plain numbers, with no Qt: the window's
palette (``report.palette``), the painter (``report.renderer``) and the players' devices
(``siegeboard.share``) all colour a structure from here, so a state looks the same on the
GM's screen, on paper and on a player's phone.

The scale runs from intact to destroyed through the Okabe-Ito colours (blue, sky blue,
yellow, orange, vermillion), which stay distinct under the common colour-vision deficiencies.
"""

from __future__ import annotations

import colorsys
import functools

from siegeboard.rules.ruleset import PATTERNS, StructureState

# (health fraction, colour): 1.0 is untouched, 0.0 is nothing left.
DAMAGE_STOPS: tuple[tuple[float, str], ...] = (
    (0.0, "#D55E00"),   # vermillion
    (0.25, "#E69F00"),  # orange
    (0.5, "#F0E442"),   # yellow
    (0.75, "#56B4E9"),  # sky blue
    (1.0, "#0072B2"),   # blue
)
# The window's fills are thin enough for the plan's ink to show through: faint when intact,
# stronger as the structure fails, so damage still stands out. The outline carries the colour.
WINDOW_ALPHA_INTACT = 55
WINDOW_ALPHA_LOST = 150
OUTLINE_DARKER = 135  # the outline is the fill's colour, its value divided by 1.35
CLEARED = "#9a9a9a"
# Health a coarse state stands for in the players' copy: a colour with no figure behind it.
PLAYERS_HEALTH = {"intact": 1.0, "damaged": 0.55, "collapsed": 0.0, "breached": 0.0}


def shade_step(fraction: float) -> float:
    """The step of the damage scale a health ``fraction`` is shown at: 1.0 only when untouched,
    any loss at all down to the next stop (a keep at 20,670 of 20,700 DP is sky blue, not
    the intact blue), then one step a quarter: five shades a GM tells apart at a glance,
    where a smooth ramp made a scratch and a whole keep look alike."""
    fraction = max(0.0, min(1.0, fraction))
    if fraction >= 1.0:
        return 1.0
    return max(low for low, _ in DAMAGE_STOPS if low <= fraction)


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    value = int(hex_colour[1:], 16)
    return ((value >> 16) / 255, ((value >> 8) & 0xFF) / 255, (value & 0xFF) / 255)


@functools.lru_cache(maxsize=4096)
def damage_rgb(fraction: float) -> tuple[float, float, float]:
    """The scale's colour (red, green, blue in 0..1) at ``fraction``, between its stops.
    Cached: a town is mostly intact (fraction 1.0), asked for the same few colours often."""
    for (low, low_hex), (high, high_hex) in zip(DAMAGE_STOPS, DAMAGE_STOPS[1:], strict=False):
        if fraction <= high:
            t = (fraction - low) / (high - low)
            a, b = _rgb(low_hex), _rgb(high_hex)
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t,
                    a[2] + (b[2] - a[2]) * t)
    return _rgb(DAMAGE_STOPS[-1][1])


def fill_alpha(fraction: float) -> int:
    """The window fill's opacity at a health ``fraction``: faint intact, stronger when failing."""
    fraction = max(0.0, min(1.0, fraction))
    return int(WINDOW_ALPHA_LOST + (WINDOW_ALPHA_INTACT - WINDOW_ALPHA_LOST) * fraction)


def hex_of(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(channel * 255):02x}" for channel in rgb)


def darker(rgb: tuple[float, float, float],
           factor: int = OUTLINE_DARKER) -> tuple[float, float, float]:
    """``rgb`` with its HSV value divided by ``factor`` / 100 (what ``QColor.darker`` does)."""
    hue, saturation, value = colorsys.rgb_to_hsv(*rgb)
    return colorsys.hsv_to_rgb(hue, saturation, value * 100 / factor)


def players_state(state: StructureState) -> StructureState:
    """``state`` as the players may see it: the coarse word, "Fire" and whether the way is
    open, never a figure, a crack or a fire's level."""
    word = state.players_word
    fallen = word in ("collapsed", "breached")
    return StructureState(
        word=word, players_word=word, health=PLAYERS_HEALTH.get(word, 1.0),
        alarm="breached" if fallen else "", mark=word.capitalize() if fallen else "",
        pattern=PATTERNS.get(word, "none"), fire=state.players_fire,
        people=state.people, trapped=state.trapped)
