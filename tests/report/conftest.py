"""A small harris siege in every state a snapshot must show, with a plan image."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage, QPainter

from siegeboard.model.siege import Clock, MapImage, Siege
from siegeboard.model.weapon import Battery, RangeBand, Weapon
from siegeboard.report.snapshot import ensure_gui_app
from siegeboard.rules.build import new_structure


def plan_png(width: int = 600, height: int = 400) -> bytes:
    """A plain parchment-coloured plan with a moat line: enough to be seen under the map."""
    ensure_gui_app()
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#efe4c8"))
    painter = QPainter(image)
    painter.setPen(QColor("#6b8fb3"))
    painter.drawEllipse(60, 40, width - 120, height - 80)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data)


def rect(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def build_siege() -> Siege:
    """Keep (intact), Gatehouse (damaged, burning), Barn (collapsed), Shed (cleared), walls."""
    structures = {
        "keep": new_structure("harris", "townhouse", "keep", rect(40, 40, 20, 20), name="Keep",
                              occupants=["Sir Hugh", "Maud"]),
        "gate": new_structure("harris", "curtain_wall", "gate", rect(90, 20, 10, 4),
                              name="Gatehouse"),
        "barn": new_structure("harris", "timber_house", "barn", rect(20, 80, 12, 8), name="Barn",
                              occupants=["Wat"]),
        "shed": new_structure("harris", "brick_farmhouse", "shed", rect(70, 70, 6, 6),
                              name="Shed"),
        "wall": new_structure("harris", "curtain_wall", "wall", rect(10, 10, 30, 2),
                              name="North wall"),
    }
    gate = structures["gate"]
    gate.dp = gate.dp_original * 3 // 4
    gate.fire_level = 3
    gate.gm_notes = "Secret sally port under the arch"
    barn = structures["barn"]
    barn.dp = barn.dp_original // 3
    barn.collapsed = True
    barn.occupants[0].trapped = True
    shed = structures["shed"]
    shed.dp = 0
    shed.collapsed = True
    shed.cleared = True
    cannon = Weapon(id="cannon", name="Cannon", damage=40, concussion=10, explosive=True,
                    range_bands=[RangeBand(up_to_m=100, penetration=30),
                                 RangeBand(up_to_m=500, penetration=20)])
    siege = Siege(name="Test Castle", ruleset="harris",
                  map=MapImage(member="plan.png", pixels_per_metre=5.0),
                  weapons={"cannon": cannon},
                  batteries={"b1": Battery(id="b1", name="Battery 1", position=(110, 70),
                                           weapon_id="cannon")},
                  clock=Clock(turn=37))
    siege.structures = structures
    return siege


@pytest.fixture
def siege() -> Siege:
    return build_siege()


@pytest.fixture(scope="session")
def images() -> dict[str, bytes]:
    return {"plan.png": plan_png()}
