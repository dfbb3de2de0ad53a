"""What a player's page receives: one side's siege as plain JSON, made from
``rules.knowledge.side_view`` and told in the players' words.

The page draws only what is here, and everything here comes from the side's view, never
from the GM's siege: the structures' outlines, names and coarse states (intact, damaged,
collapsed, breached; "Fire" without a level), coloured as the players' screen colours them
(``report.damage_scale``); the batteries that side knows; the grid and its 10 m labels; the
clock; and the players' log (``report.log_text``: no dice, no explanation lines, no figure).
No structure's id, kind, armour, points, occupants' names, GM notes or notes are written:
the page has no use for them, and a byte not sent cannot leak.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from siegeboard.geometry.squares import (
    SQUARE_M,
    anchor_square,
    column_letters,
    square_label,
    square_of,
)
from siegeboard.model.siege import Siege
from siegeboard.model.structure import Structure
from siegeboard.report.damage_scale import (
    CLEARED,
    damage_rgb,
    darker,
    fill_alpha,
    hex_of,
    players_state,
    shade_step,
)
from siegeboard.report.log_text import printed_entries
from siegeboard.rules.knowledge import Side, check_side, side_view
from siegeboard.rules.messages import _
from siegeboard.rules.registry import ruleset_of
from siegeboard.rules.ruleset import Ruleset
from siegeboard.rules.words import clock_label

Audience = Literal["besieger", "defender", "either"]
AUDIENCES: tuple[Audience, ...] = ("besieger", "defender", "either")
AUDIENCE_TITLES: dict[Audience, str] = {
    "besieger": "The besiegers", "defender": "The defenders", "either": "Either side"}
LOG_ENTRIES = 60        # the page shows the latest entries; the whole story is the GM's
GRID_LABELS_MAX = 4000  # labels per axis; a 100 km siege (R4) has 10,000 squares a side
COORDINATE_DECIMALS = 2  # centimetres: finer than any screen shows a 2 m cell


@dataclass(frozen=True)
class Shown:
    """The box the GM asked the players to look at (metres): x, y, width, height."""

    x: float
    y: float
    width: float
    height: float


def side_of_audience(siege: Siege, audience: Audience) -> Side:
    """The side whose knowledge a link shows: "either" is the siege's own players' side
    (what the players' screen shows when it plays for either side)."""
    if audience == "either":
        return siege.players_side
    return check_side(audience)


def side_state(siege: Siege, audience: Audience, *, version: int = 0,
               shown: Shown | None = None, plan: dict[str, Any] | None = None,
               blank: bool = False) -> dict[str, Any]:
    """The JSON-ready state of ``siege`` for the players of ``audience``.

    ``plan`` is the plan's placement (``plan_placement``) when the page may fetch its pixels;
    ``shown`` the GM's "show them this" box, None when the players keep their own view;
    ``blank`` the GM's blanked players' screen (for a reveal): then the state holds nothing
    of the siege but its name, so that no page can peek at what is being prepared.
    """
    if blank:
        return blanked(siege, audience, version)
    view = side_view(siege, side_of_audience(siege, audience))
    rules = ruleset_of(view)
    state = _frame(view, audience, version, shown, plan)
    state["structures"] = [_structure(structure, rules) for structure in view.structures.values()]
    return state


class StateMaker:
    """The pages' JSON of each audience, made again after every change at the cost of what
    changed: a structure is a value (never changed in place: the engine and the edits put a
    new one in its place), so its piece of JSON is kept, keyed by the very object and by
    what the side knows of its people, and written again only for a new object. The rest
    (the side's view, its batteries, the log) is made afresh from ``side_view`` each time.
    """

    def __init__(self) -> None:
        self._pieces: dict[tuple[int, str], tuple[Structure, str]] = {}

    def states(self, siege: Siege, *, version: int, shown: Shown | None = None,
               plan: dict[str, Any] | None = None,
               blank: bool = False) -> dict[Audience, bytes]:
        """Every audience's state as ``state_json`` writes it (``side_state``'s content)."""
        if blank:
            return {audience: state_json(blanked(siege, audience, version))
                    for audience in AUDIENCES}
        rules = ruleset_of(siege)
        pieces: dict[tuple[int, str], tuple[Structure, str]] = {}
        made: dict[Side, tuple[Siege, str]] = {}
        out: dict[Audience, bytes] = {}
        for audience in AUDIENCES:
            side = side_of_audience(siege, audience)
            if side not in made:
                view = side_view(siege, side)
                made[side] = (view, self._structures(siege, view, rules, pieces))
            view, structures = made[side]
            frame = {"version": version, "structures": None,
                     **_frame(view, audience, version, shown, plan)}
            text = json.dumps(frame, separators=(",", ":"), ensure_ascii=False,
                              allow_nan=False)
            # "structures" is written next after the version: its null is the first one.
            text = text.replace('"structures":null', f'"structures":[{structures}]', 1)
            out[audience] = text.encode("utf-8")
        self._pieces = pieces
        return out

    def _structures(self, siege: Siege, view: Siege, rules: Ruleset,
                    pieces: dict[tuple[int, str], tuple[Structure, str]]) -> str:
        written = []
        for key, seen in view.structures.items():
            original = siege.structures[key]
            cache_key = (id(original), _people(seen))
            kept = pieces.get(cache_key) or self._pieces.get(cache_key)
            if kept is None or kept[0] is not original:
                kept = (original, json.dumps(_structure(seen, rules), separators=(",", ":"),
                                             ensure_ascii=False, allow_nan=False))
            pieces[cache_key] = kept
            written.append(kept[1])
        return ",".join(written)


def blanked(siege: Siege, audience: Audience, version: int) -> dict[str, Any]:
    """The state while the GM has blanked the players' view: the page goes dark."""
    return {"version": version, "audience": audience,
            "side": side_of_audience(siege, audience), "title": siege.name, "blank": True}


def _frame(view: Siege, audience: Audience, version: int, shown: Shown | None,
           plan: dict[str, Any] | None) -> dict[str, Any]:
    """Everything of a side's state but its structures."""
    weapons = view.weapons
    batteries = [{"name": battery.name,
                  "weapon": weapons[battery.weapon_id].name if battery.weapon_id in weapons
                  else "",
                  "side": battery.side, "at": _point(battery.position)}
                 for battery in view.batteries.values()]
    extent = _extent(view, plan)
    log = [{"heading": heading, "lines": lines}
           for heading, lines in printed_entries(view, 0, players=True)[-LOG_ENTRIES:]]
    return {
        "version": version,
        "audience": audience,
        "side": view.players_side,
        "title": view.name,
        "clock": clock_label(view.clock),
        "extent": extent,
        "grid": _grid(view, extent),
        "plan": plan,
        "batteries": batteries,
        "log": log,
        "shown": None if shown is None else [shown.x, shown.y, shown.width, shown.height],
        "attribution": list(view.attribution),
    }


def state_json(state: dict[str, Any]) -> bytes:
    """``state`` as the compact UTF-8 JSON the server sends."""
    return json.dumps(state, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def plan_placement(siege: Siege, size: tuple[int, int] | None, url: str) -> dict[str, Any] | None:
    """Where the plan's pixels lie in metres (its top-left corner, turn and scale, as the
    window lays it), for a plan ``size`` pixels wide and high fetched from ``url``."""
    if siege.map is None or size is None:
        return None
    return {"url": url, "width": size[0], "height": size[1],
            "offset": [round(value, 4) for value in siege.map.offset],
            "rotation": siege.map.rotation_deg,
            "pixels_per_metre": siege.map.pixels_per_metre}


def _structure(structure: Structure, rules: Ruleset) -> dict[str, Any]:
    shown = players_state(rules.state(structure))
    health = shade_step(shown.health)
    rgb = damage_rgb(health)
    return {
        "name": structure.name,
        "outline": _ring(structure.footprint),
        "holes": [_ring(hole) for hole in structure.holes],
        "word": shown.players_word,
        "fill": hex_of(rgb),
        "fill_alpha": round(fill_alpha(shown.health) / 255, 3),
        "stroke": CLEARED if shown.cleared else hex_of(darker(rgb)),
        "pattern": shown.pattern,
        "alarm": shown.alarm,
        "mark": _(shown.mark) if shown.mark else "",
        "fire": bool(shown.fire),
        "people": _people(structure),
    }


def _people(structure: Structure) -> str:
    """"2 trapped, 1 hurt", as the players' screen marks the people the side knows of
    (``side_view`` has taken out the occupants it does not know): counts, never names."""
    if not structure.occupants:
        return ""
    trapped = sum(1 for person in structure.occupants if person.trapped)
    hurt = sum(1 for person in structure.occupants if person.damage > 0)
    parts = (([_("{trapped} trapped").format(trapped=trapped)] if trapped else [])
             + ([_("{hurt} hurt").format(hurt=hurt)] if hurt else []))
    return ", ".join(parts)


def _ring(points: Iterable[tuple[float, float]]) -> list[float]:
    """A ring as flat [x0, y0, x1, y1, ...] in centimetres' precision (half the bytes of
    pairs)."""
    flat: list[float] = []
    for x, y in points:
        flat.append(round(x, COORDINATE_DECIMALS))
        flat.append(round(y, COORDINATE_DECIMALS))
    return flat


def _point(point: tuple[float, float]) -> list[float]:
    return [round(point[0], COORDINATE_DECIMALS), round(point[1], COORDINATE_DECIMALS)]


def _extent(siege: Siege, plan: dict[str, Any] | None) -> list[float]:
    """The board's box [min x, min y, max x, max y]: the structures, batteries and plan."""
    xs: list[float] = []
    ys: list[float] = []
    for structure in siege.structures.values():
        for x, y in structure.footprint:
            xs.append(x)
            ys.append(y)
    for battery in siege.batteries.values():
        xs.append(battery.position[0])
        ys.append(battery.position[1])
    if plan is not None:
        for x, y in _plan_corners(plan):
            xs.append(x)
            ys.append(y)
    if not xs:
        return [0.0, 0.0, 100.0, 100.0]
    return [min(xs), min(ys), max(xs), max(ys)]


def _plan_corners(plan: dict[str, Any]) -> list[tuple[float, float]]:
    scale = 1 / plan["pixels_per_metre"]
    turn = math.radians(plan["rotation"])
    cos, sin = math.cos(turn), math.sin(turn)
    ox, oy = plan["offset"]
    corners = []
    for px, py in ((0, 0), (plan["width"], 0), (plan["width"], plan["height"]),
                   (0, plan["height"])):
        x, y = px * scale, py * scale
        corners.append((ox + x * cos - y * sin, oy + x * sin + y * cos))
    return corners


def _grid(siege: Siege, extent: list[float]) -> dict[str, Any]:
    """The 10 m squares over ``extent``: the first square's column and row from the grid's
    origin, and the labels (R0b: counted from the label anchor) of each column and row, so
    the page writes "C4" as the window does without knowing how labels are made."""
    origin = siege.grid_origin
    a1 = anchor_square(origin, siege.label_anchor)
    first = square_of((extent[0], extent[1]), origin)
    last = square_of((extent[2], extent[3]), origin)
    columns = range(first[0], min(last[0], first[0] + GRID_LABELS_MAX - 1) + 1)
    rows = range(first[1], min(last[1], first[1] + GRID_LABELS_MAX - 1) + 1)
    return {
        "origin": [origin[0], origin[1]],
        "square": SQUARE_M,
        "first": [first[0], first[1]],
        "columns": [column_letters(column - a1[0]) for column in columns],
        "rows": [_row_label(row - a1[1]) for row in rows],
    }


def _row_label(row: int) -> str:
    return square_label((0, row))[1:]  # the label of column A's square, less its "A"
