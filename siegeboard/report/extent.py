"""The plan image, decoded for painting, with the transform that lays it on the map in metres
(the same placement as ``report.bounds.plan_point``, as a QTransform)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QImage, QTransform

from siegeboard.model.siege import Siege
from siegeboard.persist.images import ImageRefused, decoded_image


@dataclass
class Plan:
    """The decoded plan image and the transform from its pixels to map metres."""

    image: QImage
    to_metres: QTransform


def plan_transform(siege: Siege) -> QTransform:
    """Image pixels -> map metres, from the siege's calibration."""
    calibration = siege.map
    assert calibration is not None  # a siege with a plan
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
    try:
        image = plan_image(data)
    except ValueError as error:
        raise ValueError(f"map: {siege.map.member!r}: {error}") from None
    return Plan(image=image, to_metres=plan_transform(siege))


def plan_image(data: bytes) -> QImage:
    """The image in ``data`` as a QImage made from the very pixels checked when the file was
    opened (``persist.images.decoded_image``), so what is shown is what was checked; Qt never
    decodes the bytes itself. Raises ``ValueError`` saying why there is no image."""
    try:
        pixels = decoded_image(data)
    except ImageRefused as error:
        raise ValueError(f"the image cannot be read: it {error}") from None
    width, height = pixels.size
    alpha = pixels.mode == "RGBA"
    raw = pixels.tobytes()
    image = QImage(raw, width, height, width * (4 if alpha else 3),
                   QImage.Format.Format_RGBA8888 if alpha else QImage.Format.Format_RGB888)
    # The QImage above borrows ``raw``; the converted copy owns its pixels.
    return image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied if alpha
                                 else QImage.Format.Format_RGB32)
