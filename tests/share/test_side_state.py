"""A side's state: the grid's labels as the window names squares, the plan where the window
lays it, the colours of the players' look, and the words for the addresses a GM may choose."""

from __future__ import annotations

import json

from siegeboard.geometry.squares import label_of
from siegeboard.persist.samples import read_sample
from siegeboard.report.damage_scale import darker, hex_of, players_state
from siegeboard.rules.registry import ruleset_of
from siegeboard.share.network import describe_host
from siegeboard.share.plan_pixels import plan_pixels
from siegeboard.share.side_state import Shown, plan_placement, side_state, state_json


def test_the_grid_labels_are_the_windows() -> None:
    siege = read_sample("harris").siege.model_copy(update={"label_anchor": (35.0, 25.0)})
    grid = side_state(siege, "defender")["grid"]
    first_column, first_row = grid["first"]
    for i, column in enumerate(grid["columns"]):
        for j, row in enumerate(grid["rows"]):
            square = (first_column + i, first_row + j)
            assert column + row == label_of(square, siege.grid_origin, siege.label_anchor)
    assert any(row.startswith("-") for row in grid["rows"])  # rows north of the anchor


def test_the_plan_lies_where_the_window_lays_it() -> None:
    siege_file = read_sample("harris")
    siege = siege_file.siege
    pixels = plan_pixels(siege_file.images[siege.map.member])  # type: ignore[union-attr]
    placement = plan_placement(siege, pixels.size, "plan.png")
    assert placement is not None
    assert placement["pixels_per_metre"] == siege.map.pixels_per_metre  # type: ignore[union-attr]
    state = side_state(siege, "besieger", plan=placement)
    width_m = pixels.size[0] / placement["pixels_per_metre"]
    assert state["extent"][2] >= width_m - 1e-6  # the board covers the plan
    assert pixels.png[:8] == b"\x89PNG\r\n\x1a\n"


def test_colours_are_the_players_screens() -> None:
    siege = read_sample("harris").siege
    rules = ruleset_of(siege)
    state = side_state(siege, "besieger", shown=Shown(1, 2, 3, 4), version=7)
    assert state["shown"] == [1, 2, 3, 4] and state["version"] == 7
    for structure, sent in zip(siege.structures.values(), state["structures"], strict=True):
        shown = players_state(rules.state(structure))
        assert sent["word"] == shown.players_word
    intact = [s for s in state["structures"] if s["word"] == "intact"]
    assert intact and all(s["fill"] == "#0072b2" for s in intact)  # the scale's blue
    assert hex_of(darker((0.0, 0x72 / 255, 0xB2 / 255))) == intact[0]["stroke"]
    assert json.loads(state_json(state)) == state


def test_addresses_in_a_gms_words() -> None:
    assert describe_host("127.0.0.1") == "this computer only"
    assert describe_host("192.168.1.20") == "the local network"
    assert "every network" in describe_host("0.0.0.0")
    assert "internet" in describe_host("8.8.8.8")


def test_a_blanked_view_holds_nothing_of_the_siege() -> None:
    from siegeboard.share.side_state import AUDIENCES, StateMaker

    siege = read_sample("harris").siege
    for audience in AUDIENCES:
        state = side_state(siege, audience, version=3, blank=True)
        assert state == {"version": 3, "audience": audience, "side": state["side"],
                         "title": siege.name, "blank": True}
    made = StateMaker().states(siege, version=3, blank=True)
    assert all(b"Great Hall" not in data and b"structures" not in data
               for data in made.values())
