"""The renderer's pieces, each drawn into a QImage and read back: styles per state and copy,
patterns, plates, fire badges, batteries, the scale bar, the legend's rows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPolygonF

from siegeboard.report import renderer
from siegeboard.report.renderer import SCREEN, Look
from siegeboard.report.snapshot import ensure_gui_app
from siegeboard.rules.build import new_structure
from siegeboard.rules.registry import ruleset
from siegeboard.rules.ruleset import StructureState

PAPER = Look("paper")
GREY_PAPER = Look("paper", greyscale=True)
PLAYERS = Look("paper", players=True)


@pytest.fixture(autouse=True)
def app():
    ensure_gui_app()


def canvas(width: int = 120, height: int = 80) -> tuple[QImage, QPainter]:
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return image, painter


def dark(image: QImage, x: float, y: float) -> bool:
    return QColor(image.pixel(round(x), round(y))).lightness() < 100


def state(word="intact", health=1.0, **fields) -> StructureState:
    return StructureState(word=word, players_word=word, health=health, **fields)


def test_one_style_per_state_and_copy_made_once():
    intact = state()
    assert renderer.structure_style(intact) is renderer.structure_style(state())
    assert renderer.structure_style(intact) is not renderer.structure_style(intact, PAPER)
    # The zoom is not part of a style: a repaint at another zoom builds nothing.
    assert renderer.structure_style(intact, SCREEN.at_scale(3)) is \
        renderer.structure_style(intact, SCREEN.at_scale(30))
    hit = renderer.structure_style(state("damaged", 0.25, pattern="dots"))
    assert hit.fill.alpha() > renderer.structure_style(intact).fill.alpha()  # stronger failing
    assert renderer.structure_style(intact, PAPER).fill.alpha() == renderer.PAPER_ALPHA


def test_screen_pens_stay_pixels_and_paper_pens_are_points():
    screen = renderer.structure_style(state()).outline
    paper = renderer.structure_style(state(), PAPER).outline
    assert screen.isCosmetic() and screen.widthF() == renderer.OUTLINE
    assert not paper.isCosmetic() and paper.widthF() == renderer.OUTLINE * renderer.PAPER_UNIT


def test_the_players_see_coarse_words_and_no_crack_or_level():
    gate = new_structure("armory", "castle_gate", "g", [(0, 0), (10, 0), (10, 6), (0, 6)])
    cracked = gate.model_copy(update={"ladder": "cracked", "hull_suffered": 10,
                                      "burning": True})
    seen = ruleset("armory").state(cracked)
    gm = renderer.structure_style(seen, PAPER)
    players = renderer.structure_style(seen, PLAYERS)
    assert gm.plate == "Cracked" and gm.alarm == "cracked"
    assert players.state.word == "damaged" and players.plate == "" and players.halo is None
    assert players.fire == "Fire"
    barn = new_structure("harris", "timber_house", "b", [(0, 0), (8, 0), (8, 8), (0, 8)])
    wild = barn.model_copy(update={"fire_level": 7, "out_of_control": True, "dp": 10})
    harris = ruleset("harris").state(wild)
    assert renderer.structure_style(harris, PAPER).fire == "F7!"
    shown = renderer.structure_style(harris, PLAYERS)
    assert shown.fire == "Fire" and not shown.wild_fire
    assert shown.fill.rgb() == renderer.structure_style(
        state("damaged", 0.55), PAPER).fill.rgb()  # the colour leaks no DP


def test_greyscale_styles_have_no_hue():
    fallen = state("collapsed", 0.2, alarm="breached", mark="Collapsed", pattern="hatch")
    style = renderer.structure_style(fallen, GREY_PAPER)
    for colour in (style.fill, style.outline.color(), style.halo.color(), style.pattern_ink):
        assert colour.red() == colour.green() == colour.blue()
    # Lighter the more is left.
    assert renderer.structure_style(state(), GREY_PAPER).fill.red() > style.fill.red()


@pytest.mark.parametrize("pattern", ["dots", "hatch", "crosshatch"])
def test_the_screen_pattern_and_the_paper_pattern_are_as_dense(pattern):
    """Screen: a tiled brush in pixels; paper: vectors in points. At 96 dpi (a unit is a
    pixel on both) they lay as much ink over the same box."""
    style = renderer.structure_style(state("damaged", 0.5, pattern=pattern))
    inks = []
    for look in (SCREEN, PAPER):
        image, painter = canvas(120, 120)
        if look is PAPER:
            painter.scale(1 / renderer.PAPER_UNIT, 1 / renderer.PAPER_UNIT)  # 96 dpi page
            box = QRectF(0, 0, 120 * renderer.PAPER_UNIT, 120 * renderer.PAPER_UNIT)
        else:
            box = QRectF(0, 0, 120, 120)
        renderer.paint_pattern(painter, QPolygonF(box), style, look)
        painter.end()
        inks.append(sum(255 - QColor(image.pixel(x, y)).lightness()
                        for x in range(10, 110) for y in range(10, 110)))
    assert min(inks) > 0
    assert abs(inks[0] - inks[1]) / max(inks) < 0.35


def test_a_structure_without_a_pattern_lays_none():
    image, painter = canvas()
    renderer.paint_pattern(painter, QPolygonF(QRectF(0, 0, 120, 80)),
                           renderer.structure_style(state()), SCREEN)
    painter.end()
    assert all(QColor(image.pixel(x, y)) == QColor("white") for x in range(0, 120, 7)
               for y in range(0, 80, 7))


def test_the_alarm_plate_is_vermillion_for_a_breach_and_yellow_for_a_crack():
    for alarm, colour in (("breached", "#D55E00"), ("cracked", "#F0E442")):
        image, painter = canvas()
        renderer.paint_plate(painter, QPointF(60, 40), "Cracked", alarm, SCREEN)
        painter.end()
        rect = renderer.plate_rect("Cracked", SCREEN).translated(60, 40)
        assert rect.height() == renderer.MARK_HEIGHT
        edge = QColor(image.pixel(round(rect.left() + 3), round(rect.top() + 3)))
        assert abs(edge.red() - QColor(colour).red()) < 30
        assert abs(edge.green() - QColor(colour).green()) < 30


def test_a_wild_fire_badge_is_inverted_and_ringed():
    plain, painter = canvas()
    calm = renderer.paint_fire_badge(painter, QPointF(60, 40), "F3", False, SCREEN)
    painter.end()
    wild, painter = canvas()
    renderer.paint_fire_badge(painter, QPointF(60, 40), "F3!", True, SCREEN)
    painter.end()
    inside = (round(calm.right() - 3), round(calm.center().y() + calm.height() / 2 - 3))
    assert QColor(plain.pixel(*inside)).lightness() < 60        # a dark badge
    assert QColor(wild.pixel(*inside)).lightness() > 120        # a yellow one
    ring = QColor(wild.pixel(round(calm.center().x()), round(calm.top())))
    assert ring.red() > 150 and ring.blue() < 80                # ringed in vermillion


@pytest.mark.parametrize("look", [SCREEN, GREY_PAPER], ids=["screen", "greyscale"])
def test_battery_sides_differ_by_shape(look):
    """A triangle for the besiegers, a square for the defenders: told apart without colour."""
    r = renderer.BATTERY_RADIUS * look.unit
    images = {}
    for side in ("besieger", "defender"):
        image, painter = canvas(60, 60)
        if look.medium == "paper":
            painter.scale(1 / look.unit, 1 / look.unit)
            centre = QPointF(30 * look.unit, 30 * look.unit)
        else:
            centre = QPointF(30, 30)
        renderer.paint_battery(painter, centre, side, look)
        painter.end()
        images[side] = image
    r = renderer.BATTERY_RADIUS
    # Near the apex: inside the triangle and the square. Upper left corner: the square only.
    def lightness(side, x, y):
        return QColor(images[side].pixel(round(30 + x * r), round(30 + y * r))).lightness()

    assert lightness("besieger", 0, -0.6) < 60 and lightness("defender", 0, -0.6) < 160
    assert lightness("besieger", -0.65, -0.6) > 240
    assert lightness("defender", -0.65, -0.6) < 160


def test_the_scale_bar_is_as_long_as_it_is_told():
    image, painter = canvas(220, 40)
    renderer.paint_scale_bar(painter, QPointF(10, 5), 20.0, 160.0, SCREEN)
    painter.end()
    row = [any(QColor(image.pixel(x, y)).lightness() < 200 for y in range(3, 12))
           for x in range(220)]
    first, last = row.index(True), len(row) - 1 - row[::-1].index(True)
    assert abs(first - 10) <= 1 and abs(last - 170) <= 1
    assert renderer.nice_length(7.3) == 5 and renderer.nice_length(19) == 10
    assert renderer.length_label(2000) == "2 km"
    with pytest.raises(ValueError):
        renderer.nice_length(0)


def test_names_fit_or_are_left_out():
    style = renderer.structure_style(state(), SCREEN, "2 trapped, 1 hurt")
    assert renderer.lay_out_labels("Guildhall", style, 20, 40, SCREEN) is None
    wide = renderer.lay_out_labels("Guildhall", style, 200, 60, SCREEN)
    assert [text for text, _ in wide.lines] == ["Guildhall", "2 trapped, 1 hurt"]
    assert wide.people_line
    narrow = renderer.lay_out_labels("Guildhall of the Merchants", style, 60, 40, SCREEN)
    assert narrow.lines[0][0].endswith("…") and narrow.lines[1][0] == "2T 1H"


@pytest.mark.parametrize("ruleset_id, marks, fires", [
    ("harris", {"Collapsed", "Cleared"}, {"F3", "F7!"}),
    ("armory", {"Cracked", "Breached"}, {"Fire"}),
])
def test_legend_rows_come_from_the_ruleset(ruleset_id, marks, fires):
    rules = ruleset(ruleset_id)
    rows = renderer.legend_rows(rules, PAPER)
    assert {row.state.mark for row in rows if row.state is not None and row.state.mark} == marks
    assert {row.fire for row in rows if row.what == "fire"} == fires
    assert any(row.what == "ramp" and rules.short in row.text for row in rows)
    assert [row.side for row in rows if row.what == "battery"] == ["besieger", "defender"]
    players = renderer.legend_rows(rules, PLAYERS)
    assert {row.fire for row in players if row.what == "fire"} == {"Fire"}
    assert not any(row.what == "ramp" for row in players)
    assert "Cracked" not in {row.state.mark for row in players if row.state is not None}


def test_a_swatch_is_drawn_with_the_maps_pieces():
    rules = ruleset("harris")
    collapsed = next(row for row in renderer.legend_rows(rules, SCREEN)
                     if row.state is not None and row.state.mark == "Collapsed")
    image, painter = canvas(80, 30)
    renderer.paint_swatch(painter, QRectF(2, 2, 76, 26), collapsed, SCREEN)
    painter.end()
    centre = QColor(image.pixel(40, 10))  # the vermillion plate
    assert centre.red() > 180 and centre.blue() < 60


def test_the_painters_ask_the_registry_and_compare_no_ruleset_id():
    """What a structure's state means is the ruleset's: the map's painters never compare ids."""
    import re
    from pathlib import Path

    import siegeboard

    root = Path(siegeboard.__file__).parent
    painters = [root / "report" / name for name in
                ("renderer.py", "map_painter.py", "palette.py", "table.py")]
    painters += sorted((root / "ui" / "items").glob("*.py"))
    painters += sorted((root / "ui" / "board").glob("*.py"))
    painters += [root / "ui" / "docks" / "legend.py"]
    compare = re.compile(r"""ruleset\s*[!=]=|[!=]=\s*["'](harris|armory)["']""")
    found = [f"{path.name}: {line.strip()}" for path in painters
             for line in path.read_text().splitlines() if compare.search(line)]
    assert found == []
