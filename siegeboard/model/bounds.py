"""The bounds of R3 (numbers) and R4 (geometry): what a rule text could mean, and no more.

One place for every limit, so the model's fields, the file-open checks and the command line
refuse the same values with the same words. Past a bound a value is refused with a message
that names the field and the bound ("stories: 101 is above the most, 100 (R3)"): a siege
never rolls a million dice or clips a polygon of a million corners.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic_core import core_schema

# R3: numbers.
PENETRATION_MAX = 999            # penetration (each range band) and damage value
DAMAGE_MAX = 999
CONCUSSION_MAX = 9_999
ARMOR_MAX = 999                  # AV (DP ruleset) and Armor (Hull ruleset)
STORIES_MIN, STORIES_MAX = 1, 100
DP_MAX = 2_000_000_000
MODIFIER_MIN, MODIFIER_MAX = -1_000, 1_000
POOL_MAX = 100                   # a dice pool (A12)
SUCCESSES_MAX = 50               # Successes and Boons
BOONS_MAX = 50
TURNS_PER_DAY = 17_280           # 24 h of 5 s turns
ADVANCE_DAYS_MAX = 30
ADVANCE_TURNS_MAX = ADVANCE_DAYS_MAX * TURNS_PER_DAY  # one clock advance: at most 30 days
SEED_MAX = 2**31 - 1             # a dice seed: 0 .. 2^31 - 1
ODDS_HITS_MAX = 500              # hits the odds count (rounds to fall, a bombardment)

# R4: geometry, in metres.
SPAN_M = 100_000.0               # a siege spans at most 100 km; a coordinate lies within it
AREA_MIN_M2 = 0.25               # a sixteenth of a 2 m grid cell
SIDE_MIN_M = 0.05                # no side of a footprint under 5 cm
CORNERS_MAX = 10_000             # corners of one footprint
POLYLINE_POINTS_MAX = 10_000     # points of one wall's centre line


def _shown(value: int | float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:,.6g}"


def within(field: str, value: int | float, low: int | float, high: int | float,
           note: str = "") -> int | float:
    """``value``, or ``ValueError`` naming ``field`` and the bound it is past:
    "stories must be at most 100, not 101"; ``note`` says what the bound means."""
    said = f" ({note})" if note else ""
    if value < low:
        raise ValueError(f"{field} must be at least {_shown(low)}{said}, not {_shown(value)}")
    if value > high:
        raise ValueError(f"{field} must be at most {_shown(high)}{said}, not {_shown(value)}")
    return value


@dataclass(frozen=True)
class _Bounded:
    """Pydantic metadata: the value checked by ``within`` after its type, and the bound
    written into the JSON Schema (``minimum``/``maximum``) for the schema's readers."""

    field: str
    low: int | float
    high: int | float
    note: str = ""

    def _check(self, value):
        return value if value is None else within(self.field, value, self.low, self.high,
                                                  self.note)

    def __get_pydantic_core_schema__(self, source, handler):
        return core_schema.no_info_after_validator_function(self._check, handler(source))

    def __get_pydantic_json_schema__(self, schema, handler):
        json_schema = handler(schema)
        for part in [json_schema, *json_schema.get("anyOf", [])]:
            if part.get("type") in ("integer", "number"):
                part["minimum"] = max(self.low, part.get("minimum", self.low))
                part["maximum"] = self.high
        return json_schema


def bounded(field: str, low: int | float, high: int | float, note: str = "") -> _Bounded:
    """Metadata for ``Annotated[int, bounded("stories", 1, 100)]``: the field refused past
    its bound with ``within``'s words."""
    return _Bounded(field, low, high, note)
