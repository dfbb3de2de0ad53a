"""The plan image, decoded for painting, with the transform that lays it on the map in metres
(the same placement as ``report.bounds.plan_point``, as a QTransform)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QImage, QTransform

from siegeboard.model.siege import Siege


@dataclass
class Plan:
    """The decoded plan image and the transform from its pixels to map metres."""

    image: QImage
    to_metres: QTransform


def plan_transform(siege: Siege) -> QTransform:
    """Image pixels -> map metres, from the siege's calibration."""
    calibration = siege.map
    transform = QTransform()
    transform.translate(*calibration.offset)
    transform.rotate(calibration.rotation_deg)
    transform.scale(1 / calibration.pixels_per_metre, 1 / calibration.pixels_per_metre)
    return transform


def load_plan(siege: Siege, images: dict[str, bytes]) -> Plan | None:
    """The siege's plan, decoded; None when the siege has no plan.

    Raises ValueError when the plan's member is missing or is not an image.
    """
    if siege.map is None:
        return None
    data = images.get(siege.map.member)
    if data is None:
        raise ValueError(f"map: the plan image {siege.map.member!r} is not among the images")
    image = QImage.fromData(data)
    if image.isNull():
        raise ValueError(f"map: {siege.map.member!r} is not an image Qt can read")
    return Plan(image=image, to_metres=plan_transform(siege))
